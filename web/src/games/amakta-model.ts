// Amakta's board model: what the player has picked and the board's own state (shading, camera,
// the cell the info line tells of), and, as pure functions of the props and the model, the cells
// offered, the move a selection builds and what a click or a drop means. No DOM: the view draws
// it (amakta-view.ts), the input changes it (amakta-input.ts).

import type { BoardProps } from "../board-types.js";
import type { TextKey } from "../i18n.js";
import type { EditorState } from "./amakta-editor.js";
import { clampWidth, type Camera } from "./amakta-camera.js";
import { REACHES, STEPS, centre, type ArrowState, type Owner } from "./amakta-stones.js";
import { holesOf, infinitView, phaseOf } from "./amakta-types.js";
import type { AmaktaBoardView, BoardSelection, Cell, Hole, Selection, StoneEntry } from "./amakta-types.js";

/** The board's props as Amakta's board reads them. */
export type AmaktaProps = BoardProps<AmaktaBoardView>;

/** The board's state between the server's views. */
export interface AmaktaModel {
  /** What the player has picked and is building into a move. */
  sel: Selection | null;
  /** Whether the cells are shaded by who controls them. */
  shading: boolean;
  /** The part of Infinit's plane in view. */
  camera: Camera;
  /** Whether the player moved or zoomed the camera (else it follows the position). */
  userMoved: boolean;
  /** The cell whose control the info line tells. */
  infoCell: string | null;
  /** The stone whose reach is shown while the pointer is on it. */
  hoverStone: string | null;
  /** The cell under the pointer: a target there shows the picked stone's preview. */
  hoverCell: string | null;
  /** The stone being made in Infinit's stone creation. */
  editor: EditorState;
  /** The stone just created (its set's code), said as done until the editor changes; null otherwise. */
  created: string | null;
  /** Whether "Close my set" was pressed once and waits for the second press that closes the set. */
  closing: boolean;
  /** The offer typed in Infinit's bidding, as typed (null: not typed yet, the field is empty with the fair offer as its placeholder). */
  bidText: string | null;
  /** Why the last offer sent was not sent (the field empty or out of range), until the field changes. */
  bidProblem: OfferProblem | null;
  /** Whether the hexes are drawn large enough for every empty cell to carry its name (else the name is on hover). */
  namedCells: boolean;
}

/** A new board's model; `shading` as the player left it. */
export function newModel(shading: boolean): AmaktaModel {
  return {
    sel: null,
    shading,
    camera: { x: 0, y: 0, w: 12 },
    userMoved: false,
    infoCell: null,
    hoverStone: null,
    hoverCell: null,
    // Infinit's stone creation starts from the stone without arrows (its value as the rules give).
    editor: { code: "000000", circle: "none" },
    created: null,
    closing: false,
    bidText: null,
    bidProblem: null,
    namedCells: false,
  };
}

/** Why a typed offer is no offer: the field is empty, or holds no whole number in the allowed range. */
export type OfferProblem = "missing" | "invalid";

/**
 * The offer `text` makes within `range` (the view's `legal.bid`): its points, or why it is none. An
 * empty field is never an offer (it would read as 0, which is a legal first offer).
 */
export function readOffer(text: string, range: { min: number; max: number }): number | OfferProblem {
  const typed = text.trim();
  if (!typed) return "missing";
  if (!/^\d+$/.test(typed)) return "invalid";
  const points = Number(typed);
  return points >= range.min && points <= range.max ? points : "invalid";
}

/** What tells one position from another for the board: the view and whether the player may move in it. */
export function positionKey(props: AmaktaProps): string {
  return JSON.stringify(props.view) + props.interactive;
}

/** An arrow of a stone previewed on a cell: its direction, reach, target cell and whether it is blocked. */
export interface Reach {
  d: number;
  reach: number;
  q: number;
  r: number;
  blocked: boolean;
}

/** A place of the board by (q, r): a cell, or a hole. */
type Place = (Cell & { hole?: false }) | (Hole & { hole: true; stone?: undefined });

const byName = new WeakMap<AmaktaBoardView, Map<string, Cell>>();
const byQr = new WeakMap<AmaktaBoardView, Map<string, Place>>();

/** Whether the view is Amakta Infinit's (the endless plane). */
export const isInfinit = (view: AmaktaBoardView): boolean => view.game === "amakta-infinit";

/** The cells of the view by name. */
export function cellMap(view: AmaktaBoardView): Map<string, Cell> {
  let map = byName.get(view);
  if (!map) {
    map = new Map(view.cells.map((cell) => [cell.name, cell]));
    byName.set(view, map);
  }
  return map;
}

/** The cells and holes of the view by "q,r". */
function placeMap(view: AmaktaBoardView): Map<string, Place> {
  let map = byQr.get(view);
  if (!map) {
    map = new Map();
    for (const cell of view.cells) map.set(`${cell.q},${cell.r}`, cell);
    for (const hole of holesOf(view)) map.set(`${hole.q},${hole.r}`, { ...hole, hole: true as const });
    byQr.set(view, map);
  }
  return map;
}

/** The name of the cell at (q, r), or null off the board. */
export function nameOf(view: AmaktaBoardView, q: number, r: number): string | null {
  if (isInfinit(view)) return `${q},${r}`;
  const place = placeMap(view).get(`${q},${r}`);
  return place && !place.hole ? place.name : null;
}

/** The (q, r) of the cell `name`, or null when there is none. */
export function qrOf(view: AmaktaBoardView, name: string): [number, number] | null {
  if (isInfinit(view)) {
    const [q = 0, r = 0] = name.split(",").map(Number);
    return [q, r];
  }
  const cell = cellMap(view).get(name);
  return cell ? [cell.q, cell.r] : null;
}

/** Whether a stone may stand on (q, r): a cell, not a hole nor off the board. */
export function playable(view: AmaktaBoardView, q: number, r: number): boolean {
  if (isInfinit(view)) return true;
  const place = placeMap(view).get(`${q},${r}`);
  return Boolean(place && !place.hole);
}

/** Whether a stone stands on (q, r). */
function occupied(view: AmaktaBoardView, q: number, r: number): boolean {
  return Boolean(placeMap(view).get(`${q},${r}`)?.stone);
}

/** The drawing's point of (q, r): turned about the centre on a flipped board. */
export function pos(props: AmaktaProps, q: number, r: number): [number, number] {
  const [x, y] = centre(q, r);
  return props.flipped ? [-x, -y] : [x, y];
}

/** The sixths a stone's drawing is turned by: 3 on a flipped board. */
export const turnOf = (props: AmaktaProps): number => (props.flipped ? 3 : 0);

/** The colour to move, if any. */
export const moverOf = (view: AmaktaBoardView): Owner | undefined => view.to_move.colour ?? undefined;

/** What the stone on `cell` may do, or null. */
export function stoneEntry(view: AmaktaBoardView, cell: string): StoneEntry | null {
  return view.legal.stones.find((entry) => entry.cell === cell) ?? null;
}

/**
 * Whether the stone in hand `piece` is the one classic Amakta places next (its next circle stone),
 * marked as chosen while the game goes on; once it is over (aborted, too) nothing waits to be placed.
 */
export function isNextCircle(props: AmaktaProps, piece: string | undefined): boolean {
  return !props.over && props.view.game === "amakta" && piece !== undefined && piece === props.view.next_circle;
}

/** The stone `code` of `colour` as the view lists it (with its circle), or null. */
export function pieceOf(view: AmaktaBoardView, colour: Owner, code: string) {
  return view.stones.find((stone) => stone.piece === `${colour[0] ?? ""}:${code}`) ?? null;
}

/**
 * Whether `move` may be played: moves are built from the view's decomposition; when the server did
 * not list the legal moves (too many), it judges the move when it is played.
 */
export function isLegal(props: AmaktaProps, move: string): boolean {
  return props.interactive && (props.legalListed === false || props.legal.includes(move));
}

/** Board arrows of the stone on `cell`: state per direction and reach. */
export function arrowStates(view: AmaktaBoardView, cell: string): (d: number, reach: number) => ArrowState {
  const states = new Map<string, ArrowState>();
  for (const arrow of view.arrows) {
    if (arrow.from === cell) states.set(`${arrow.direction}:${arrow.distance}`, arrow.blocked ? "blocked" : null);
  }
  return (d, reach) => states.get(`${d}:${reach}`) ?? (states.has(`${d}:${reach}`) ? null : "nowhere");
}

/** Arrows of `code` standing on (q, r), computed here (previews); the stone on `ignore` does not block. */
export function reachOf(view: AmaktaBoardView, q: number, r: number, code: string, ignore: string | null): Reach[] {
  const arrows: Reach[] = [];
  for (let d = 0; d < 6; d++) {
    for (const reach of REACHES[Number(code[d])] ?? []) {
      const [sq, sr] = STEPS[d] ?? [0, 0];
      const tq = q + sq * reach;
      const tr = r + sr * reach;
      if (!playable(view, tq, tr)) continue;
      let blocked = false;
      for (let j = 1; j < reach; j++) {
        const cq = q + sq * j;
        const cr = r + sr * j;
        if (!playable(view, cq, cr) || (occupied(view, cq, cr) && nameOf(view, cq, cr) !== ignore)) blocked = true;
      }
      arrows.push({ d, reach, q: tq, r: tr, blocked });
    }
  }
  return arrows;
}

/** The orientations the selection must choose from (rotate and appropriate), or null for any. */
export function orientationChoices(sel: Selection | null): string[] | null {
  if (sel?.from !== "board") return null;
  if (sel.action === "rotate") return sel.entry.rotate;
  if (sel.action === "appropriate") return sel.entry.appropriate;
  return null;
}

/** The move text the selection would play, or null. */
export function pendingMove(view: AmaktaBoardView, sel: Selection | null): string | null {
  if (!sel) return null;
  const o = sel.orient;
  if (sel.from === "inventory") {
    if (!sel.target) return null;
    const stone = cellMap(view).get(sel.target)?.stone;
    if (!stone) return `place ${sel.code} ${sel.target} ${o}`;
    if (stone.owner === moverOf(view)) return `replace ${sel.target} ${sel.code} ${o}`;
    return `release-place ${sel.target} ${sel.code} ${o}`;
  }
  switch (sel.action) {
    case "rotate":
      return `rotate ${sel.cell} ${o}`;
    case "appropriate":
      return `appropriate ${sel.cell} ${o}`;
    case "relocate":
      return sel.target ? `relocate ${sel.cell} ${sel.target} ${o}` : null;
    case "replace":
      return sel.code ? `replace ${sel.cell} ${sel.code} ${o}` : null;
    case "release-place":
      return sel.code ? `release-place ${sel.cell} ${sel.code} ${o}` : null;
    default:
      return null;
  }
}

/** Where the selection's stone would stand (for the preview), or null. */
export function ghostCell(sel: Selection | null): string | null {
  if (!sel) return null;
  if (sel.from === "inventory" || sel.action === "relocate") return sel.target;
  if (sel.action === "rotate" || sel.action === "appropriate") return sel.cell;
  if ((sel.action === "replace" || sel.action === "release-place") && sel.code) return sel.cell;
  return null;
}

/**
 * Where the board previews the selection's stone: where the move built puts it (`ghostCell`), else
 * on the target under the pointer (`pointed`) in the chosen orientation, before it is clicked.
 */
export function previewCell(props: AmaktaProps, sel: Selection | null, pointed: string | null): string | null {
  const built = ghostCell(sel);
  if (built || !sel?.orient || !pointed) return built;
  const moving = sel.from === "inventory" || !sel.action || sel.action === "relocate";
  return moving && targets(props, sel).has(pointed) ? pointed : null;
}

/** Cells offered for the selection (highlighted, clickable). */
export function targets(props: AmaktaProps, sel: Selection | null): Set<string> {
  const result = new Set<string>();
  if (!sel || !props.interactive) return result;
  const legal = props.view.legal;
  if (sel.from === "inventory") {
    for (const cell of legal.place.cells) result.add(cell);
    for (const entry of legal.stones) if (entry.replace || entry.release_place) result.add(entry.cell);
  } else if (!sel.action || sel.action === "relocate") {
    for (const cell of sel.entry.relocate) result.add(cell);
  }
  return result;
}

/** Whether the selection's stone may be turned and mirrored. */
export function turnable(sel: Selection | null): boolean {
  if (!sel?.orient) return false;
  return (
    sel.from === "inventory" ||
    ["rotate", "appropriate", "relocate", "replace", "release-place"].includes(sel.action ?? "")
  );
}

/**
 * The selection's orientation after `fn` (a turn or the mirror), skipping the orientations it may
 * not take (rotate and appropriate must change it), or null when it cannot change.
 */
export function turnedOrientation(sel: Selection | null, fn: (code: string) => string): string | null {
  if (!sel?.orient) return null;
  const choices = orientationChoices(sel);
  let next = fn(sel.orient);
  if (!choices) return next;
  for (let guard = 0; !choices.includes(next) && guard < 12; guard++) next = fn(next);
  return choices.includes(next) ? next : null;
}

/** What the player's input leads to: a move played, a new selection, or nothing changed (null). */
export type Outcome = { play: string } | { select: Selection | null } | null;

/** The selection's move played, when it is complete and legal. */
export function confirmOutcome(props: AmaktaProps, sel: Selection | null): Outcome {
  const move = pendingMove(props.view, sel);
  return move && isLegal(props, move) ? { play: move } : null;
}

/** The selection after the stone `code` in hand was clicked: picked, dropped, or chosen for a replacement. */
export function selectInventory(sel: Selection | null, code: string): Selection | null {
  if (sel?.from === "board" && (sel.action === "replace" || sel.action === "release-place"))
    return { ...sel, code, orient: code };
  if (sel?.from === "inventory" && sel.code === code) return null;
  return { from: "inventory", code, orient: code, target: sel?.from === "inventory" ? sel.target : null };
}

/** The selection after the action `action` was chosen for the stone picked on the board. */
export function startAction(view: AmaktaBoardView, sel: BoardSelection, action: string): BoardSelection {
  const stone = cellMap(view).get(sel.cell)?.stone;
  const orient =
    action === "rotate"
      ? (sel.entry.rotate[0] ?? null)
      : action === "appropriate"
        ? (sel.entry.appropriate[0] ?? null)
        : (stone?.orientation ?? null);
  return { ...sel, action, target: null, code: null, orient };
}

/**
 * What a click on `cell` means: the preview's second click plays it, a target takes the selection's
 * stone there (and plays without `confirmMoves`), an own stone that can act is picked, anything else
 * drops the selection. Outside play, nothing.
 */
export function clickOutcome(props: AmaktaProps, sel: Selection | null, cell: string, confirmMoves: boolean): Outcome {
  const { view } = props;
  if (!props.interactive || phaseOf(view) !== "play") return null;
  if (sel && sel.target === cell && ghostCell(sel) === cell) return confirmOutcome(props, sel);
  const info = cellMap(view).get(cell);
  if (sel && targets(props, sel).has(cell)) {
    const next: Selection =
      sel.from === "board"
        ? {
            ...sel,
            action: "relocate",
            orient: sel.orient || info?.stone?.orientation || cellMap(view).get(sel.cell)?.stone?.orientation || null,
            target: cell,
          }
        : { ...sel, target: cell };
    // Without confirmation a click on a target plays, placing and relocating alike.
    const move = pendingMove(view, next);
    if (!confirmMoves && move && isLegal(props, move)) return { play: move };
    return { select: next };
  }
  const entry = stoneEntry(view, cell);
  const orient = info?.stone?.orientation;
  if (entry && orient && !(sel?.from === "board" && sel.cell === cell))
    return { select: { from: "board", cell, entry, action: null, target: null, code: null, orient } };
  // A stone on its way (from the hand, or relocated) stays picked: the hint says where it may go.
  if (sel && cellMap(view).has(cell) && (sel.from === "inventory" || (sel.action === "relocate" && sel.cell !== cell)))
    return { select: { ...sel, target: null, missed: cell } };
  return { select: null };
}

/** Whether the stone on `cell` may be dragged to a cell it relocates to (a press on a target stays a click). */
export function draggable(props: AmaktaProps, sel: Selection | null, cell: string): boolean {
  if (!props.interactive || phaseOf(props.view) !== "play" || (sel && targets(props, sel).has(cell))) return false;
  return Boolean(stoneEntry(props.view, cell)?.relocate.length);
}

/** The stone of `from` dragged onto `to`: relocated there as a click on the target does, else the selection goes. */
export function dropOutcome(
  props: AmaktaProps,
  sel: Selection | null,
  from: string,
  to: string,
  confirmMoves: boolean,
): Outcome {
  if (sel?.from === "board" && sel.cell === from && targets(props, sel).has(to))
    return clickOutcome(props, sel, to, confirmMoves);
  return { select: null };
}

/** The hint's text key: what the player does next with the selection. */
export function hintKey(sel: Selection | null): TextKey {
  if (!sel) return "amk.hintPick";
  if (sel.missed && !sel.target) return "amk.hintMissed";
  if (sel.from === "inventory") return sel.target ? "amk.hintConfirm" : "amk.hintTarget";
  switch (sel.action) {
    case "relocate":
      return sel.target ? "amk.hintConfirm" : "amk.hintRelocate";
    case "replace":
    case "release-place":
      return sel.code ? "amk.hintConfirm" : "amk.hintChooseStone";
    case "rotate":
    case "appropriate":
      return "amk.hintConfirm";
    default:
      return "amk.hintAction";
  }
}

const INFINIT_CELL = /^-?\d+,-?\d+$/;

/** The cells the last move touched. */
export function lastCells(props: AmaktaProps): Set<string> {
  if (!props.last) return new Set();
  const names = cellMap(props.view);
  return new Set(props.last.split(/\s+/).filter((w) => names.has(w) || INFINIT_CELL.test(w)));
}

/** The standard board's view box: its cells and holes with room for the row letters and base arrows. */
export function boundsStandard(props: AmaktaProps): [number, number, number, number] {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const cell of [...props.view.cells, ...holesOf(props.view)]) {
    const [x, y] = pos(props, cell.q, cell.r);
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  return [x0 - 1.6, y0 - 1.1, x1 - x0 + 3.2, y1 - y0 + 2.2];
}

/**
 * The height of Infinit's plane per unit of its width (the view box's and the drawing's): nearly as
 * high as the standard board beside the play column, so the column's prompt and moves fit beside it.
 */
export const PLANE_ASPECT = 0.85;

/** How closely the camera frames Infinit's viewport: the hex units around it, and the camera's least width. */
export interface Framing {
  margin: number;
  minWidth: number;
}

/** The framing on a wide screen: two cells around the viewport, at least 12 cells across. */
export const WIDE_FRAMING: Framing = { margin: 2, minWidth: 12 };

/** The camera that shows Infinit's viewport (the stones and their surroundings), or null for the standard game. */
export function fittedCamera(props: AmaktaProps, framing: Framing = WIDE_FRAMING): Camera | null {
  const vp = infinitView(props.view)?.viewport;
  if (!vp) return null;
  const corners: [number, number][] = [];
  for (const r of vp.rows) for (const x of vp.columns) corners.push(pos(props, (x - r) / 2, r));
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  const w = Math.max(Math.max(...xs) - Math.min(...xs) + 2 * framing.margin, framing.minWidth);
  const height = Math.max(...ys) - Math.min(...ys) + 2 * framing.margin;
  return {
    x: (Math.max(...xs) + Math.min(...xs)) / 2,
    y: (Math.max(...ys) + Math.min(...ys)) / 2,
    w: clampWidth(Math.max(w, height / PLANE_ASPECT)),
  };
}

/** The view box of the camera on Infinit's plane. */
export function viewBoxOf(camera: Camera): [number, number, number, number] {
  const height = camera.w * PLANE_ASPECT;
  return [camera.x - camera.w / 2, camera.y - height / 2, camera.w, height];
}

/** Cells of the plane to draw inside the camera (with a margin): the view's, else empty ones. */
export function planeCells(props: AmaktaProps, camera: Camera): Cell[] {
  const [vx, vy, vw, vh] = viewBoxOf(camera);
  const known = placeMap(props.view);
  const list: Cell[] = [];
  const sign = props.flipped ? -1 : 1;
  const [ya, yb] = [sign * vy, sign * (vy + vh)];
  const [xa, xb] = [sign * vx, sign * (vx + vw)];
  const r0 = Math.floor(Math.min(ya, yb) / 1.5) - 1;
  const r1 = Math.ceil(Math.max(ya, yb) / 1.5) + 1;
  for (let r = r0; r <= r1; r++) {
    const q0 = Math.floor(Math.min(xa, xb) / Math.sqrt(3) - r / 2) - 1;
    const q1 = Math.ceil(Math.max(xa, xb) / Math.sqrt(3) - r / 2) + 1;
    for (let q = q0; q <= q1; q++) {
      const place = known.get(`${q},${r}`);
      list.push(place && !place.hole ? place : emptyCell(q, r));
    }
  }
  return list;
}

/** An empty cell of the plane at (q, r). */
function emptyCell(q: number, r: number): Cell {
  return {
    q,
    r,
    name: `${q},${r}`,
    control: "free",
    arrows: { white: 0, black: 0 },
    effective: { white: 0, black: 0 },
    stone: null,
    base: null,
  };
}
