// Small helpers for building SVG and HTML.

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * A function telling, for each new set of board props, whether it shows another position (or
 * another right to move) than the props before — when a board drops a half-made move.
 */
export function positionTracker() {
  let key = null;
  return (props) => {
    const next = JSON.stringify(props.view) + props.interactive;
    const changed = next !== key;
    key = next;
    return changed;
  };
}

/** An SVG element with attributes and children. */
export function svg(tag, attrs = {}, children = []) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null) continue;
    // Styles go through the CSSOM: the Content-Security-Policy refuses style attributes.
    if (key === "style") node.style.cssText = value;
    else node.setAttribute(key, value);
  }
  for (const child of [].concat(children)) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

/** An HTML element with attributes (`on…` functions become listeners) and children. */
export function h(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = value;
    else if (key === "style") node.style.cssText = value;
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, value);
  }
  for (const child of [].concat(children)) {
    if (child !== null && child !== undefined && child !== false) node.append(child);
  }
  return node;
}

/** The square name of file index `f` (0 = a) and rank `r` (1-based). */
export function squareName(f, r) {
  return String.fromCharCode(97 + f) + r;
}

/** Splits move text into square names (`g1e3` → [`g1`, `e3`]). */
export function squares(move) {
  return move.match(/[a-z]\d+/g) || [];
}

/** A square-board SVG root of `size` cells with room for coordinates. */
export function boardRoot(files, ranks, label) {
  return svg("svg", {
    viewBox: `-0.6 -0.2 ${files + 0.8} ${ranks + 0.8}`,
    class: "board",
    role: "img",
    "aria-label": label,
  });
}

/** Coordinates around a square board (files below, ranks left). */
export function coordinates(files, ranks, flipped) {
  const group = svg("g", { class: "coords" });
  for (let f = 0; f < files; f++) {
    const x = flipped ? files - 1 - f : f;
    group.append(svg("text", { x: x + 0.5, y: ranks + 0.42 }, String.fromCharCode(97 + f)));
  }
  for (let r = 1; r <= ranks; r++) {
    const y = flipped ? r - 1 : ranks - r;
    group.append(svg("text", { x: -0.3, y: y + 0.6 }, String(r)));
  }
  return group;
}
