// Castles of Mad King Ludwig: the contract board (rooms and their prices), the supply, and
// each player's castle with its rooms on the grid (walls, doors, downstairs rooms darker).

import { at, s, seatColour, svg, text } from "/viewer/static/dom.js";

const FILL = {
  living: "#ec93ae", activity: "#f3a45a", sleeping: "#93b6ea", outdoor: "#86c56f",
  utility: "#b4b4b4", food: "#ecd263", corridor: "#e9dfcc", downstairs: "#8f7fb0",
};
// Each inner corner's half-cell triangle, in unit-cell coordinates.
const CORNER = { NW: "0 0,1 0,0 1", NE: "0 0,1 0,1 1", SE: "1 0,1 1,0 1", SW: "0 0,1 1,0 1" };
// Wall segment kinds: horizontal, vertical, anti-diagonal, main diagonal of cell (X, Y).
const SEGMENT = [[0, 0, 1, 0], [0, 0, 0, 1], [1, 0, 0, 1], [0, 0, 1, 1]];

const marks = (n) => `${(n / 1000).toLocaleString()}k`;

// The smallest room name, in board pixels (the offers' captions are 10): a name that does not
// fit its room at this size is shortened, never shrunk below it.
const MIN_NAME = 11;

/** The name cut to `chars` characters: initials when only two or three fit ("CR" for the
 * Cloak Room), else its start and an ellipsis. */
function shortened(name, chars) {
  if (name.length <= chars) return name;
  const initials = name.split(/\s+/).map((w) => w[0]).join("");
  if (chars < 4) return initials.slice(0, Math.max(chars, 2));
  return `${name.slice(0, chars - 1).trimEnd()}…`;
}

/** The room's name at its centre (cx, cy), in grid units where one unit is `scale` board
 * pixels: along the room's longer side, at least MIN_NAME pixels tall. */
function roomName(p, shape, cx, cy, scale) {
  const vertical = shape.height > shape.width * 1.4 && p.name.length * 0.6 > shape.width;
  const span = (vertical ? shape.height : shape.width) - 0.15;
  const fits = (span * 1.6) / Math.max(p.name.length, 4); // the size the whole name fits at
  const size = Math.max(Math.min(0.62, fits), MIN_NAME / scale);
  const shown = shortened(p.name, Math.floor((span * 1.6) / size));
  return text(cx, cy + size * 0.35, shown, {
    "font-size": size, fill: "#222", class: "room-name", "data-name": p.name,
    transform: vertical ? `rotate(-90 ${cx} ${cy})` : null,
  });
}

/** One piece drawn in grid units with its bounding box's top-left at (x, y); `scale` is how
 * many board pixels a unit is drawn at. */
function piece(p, x, y, rot, attrs, scale = 20) {
  const shape = p.rotations[rot];
  const fill = p.floor === "downstairs" ? FILL.downstairs : FILL[p.type];
  const g = s("g", { transform: `translate(${x} ${y})`, ...attrs },
    s("title", {}, `${p.name} · ${p.size} sq ft`)); // the full name, whatever the label shows
  // A thin outline of the fill's own colour hides the seams between cells.
  const paint = { fill, stroke: fill, "stroke-width": 0.06 };
  for (const [cx, cy] of shape.cells) g.append(s("rect", { x: cx, y: cy, width: 1, height: 1, ...paint }));
  for (const [cx, cy, corner] of shape.corners) {
    g.append(s("polygon", { points: CORNER[corner], transform: `translate(${cx} ${cy})`, ...paint }));
  }
  const line = ([kind, sx, sy], attrs2) => {
    const [x1, y1, x2, y2] = SEGMENT[kind];
    return s("line", { x1: sx + x1, y1: sy + y1, x2: sx + x2, y2: sy + y2, ...attrs2 });
  };
  for (const wall of shape.walls) g.append(line(wall, { stroke: "#3b2f2a", "stroke-width": 0.14, "stroke-linecap": "round" }));
  for (const door of shape.doors) {
    g.append(line(door, { stroke: "#fff", "stroke-width": 0.16, "stroke-dasharray": "0 0.3 0.4 0.3" }));
  }
  const cells = shape.cells.length ? shape.cells : [[shape.width / 2, shape.height / 2]];
  const cx = cells.reduce((a, c) => a + c[0], 0) / cells.length + 0.5;
  const cy = cells.reduce((a, c) => a + c[1], 0) / cells.length + 0.5;
  if (p.type !== "corridor" || p.name === "Foyer") g.append(roomName(p, shape, cx, cy, scale));
  return g;
}

/** A nested <svg> that fits pieces [{piece, x, y, rot}] into w x h pixels. */
function fitted(placed, pieces, w, h, min = 0, attrs = {}) {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const q of placed) {
    const shape = pieces[q.piece].rotations[q.rot];
    minX = Math.min(minX, q.x);
    minY = Math.min(minY, q.y);
    maxX = Math.max(maxX, q.x + shape.width);
    maxY = Math.max(maxY, q.y + shape.height);
  }
  // At least `min` units across, so that a young castle is not drawn huge.
  const vw = Math.max(maxX - minX + 1.2, min);
  const vh = Math.max(maxY - minY + 1.2, (min * h) / w);
  const box = `${(minX + maxX - vw) / 2} ${(minY + maxY - vh) / 2} ${vw} ${vh}`;
  const scale = Math.min(w / vw, h / vh); // the viewBox is fitted whole, centred
  return s("svg", { width: w, height: h, viewBox: box, ...attrs },
    placed.map((q, index) => piece(pieces[q.piece], q.x, q.y, q.rot, q.attrs ?? { "data-index": index }, scale)));
}

function offer(o, price, pieces, label) {
  const g = at(0, 0, { class: "offer", "data-room": o.room },
    s("rect", { width: 120, height: 126, rx: 6, fill: "#f7f1e3", stroke: "#b8a57a" }),
    text(60, 16, label, { "font-size": 12, "font-weight": "bold" }));
  if (o.room) {
    const p = pieces[o.room];
    g.append(at(5, 22, {}, fitted([{ piece: o.room, x: 0, y: 0, rot: 0, attrs: { class: "market-room" } }], pieces, 110, 72)),
      text(60, 106, p.name, { "font-size": 10 }),
      text(60, 119, `${p.size} sq ft · ${p.points} pt${o.money ? ` · +${marks(o.money)}` : ""}`, { "font-size": 9, fill: "#555" }));
  } else {
    g.append(text(60, 70, "—", { fill: "#aaa" }));
  }
  return g;
}

function castle(seatView, seat, view, ctx) {
  const { pieces } = ctx.components;
  const active = view.current === seat;
  const placed = seatView.castle.map((q, index) => ({ ...q, attrs: { class: "room", "data-seat": seat, "data-piece": q.piece, "data-index": index } }));
  return at(0, 0, { class: "castle", "data-seat": seat, "data-score": seatView.score },
    s("rect", { width: 470, height: 330, rx: 8, fill: "#fbf8f1", stroke: active ? seatColour(seat) : "#cfc6b2", "stroke-width": active ? 4 : 1.5 }),
    s("circle", { cx: 16, cy: 18, r: 6, fill: seatColour(seat) }),
    text(28, 23, `${ctx.name(seat)}${view.builder === seat ? " ♛ master builder" : ""}`, { "text-anchor": "start", "font-weight": "bold" }),
    text(458, 23, `${seatView.score} pts · ${marks(seatView.money)} · ${seatView.hand_count} bonus cards`, { "text-anchor": "end", class: "score" }),
    at(10, 34, {}, fitted(placed, pieces, 450, 286, 22)));
}

function draw(view, ctx) {
  const { pieces, favors, sizes } = ctx.components;
  const rows = Math.ceil(view.seats.length / 2);
  const top = view.pool.length ? 356 : 200; // the unpriced rooms' row only while there are some
  const root = svg(960, top + rows * 340, { class: "board-svg", "data-game": "castles" });
  root.append(text(10, 18, `Contract board · round ${view.round}${view.last_round ? " (last)" : ""}`, { "text-anchor": "start", "font-weight": "bold" }));
  view.slots.forEach((o, i) => root.append(at(10 + i * 128, 26, {}, offer(o, view.prices[i], pieces, marks(view.prices[i])))));
  if (view.pool.length) {
    root.append(text(10, 176, "to be priced by the master builder", { "text-anchor": "start", "font-size": 12, fill: "#555" }));
    view.pool.forEach((o, i) => root.append(at(10 + i * 128, 182, {}, offer(o, 0, pieces, "unpriced"))));
  }
  const favourText = view.favors.map((id) => {
    const f = favors[id];
    return f.type ? `${f.type} ${f.kind === "type_area" ? "area" : "rooms"}` : f.kind === "sizes" ? `sizes ${f.sizes.join("/")}` : f.kind.replaceAll("_", " ");
  }).join(" · ");
  // Each stack's count beside its room size: the stacks are the sizes, in order.
  root.append(text(10, top - 28, ["Room stacks (size in sq ft: rooms left): ",
    view.stack_counts.flatMap((count, i) => [i ? " · " : "",
      s("tspan", { class: "stack", "data-size": sizes[i], "data-count": count }, `${sizes[i]}: ${count}`)])],
  { "text-anchor": "start", "font-size": 12, fill: "#444", class: "stacks" }));
  root.append(text(10, top - 12, `Stairs ${view.stairs} · hallways ${view.hallways} · room cards ${view.deck_count} · King's favours: ${favourText}`,
    { "text-anchor": "start", "font-size": 12, fill: "#444" }));
  view.seats.forEach((seatView, seat) => {
    root.append(at(10 + (seat % 2) * 480, top + Math.floor(seat / 2) * 340, {}, castle(seatView, seat, view, ctx)));
  });
  return root;
}

const room = (c, id) => c.components.pieces[id]?.name ?? `room ${id}`;

export default {
  title: "Castles of Mad King Ludwig",
  draw,
  scores: (view) => view.seats.map((p) => p.score),
  status: (view) => `round ${view.round} · ${view.phase}`,
  sentences: {
    "castles.game_set_up": (e, c) => `The castles are founded; ${c.name(e.builder)} is the master builder.`,
    "castles.bonus_card_discarded": (e, c) => `${c.name(e.seat)} discards a bonus card.`,
    "castles.tiles_revealed": (e, c) => `Round ${e.round}: ${e.tiles.length} rooms are revealed for ${c.name(e.builder)} to price.`,
    "castles.price_set": (e, c) => `${c.name(e.seat)} prices the ${room(c, e.room)} at slot ${e.slot + 1}.`,
    "castles.buying_started": (e, c) => `Buying starts with ${c.name(e.order[0])}.`,
    "castles.turn_started": (e, c) => `${c.name(e.seat)}'s ${e.extra ? "extra " : ""}turn.`,
    "castles.room_bought": (e, c) => `${c.name(e.seat)} buys the ${room(c, e.room)} for ${marks(e.price)} and builds it at (${e.x}, ${e.y}).`,
    "castles.corridor_bought": (e, c) => `${c.name(e.seat)} buys a ${room(c, e.piece)} for ${marks(e.price)}.`,
    "castles.passed": (e, c) => `${c.name(e.seat)} passes and takes ${marks(e.income)}.`,
    "castles.placement_scored": (e, c) => `${c.name(e.seat)} scores ${e.total} for the placement.`,
    "castles.room_completed": (e, c) => `${c.name(e.seat)} completes a ${e.room_type} room.`,
    "castles.points_scored": (e, c) => `${c.name(e.seat)} scores ${e.total}.`,
    "castles.marks_received": (e, c) => `${c.name(e.seat)} receives ${marks(e.amount)} (${e.reason}).`,
    "castles.extra_turn_granted": (e, c) => `${c.name(e.seat)} earns an extra turn.`,
    "castles.reward_queued": (e, c) => `${c.name(e.seat)} earns a ${e.kind} reward.`,
    "castles.reward_forfeited": (e, c) => `${c.name(e.seat)} loses a ${e.kind} reward (${e.reason}).`,
    "castles.bonus_card_kept": (e, c) => `${c.name(e.seat)} keeps a bonus card.`,
    "castles.stack_inspected": (e, c) => `${c.name(e.seat)} looks through the ${e.size} sq ft stack.`,
    "castles.tile_picked": (e, c) => `${c.name(e.seat)} picks a room from the stack.`,
    "castles.sleeping_reward_done": (e, c) => `${c.name(e.seat)} puts ${e.picked.length} room(s) on the deck.`,
    "castles.downstairs_reward_chosen": (e, c) => `${c.name(e.seat)} chooses the ${e.reward.replaceAll("_", " ")} reward.`,
    "castles.free_corridor_placed": (e, c) => `${c.name(e.seat)} places a free ${room(c, e.piece)}.`,
    "castles.round_ended": (e, c) => `Round ${e.round} ends; ${c.name(e.next_builder)} becomes master builder.`,
    "castles.game_ended": (e, c) => `The game ends: ${e.final.map((f) => `${c.name(f.seat)} ${f.total}`).join(", ")}.`,
  },
};
