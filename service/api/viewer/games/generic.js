// The board of a game that ships none: its view as a structured tree (objects as definition
// lists, lists numbered from 0 as the API numbers seats), so any served game is readable.

import { h, words } from "../dom.js";

const MAX_ITEMS = 200; // a long list (a deck, a log) shows its first items and a count

function leaf(value) {
  if (value === null) return h("span", { class: "tree-null" }, "–");
  if (typeof value === "boolean") return h("span", { class: "tree-bool" }, value ? "yes" : "no");
  return h("span", { class: `tree-${typeof value}` }, String(value));
}

/** One value of the view as HTML, nested objects and lists included. */
export function tree(value, depth = 0) {
  if (Array.isArray(value)) {
    if (!value.length) return h("span", { class: "tree-empty" }, "none");
    if (value.every((item) => item === null || typeof item !== "object")) {
      return h("span", { class: "tree-list" }, value.slice(0, MAX_ITEMS).map(leaf).flatMap((node, i) => (i ? [", ", node] : [node])),
        value.length > MAX_ITEMS ? ` … (${value.length})` : "");
    }
    return h("ol", { class: "tree-items", start: 0 },
      value.slice(0, MAX_ITEMS).map((item) => h("li", {}, tree(item, depth + 1))),
      value.length > MAX_ITEMS ? h("li", { class: "tree-more" }, `… ${value.length - MAX_ITEMS} more`) : null);
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).filter(([key]) => !(depth === 0 && key === "game"));
    return h("dl", { class: "tree-object" },
      entries.map(([key, item]) => [h("dt", {}, words(key)), h("dd", { "data-key": key }, tree(item, depth + 1))]));
  }
  return leaf(value);
}

/** The board module of a game without its own (see index.js). */
export function generic(info) {
  return {
    title: info.title,
    events: info.events,
    draw: (view) => h("div", { class: "tree", role: "group" }, tree(view)),
    // Where a view has a list of numbers called scores (or points), that is the scoreboard.
    scores: (view) => (Array.isArray(view.scores) && view.scores.every((v) => typeof v === "number") ? view.scores : []),
    status: (view) => (typeof view.phase === "string" ? view.phase : ""),
    sentences: {},
  };
}
