// Amakta's input: clicks on cells, stones and the panels' buttons, the pointer over the board,
// dragging a stone to where it relocates, the keys R, M, Enter and Escape, and Infinit's pan and
// zoom change the model (amakta-model.ts) and play moves.

import { cellFromPoint, type DragBoard } from "../drag.js";
import { loadSettings } from "../settings.js";
import type { BoardContext } from "../board-types.js";
import { attachPanZoom, clampWidth } from "./amakta-camera.js";
import { mirror, rotate } from "./amakta-stones.js";
import {
  clickOutcome,
  confirmOutcome,
  dropOutcome,
  selectInventory,
  startAction,
  turnedOrientation,
  viewBoxOf,
  type AmaktaModel,
  type AmaktaProps,
  type Outcome,
} from "./amakta-model.js";
import type { BoardActions } from "./amakta-view.js";
import type { ActionKey, PanelActions } from "./amakta-panels.js";

/** Where the shading switch is kept in the browser. */
export const SHADING_KEY = "spielwerk.amakta.shading";

/** What the board's input reaches: the model, the current props, the page's submit and a redraw. */
export interface AmaktaInput {
  model: AmaktaModel;
  props: () => AmaktaProps;
  submit: BoardContext["submit"];
  draw: () => void;
  /** Fits Infinit's camera to the position. */
  fit: () => void;
}

/** The actions played at once on the stone picked on the board (the others start building a move). */
const AT_ONCE: ActionKey[] = ["take", "expropriate", "remove", "release"];

/** What the handlers share: the input, the setting "Confirm each move" and an outcome applied. */
interface Shared {
  board: AmaktaInput;
  confirmMoves: () => boolean;
  apply: (outcome: Outcome) => void;
  /** A click on a cell (or its stone or the preview). */
  cell: (name: string) => void;
  /** The selection's stone turned or mirrored. */
  turn: (fn: (code: string) => string) => void;
  /** The selection's move played, when it is complete and legal. */
  confirm: () => void;
  /** Infinit's camera zoomed by `factor`. */
  zoom: (factor: number) => void;
}

/** The shared handlers of `board`. */
function shared(board: AmaktaInput): Shared {
  const { model } = board;
  const confirmMoves = () => loadSettings().confirmMoves;
  const apply = (outcome: Outcome) => {
    if (outcome && "play" in outcome) {
      model.sel = null;
      board.submit(outcome.play);
      return;
    }
    if (outcome) model.sel = outcome.select;
    board.draw();
  };
  return {
    board,
    confirmMoves,
    apply,
    cell: (name) => {
      model.infoCell = name;
      apply(clickOutcome(board.props(), model.sel, name, confirmMoves()));
    },
    turn: (fn) => {
      const next = turnedOrientation(model.sel, fn);
      if (next && model.sel) apply({ select: { ...model.sel, orient: next } });
    },
    confirm: () => {
      const outcome = confirmOutcome(board.props(), model.sel);
      if (outcome) apply(outcome);
    },
    zoom: (factor) => {
      model.camera = { ...model.camera, w: clampWidth(model.camera.w * factor) };
      model.userMoved = true;
      board.draw();
    },
  };
}

/** The board's pointer actions: clicks, the pointer over cells and stones, Infinit's pan and zoom. */
function boardActions({ board, cell, zoom }: Shared): BoardActions {
  const { model } = board;
  return {
    cell,
    point: (name) => {
      if (model.infoCell === name && model.hoverCell === name) return;
      model.infoCell = name;
      model.hoverCell = name;
      board.draw();
    },
    leave: () => {
      if (model.hoverCell === null) return;
      model.hoverCell = null;
      board.draw();
    },
    hover: (name) => {
      if (name === null && model.hoverStone === null) return;
      if (name !== null) model.infoCell = name;
      model.hoverStone = name;
      board.draw();
    },
    plane: (element) =>
      attachPanZoom(element, {
        camera: () => model.camera,
        move: (camera) => {
          model.camera = camera;
          element.setAttribute("viewBox", viewBoxOf(camera).join(" "));
        },
        moved: () => {
          model.userMoved = true;
          board.draw();
        },
        zoom,
      }),
  };
}

/** The panels' actions: stones in hand, actions on a stone, turning, Play, the setup's moves, the toolbar. */
function panelActions({ board, apply, turn, confirm, zoom }: Shared): PanelActions {
  const { model } = board;
  return {
    inventory: (code) => apply({ select: selectInventory(model.sel, code) }),
    act: (key) => {
      const sel = model.sel;
      if (sel?.from !== "board") return;
      if (AT_ONCE.includes(key)) apply({ play: `${key} ${sel.cell}` });
      else apply({ select: startAction(board.props().view, sel, key) });
    },
    turn,
    confirm,
    play: (move) => apply({ play: move }),
    bid: (text) => {
      model.bidText = text;
      if (!model.bidProblem) return;
      model.bidProblem = null;
      board.draw();
    },
    redraw: board.draw,
    shading: (on) => {
      model.shading = on;
      localStorage.setItem(SHADING_KEY, on ? "1" : "0");
      board.draw();
    },
    zoom,
    fit: () => {
      model.userMoved = false;
      board.fit();
      board.draw();
    },
  };
}

/** The page's keys while a stone is picked: R turns it (Shift+R the other way), M mirrors, Enter plays, Escape drops it. */
function keys({ board, apply, turn, confirm }: Shared): (event: KeyboardEvent) => void {
  return (event) => {
    const target = event.target;
    const typing =
      target instanceof HTMLInputElement ||
      target instanceof HTMLTextAreaElement ||
      target instanceof HTMLSelectElement;
    if (!board.model.sel || typing) return;
    const key = event.key.toLowerCase();
    if (key === "r") turn((c) => rotate(c, event.shiftKey ? 1 : 5));
    else if (key === "m") turn(mirror);
    else if (event.key === "Enter") confirm();
    else if (event.key === "Escape") apply({ select: null });
    else return;
    event.preventDefault();
  };
}

/** The handlers of a board in `host`: the view's and the panels' actions, dragging and the page's keys. */
export function input(
  board: AmaktaInput,
  host: HTMLElement,
): { actions: BoardActions & PanelActions; drag: DragBoard; keydown: (event: KeyboardEvent) => void } {
  const handlers = shared(board);
  const { model } = board;
  const drag: DragBoard = {
    cellAt: (x, y) => cellFromPoint(host, x, y, ["data-cell", "data-stone", "data-ghost"]),
    isSelected: (name) => model.sel?.from === "board" && model.sel.cell === name,
    select: handlers.cell,
    drop: (from, to) => handlers.apply(dropOutcome(board.props(), model.sel, from, to, handlers.confirmMoves())),
    cancel: () => handlers.apply({ select: null }),
  };
  return { actions: { ...boardActions(handlers), ...panelActions(handlers) }, drag, keydown: keys(handlers) };
}
