// Tiny helpers to build HTML and SVG without a framework or innerHTML.

const SVG_NS = "http://www.w3.org/2000/svg";

function build(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of [children ?? []].flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** An HTML element: h("a", {href: "/x"}, "text", ...). */
export function h(tag, attrs, ...children) {
  return build(document.createElement(tag), attrs, children);
}

/** An SVG element: s("rect", {x: 0, y: 0, width: 10, height: 10}). */
export function s(tag, attrs, ...children) {
  return build(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** An <svg> root sized by its viewBox. */
export function svg(width, height, attrs, ...children) {
  return s("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", ...attrs }, children);
}

/** SVG text; anchor "middle" by default. */
export function text(x, y, content, attrs) {
  return s("text", { x, y, "text-anchor": "middle", ...attrs }, content);
}

/** A group translated to (x, y). */
export function at(x, y, attrs, ...children) {
  return s("g", { transform: `translate(${x} ${y})`, ...attrs }, children);
}

export const SEAT_COLOURS = ["#d94f3d", "#2f6fd0", "#2f9a4c", "#e0a526", "#8e52b5"];

export function seatColour(seat) {
  return SEAT_COLOURS[seat % SEAT_COLOURS.length];
}

/** "lucky_numbers" -> "Lucky numbers". */
export function words(id) {
  const spaced = String(id).replaceAll("_", " ");
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

export function when(iso) {
  return iso ? new Date(iso).toLocaleString() : "";
}

/** "zhuge_liang" -> "Zhuge Liang". */
export function titled(id) {
  return String(id).split("_").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");
}
