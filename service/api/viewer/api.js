// Every call the viewer makes: the service's public API, same origin, nothing else.
// A seat token, when the user pastes one, lives only in this module's memory: never in
// the URL, storage or cookies. It is sent as a bearer token.

let token = null;

export function setToken(value) {
  token = value ? value.trim() : null;
}

export function hasToken() {
  return token !== null;
}

export class ApiError extends Error {
  constructor(status, problem) {
    super(problem?.detail ?? `HTTP ${status}`);
    this.status = status;
    this.code = problem?.code ?? "http_error";
  }
}

function query(params) {
  const pairs = Object.entries(params ?? {}).filter(([, v]) => v !== null && v !== undefined && v !== "");
  return pairs.length ? `?${new URLSearchParams(pairs)}` : "";
}

async function get(path, params) {
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path + query(params), { headers });
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, body);
  return body;
}

// -- paging ---------------------------------------------------------------------------------
// The only code that knows how lists are paged (limit/offset today). A page is an opaque
// object handed back to list calls; `pages(answer)` gives the previous and next ones or null.

export const PAGE_SIZE = 20;

export function pageParams(page) {
  return { limit: PAGE_SIZE, offset: page?.offset ?? 0 };
}

export function pages(answer) {
  const { offset, limit, total, items } = answer;
  return {
    prev: offset > 0 ? { offset: Math.max(0, offset - limit) } : null,
    next: offset + items.length < total ? { offset: offset + limit } : null,
    label: total ? `${offset + 1}-${offset + items.length} of ${total}` : "none",
  };
}

// -- games ----------------------------------------------------------------------------------

export const gameTypes = () => get("/games/types");
export const listGames = (filters, page) => get("/games", { ...filters, ...pageParams(page) });
export const game = (id) => get(`/games/${id}`);
export const viewAt = (id, version) => get(`/games/${id}/views/${version}`);
export const events = (id, after) => get(`/games/${id}/events`, { after, limit: 1000 });
export const audit = (id) => get(`/games/${id}/audit`);
export const record = (id) => get(`/games/${id}/record`);
export const recordUrl = (id) => `/games/${id}/record`;
export const components = (slug, pack) => get(`/viewer/components/${slug}`, { pack });
export const servedGames = () => get("/viewer/games.json");

/** Every event after `after`, page by page. */
export async function allEvents(id, after = 0) {
  const out = [];
  for (;;) {
    const page = await events(id, after + out.length);
    out.push(...page.events);
    if (!page.events.length || after + out.length >= page.version) return out;
  }
}

/** The live feed: an EventSource (it cannot send a token: a seat's page re-reads instead). */
export function stream(id, after) {
  return new EventSource(`/games/${id}/events/stream${query({ after })}`);
}

// -- tournaments ----------------------------------------------------------------------------

export const listTournaments = (filters, page) =>
  get("/tournaments", { ...filters, ...pageParams(page) });
export const tournament = (id) => get(`/tournaments/${id}`);
/** A tournament's live feed (public: an EventSource needs no token). */
export const tournamentStream = (id, after) =>
  new EventSource(`/tournaments/${id}/events/stream${query({ after })}`);
