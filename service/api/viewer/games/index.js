// A game's board module: { title, draw(view, ctx) -> element, scores(view), status(view),
// sentences, colour? }. A game ships its own (GameSpec.viewer_script, served at
// /viewer/boards/{slug}.js under the same CSP); a game without one gets the generic module.

import * as api from "../api.js";
import { generic } from "./generic.js";

let served = null;

/** The board module of a served game, and whether it draws from printed components. */
export async function loadGame(slug) {
  served ??= await api.servedGames();
  const info = served[slug];
  if (!info) throw new Error(`${slug} is not served here`);
  const base = generic(info);
  if (!info.board) return { game: base, components: false };
  const own = (await import(info.board)).default;
  return { game: { ...base, ...own, events: info.events }, components: info.components };
}

// The kernel's lifecycle, the same for every game (docs/lifecycle.md).
const clockTime = (ms) => new Date(ms).toLocaleTimeString();
const COMMON = {
  "game.turn_timed_out": (e, c) =>
    `${c.name(e.seat)} ran out of time${e.outcome === "forfeit" ? " and forfeits" : ""}.`,
  "game.seat_auto_played": (e, c) =>
    `${c.name(e.seat)}'s decision is taken by the bot (${e.reason}).`,
  "game.seat_resigned": (e, c) => `${c.name(e.seat)} resigns.`,
  "game.seat_rejoined": (e, c) => `${c.name(e.seat)} decides again.`,
  "game.ended": (e) => `The game ends: too few seats are left (${e.reason}).`,
  "game.abandoned": (e) => `The game is abandoned (${e.reason}).`,
  "game.clocks_set": (e, c) =>
    e.deciding.length
      ? e.deciding.map((d) => `${c.name(d.seat)} by ${clockTime(d.deadline)}`).join(", ")
      : "No clock runs.",
  "game.clocks_paused": () => "The clocks are paused.",
  "game.clocks_resumed": () => "The clocks run again.",
};

/** The event types a game's live stream can send (EventSource listens by name). */
export function eventTypes(game) {
  return [...new Set([...(game.events ?? []), ...Object.keys(game.sentences), ...Object.keys(COMMON)])];
}

/** One event in words: the game's sentence, or its type and key fields. */
export function describe(game, event, ctx) {
  const sentence = game.sentences[event.type] ?? COMMON[event.type];
  if (sentence) {
    try {
      return sentence(event.data, ctx);
    } catch {
      // A redacted or older event without the fields the sentence reads: fall through.
    }
  }
  const fields = Object.entries(event.data ?? {})
    .filter(([key, value]) => key !== "type" && (typeof value !== "object" || value === null))
    .slice(0, 4)
    .map(([key, value]) => `${key} ${key === "seat" ? ctx.name(value) : value}`);
  return `${event.type.split(".").pop().replaceAll("_", " ")}${fields.length ? `: ${fields.join(", ")}` : ""}`;
}
