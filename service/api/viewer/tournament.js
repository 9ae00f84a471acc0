// A tournament: standings, and each round's tables with a link to their games, redrawn as
// the tournament's events arrive (its public event stream).

import * as api from "./api.js";
import { h, words } from "./dom.js";

export async function tournamentPage(root, id, live = true) {
  const { view, game, version } = await api.tournament(id);
  const config = view.config ?? {};
  const names = new Map(view.players.map((p) => [p.player_id, p.name]));
  const name = (pid) => names.get(pid) ?? `player ${pid}`;
  const rows = view.ranking.length ? view.ranking : view.standings;

  const columns = [["#", "place"], ["player"], ["points"], ["W", "wins"], ["D", "draws"], ["L", "losses"],
    ["tie-breaks"], ["status"]];
  const standings = h("table", { class: "list", id: "standings" },
    h("thead", {}, h("tr", {}, columns.map(([label, full]) =>
      h("th", { scope: "col", title: full, "aria-label": full }, label)))),
    h("tbody", {}, rows.map((r) => h("tr", { "data-player": r.player_id, "data-status": r.status ?? "" },
      h("td", { class: "num" }, r.place), h("th", { scope: "row" }, name(r.player_id)), h("td", { class: "num" }, r.points),
      h("td", { class: "num" }, r.wins), h("td", { class: "num" }, r.draws), h("td", { class: "num" }, r.losses),
      h("td", {}, (r.tiebreaks ?? []).join(" / ")), h("td", { class: `status ${r.status ?? ""}` }, r.status ?? "")))));

  const rounds = [...view.rounds].reverse().map((round) => h("section", { class: "round" },
    h("h3", {}, `Round ${round.number}${round.label ? ` · ${round.label}` : ""}${round.completed ? " (completed)" : ""}`),
    h("table", { class: "list" },
      h("tr", {}, ["table", "players", "status", "result", ""].map((c) => h("th", {}, c))),
      round.tables.map((t) => h("tr", { "data-table": t.table_id },
        h("td", {}, t.table_id),
        h("td", {}, t.players.map(name).join(" vs ")),
        h("td", {}, t.bye ? "bye" : t.status),
        h("td", {}, [...t.placements].sort((a, b) => a.place - b.place)
          .map((p) => `${p.place}. ${name(p.player_id)} (${p.score})`).join(", ")),
        h("td", {}, t.game_id ? h("a", { href: `/viewer/games/${t.game_id}`, "data-game-link": t.game_id }, t.status === "open" ? "watch" : "replay") : ""))))));

  root.replaceChildren(h("div", { class: "tournament-page" },
    h("header", { class: "game-head" }, h("a", { href: "/viewer/" }, "← games"), h("h1", {}, config.name ?? "Tournament"),
      h("span", {}, `${words(game)} · ${words(config.format ?? "")}`), h("span", { class: `badge ${view.status}` }, view.status)),
    h("section", {}, h("h2", {}, view.ranking.length ? "Final ranking" : "Standings"), standings),
    h("section", {}, h("h2", {}, "Rounds"), rounds.length ? rounds : h("p", {}, "Not started yet."))));
  document.title = `${config.name ?? "Tournament"} · gamestate viewer`;
  root.firstChild.dataset.version = version;
  if (live) follow(root, id, version);
}

/** The tournament's event types (domain/tournament/events.py; tests/api/test_viewer_routes.py
 * checks this list against it). Messages are named by type: `onmessage` never fires. */
const EVENTS = [
  "tournament.created", "tournament.player_registered", "tournament.player_withdrawn",
  "tournament.started", "tournament.round_started", "tournament.game_attached",
  "tournament.result_recorded", "tournament.result_corrected", "tournament.table_resolved",
  "tournament.table_voided", "tournament.round_completed", "tournament.finished",
  "tournament.ranking_revised", "tournament.clocks_paused", "tournament.clocks_resumed",
];

/** Redraws the page when the tournament changes. A burst of events (a round pairing many
 * tables) is one redraw; the stream never ends by itself (results can still be corrected),
 * and after any `end` EventSource reconnects with Last-Event-ID. */
function follow(root, id, version) {
  const source = api.tournamentStream(id, version);
  let timer = null;
  const redraw = () => {
    timer ??= setTimeout(() => {
      timer = null;
      tournamentPage(root, id, false).catch((error) => console.warn("tournament redraw", error));
    }, 150);
  };
  for (const type of EVENTS) source.addEventListener(type, redraw);
}
