// Amakta and Amakta Infinit: the hex board (or the pannable plane) with
// stones, arrows, circles, bases and control shading; moves by pointing
// (inventory stone → orientation → cell; board stone → action, or dragged
// to the cell it relocates to); the setup phase (circles, colour) and the
// Infinit start (bidding, stone creation). Only legal choices are offered:
// targets come from the view's decomposed `legal` object, every built move is
// checked against the legal move list (stone creation, whose list is too long
// to send, against the decomposition). The board is split into its model
// (amakta-model.ts), view (amakta-view.ts, amakta-panels.ts) and input
// (amakta-input.ts).

import { drawBoard, keyboardCells } from "../vdom.js";
import { enableDrag } from "../drag.js";
import type { Translate } from "../i18n.js";
import type { Board, BoardContext, BoardProps } from "../board-types.js";
import type { Owner } from "./amakta-stones.js";
import { phaseOf, type AmaktaBoardView } from "./amakta-types.js";
import {
  fittedCamera,
  isInfinit,
  newModel,
  positionKey,
  WIDE_FRAMING,
  type AmaktaProps,
  type Framing,
} from "./amakta-model.js";
import { boardView, NAME_SIZE } from "./amakta-view.js";
import { compactBoard, extras } from "./amakta-panels.js";
import { input, SHADING_KEY } from "./amakta-input.js";
import "./amakta.css";

export { lobbyOptions } from "./amakta-lobby.js";
export { moveWords, lineWords, moveGeometry, moveLabels } from "./amakta-moves.js";

function other(colour: Owner): Owner {
  return colour === "white" ? "black" : "white";
}

/** The seat's colour, once chosen. */
function colourOf(view: AmaktaBoardView, seat: string): Owner | null {
  if (!view.p1_colour) return null;
  return seat === "p1" ? view.p1_colour : other(view.p1_colour);
}

/**
 * The seat playing White, whose side (its base on the left) the unturned board shows nearest the
 * viewer; null before the colours are chosen, when the board stays unturned for everyone.
 */
export function nearSeat(view: AmaktaBoardView): "p1" | "p2" | null {
  if (!view.p1_colour) return null;
  return view.p1_colour === "white" ? "p1" : "p2";
}

/** Each seat's colour once chosen, for its dot (half white, half black before). */
export function seatColours(view: AmaktaBoardView): (Owner | null)[] {
  return ["p1", "p2"].map((seat) => colourOf(view, seat));
}

/** Each seat's colour and stones in hand, shown next to the players. */
export function seatInfo(view: AmaktaBoardView, t: Translate): string[] | null {
  return ["p1", "p2"].map((seat) => {
    const colour = colourOf(view, seat);
    if (!colour) return t("amk.colourOpen");
    return `${t(`amk.${colour}`)} · ${t("amk.inHand", { n: view.inventories[colour].length })}`;
  });
}

/**
 * Whether the moves from `before` to `after` took something of the opponent of the one who was to
 * move: a stone expropriated, released or removed, i.e. fewer of the opponent's stones on the
 * board, or more stones out of the game.
 */
export function captures(before: AmaktaBoardView, after: AmaktaBoardView): boolean {
  const mover = before.to_move.colour;
  if (!mover) return false;
  const theirs = (view: AmaktaBoardView) =>
    view.cells.filter((cell) => cell.stone && cell.stone.owner !== mover).length;
  return theirs(after) < theirs(before) || after.removed.length > before.removed.length;
}

/** Placing and relocating are previewed, and played on a second click or Play when the setting asks for it. */
export const confirmsMoves = true;

/** The smallest size on screen, in pixels, at which the cells of Infinit's zoomable plane carry their names. */
const PLANE_NAME_MIN_PX = 10;

/**
 * Whether the empty cells carry their names, at `pixelsPerUnit` pixels per hex unit. The standard
 * board always (its names never shrink below 9 px, amakta.css, and fit a phone's hexes): the move
 * list names cells, and a column number can't be found by counting. Infinit's plane wherever its zoom
 * lets them be read.
 */
export function cellsNamed(infinit: boolean, pixelsPerUnit: number): boolean {
  return !infinit || NAME_SIZE * pixelsPerUnit >= PLANE_NAME_MIN_PX;
}

/** The screens on which the setup's panel goes above the board (amakta.css). */
const PORTRAIT_OR_NARROW = "(max-width: 900px), (orientation: portrait)";

/** Whether `next` is the first position of play after a setup (circles, colour, bidding, creation) seen in `before`. */
export function startsPlay(before: BoardProps<AmaktaBoardView>, next: BoardProps<AmaktaBoardView>): boolean {
  return phaseOf(before.view) !== "play" && phaseOf(next.view) === "play";
}

/** The screens on which Infinit's plane is framed closer (`PHONE_FRAMING`). */
const PHONE = "(max-width: 600px)";

/**
 * A phone frames Infinit's viewport closely, so that the bases' counts can be read: its own margin of a
 * cell and half a unit more, which keeps the bases' arrows (outside the bases) whole.
 */
const PHONE_FRAMING: Framing = { margin: 0.5, minWidth: 10 };

/**
 * Watches the board drawn into `host`: keeps `--amk-board-height` on `host` at its height (the
 * prompt beside a wide board fits itself to it, amakta.css) and `--amk-unit-px` at its pixels per hex
 * unit (the cells' counts never shrink below 10 px), and tells `scaled` its pixels per hex unit and its width.
 * `watch()` after each drawing follows a new board element (the standard board and Infinit's plane differ).
 */
function boardSize(host: HTMLElement, scaled: (pixelsPerUnit: number, width: number) => void): { watch(): void } {
  let watched: SVGSVGElement | null = null;
  const observer = new ResizeObserver(() => {
    if (!watched) return;
    const { width, height } = watched.getBoundingClientRect();
    host.style.setProperty("--amk-board-height", `${Math.round(height)}px`);
    const units = watched.viewBox.baseVal.width;
    if (units <= 0) return;
    // The cells' counts (amakta.css) keep a size that can be read on a small board.
    host.style.setProperty("--amk-unit-px", String(width / units));
    scaled(width / units, width);
  });
  return {
    watch() {
      const board = host.querySelector<SVGSVGElement>("svg.amk-board");
      if (board === watched) return;
      if (watched) observer.unobserve(watched);
      watched = board;
      if (board) observer.observe(board);
    },
  };
}

/** Draws Amakta boards into `host`; `submit(move)` plays a move. */
export function createBoard(host: HTMLElement, context: BoardContext): Board {
  const model = newModel(localStorage.getItem(SHADING_KEY) !== "0");
  let shown: string | null = null;
  const cells = keyboardCells("data-cell");
  let props: AmaktaProps | null = null;
  const fit = () => {
    const camera = props && fittedCamera(props, window.matchMedia(PHONE).matches ? PHONE_FRAMING : WIDE_FRAMING);
    if (camera) model.camera = camera;
  };
  // The board's width in pixels, as last measured (0 before).
  let boardPixels = 0;
  const draw = () => {
    if (!props) return;
    if (isInfinit(props.view) && !model.userMoved) fit();
    // The plane's cells carry their names ("q,r", as the moves write them) wherever the zoom lets them be read.
    // A miniature (the lobby's pictures, its featured game) is too small for names.
    model.namedCells = !props.miniature && cellsNamed(isInfinit(props.view), boardPixels / model.camera.w);
    const { actions } = handlers;
    drawBoard(
      host,
      cells(boardView(props, model, actions, context.t, compactBoard(props))),
      // A miniature (the lobby's featured game) is the board alone: no prompt, no sets, no controls of a player's.
      props.miniature ? null : extras(props, model, actions, context.t),
    );
    size.watch();
  };
  // Infinit's plane names its cells where its zoom lets them be read (the standard board always, `cellsNamed`).
  const size = boardSize(host, (_pixelsPerUnit, width) => {
    if (!props || !isInfinit(props.view) || width === boardPixels) return;
    boardPixels = width;
    draw();
  });
  const handlers = input({ model, props: () => props as AmaktaProps, submit: context.submit, draw, fit }, host);
  const keydown = (event: KeyboardEvent) => {
    if (!host.isConnected) document.removeEventListener("keydown", keydown);
    else if (props) handlers.keydown(event);
  };
  document.addEventListener("keydown", keydown);
  enableDrag(host, handlers.drag);
  return {
    update(next) {
      const typed = next as BoardProps<AmaktaBoardView>;
      // Another position (or another right to move) drops what was picked.
      const key = positionKey(typed);
      if (key !== shown) {
        shown = key;
        model.sel = null;
        model.infoCell = null;
        model.hoverStone = null;
        // A new offer raises the least one: the field shows it afresh.
        model.bidText = null;
        model.bidProblem = null;
      }
      // The board turned (the player's colour chosen, or the flip button): a camera the player moved keeps its part of the plane.
      if (props && props.flipped !== typed.flipped)
        model.camera = { ...model.camera, x: -model.camera.x, y: -model.camera.y };
      const playBegins = Boolean(props && !props.miniature && startsPlay(props, typed));
      props = typed;
      draw();
      // On a phone the setup's panel goes above the board (amakta.css): once play begins, the board and the stones to place come into view.
      if (playBegins && window.matchMedia(PORTRAIT_OR_NARROW).matches)
        host.querySelector("svg.amk-board")?.scrollIntoView({ block: "start" });
    },
    refresh: draw,
  };
}
