// The engine's arrows on the analysis board: the first move of each line drawn over the game's own
// board, where its module's `moveGeometry` puts it. Unlike the views, this measures the board's
// drawing (the cells' places on the screen), so the controller calls it after the board is drawn.
// The arrows are vnodes (keyed by their rank) drawn into a layer of their own, the last child of
// the board's drawing (on top of its cells), which the board's own redraws leave alone.

import { patch, s } from "../../vdom.js";
import type { VNode } from "../../vdom.js";
import type { MoveGeometry } from "../../board-types.js";

const SVG_NS = "http://www.w3.org/2000/svg";
/** The class of an arrows layer. */
const LAYER = "ab-arrows";

/** A point of a board drawing with the size of the cell there. */
interface Place {
  x: number;
  y: number;
  size: number;
}

/** The cell named `name` in the board drawn in `host`: the renderers name their cells by `data-square` or `data-cell`. */
function cellNamed(host: Element, name: string): Element | null {
  return host.querySelector(`[data-square="${CSS.escape(name)}"], [data-cell="${CSS.escape(name)}"]`);
}

/** The centre of `cell` and its size, in the units of the drawing `root` it is part of. */
function cellCentre(root: SVGSVGElement, cell: Element | null): Place | null {
  const matrix = root.getScreenCTM?.();
  if (!cell || !matrix) return null;
  const box = cell.getBoundingClientRect();
  if (!box.width) return null;
  const inverse = matrix.inverse();
  const centre = new DOMPoint(box.x + box.width / 2, box.y + box.height / 2).matrixTransform(inverse);
  const corner = new DOMPoint(box.x, box.y).matrixTransform(inverse);
  return { x: centre.x, y: centre.y, size: 2 * Math.min(Math.abs(centre.x - corner.x), Math.abs(centre.y - corner.y)) };
}

/** An arrow from `from` to `to` (centres with sizes), `rank` 1 the strongest, or a ring on `to` without `from`. */
function arrowShape(from: Place | null, to: Place, rank: number): VNode {
  const width = to.size * (rank === 1 ? 0.16 : 0.1);
  const key = `arrow-${rank}`;
  if (!from)
    return s("circle", {
      key,
      cx: to.x,
      cy: to.y,
      r: to.size * 0.38,
      class: `ab-arrow ab-arrow-${rank}`,
      "data-arrow": rank,
      "stroke-width": width,
      fill: "none",
    });
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const length = Math.hypot(dx, dy) || 1;
  const [ux, uy] = [dx / length, dy / length];
  const head = width * 2.6;
  const tip = { x: to.x - ux * to.size * 0.2, y: to.y - uy * to.size * 0.2 };
  const base = { x: tip.x - ux * head, y: tip.y - uy * head };
  const start = { x: from.x + ux * from.size * 0.2, y: from.y + uy * from.size * 0.2 };
  const side = (k: number) => `${base.x - uy * head * k * 0.6},${base.y + ux * head * k * 0.6}`;
  return s("g", { key, class: `ab-arrow ab-arrow-${rank}`, "data-arrow": rank }, [
    s("line", { key: "shaft", x1: start.x, y1: start.y, x2: base.x, y2: base.y, "stroke-width": width }),
    s("polygon", { key: "head", points: `${tip.x},${tip.y} ${side(1)} ${side(-1)}` }),
  ]);
}

/** The arrows layer of each board drawing that has one. */
const layers = new WeakMap<SVGSVGElement, SVGGElement>();

/** The arrows layer of `drawing` (made on first use). */
function layerOf(drawing: SVGSVGElement): SVGGElement {
  let layer = layers.get(drawing);
  if (!layer) {
    layer = document.createElementNS(SVG_NS, "g");
    layer.setAttribute("class", LAYER);
    layer.setAttribute("aria-hidden", "true");
    layers.set(drawing, layer);
  }
  return layer;
}

/**
 * Whether `mutation` is the arrows' own drawing: inside an arrows layer, or a layer coming or
 * going. The page's observer of the board leaves these alone, so that drawing the arrows does not
 * call for drawing them again.
 */
export function isArrowsMutation(mutation: MutationRecord): boolean {
  const isLayer = (n: Node) => n instanceof Element && n.classList.contains(LAYER);
  if (mutation.target instanceof Element && mutation.target.closest(`.${LAYER}`)) return true;
  return mutation.type === "childList" && [...mutation.addedNodes, ...mutation.removedNodes].every(isLayer);
}

/**
 * Draws the first moves `moves` of the engine's lines (best first) as arrows over the board in
 * `host`, the best on top; `places(move)` gives a move's cells. A drawing left without arrows
 * loses its layer.
 */
export function drawArrows(
  host: HTMLElement,
  places: ((move: string) => MoveGeometry | null) | null,
  moves: (string | undefined)[],
): void {
  const arrows = new Map<SVGSVGElement, VNode[]>();
  moves.forEach((move, index) => {
    const cells = move && places ? places(move) : null;
    const target = cells ? cellNamed(host, cells.to) : null;
    const drawing = target?.closest("svg");
    if (!drawing) return;
    const to = cellCentre(drawing, target);
    const from = cells?.from ? cellCentre(drawing, cellNamed(host, cells.from)) : null;
    if (!to) return;
    // The best line's arrow last: drawn on top.
    arrows.set(drawing, [arrowShape(from, to, index + 1), ...(arrows.get(drawing) ?? [])]);
  });
  for (const layer of host.querySelectorAll(`.${LAYER}`)) {
    const drawing = layer.parentElement;
    if (!(drawing instanceof SVGSVGElement) || !arrows.has(drawing)) layer.remove();
  }
  for (const [drawing, shapes] of arrows) {
    const layer = layerOf(drawing);
    // The board's redraws may have put cells after the layer: it goes back to the end.
    if (drawing.lastElementChild !== layer) drawing.append(layer);
    patch(layer, ...shapes);
  }
}
