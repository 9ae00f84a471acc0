// The game page: the board at a version, the scores and whose turn, the event log, the
// timeline, the live feed and the audit panel. Reads only the public API (see api.js).

import * as api from "./api.js";
import { auditPanel } from "./audit.js";
import { h, seatColour, words } from "./dom.js";
import { describe, eventTypes, loadGame } from "./games/index.js";
import { Timeline } from "./timeline.js";

export async function gamePage(root, id) {
  let resource = await api.game(id);
  const loaded = await loadGame(resource.game);
  const game = loaded.game;
  const components = loaded.components
    ? await api.components(resource.game, resource.options?.content_pack)
    : null;
  const ctx = {
    components,
    // A bot seat says so (the service played it with that policy: docs/bots.md).
    name: (seat) => {
      const info = resource.seats[seat];
      if (!info) return `seat ${seat}`;
      return info.bot && !info.name.includes("bot") ? `${info.name} (${info.bot} bot)` : info.name;
    },
    colour: (seat) => (game.colour ?? seatColour)(seat),
  };
  let events = []; // events[v - 1] is version v's
  let views = new Map(); // version -> VersionedView
  let source = null;
  let started = false; // until the first version is shown, new events do not move the board

  // -- the page -----------------------------------------------------------------------------
  const board = h("div", { class: "board", id: "board" });
  const scoreboard = h("table", { class: "scores", id: "scores" });
  const status = h("p", { class: "status", id: "status", "aria-live": "polite" });
  const log = h("ol", { class: "log", id: "log" });
  const banner = h("p", { class: "banner", id: "banner", hidden: true });
  const live = h("span", { class: "live", id: "live", hidden: true }, "● live");
  const seatInfo = h("span", { class: "seat-info", id: "seat-info" });
  const timeline = new Timeline((v) => show(v));
  const audit = auditPanel(() => resource);

  const tokenInput = h("input", { type: "password", name: "token", placeholder: "seat token", autocomplete: "off", "aria-label": "Seat token" });
  const tokenForm = h("form", { class: "seat-form", onsubmit: (event) => {
    event.preventDefault();
    api.setToken(tokenInput.value);
    tokenInput.value = "";
    reload().catch((error) => {
      if (error.status === 401 || error.status === 403) api.setToken(null); // not this game's seat
      fail(error);
    });
  } }, tokenInput, h("button", { type: "submit" }, "View as seat"),
  h("button", { type: "button", onclick: () => { api.setToken(null); reload().catch(fail); } }, "Spectator"));

  root.replaceChildren(h("div", { class: "game-page", "data-game": resource.game },
    h("header", { class: "game-head" },
      h("a", { href: "/viewer/" }, "← games"),
      h("h1", {}, game.title),
      h("span", { class: "names" }, resource.seats.map((s) => s.name).join(" · ")),
      h("span", { class: `badge ${resource.status}`, id: "game-status" }, resource.status), live, seatInfo, tokenForm),
    banner,
    h("div", { class: "layout" },
      h("section", { class: "stage" }, board, timeline.element),
      h("aside", { class: "side" }, status, scoreboard, h("h2", {}, "Events"), log, audit.element))));
  document.title = `${game.title} · ${resource.seats.map((s) => s.name).join(", ")}`;

  // -- data ---------------------------------------------------------------------------------
  function fail(error) {
    banner.hidden = false;
    banner.className = "banner error";
    banner.textContent = error.message;
  }

  function addEvents(items) {
    for (const event of items) {
      if (event.version !== events.length + 1) continue; // already known
      events.push(event);
      // The number is drawn as text in its own grid column (not as a list marker, which an
      // overflowing list clips): the column grows with the widest number shown.
      log.append(h("li", { "data-version": event.version, value: event.version, class: "future" },
        h("span", { class: "n" }, `${event.version}.`), h("span", { class: "text" }, describe(game, event, ctx), playedBy(event))));
    }
    timeline.setLast(Math.max(events.length, resource.version), started);
    markLog();
  }

  /** Who played a move the service's bot played (`played_by`; docs/bots.md): a bot seat's,
   * or the clock's auto-play of a timed-out or zombie seat (no level), else nothing. */
  function playedBy(event) {
    const bot = event.played_by;
    if (!bot) return null;
    const how = bot.level == null ? "auto-played (timeout or zombie seat) by the" : "played by the";
    const level = bot.level == null ? "" : `, level ${bot.level}`;
    return h("span", { class: "bot", "data-bot": bot.policy, title: `${how} ${bot.policy} bot${level} (bots version ${bot.version})` },
      ` · ${bot.policy} bot`);
  }

  let catching = false;
  let again = false;
  async function catchUp() {
    if (catching) { again = true; return; }
    catching = true;
    try {
      do { again = false; addEvents(await api.allEvents(id, events.length)); } while (again);
    } finally { catching = false; }
  }

  function follow() {
    source?.close();
    source = null;
    live.hidden = resource.status !== "active";
    if (resource.status !== "active") return;
    source = api.stream(id, events.length);
    const onEvent = (message) => {
      const item = JSON.parse(message.data);
      // The stream is the spectator's (EventSource sends no token): a seat re-reads its own.
      if (!api.hasToken() && item.version === events.length + 1) addEvents([item]);
      else catchUp().catch(fail);
    };
    for (const type of eventTypes(game)) source.addEventListener(type, onEvent);
    source.addEventListener("end", (message) => {
      const reason = JSON.parse(message.data).reason;
      if (reason === "finished") finished().catch(fail);
      else catchUp().catch(fail); // EventSource reconnects by itself with Last-Event-ID
    });
  }

  async function finished() {
    source?.close();
    source = null;
    await reload();
  }

  /** Everything again: after a token change, and once the game has ended (it is public then). */
  async function reload() {
    resource = await api.game(id);
    views = new Map();
    events = [];
    log.replaceChildren();
    addEvents(await api.allEvents(id, 0));
    header();
    audit.refresh();
    follow();
    await show(timeline.version, true);
  }

  function header() {
    const badge = document.getElementById("game-status");
    badge.textContent = resource.status;
    badge.className = `badge ${resource.status}`;
    seatInfo.textContent = resource.viewer === null ? "spectator" : `as seat ${resource.viewer} (${ctx.name(resource.viewer)})`;
    if (resource.status === "finished") {
      banner.className = "banner over";
      const winners = (resource.result?.ranking ?? []).filter((r) => r.place === 1).map((r) => ctx.name(r.seat));
      const summary = resource.result?.summary;
      banner.textContent = winners.length ? `The game has ended: ${winners.join(" and ")} won.` : "The game has ended.";
      if (summary && !(winners.length && /\bw[io]ns?\b/.test(summary))) banner.textContent += ` ${summary}`;
    }
    showBanner(timeline.version);
  }

  /** The result belongs to the last version only: earlier ones of a replay still have a
   * player to act, and saying the game has ended beside them contradicts the board. */
  function showBanner(version) {
    if (banner.classList.contains("error")) return;
    banner.hidden = !(resource.status === "finished" && version >= timeline.last);
  }

  // -- drawing ------------------------------------------------------------------------------
  let showing = 0;
  async function show(version, force = false) {
    const ticket = ++showing;
    let view = force ? null : views.get(version);
    if (!view) {
      try {
        view = await api.viewAt(id, version);
      } catch (error) {
        if (ticket === showing) fail(error);
        return;
      }
      views.set(version, view);
    }
    if (ticket !== showing) return; // a newer step was asked for meanwhile
    render(view);
  }

  function render(view) {
    const drawing = game.draw(view.state, { ...ctx, toAct: view.to_act });
    drawing.setAttribute("aria-label", `${game.title} at version ${view.version}`);
    board.replaceChildren(drawing);
    board.dataset.version = view.version;
    board.dataset.toAct = view.to_act.join(" ");
    showBanner(view.version);
    const acting = view.to_act.length ? `${view.to_act.map(ctx.name).join(", ")} to act` : "nobody to act";
    status.textContent = [words(game.status(view.state)), acting].filter(Boolean).join(" · ");
    const scores = game.scores(view.state);
    const places = new Map((view.result?.ranking ?? []).map((r) => [r.seat, r.place]));
    scoreboard.replaceChildren(h("tr", {}, h("th", {}, ""), h("th", {}, "player"), h("th", {}, "score"), h("th", {}, "")),
      ...resource.seats.map(({ seat }) => h("tr", {
        "data-seat": seat, "data-score": scores[seat] ?? "", "data-to-act": String(view.to_act.includes(seat)),
        class: view.to_act.includes(seat) ? "to-act" : "",
      },
      h("td", {}, h("span", { class: "swatch", "data-colour": ctx.colour(seat) })),
      h("td", {}, ctx.name(seat)),
      h("td", { class: "num" }, scores[seat] ?? "–"),
      h("td", {}, places.has(seat) ? `#${places.get(seat)}` : view.to_act.includes(seat) ? "◀ to act" : ""))));
    for (const swatch of scoreboard.querySelectorAll(".swatch")) swatch.style.background = swatch.dataset.colour;
    markLog();
  }

  function markLog() {
    const v = timeline.version;
    let current = null;
    for (const item of log.children) {
      const version = Number(item.dataset.version);
      item.className = version === v ? "current" : version < v ? "past" : "future";
      if (version === v) current = item;
    }
    if (current) log.scrollTop = current.offsetTop - log.clientHeight / 2;
  }

  // -- start --------------------------------------------------------------------------------
  addEvents(await api.allEvents(id, 0));
  header();
  follow();
  const asked = new URL(location.href).searchParams.get("v");
  started = true;
  timeline.go(asked && Number.isFinite(Number(asked)) ? Number(asked) : timeline.last, true);
}
