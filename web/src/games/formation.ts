// Die Formation on the Katarenga board: coloured squares with symbols for
// how a piece leaving them moves; click a piece, then a target, or drag it there.
// The board is split into its model (formation-model.ts), view (formation-view.ts)
// and input (square-input.ts, shared with the other square board).

import { squares, positionTracker } from "../svg.js";
import { keyboardCells, drawBoard } from "../vdom.js";
import { enableDrag } from "../drag.js";
import type { Board, BoardContext, BoardProps, MoveGeometry } from "../board-types.js";
import type { FormationView } from "../contract/games/FormationView.js";
import { clickOutcome, dropOutcome, type FormationModel } from "./formation-model.js";
import { board, legend } from "./formation-view.js";
import { squareInput } from "./square-input.js";
import "./formation.css";

export { TEXTS } from "./formation-view.js";

export { lobbyOptions } from "./formation-lobby.js";

/** No captures in Die Formation. */
export function seatInfo(): null {
  return null;
}

/** The cells of `move` for the analysis board's arrows: from the piece to its target. */
export function moveGeometry(_view: FormationView, move: string): MoveGeometry | null {
  const [from, to] = squares(move);
  return from && to ? { from, to } : null;
}

/** Moves may be chosen while the opponent is to move (`props.premove`): the page plays them when they are legal then. */
export const premoves = true;

/** Draws Formation boards into `host`; `submit(move)` plays a move. */
export function createBoard(host: HTMLElement, context: BoardContext): Board {
  const model: FormationModel = { selected: null, animate: false };
  const newPosition = positionTracker();
  const cells = keyboardCells("data-square");
  let props: BoardProps<FormationView> | null = null;
  const draw = () => {
    if (!props) return;
    drawBoard(host, cells(board(props, model, handlers.click)), legend(context.t));
    model.animate = false;
  };
  const current = () => props as BoardProps<FormationView>;
  const handlers = squareInput({ model, props: current, submit: context.submit, draw }, host, {
    click: clickOutcome,
    drop: dropOutcome,
  });
  enableDrag(host, handlers.drag);
  return {
    update(next) {
      const typed = next as BoardProps<FormationView>;
      if (newPosition(typed)) model.selected = null;
      props = typed;
      model.animate = typed.animate;
      draw();
    },
    refresh: draw,
  };
}
