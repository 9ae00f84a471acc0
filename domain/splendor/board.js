// Splendor: nobles, the market (decks and four cards per level), the gem supply, and each
// player's tokens, card bonuses, nobles and reserved cards (face down when hidden from us).

import { at, s, seatColour, svg, text } from "/viewer/static/dom.js";

const FILL = { white: "#f4f3ee", blue: "#2563b8", green: "#2e8b47", red: "#c8312c", black: "#2f2f2f", gold: "#e0b21f" };
const INK = { white: "#333", gold: "#333" };
const CARD_W = 80;
const CARD_H = 110;

function gem(x, y, r, colour, label, attrs) {
  return s("g", attrs,
    s("circle", { cx: x, cy: y, r, fill: FILL[colour], stroke: "#0006" }),
    label === undefined ? "" : text(x, y + r * 0.4, label, { fill: INK[colour] ?? "#fff", "font-size": r * 1.1, "font-weight": "bold" }));
}

function card(c, colours, attrs) {
  const g = at(0, 0, { "data-card": c.id, "data-level": c.level, ...attrs },
    s("rect", { width: CARD_W, height: CARD_H, rx: 6, fill: "#fffdf6", stroke: "#8b8170" }),
    s("rect", { width: CARD_W, height: 28, rx: 6, fill: FILL[c.bonus] }),
    c.points ? text(14, 22, c.points, { "font-size": 20, "font-weight": "bold", fill: INK[c.bonus] ?? "#fff" }) : "",
    s("circle", { cx: CARD_W - 15, cy: 14, r: 9, fill: FILL[c.bonus], stroke: "#fff", "stroke-width": 2 }));
  colours.slice(0, 5).filter((colour, i) => c.cost[i] > 0)
    .forEach((colour) => g.append(gem(14, CARD_H - 14 - g.querySelectorAll(".cost").length * 21, 9, colour, c.cost[colours.indexOf(colour)], { class: "cost" })));
  return g;
}

function back(level, count, attrs) {
  const shades = ["#3f7d4f", "#c9a227", "#2f5fa8"];
  return at(0, 0, attrs,
    s("rect", { width: CARD_W, height: CARD_H, rx: 6, fill: shades[level - 1], stroke: "#0007" }),
    text(CARD_W / 2, 48, "•".repeat(level), { fill: "#fff", "font-size": 22 }),
    count === undefined ? "" : text(CARD_W / 2, 80, count, { fill: "#fff", "font-size": 16 }));
}

function noble(n, colours) {
  const g = at(0, 0, { class: "noble", "data-noble": n.id },
    s("rect", { width: 70, height: 70, rx: 5, fill: "#efe2c4", stroke: "#8b7a55" }),
    text(14, 22, n.points, { "font-size": 18, "font-weight": "bold" }));
  let k = 0;
  n.requires.forEach((count, i) => {
    if (!count) return;
    g.append(at(48, 6 + k * 19, {}, s("rect", { width: 16, height: 17, rx: 2, fill: FILL[colours[i]], stroke: "#0006" }),
      text(8, 13, count, { fill: INK[colours[i]] ?? "#fff", "font-size": 12, "font-weight": "bold" })));
    k += 1;
  });
  return g;
}

function player(p, view, ctx, colours) {
  const active = view.to_act.includes(p.seat);
  const g = at(0, 0, { class: "player", "data-seat": p.seat, "data-points": p.points },
    s("rect", { width: 350, height: 122, rx: 8, fill: "#fbf7ee", stroke: active ? seatColour(p.seat) : "#cfc6b2", "stroke-width": active ? 4 : 1.5 }),
    s("circle", { cx: 16, cy: 17, r: 6, fill: seatColour(p.seat) }),
    text(28, 22, ctx.name(p.seat), { "text-anchor": "start", "font-weight": "bold" }),
    text(200, 22, `${p.points} pts · ${p.cards.length} cards`, { "text-anchor": "end", class: "score" }));
  colours.forEach((colour, i) => {
    g.append(gem(20 + i * 30, 48, 12, colour, p.tokens[i], { class: "token", "data-colour": colour, "data-count": p.tokens[i], opacity: p.tokens[i] ? 1 : 0.3 }));
    if (i < 5) {
      g.append(at(8 + i * 30, 70, { class: "bonus", "data-colour": colour, "data-count": p.bonuses[i], opacity: p.bonuses[i] ? 1 : 0.3 },
        s("rect", { width: 24, height: 32, rx: 3, fill: FILL[colour], stroke: "#0006" }),
        text(12, 21, p.bonuses[i], { fill: INK[colour] ?? "#fff", "font-weight": "bold" })));
    }
  });
  p.nobles.forEach((id, i) => g.append(at(160 + i * 14, 72, { class: "noble-won" },
    s("rect", { width: 12, height: 28, rx: 2, fill: "#efe2c4", stroke: "#8b7a55" }))));
  p.reserved.forEach((r, i) => {
    const mini = r.card
      ? card(r.card, colours, { class: "reserved" })
      : back(r.level, undefined, { class: "reserved reserved-hidden" });
    mini.setAttribute("transform", `translate(${218 + i * 44} 38) scale(0.5)`);
    g.append(mini);
  });
  return g;
}

function draw(view, ctx) {
  const colours = ctx.components.colours;
  const root = svg(960, Math.max(560, 20 + view.seats.length * 132), { class: "board-svg", "data-game": "splendor" });
  view.nobles.forEach((n, i) => root.append(at(100 + i * 80, 10, {}, noble(n, colours))));
  [2, 1, 0].forEach((level, row) => {
    const y = 92 + row * 120;
    root.append(at(10, y, { class: "deck", "data-level": level + 1, "data-count": view.deck_sizes[level] },
      view.deck_sizes[level] ? back(level + 1, view.deck_sizes[level]) : s("rect", { width: CARD_W, height: CARD_H, rx: 6, fill: "none", stroke: "#ccc", "stroke-dasharray": "4 3" })));
    view.board[level].forEach((c, i) => root.append(at(100 + i * 90, y, {},
      c ? card(c, colours, { class: "market-card" }) : s("rect", { width: CARD_W, height: CARD_H, rx: 6, fill: "none", stroke: "#ccc", "stroke-dasharray": "4 3" }))));
  });
  colours.forEach((colour, i) => root.append(gem(495, 120 + i * 62, 24, colour, view.supply[i], { class: "supply", "data-colour": colour, "data-count": view.supply[i] })));
  view.seats.forEach((p, i) => root.append(at(550, 10 + i * 132, {}, player(p, view, ctx, colours))));
  if (view.final_round) root.append(text(275, 470, "final round", { "font-weight": "bold", fill: "#c8312c" }));
  return root;
}

const GEMS = (counts, colours) => counts.map((n, i) => (n ? `${n} ${colours[i]}` : "")).filter(Boolean).join(", ");

export default {
  title: "Splendor",
  draw,
  scores: (view) => view.seats.map((p) => p.points),
  status: (view) => `${view.phase}${view.final_round ? " · final round" : ""}`,
  sentences: {
    "splendor.game_set_up": () => "The nobles and the market are laid out.",
    "splendor.gems_taken": (e, c) => `${c.name(e.seat)} takes ${GEMS(e.gems, c.components.colours)}.`,
    "splendor.card_reserved": (e, c) =>
      `${c.name(e.seat)} reserves a level ${e.level} card ${e.slot === null ? "from the deck" : "from the market"}${e.gold ? " and takes a gold" : ""}.`,
    "splendor.card_bought": (e, c) =>
      `${c.name(e.seat)} buys a level ${e.level} ${e.bonus} card${e.points ? ` worth ${e.points}` : ""}${e.index === null ? "" : " from their reserve"}.`,
    "splendor.return_required": (e, c) => `${c.name(e.seat)} has too many tokens and must return ${e.count}.`,
    "splendor.tokens_returned": (e, c) => `${c.name(e.seat)} returns ${GEMS(e.tokens, c.components.colours)}.`,
    "splendor.noble_choice_offered": (e, c) => `${c.name(e.seat)} may choose among ${e.nobles.length} nobles.`,
    "splendor.noble_visited": (e, c) => `A noble visits ${c.name(e.seat)}: +${e.points}.`,
    "splendor.passed": (e, c) => `${c.name(e.seat)} cannot act and passes.`,
    "splendor.turn_ended": (e, c) => `${c.name(e.next_seat)}'s turn${e.final_round ? " (final round)" : ""}.`,
    "splendor.game_ended": (e) => `The game ends (${e.reason}).`,
  },
};
