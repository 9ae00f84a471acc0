// The front page: games (filter by type and status, paged) and tournaments.

import * as api from "./api.js";
import { h, when } from "./dom.js";

function pager(answer, load) {
  const { prev, next, label } = api.pages(answer);
  return h("div", { class: "pager" },
    h("button", { type: "button", disabled: !prev, "data-page": "prev", onclick: () => load(prev) }, "← newer"),
    h("span", {}, label),
    h("button", { type: "button", disabled: !next, "data-page": "next", onclick: () => load(next) }, "older →"));
}

function players(seats) {
  return seats.map((s) => s.name).join(", ");
}

function result(item) {
  const ranking = item.result?.ranking ?? [];
  const winners = ranking.filter((r) => r.place === 1).map((r) => item.seats[r.seat]?.name);
  return winners.length ? `won by ${winners.join(", ")}` : "";
}

export async function listPage(root) {
  const types = await api.gameTypes();
  const titles = Object.fromEntries(types.map((t) => [t.game, t.title]));
  const url = new URL(location.href);
  const gameSelect = h("select", { name: "game", "aria-label": "Game" }, h("option", { value: "" }, "all games"),
    types.map((t) => h("option", { value: t.game, selected: url.searchParams.get("game") === t.game }, t.title)));
  const statusSelect = h("select", { name: "status", "aria-label": "Status" },
    ["", "active", "finished"].map((v) => h("option", { value: v, selected: (url.searchParams.get("status") ?? "") === v }, v || "any status")));
  const playerInput = h("input", { name: "player", type: "search", placeholder: "player name", "aria-label": "Player", value: url.searchParams.get("player") ?? "" });
  const games = h("div", { id: "games" });
  const tournaments = h("div", { id: "tournaments" });

  async function loadGames(page) {
    const filters = { game: gameSelect.value, status: statusSelect.value, player: playerInput.value.trim() };
    const params = new URL(location.href);
    for (const [key, value] of Object.entries(filters)) {
      if (value) params.searchParams.set(key, value);
      else params.searchParams.delete(key);
    }
    history.replaceState(null, "", params);
    const answer = await api.listGames(filters, page);
    games.replaceChildren(
      h("table", { class: "list" },
        h("tr", {}, ["game", "players", "status", "version", "updated", ""].map((c) => h("th", {}, c))),
        answer.items.map((item) => h("tr", { "data-game-id": item.id, "data-game": item.game },
          h("td", {}, titles[item.game] ?? item.game),
          h("td", {}, players(item.seats)),
          h("td", {}, h("span", { class: `badge ${item.status}` }, item.status), " ", result(item)),
          h("td", { class: "num" }, item.version),
          h("td", {}, when(item.updated_at)),
          h("td", {}, h("a", { href: `/viewer/games/${item.id}` }, item.status === "active" ? "watch" : "replay"))))),
      answer.items.length ? "" : h("p", {}, "No games match."),
      pager(answer, (p) => loadGames(p).catch(show)));
  }

  async function loadTournaments(page) {
    const answer = await api.listTournaments({}, page);
    tournaments.replaceChildren(
      answer.items.length
        ? h("table", { class: "list" },
          h("tr", {}, ["tournament", "game", "format", "status", ""].map((c) => h("th", {}, c))),
          answer.items.map((t) => h("tr", { "data-tournament-id": t.id },
            h("td", {}, t.name), h("td", {}, titles[t.game] ?? t.game), h("td", {}, t.format.replaceAll("_", " ")),
            h("td", {}, h("span", { class: `badge ${t.status}` }, t.status)),
            h("td", {}, h("a", { href: `/viewer/tournaments/${t.id}` }, "open")))))
        : h("p", {}, "No tournaments yet."),
      answer.total > answer.items.length ? pager(answer, (p) => loadTournaments(p).catch(show)) : "");
  }

  function show(error) {
    games.replaceChildren(h("p", { class: "banner error" }, error.message));
  }

  gameSelect.addEventListener("change", () => loadGames(null).catch(show));
  statusSelect.addEventListener("change", () => loadGames(null).catch(show));
  playerInput.addEventListener("change", () => loadGames(null).catch(show));
  root.replaceChildren(h("div", { class: "list-page" },
    h("header", { class: "game-head" }, h("h1", {}, "gamestate viewer"),
      h("span", {}, "Replays and live games, drawn from the public API. Open a game; ← → step, Home/End jump.")),
    h("section", {}, h("h2", {}, "Games"), h("form", { class: "filters", onsubmit: (e) => e.preventDefault() }, gameSelect, statusSelect, playerInput), games),
    h("section", {}, h("h2", {}, "Tournaments"), tournaments)));
  document.title = "gamestate viewer";
  await Promise.all([loadGames(null), loadTournaments(null)]);
}
