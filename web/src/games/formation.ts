// Die Formation on the Katarenga board: coloured squares with symbols for
// how a piece leaving them moves; click a piece, then a target, or drag it there.
// The board is split into its model (formation-model.ts), view (formation-view.ts)
// and input (square-input.ts, shared with the other square board).

import { squares } from "../squares.js";
import type { Board, BoardContext, MoveGeometry } from "../board-types.js";
import type { FormationView } from "../contract/games/FormationView.js";
import { clickOutcome, dropOutcome } from "./formation-model.js";
import { board, legend } from "./formation-view.js";
import { squareBoard } from "./square-input.js";
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
  return squareBoard<FormationView>(host, context, { click: clickOutcome, drop: dropOutcome }, board, () => [
    legend(context.t),
  ]);
}
