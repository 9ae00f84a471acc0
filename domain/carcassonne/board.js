// Carcassonne (and The River): the tile map drawn from each tile's edges and features
// (cities, roads, fields, river, monastery), the followers on their features, the next tile.

import { at, s, seatColour, svg, text } from "/viewer/static/dom.js";

const S = 64; // tile size
const CORNERS = [[0, 0], [S, 0], [S, S], [0, S]]; // NW NE SE SW: side i runs corner i -> i+1
const MIDS = [[S / 2, 0], [S, S / 2], [S / 2, S], [0, S / 2]];
const NORMALS = [[0, -1], [1, 0], [0, 1], [-1, 0]];
const C = S / 2;

const mean = (points) => [
  points.reduce((a, p) => a + p[0], 0) / points.length,
  points.reduce((a, p) => a + p[1], 0) / points.length,
];
const toward = ([x, y], k) => [x + (C - x) * k, y + (C - y) * k];

/** A half-edge's point: a quarter along its side (k = 0) or three quarters (k = 1). */
function half(h) {
  const side = h >> 1;
  const [ax, ay] = CORNERS[side];
  const [bx, by] = CORNERS[(side + 1) % 4];
  const t = h & 1 ? 0.75 : 0.25;
  return [ax + (bx - ax) * t, ay + (by - ay) * t];
}

/** The outline of a city reaching `sides`: straight along its sides, curving in elsewhere. */
function cityPath(sides) {
  if (sides.length === 4) return `M0 0H${S}V${S}H0Z`;
  const has = (i) => sides.includes(((i % 4) + 4) % 4);
  const start = sides.find((i) => !has(i - 1));
  let d = `M${CORNERS[start].join(" ")}`;
  for (let step = 0; step < 4;) {
    const i = (start + step) % 4;
    if (has(i)) {
      d += `L${CORNERS[(i + 1) % 4].join(" ")}`;
      step += 1;
      continue;
    }
    let run = 0;
    const normal = [0, 0];
    while (step + run < 4 && !has(start + step + run)) {
      const n = NORMALS[(start + step + run) % 4];
      normal[0] += n[0];
      normal[1] += n[1];
      run += 1;
    }
    const k = [0, 0.1, 0.15, 0][run] * S;
    d += `Q${C + normal[0] * k} ${C + normal[1] * k} ${CORNERS[(start + step + run) % 4].join(" ")}`;
    step += run;
  }
  return `${d}Z`;
}

/** A road or river through `sides`: to the centre and on. */
function linePath(sides) {
  if (sides.length === 1) return `M${MIDS[sides[0]].join(" ")}L${C} ${C}`;
  return sides.slice(1).map((side) => `M${MIDS[sides[0]].join(" ")}Q${C} ${C} ${MIDS[side].join(" ")}`).join("");
}

/** Where a follower stands on a segment. */
function anchor(segment) {
  if (segment.kind === "monastery") return [C, C];
  if (segment.kind === "field") {
    const p = toward(mean(segment.ports.map(half)), 0.35);
    return Math.hypot(p[0] - C, p[1] - C) < 6 ? [S * 0.22, S * 0.78] : p;
  }
  const p = mean(segment.ports.map((side) => MIDS[side]));
  return segment.ports.length === 1 ? toward(p, segment.kind === "city" ? 0.4 : 0.45) : p;
}

function tileDrawing(code, rotation, components) {
  const o = components.tiles[code].rotations[rotation];
  const g = s("g", { class: "tile-art" }, s("rect", { width: S, height: S, fill: "#9cc56a" }));
  if (o.river.length) {
    g.append(s("path", { d: linePath(o.river), stroke: "#4f93d8", "stroke-width": 12, fill: "none", "stroke-linecap": "round" }));
    if (o.river.length === 1) g.append(s("circle", { cx: C, cy: C, r: code === "RL" ? 18 : 7, fill: "#4f93d8" }));
  }
  for (const seg of o.segments.filter((x) => x.kind === "city")) {
    g.append(s("path", { d: cityPath(seg.ports), fill: "#c98b4e", stroke: "#8a5a2b", "stroke-width": 1.5 }));
    if (seg.shield) {
      const [x, y] = toward(mean(seg.ports.map((side) => MIDS[side])), 0.2);
      g.append(s("path", { d: `M${x - 6} ${y - 6}h12v5q0 6 -6 9q-6 -3 -6 -9z`, fill: "#2a4d9b", stroke: "#fff", "stroke-width": 1 }));
    }
  }
  const roads = o.segments.filter((x) => x.kind === "road");
  for (const seg of roads) {
    const d = linePath(seg.ports);
    g.append(s("path", { d, stroke: "#6d5c3f", "stroke-width": 8, fill: "none" }),
      s("path", { d, stroke: "#f4ecd6", "stroke-width": 5, fill: "none" }));
  }
  const monastery = o.segments.some((x) => x.kind === "monastery");
  if (monastery) {
    g.append(s("path", { d: `M${C - 10} ${C + 10}v-12l10 -9l10 9v12z`, fill: "#e9e1d2", stroke: "#7a4b2a", "stroke-width": 1.5 }),
      s("rect", { x: C - 3, y: C + 3, width: 6, height: 7, fill: "#7a4b2a" }));
  } else if (roads.some((seg) => seg.ports.length === 1)) {
    g.append(s("rect", { x: C - 5, y: C - 5, width: 10, height: 10, fill: "#b5533c", stroke: "#6d2f22" }));
  }
  g.append(s("rect", { width: S, height: S, fill: "none", stroke: "#0003" }));
  return g;
}

function meeple(x, y, seat, kind, className = "meeple") {
  const body = kind === "field"
    ? s("ellipse", { cx: x, cy: y, rx: 9, ry: 5.5 })
    : s("path", { d: `M${x} ${y - 10}a3.6 3.6 0 1 1 0.1 0l5 5h3l-3 4l3 8h-6l-2 -4l-2 4h-6l3 -8l-3 -4h3z` });
  body.setAttribute("fill", seatColour(seat));
  body.setAttribute("stroke", "#fff");
  body.setAttribute("stroke-width", 1.5);
  return s("g", { class: className, "data-seat": seat, "data-kind": kind }, body);
}

function draw(view, ctx) {
  const { components } = ctx;
  const xs = view.tiles.map((t) => t.x);
  const ys = view.tiles.map((t) => t.y);
  const [minX, maxX, minY, maxY] = xs.length ? [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)] : [0, 0, 0, 0];
  const top = S + 34;
  const width = Math.max(640, (maxX - minX + 3) * S);
  const root = svg(width, top + (maxY - minY + 3) * S, { class: "board-svg", "data-game": "carcassonne" });
  // Header: the tile to place, the pile and each player's followers in supply.
  root.append(s("rect", { width, height: top - 10, fill: "#f3efe4", rx: 8 }));
  if (view.current) {
    root.append(at(12, 12, { class: "next-tile", "data-tile": view.current }, tileDrawing(view.current, 0, components)),
      text(S + 20, 30, "tile to place", { "text-anchor": "start", "font-size": 12, fill: "#555" }));
  }
  root.append(text(S + 20, 50, `${view.pile} tiles face down${view.discarded.length ? ` · ${view.discarded.length} discarded` : ""}`,
    { "text-anchor": "start", "font-size": 12, fill: "#555" }));
  view.supply.forEach((n, seat) => {
    const x = width - 20 - (view.supply.length - seat) * 90;
    root.append(meeple(x + 10, 40, seat, "city", "supply"), text(x + 24, 45, `× ${n}`, { "text-anchor": "start", "data-supply": seat }));
  });
  // The map, (0, 0) is the start tile; y grows south.
  const map = at((1 - minX) * S, top + (1 - minY) * S, { class: "map" });
  const origin = (x, y) => [x * S, y * S];
  view.tiles.forEach((t, i) => {
    const [px, py] = origin(t.x, t.y);
    const g = at(px, py, { class: "tile", "data-x": t.x, "data-y": t.y, "data-tile": t.tile, "data-rotation": t.rotation },
      tileDrawing(t.tile, t.rotation, components));
    if (i === view.tiles.length - 1) g.append(s("rect", { width: S - 2, height: S - 2, x: 1, y: 1, fill: "none", stroke: "#ffd400", "stroke-width": 3 }));
    map.append(g);
  });
  const placed = new Map(view.tiles.map((t) => [`${t.x},${t.y}`, t]));
  for (const f of view.followers) {
    const t = placed.get(`${f.x},${f.y}`);
    const segment = t && components.tiles[t.tile].rotations[t.rotation].segments.find((x) => x.name === f.segment);
    const [ax, ay] = segment ? anchor(segment) : [C, C];
    const [px, py] = origin(f.x, f.y);
    map.append(meeple(px + ax, py + ay, f.seat, f.kind));
  }
  root.append(map);
  return root;
}

const AT = (e) => `(${e.x}, ${e.y})`;

export default {
  title: "Carcassonne",
  draw,
  scores: (view) => view.scores,
  status: (view) => (view.over ? "over" : `${view.pile} tiles left${view.river ? " · with the river" : ""}`),
  sentences: {
    "carcassonne.deck_shuffled": () => "The tiles are shuffled face down.",
    "carcassonne.start_tile_placed": (e) => `The start tile ${e.tile} is placed at ${AT(e)}.`,
    "carcassonne.tile_drawn": (e, c) => `${c.name(e.seat)} draws tile ${e.tile}.`,
    "carcassonne.tile_discarded": (e) => `Tile ${e.tile} fits nowhere and is discarded.`,
    "carcassonne.tile_placed": (e, c) => `${c.name(e.seat)} places tile ${e.tile} at ${AT(e)}, turned ${e.rotation * 90}°.`,
    "carcassonne.follower_placed": (e, c) => `${c.name(e.seat)} puts a follower on ${e.segment.replace(/\d+$/, "")} at ${AT(e)}.`,
    "carcassonne.feature_scored": (e, c) => {
      const gains = e.points.map((p, seat) => (p ? `${c.name(seat)} +${p}` : "")).filter(Boolean);
      return `${e.complete ? "A completed" : "An unfinished"} ${e.kind} of ${e.tiles} tiles scores${gains.length ? `: ${gains.join(", ")}` : " nothing"}.`;
    },
    "carcassonne.farm_scored": (e, c) => {
      const gains = e.points.map((p, seat) => (p ? `${c.name(seat)} +${p}` : "")).filter(Boolean);
      return `A farm by ${e.cities.length} completed cities scores${gains.length ? `: ${gains.join(", ")}` : " nothing"}.`;
    },
    "carcassonne.game_ended": (e) => `The game ends: ${e.scores.join(" / ")}.`,
  },
};
