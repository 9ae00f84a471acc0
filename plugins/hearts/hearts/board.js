// Hearts: the trick on the table (or the last one taken), the viewer's own hand with the
// cards it passed and received, and each seat's cards in hand, points this hand and total.
// Served by the viewer at /viewer/boards/hearts.js (GameSpec.viewer_script).

import { at, s, seatColour, svg, text } from "/viewer/static/dom.js";

const SUIT = { C: "♣", D: "♦", S: "♠", H: "♥" };
const RED = { D: true, H: true };
const CARD_W = 46;
const CARD_H = 66;

const rank = (card) => (card[0] === "T" ? "10" : card[0]);
const named = (card) => `${rank(card)}${SUIT[card[1]]}`;
const namedAll = (cards) => cards.map(named).join(" ");

function card(c, attrs) {
  const ink = RED[c[1]] ? "#c8312c" : "#222";
  return at(0, 0, { class: "card", "data-card": c, ...attrs },
    s("rect", { width: CARD_W, height: CARD_H, rx: 5, fill: "#fffdf8", stroke: "#8b8170" }),
    text(CARD_W / 2, 26, rank(c), { fill: ink, "font-size": 18, "font-weight": "bold" }),
    text(CARD_W / 2, 52, SUIT[c[1]], { fill: ink, "font-size": 22 }));
}

function row(cards, x, y, attrs) {
  const step = Math.min(CARD_W + 4, 560 / Math.max(cards.length, 1));
  return at(x, y, attrs, cards.map((c, i) => at(i * step, 0, {}, card(c))));
}

function trickArea(view, ctx) {
  const live = view.trick.length > 0;
  const shown = live ? view.trick : (view.tricks.at(-1)?.plays ?? []);
  const g = at(10, 10, { class: live ? "trick" : "trick last-trick" },
    s("rect", { width: 580, height: 150, rx: 10, fill: "#2f6b45", stroke: "#1f4a30" }),
    text(290, 22, live ? "trick" : shown.length ? "last trick" : "", { fill: "#fff" }));
  shown.forEach((play, i) => {
    g.append(at(20 + i * 112, 40, { "data-seat": play.seat, opacity: live ? 1 : 0.6 },
      card(play.card),
      text(CARD_W / 2, CARD_H + 22, ctx.name(play.seat), { fill: "#fff", "font-size": 13 })));
  });
  return g;
}

function seatPanel(p, view, ctx) {
  const active = view.to_act.includes(p.seat);
  const passing = view.phase === "passing";
  return at(0, 0, { class: "player", "data-seat": p.seat, "data-total": p.total },
    s("rect", { width: 340, height: 72, rx: 8, fill: "#fbf7ee", stroke: active ? seatColour(p.seat) : "#cfc6b2", "stroke-width": active ? 4 : 1.5 }),
    s("circle", { cx: 16, cy: 18, r: 6, fill: seatColour(p.seat) }),
    text(28, 23, ctx.name(p.seat), { "text-anchor": "start", "font-weight": "bold" }),
    text(330, 23, `${p.total} total`, { "text-anchor": "end", class: "score", "font-weight": "bold" }),
    text(16, 52, `${p.cards_in_hand} cards · ${p.hand_points} this hand${passing ? (p.has_passed ? " · passed" : " · to pass") : ""}`, { "text-anchor": "start", "font-size": 13 }));
}

function draw(view, ctx) {
  const root = svg(960, Math.max(420, 20 + view.seats.length * 82), { class: "board-svg", "data-game": "hearts" });
  root.append(trickArea(view, ctx));
  const info = [`hand ${view.hand_number}`, view.pass_direction === "hold" ? "no pass" : `pass ${view.pass_direction}`];
  if (view.hearts_broken) info.push("hearts broken");
  root.append(text(300, 186, info.join(" · "), { "font-size": 14 }));
  if (view.hand) {
    root.append(text(10, 214, `${ctx.name(view.viewer)}'s hand`, { "text-anchor": "start", "font-weight": "bold" }));
    root.append(row(view.hand, 10, 224, { class: "hand" }));
    const lines = [];
    if (view.passed.length) lines.push(`passed ${namedAll(view.passed)} to ${ctx.name(view.passed_to)}`);
    if (view.received.length) lines.push(`received ${namedAll(view.received)} from ${ctx.name(view.received_from)}`);
    lines.forEach((line, i) => root.append(text(10, 314 + i * 20, line, { "text-anchor": "start", "font-size": 13, class: "pass" })));
  }
  view.seats.forEach((p, i) => root.append(at(610, 10 + i * 82, {}, seatPanel(p, view, ctx))));
  return root;
}

export default {
  title: "Hearts",
  draw,
  scores: (view) => view.seats.map((p) => p.total),
  status: (view) => `${view.phase}${view.phase === "passing" ? ` (${view.pass_direction})` : ""}`,
  sentences: {
    "hearts.hand_dealt": (e) =>
      `Hand ${e.hand} is dealt; ${e.direction === "hold" ? "no cards are passed" : `three cards are passed ${e.direction}`}.`,
    "hearts.cards_passed": (e, c) =>
      `${c.name(e.seat)} passes ${e.cards.length ? namedAll(e.cards) : "three cards"} to ${c.name(e.to_seat)}.`,
    "hearts.pass_completed": () => "The passed cards change hands.",
    "hearts.play_began": (e, c) => `${c.name(e.leader)} leads the lowest club.`,
    "hearts.card_played": (e, c) =>
      `${c.name(e.seat)} plays ${named(e.card)}${e.breaks_hearts ? ": hearts are broken" : ""}.`,
    "hearts.trick_taken": (e, c) =>
      `${c.name(e.seat)} takes trick ${e.trick}${e.points ? ` (${e.points} point${e.points === 1 ? "" : "s"})` : ""}.`,
    "hearts.hand_scored": (e, c) =>
      e.moon === null
        ? `Hand ${e.hand} is scored: ${e.scores.map((n, seat) => `${c.name(seat)} +${n}`).join(", ")}.`
        : `${c.name(e.moon)} shoots the moon!`,
    "hearts.game_ended": (e) => `The game ends: lowest total ${Math.min(...e.totals)} wins.`,
  },
};
