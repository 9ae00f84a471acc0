// One module per game: { title, draw(view, ctx) -> <svg>, scores(view), status(view), sentences }.

import azul from "./azul.js";
import carcassonne from "./carcassonne.js";
import castles from "./castles.js";
import splendor from "./splendor.js";
import threeKingdoms from "./three_kingdoms.js";

export const GAMES = { azul, splendor, carcassonne, castles, three_kingdoms: threeKingdoms };

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
  return [...Object.keys(game.sentences), ...Object.keys(COMMON)];
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
