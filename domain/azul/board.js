// Azul: factories and the centre on top, then each player's board: pattern lines, wall, floor.

import { at, s, seatColour, svg, text } from "/viewer/static/dom.js";

const FILL = { blue: "#2a6fc9", yellow: "#f0c02f", red: "#d23a2c", black: "#2d2d36", white: "#e8eef3" };
const T = 22; // tile size
const STEP = T + 3;
const BOARD_W = 390;
const BOARD_H = 220;

function tile(x, y, colour, attrs) {
  if (colour === "first_player") {
    return s("g", { ...attrs, "data-colour": colour },
      s("rect", { x, y, width: T, height: T, rx: 3, fill: "#fff", stroke: "#333" }),
      text(x + T / 2, y + T / 2 + 5, "1", { "font-weight": "bold", "font-size": 14 }));
  }
  return s("rect", {
    x, y, width: T, height: T, rx: 3, fill: FILL[colour], stroke: "#0005", "data-colour": colour, ...attrs,
  });
}

function factory(tiles, index, cx, cy) {
  return s("g", { class: "factory", "data-factory": index },
    s("circle", { cx, cy, r: 36, fill: "#f7f1e3", stroke: "#b9a67c", "stroke-width": 2 }),
    tiles.map((c, i) => tile(cx - STEP + (i % 2) * STEP + 1.5, cy - STEP + Math.floor(i / 2) * STEP + 1.5, c, { class: "factory-tile" })));
}

function board(b, seat, view, ctx) {
  const { wall } = ctx.components;
  const active = view.to_act.includes(seat);
  const g = at(0, 0, { class: "board", "data-seat": seat, "data-score": b.score },
    s("rect", { width: BOARD_W - 10, height: BOARD_H - 10, rx: 10, fill: "#fbf7ee",
      stroke: active ? seatColour(seat) : "#c9bea6", "stroke-width": active ? 4 : 1.5 }),
    s("circle", { cx: 18, cy: 18, r: 7, fill: seatColour(seat) }),
    text(32, 23, ctx.name(seat), { "text-anchor": "start", "font-weight": "bold" }),
    text(BOARD_W - 24, 23, `${b.score} pts`, { "text-anchor": "end", class: "score" }));
  // Pattern lines, right-aligned, line i holds i + 1 tiles.
  b.lines.forEach((line, i) => {
    for (let k = 0; k <= i; k++) {
      const x = 150 - (k + 1) * STEP;
      const y = 36 + i * STEP;
      g.append(k < line.count
        ? tile(x, y, line.colour, { class: "line-tile" })
        : s("rect", { x, y, width: T, height: T, rx: 3, fill: "none", stroke: "#b9ad92", "stroke-dasharray": "3 2" }));
    }
  });
  // The wall: empty spots show their printed colour faintly (or grey on the grey side).
  b.wall.forEach((row, r) => row.forEach((colour, c) => {
    const x = 168 + c * STEP;
    const y = 36 + r * STEP;
    if (colour) g.append(tile(x, y, colour, { class: "wall-tile" }));
    else g.append(s("rect", { x, y, width: T, height: T, rx: 3, "fill-opacity": 0.22, stroke: "#0002",
      fill: view.grey_wall ? "#999" : FILL[wall[r][c]] }));
  }));
  // The floor line with its penalties.
  ctx.components.floor_penalties.forEach((p, i) => {
    const x = 14 + i * (STEP + 4);
    g.append(s("rect", { x, y: 172, width: T + 2, height: T + 2, rx: 3, fill: "#eee4cf", stroke: "#b9ad92" }),
      text(x + T / 2 + 1, 208, `-${p}`, { "font-size": 10, fill: "#8a7d62" }));
  });
  b.floor.forEach((colour, i) => g.append(tile(15 + i * (STEP + 4), 173, colour, { class: "floor-tile" })));
  if (b.floor.length > 7) g.append(text(15 + 7 * (STEP + 4) + 10, 190, `+${b.floor.length - 7}`, { "text-anchor": "start" }));
  return g;
}

function draw(view, ctx) {
  const n = view.factories.length;
  const width = 2 * BOARD_W + 10;
  const rows = Math.ceil(view.boards.length / 2);
  const root = svg(width, 190 + rows * BOARD_H, { class: "board-svg", "data-game": "azul" });
  const spacing = Math.min(86, (width - 20) / Math.max(n, 1));
  view.factories.forEach((tiles, i) => root.append(factory(tiles, i, 10 + spacing * (i + 0.5), 48)));
  // The centre: leftovers and the first-player marker.
  const centre = at(10, 96, { class: "centre" },
    s("rect", { width: width - 20, height: 70, rx: 12, fill: "#efe6d2", stroke: "#b9a67c" }),
    text(12, 16, "centre", { "text-anchor": "start", "font-size": 11, fill: "#7a6d52" }));
  const pieces = [...(view.marker_in_centre ? ["first_player"] : []), ...view.centre];
  pieces.forEach((c, i) => centre.append(tile(60 + (i % 26) * STEP, 8 + Math.floor(i / 26) * STEP, c,
    { class: c === "first_player" ? "marker" : "centre-tile" })));
  centre.append(text(width - 32, 62, `bag ${view.bag_size} · lid ${Object.values(view.lid).reduce((a, b) => a + b, 0)}`,
    { "text-anchor": "end", "font-size": 11, fill: "#7a6d52" }));
  root.append(centre);
  view.boards.forEach((b, seat) => {
    const g = board(b, seat, view, ctx);
    g.setAttribute("transform", `translate(${10 + (seat % 2) * BOARD_W} ${180 + Math.floor(seat / 2) * BOARD_H})`);
    root.append(g);
  });
  return root;
}

const LINE = (line) => (line < 0 ? "the floor" : `line ${line + 1}`);

export default {
  title: "Azul",
  draw,
  scores: (view) => view.boards.map((b) => b.score),
  status: (view) => `round ${view.round} · ${view.phase}`,
  sentences: {
    "azul.bag_refilled": () => "The bag is refilled from the lid.",
    "azul.factories_filled": (e, c) => `Round ${e.round}: the factories are filled; ${c.name(e.starter)} starts.`,
    "azul.tiles_taken": (e, c) =>
      `${c.name(e.seat)} takes ${e.count} ${e.colour} from ${e.factory < 0 ? "the centre" : `factory ${e.factory + 1}`} to ${LINE(e.line)}` +
      `${e.to_floor.length && e.line >= 0 ? ` (${e.to_floor.length} to the floor)` : ""}${e.took_marker ? ", and the first-player marker" : ""}.`,
    "azul.tiling_started": () => "Wall tiling begins.",
    "azul.line_tiled": (e, c) => `${c.name(e.seat)} tiles a ${e.colour} on the wall from line ${e.line + 1}: +${e.points}.`,
    "azul.line_dropped": (e, c) => `${c.name(e.seat)}'s line ${e.line + 1} (${e.colour}) cannot go on the wall and drops.`,
    "azul.floor_scored": (e, c) => `${c.name(e.seat)}'s floor costs ${e.penalty}: score ${e.score}.`,
    "azul.bonuses_scored": (e, c) =>
      `${c.name(e.seat)} scores bonuses: ${e.rows} rows, ${e.columns} columns, ${e.colours} colours: +${e.points}.`,
    "azul.game_ended": (e) => `The game ends (${e.reason}).`,
  },
};
