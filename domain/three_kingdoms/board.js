// Three Kingdoms Redux: the action board (spaces, generals bidding on them, the alliance
// token, who won what), the kingdoms' tracks, the borders' regions, and each kingdom's
// resources, generals and developments.

import { at, s, svg, text, titled } from "/viewer/static/dom.js";

const KINGDOM_COLOURS = ["#2f62ad", "#c0392b", "#2e8b57"]; // Wei, Wu, Shu
const colour = (seat) => KINGDOM_COLOURS[seat % 3];
const W = 1000;

function chip(x, y, width, fill, label, attrs) {
  return at(x, y, attrs,
    s("rect", { width, height: 18, rx: 9, fill, stroke: "#0004" }),
    text(width / 2, 13, label, { fill: "#fff", "font-size": 11 }));
}

function space(sp, view, names) {
  const placements = view.placements.filter((p) => p.space === sp.id);
  const outcome = view.outcomes.find((o) => o.space === sp.id);
  const active = view.progress?.space === sp.id;
  const g = at(0, 0, { class: "space", "data-space": sp.id },
    s("rect", { width: 188, height: 84, rx: 6, fill: sp.criterion === "combat" ? "#f6e4dc" : "#e3ecf5",
      stroke: active ? "#e0a800" : "#9c8f7a", "stroke-width": active ? 4 : 1 }),
    text(8, 16, titled(sp.id), { "text-anchor": "start", "font-weight": "bold", "font-size": 12 }),
    text(180, 16, sp.criterion === "combat" ? "⚔ combat" : "✎ admin", { "text-anchor": "end", "font-size": 10, fill: "#555" }));
  if (view.alliance_space === sp.id) g.append(chip(126, 62, 56, "#6b5b95", "alliance", { class: "alliance" }));
  placements.forEach((p, i) => {
    const bid = p.bid_tokens + p.support + p.han;
    g.append(chip(6, 22 + i * 20, 118, colour(p.seat), `${names.get(p.general) ?? titled(p.general)}${bid ? ` +${bid}` : ""}`,
      { class: "placement", "data-seat": p.seat, "data-general": p.general }));
  });
  if (outcome?.winners.length) {
    g.append(text(182, 48, `won by ${outcome.winners.map((w) => ["Wei", "Wu", "Shu"][w] ?? w).join("/")}`,
      { "text-anchor": "end", "font-size": 10, fill: colour(outcome.winners[0]), "font-weight": "bold" }));
  }
  return g;
}

/** A label on at most two lines of at most `chars` characters: words split in the middle,
 * a line too long cut with an ellipsis (the full label is the cell's tooltip). */
function lines(label, chars) {
  const words = String(label).split(/\s+/);
  const half = Math.ceil(words.length / 2);
  const split = words.length > 1 ? [words.slice(0, half).join(" "), words.slice(half).join(" ")] : words;
  return split.map((line) => (line.length > chars ? `${line.slice(0, chars - 1)}…` : line));
}

/** A horizontal track: one cell per value, each kingdom's marker on its value. A track with
 * labels (the offices) shares its width out evenly and writes each label on up to two lines
 * above the markers, so that no label runs into the next. Its height is `.height`. */
function track(label, values, first, last, view, labels) {
  const cells = last - first + 1;
  const cw = labels ? 470 / cells : Math.min(44, 470 / cells);
  const ch = labels ? 34 : 24; // a cell's height
  const g = at(0, 0, { class: "track", "data-track": label },
    text(0, 20, label, { "text-anchor": "start", "font-weight": "bold", "font-size": 12 }));
  for (let v = first; v <= last; v++) {
    const x = 80 + (v - first) * cw;
    const cell = at(x, 4, { class: "track-cell", "data-value": v },
      s("rect", { width: cw - 2, height: ch, rx: 3, fill: "#f1ead9", stroke: "#b9a67c" }));
    if (labels) {
      const shown = lines(labels[v], Math.floor((cw - 6) / (0.6 * 9)));
      cell.append(s("title", {}, labels[v]),
        text(cw / 2 - 1, shown.length > 1 ? 10 : 15, shown.map((line, i) =>
          s("tspan", { x: cw / 2 - 1, dy: i ? 9 : 0 }, line)), { "font-size": 9, fill: "#7a6d52", class: "track-label" }));
    } else {
      cell.append(text(cw / 2 - 1, 10, v, { "font-size": 9, fill: "#7a6d52" }));
    }
    g.append(cell);
  }
  view.players.forEach((p, seat) => {
    const v = Math.max(first, Math.min(last, values[seat]));
    g.append(s("circle", { cx: 80 + (v - first) * cw + 7 + seat * 10, cy: ch - 2, r: 5, fill: colour(seat), stroke: "#fff", "data-seat": seat, "data-value": values[seat] }));
  });
  g.height = ch + 10;
  return g;
}

function kingdom(p, view, ctx, generals, developments, height) {
  const seat = p.seat;
  const toAct = view.to_act.includes(seat);
  const g = at(0, 0, { class: "kingdom", "data-seat": seat },
    s("rect", { width: 320, height, rx: 8, fill: "#fbf8f1", stroke: toAct ? colour(seat) : "#cfc6b2", "stroke-width": toAct ? 4 : 1.5 }),
    s("rect", { width: 320, height: 26, rx: 8, fill: colour(seat) }),
    text(10, 18, `${titled(p.kingdom)} · ${ctx.name(seat)}${p.passed ? " · passed" : ""}`, { "text-anchor": "start", fill: "#fff", "font-weight": "bold" }));
  const lines = [
    `rice ${p.rice} · gold ${p.gold} · support ${p.support} · bid tokens ${p.bid_tokens}`,
    `armies ${p.armies} untrained, ${p.trained} trained`,
    `spear ${p.spear} · horse ${p.horse} · crossbow ${p.crossbow} · boat ${p.boat}`,
    `farms ${p.farm_level} (${p.farm_ready} ready, ${p.granary_farms} in granary) · markets ${p.market_level} (${p.market_ready} ready)`,
    `deficits ${p.deficits} · hand ${p.hand_unification} unification, ${p.hand_separation} separation`,
  ];
  lines.forEach((line, i) => g.append(text(10, 44 + i * 16, line, { "text-anchor": "start", "font-size": 11 })));
  g.append(text(10, 132, "Generals", { "text-anchor": "start", "font-weight": "bold", "font-size": 11 }));
  p.generals.forEach((id, i) => {
    const card = generals.get(id);
    const flipped = p.flipped.includes(id);
    const away = p.occupying.includes(id);
    const x = 10 + (i % 2) * 152;
    const y = 138 + Math.floor(i / 2) * 20;
    g.append(at(x, y, { class: "general", "data-general": id, opacity: flipped ? 0.45 : 1 },
      s("rect", { width: 148, height: 18, rx: 3, fill: away ? "#e8dcc0" : "#fff", stroke: colour(seat) }),
      text(4, 13, card ? card.name : titled(id), { "text-anchor": "start", "font-size": 10 }),
      card ? text(144, 13, `${card.administration}/${card.combat}/${card.leadership}`, { "text-anchor": "end", "font-size": 10, fill: "#555" }) : ""));
  });
  const built = p.built.map((id) => developments.get(id)?.name ?? titled(id));
  g.append(text(10, height - 10, `Built: ${built.join(", ") || "nothing yet"}`, { "text-anchor": "start", "font-size": 10, fill: "#444" }));
  return g;
}

function draw(view, ctx) {
  const { spaces, borders, offices, tribe } = ctx.components;
  const generals = new Map(view.generals.map((g) => [g.id, g]));
  const names = new Map(view.generals.map((g) => [g.id, g.name]));
  const developments = new Map(view.developments.map((d) => [d.id, d]));
  const root = svg(W, 1000, { class: "board-svg", "data-game": "three_kingdoms" });
  root.append(text(10, 18, `Action board · round ${view.round} of ${view.rounds} · ${view.phase}${view.criteria_flipped ? " · criteria flipped" : ""}`,
    { "text-anchor": "start", "font-weight": "bold" }));
  spaces.forEach((sp, i) => root.append(at(10 + (i % 5) * 196, 26 + Math.floor(i / 5) * 90, {}, space(sp, view, names))));
  // Tracks and borders side by side.
  const y0 = 26 + Math.ceil(spaces.length / 5) * 90 + 6;
  const tracks = at(10, y0, {});
  const military = view.players.map((p) => p.military);
  let tracksHeight = 0;
  for (const t of [
    track("Tribe", view.players.map((p) => p.tribe), tribe[0], tribe[1], view),
    track("Office", view.players.map((p) => p.office), 0, offices.length - 1, view, offices),
    track("Military", military, 0, Math.max(12, ...military), view),
    track("Support", view.players.map((p) => p.support), 0, Math.max(10, ...view.players.map((p) => p.support)), view),
  ]) {
    t.setAttribute("transform", `translate(0 ${tracksHeight})`);
    tracks.append(t);
    tracksHeight += t.height;
  }
  root.append(tracks);
  const regions = at(580, y0, {});
  borders.forEach((b, row) => {
    regions.append(text(0, row * 44 + 20, `${titled(b.kingdoms[0])}–${titled(b.kingdoms[1])}`, { "text-anchor": "start", "font-size": 11, "font-weight": "bold" }));
    b.regions.forEach((weapon, r) => {
      const occupied = view.occupations.find((o) => o.border === b.id && o.region === r);
      const cell = at(74 + r * 66, row * 44, { class: "region", "data-border": b.id, "data-region": r },
        s("rect", { width: 62, height: 38, rx: 4, fill: occupied ? colour(occupied.seat) : "#e9e2cf", stroke: "#8c7f66" }),
        text(31, 13, weapon, { "font-size": 10, fill: occupied ? "#fff" : "#6b5e45" }));
      if (occupied) {
        cell.setAttribute("class", "region occupation");
        cell.setAttribute("data-seat", occupied.seat);
        cell.append(text(31, 30, `${names.get(occupied.general) ?? titled(occupied.general)} ${occupied.units}`, { "font-size": 9, fill: "#fff" }));
      }
      regions.append(cell);
    });
  });
  root.append(regions);
  const y1 = y0 + Math.max(tracksHeight, borders.length * 44) + 10;
  const panel = 172 + Math.ceil(Math.max(0, ...view.players.map((p) => p.generals.length)) / 2) * 20;
  view.players.forEach((p, i) => root.append(at(10 + i * 330, y1, {}, kingdom(p, view, ctx, generals, developments, panel))));
  const height = y1 + panel + 10;
  if (view.scores.length) {
    root.append(text(10, height + 16, `Final scores: ${view.scores.map((sc) => `${ctx.name(sc.seat)} ${sc.total}`).join(" · ")}${view.ended ? ` (${view.ended})` : ""}`,
      { "text-anchor": "start", "font-weight": "bold" }));
  }
  root.setAttribute("viewBox", `0 0 ${W} ${height + 26}`);
  return root;
}

function delta(d) {
  return Object.entries(d).filter(([, v]) => v).map(([k, v]) => `${v > 0 ? "+" : ""}${v} ${k.replaceAll("_", " ")}`).join(", ");
}

export default {
  title: "Three Kingdoms Redux",
  colour,
  draw,
  scores: (view) => view.players.map((p, seat) => view.scores.find((sc) => sc.seat === seat)?.total ?? null),
  status: (view) => `round ${view.round} of ${view.rounds} · ${view.phase}`,
  sentences: {
    "three_kingdoms.game_set_up": () => "The kingdoms are set up.",
    "three_kingdoms.round_started": (e) => `Round ${e.round} begins.`,
    "three_kingdoms.generals_recruited": (e, c) => `${c.name(e.seat)} recruits ${e.generals.map(titled).join(", ")}.`,
    "three_kingdoms.generals_offered": (e, c) => `${c.name(e.seat)} is offered ${e.generals.length} generals to keep ${e.keep}.`,
    "three_kingdoms.general_recruited": (e, c) => `${c.name(e.seat)} recruits ${titled(e.general)}.`,
    "three_kingdoms.offer_returned": (e, c) => `${c.name(e.seat)} returns ${e.generals.length} generals.`,
    "three_kingdoms.recruitment_finished": () => "Recruitment is over.",
    "three_kingdoms.alliance_placed": (e, c) => `${c.name(e.seat)} places the alliance token on ${titled(e.space)}.`,
    "three_kingdoms.general_placed": (e, c) => `${c.name(e.seat)} sends ${titled(e.general)} to ${titled(e.space)}.`,
    "three_kingdoms.bid_raised": (e, c) => `${c.name(e.seat)} raises the bid with a ${e.token.replaceAll("_", " ")}.`,
    "three_kingdoms.placement_finished": (e, c) => `${c.name(e.seat)} is done placing.`,
    "three_kingdoms.passed": (e, c) => `${c.name(e.seat)} passes.`,
    "three_kingdoms.bidding_closed": (e) => `Bidding closes: ${e.outcomes.length} spaces decided.`,
    "three_kingdoms.player_changed": (e, c) => `${c.name(e.seat)}: ${delta(e.delta) || "no change"} (${e.reason.replaceAll("_", " ")}).`,
    "three_kingdoms.action_started": (e, c) => `${c.name(e.seat)} takes the ${titled(e.space)} action.`,
    "three_kingdoms.action_step_taken": (e, c) => `${c.name(e.seat)}: ${e.step.replaceAll("_", " ")}.`,
    "three_kingdoms.action_ended": (e, c) => `${c.name(e.seat)} ends ${titled(e.space)}${e.performed ? "" : " without acting"}.`,
    "three_kingdoms.development_drawn": (e, c) => `${c.name(e.seat)} draws a ${e.deck} card${e.card ? ` (${titled(e.card)})` : ""}.`,
    "three_kingdoms.development_built": (e, c) => `${c.name(e.seat)} builds ${titled(e.card)}.`,
    "three_kingdoms.general_flipped": (e, c) => `${c.name(e.seat)} flips ${titled(e.general)}.`,
    "three_kingdoms.border_occupied": (e, c) =>
      `${c.name(e.occupation.seat)} occupies region ${e.occupation.region + 1} of ${titled(e.occupation.border)} with ${titled(e.occupation.general)}.`,
    "three_kingdoms.choice_offered": (e, c) => `${c.name(e.seat)} chooses among ${e.options.join(", ")}.`,
    "three_kingdoms.choice_made": (e, c) => `${c.name(e.seat)} chooses ${e.item}.`,
    "three_kingdoms.benefits_offered": (e, c) => `${c.name(e.seat)} has ${e.benefits.length} end-of-round benefits.`,
    "three_kingdoms.benefit_resolved": (e, c) => `${c.name(e.seat)} ${e.taken ? "takes" : "declines"} the benefit of ${titled(e.benefit.source)}.`,
    "three_kingdoms.tribe_action_taken": (e, c) => `${c.name(e.seat)} deals with the tribe (${e.mode}).`,
    "three_kingdoms.stage_reached": (e) => `Resolution: ${e.stage}.`,
    "three_kingdoms.criteria_flipped": (e) => `The criteria are ${e.flipped ? "flipped" : "back"}.`,
    "three_kingdoms.han_token_passed": (e, c) => `The Han token passes to ${c.name(e.seat)}.`,
    "three_kingdoms.deficit_tokens_drawn": (e, c) => `${c.name(e.seat)} draws ${e.values.length} deficit token(s).`,
    "three_kingdoms.game_ended": (e, c) => `The game ends (${e.reason}): ${e.scores.map((sc) => `${c.name(sc.seat)} ${sc.total}`).join(", ")}.`,
  },
};
