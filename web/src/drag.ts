// Moving a piece by dragging it to its target, besides click-click, as on lichess: pressing on a
// piece the board marks with `data-drag` selects it as a click does; moving the pointer a few
// pixels makes a copy of it follow the pointer; letting go on another cell plays there as the
// second click would, back on its own cell keeps it selected, off the board drops the selection.
// Mouse and touch alike (pointer events); a press that hardly moves stays a click.

/** The attribute a board puts on a piece that may be dragged now; its value is the piece's cell. */
export const DRAG_ATTR = "data-drag";

/** How far, in CSS pixels, the pointer must move while pressed before the press is a drag. */
export const DRAG_THRESHOLD = 5;

/** What a board tells and does for dragging (see `enableDrag`). */
export interface DragBoard {
  /** The cell at the point (`clientX`, `clientY`) of the page, or null off the board. */
  cellAt(x: number, y: number): string | null;
  /** Whether the piece on `cell` is selected now. */
  isSelected(cell: string): boolean;
  /** Selects the piece on `cell`, as a click on it does. */
  select(cell: string): void;
  /** Lets the piece of `from` go on the other cell `to`: plays there as a second click would, else drops the selection. */
  drop(from: string, to: string): unknown;
  /** Drops the selection: the piece was let go off the board. */
  cancel(): void;
}

/** What letting a dragged piece go does: keep it selected, drop the selection, or try `to`. */
export type DropOutcome = { kind: "keep" } | { kind: "cancel" } | { kind: "drop"; to: string };

/** Whether a press moved (`dx`, `dy` CSS pixels) far enough to be a drag rather than a click. */
export function isDrag(dx: number, dy: number): boolean {
  return Math.hypot(dx, dy) >= DRAG_THRESHOLD;
}

/** What letting the piece of `from` go on cell `to` (null: off the board) does. */
export function dropOutcome(from: string, to: string | null): DropOutcome {
  if (to === null) return { kind: "cancel" };
  return to === from ? { kind: "keep" } : { kind: "drop", to };
}

/** Whether `event` is a press on a piece that may be dragged (a board's own pointer gestures leave it alone). */
export function pressesPiece(event: Event): boolean {
  return event.target instanceof Element && Boolean(event.target.closest(`[${DRAG_ATTR}]`));
}

/**
 * The value of the first of `attrs` that the element at the page's point (`x`, `y`) inside
 * `host`, or one of its ancestors there, carries: the cell under the pointer, or null.
 */
export function cellFromPoint(host: Element, x: number, y: number, attrs: string[]): string | null {
  const hit = document.elementFromPoint(x, y);
  if (!hit || !host.contains(hit)) return null;
  for (const attr of attrs) {
    const cell = hit.closest(`[${attr}]`);
    if (cell && host.contains(cell)) return cell.getAttribute(attr);
  }
  return null;
}

/** A press on a piece: where it began, and once it is a drag, the copy following the pointer. */
interface Press {
  from: string;
  pointer: number;
  x: number;
  y: number;
  dragging: boolean;
  ghost: Ghost | null;
}

/** The copy of the dragged piece in the board's drawing, and the piece's centre there. */
interface Ghost {
  node: SVGGraphicsElement;
  root: SVGSVGElement;
  /** The piece's drawing → the root's user space. */
  matrix: DOMMatrix;
  centre: DOMPoint;
}

/** The point (`x`, `y`) of the page in the user space of the drawing `root`. */
function toRoot(root: SVGSVGElement, x: number, y: number): DOMPoint {
  return new DOMPoint(x, y).matrixTransform(root.getScreenCTM()?.inverse() ?? new DOMMatrix());
}

/** A copy of `piece` on top of its drawing, for the pointer to carry; the piece itself fades. */
function makeGhost(piece: SVGGraphicsElement): Ghost | null {
  const root = piece.ownerSVGElement;
  const own = piece.getScreenCTM();
  const screen = root?.getScreenCTM();
  if (!root || !own || !screen) return null;
  // The copy's own transform is in `matrix`; ids and data attributes stay the piece's alone.
  const copy = piece.cloneNode(true) as SVGGraphicsElement;
  copy.removeAttribute("transform");
  for (const element of [copy, ...copy.querySelectorAll("*")]) {
    for (const attr of [...element.attributes])
      if (attr.name === "id" || attr.name.startsWith("data-")) element.removeAttribute(attr.name);
  }
  // A passing effect of the pointer, not part of the board's view: made and dropped here.
  const node = document.createElementNS("http://www.w3.org/2000/svg", "g") as SVGGraphicsElement;
  node.setAttribute("class", "drag-ghost");
  node.setAttribute("aria-hidden", "true");
  node.append(copy);
  const box = piece.getBoundingClientRect();
  const centre = toRoot(root, box.x + box.width / 2, box.y + box.height / 2);
  piece.classList.add("drag-origin");
  root.append(node);
  return { node, root, matrix: screen.inverse().multiply(own), centre };
}

/** Moves `ghost` so that its piece's centre is at the page's point (`x`, `y`). */
function placeGhost(ghost: Ghost, x: number, y: number): void {
  const at = toRoot(ghost.root, x, y);
  const { a, b, c, d, e, f } = ghost.matrix;
  ghost.node.setAttribute(
    "transform",
    `translate(${at.x - ghost.centre.x} ${at.y - ghost.centre.y}) matrix(${a} ${b} ${c} ${d} ${e} ${f})`,
  );
}

/** The board of each host that drags (see `enableDrag`). */
const boards = new WeakMap<HTMLElement, DragBoard>();

/**
 * Lets the pieces `host`'s board marks with `data-drag` be dragged to their targets. The board
 * draws anew as it likes (the host stays): the copy under the pointer is made again from the new
 * drawing. A click after a press that selected or dragged is the press's, and not passed on. A
 * board made later in the same host takes the dragging over.
 */
export function enableDrag(host: HTMLElement, board: DragBoard): void {
  const known = boards.has(host);
  boards.set(host, board);
  if (!known) listen(host, () => boards.get(host) as DragBoard);
}

/** The pointer listeners of `enableDrag` on `host`, for its current board `current()`. */
function listen(host: HTMLElement, current: () => DragBoard): void {
  let press: Press | null = null;
  let swallow = false;
  const piece = (cell: string) => host.querySelector<SVGGraphicsElement>(`[${DRAG_ATTR}="${CSS.escape(cell)}"]`);
  const clear = (p: Press) => {
    p.ghost?.node.remove();
    for (const faded of host.querySelectorAll(".drag-origin")) faded.classList.remove("drag-origin");
    host.classList.remove("dragging");
  };
  const follow = (p: Press, x: number, y: number) => {
    if (!p.ghost?.node.isConnected) {
      const shown = piece(p.from);
      p.ghost = shown && makeGhost(shown);
    }
    if (p.ghost) placeGhost(p.ghost, x, y);
  };
  host.addEventListener("pointerdown", (event) => {
    swallow = false;
    if (press) clear(press);
    press = null;
    const from =
      event.target instanceof Element ? event.target.closest(`[${DRAG_ATTR}]`)?.getAttribute(DRAG_ATTR) : null;
    if (!from || !event.isPrimary || event.button !== 0) return;
    press = { from, pointer: event.pointerId, x: event.clientX, y: event.clientY, dragging: false, ghost: null };
    if (current().isSelected(from)) return;
    current().select(from);
    swallow = true;
  });
  host.addEventListener("pointermove", (event) => {
    const p = press;
    if (!p || event.pointerId !== p.pointer) return;
    if (!p.dragging) {
      if (!isDrag(event.clientX - p.x, event.clientY - p.y)) return;
      p.dragging = swallow = true;
      if (!current().isSelected(p.from)) current().select(p.from);
      host.classList.add("dragging");
      if (host.isConnected) host.setPointerCapture(event.pointerId);
    }
    event.preventDefault();
    follow(p, event.clientX, event.clientY);
  });
  host.addEventListener("pointerup", (event) => {
    const p = press;
    if (!p || event.pointerId !== p.pointer) return;
    press = null;
    if (!p.dragging) return;
    clear(p);
    const outcome = dropOutcome(p.from, current().cellAt(event.clientX, event.clientY));
    if (outcome.kind === "drop") current().drop(p.from, outcome.to);
    else if (outcome.kind === "cancel") current().cancel();
  });
  host.addEventListener("pointercancel", (event) => {
    if (!press || event.pointerId !== press.pointer) return;
    clear(press);
    press = null;
  });
  // The click that follows a press that selected or dragged (a key's click has no `detail`).
  host.addEventListener(
    "click",
    (event) => {
      if (swallow && event.detail > 0) event.stopPropagation();
      swallow = false;
    },
    true,
  );
}
