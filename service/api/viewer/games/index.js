// One module per game: { title, draw(view, ctx) -> <svg>, scores(view), status(view), sentences }.

import azul from "./azul.js";
import carcassonne from "./carcassonne.js";
import castles from "./castles.js";
import splendor from "./splendor.js";
import threeKingdoms from "./three_kingdoms.js";

export const GAMES = { azul, splendor, carcassonne, castles, three_kingdoms: threeKingdoms };

// Endings decided by the kernel for every game (see DESIGN.md).
const COMMON = {
  "game.turn_timed_out": (e, c) => `${c.name(e.seat)} ran out of time.`,
  "game.seat_resigned": (e, c) => `${c.name(e.seat)} resigns.`,
  "game.abandoned": () => "The game is abandoned.",
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
