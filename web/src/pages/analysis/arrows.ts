// The engine's arrows on the analysis board: the first move of each line drawn over the game's own
// board, where its module's `moveGeometry` puts it. Unlike the views, this measures the board's
// drawing (the cells' places on the screen), so the controller calls it after the board is drawn.

import { svg } from "../../svg.js";
import type { MoveGeometry } from "../../board-types.js";

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
function arrowShape(from: Place | null, to: Place, rank: number): SVGElement {
  const width = to.size * (rank === 1 ? 0.16 : 0.1);
  if (!from)
    return svg("circle", {
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
  return svg("g", { class: `ab-arrow ab-arrow-${rank}`, "data-arrow": rank }, [
    svg("line", { x1: start.x, y1: start.y, x2: base.x, y2: base.y, "stroke-width": width }),
    svg("polygon", { points: `${tip.x},${tip.y} ${side(1)} ${side(-1)}` }),
  ]);
}

/**
 * Draws the first moves `moves` of the engine's lines (best first) as arrows over the board in
 * `host`, the best on top; `places(move)` gives a move's cells. Removes the arrows drawn before.
 */
export function drawArrows(
  host: HTMLElement,
  places: ((move: string) => MoveGeometry | null) | null,
  moves: (string | undefined)[],
): void {
  for (const old of host.querySelectorAll(".ab-arrows")) old.remove();
  if (!places) return;
  const groups = new Map<SVGSVGElement, SVGElement>();
  moves.forEach((move, index) => {
    const cells = move ? places(move) : null;
    const target = cells ? cellNamed(host, cells.to) : null;
    const drawing = target?.closest("svg");
    if (!drawing) return;
    const to = cellCentre(drawing, target);
    const from = cells?.from ? cellCentre(drawing, cellNamed(host, cells.from)) : null;
    if (!to) return;
    const group = groups.get(drawing) ?? svg("g", { class: "ab-arrows", "aria-hidden": "true" });
    groups.set(drawing, group);
    group.prepend(arrowShape(from, to, index + 1));
  });
  for (const [drawing, group] of groups) drawing.append(group);
}
