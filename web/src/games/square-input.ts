// The input of a board where a piece is chosen and then its square of arrival (Ataxx, Die Formation):
// clicks, keys (through the cells' clicks) and drags change the model and play moves. What a click
// or a drop means is the game's (its model's `clickOutcome` and `dropOutcome`).

import { cellFromPoint, type DragBoard } from "../drag.js";
import type { BoardContext, BoardProps } from "../board-types.js";

/** The state such a board keeps between redraws: the square chosen, and whether the last move slides in. */
export interface SquareModel {
  selected: string | null;
  animate: boolean;
}

/** What a click or a drop means: a move to play, or the square now chosen (null: none). */
export type SquareOutcome = { play: string } | { select: string | null };

/** The game's meaning of a click on `square` and of a drop from `from` on `to`. */
export interface SquareRules<V> {
  click(model: SquareModel, props: BoardProps<V>, square: string): SquareOutcome;
  drop(props: BoardProps<V>, from: string, to: string): SquareOutcome;
}

/** What the board's input reaches: the model, the current props, the page's submit and a redraw. */
export interface SquareBoard<V> {
  model: SquareModel;
  props: () => BoardProps<V>;
  submit: BoardContext["submit"];
  draw: () => void;
}

/** The handlers of a board: a click on a square, and dragging for `enableDrag` in `host`. */
export function squareInput<V>(
  board: SquareBoard<V>,
  host: HTMLElement,
  rules: SquareRules<V>,
): { click: (square: string) => unknown; drag: DragBoard } {
  const apply = (outcome: SquareOutcome) => {
    board.model.selected = null;
    if ("play" in outcome) return board.submit(outcome.play);
    board.model.selected = outcome.select;
    board.draw();
  };
  const select = (square: string | null) => apply({ select: square });
  return {
    click: (square) => apply(rules.click(board.model, board.props(), square)),
    drag: {
      cellAt: (x, y) => cellFromPoint(host, x, y, ["data-square"]),
      isSelected: (square) => board.model.selected === square,
      select,
      drop: (from, to) => apply(rules.drop(board.props(), from, to)),
      cancel: () => select(null),
    },
  };
}
