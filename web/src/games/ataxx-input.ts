// Ataxx's input: clicks, keys (through the cells' clicks) and drags change the model and play moves.

import { cellFromPoint, type DragBoard } from "../drag.js";
import type { BoardContext, BoardProps } from "../board-types.js";
import type { AtaxxView } from "../contract/games/AtaxxView.js";
import { clickOutcome, dropOutcome, type AtaxxModel, type Outcome } from "./ataxx-model.js";

/** What the board's input reaches: the model, the current props, the page's submit and a redraw. */
export interface AtaxxInput {
  model: AtaxxModel;
  props: () => BoardProps<AtaxxView>;
  submit: BoardContext["submit"];
  draw: () => void;
}

/** The handlers of a board: a click on a square, and dragging for `enableDrag` in `host`. */
export function input(board: AtaxxInput, host: HTMLElement): { click: (square: string) => unknown; drag: DragBoard } {
  const apply = (outcome: Outcome) => {
    board.model.selected = null;
    if ("play" in outcome) return board.submit(outcome.play);
    board.model.selected = outcome.select;
    board.draw();
  };
  const select = (square: string | null) => apply({ select: square });
  return {
    click: (square) => apply(clickOutcome(board.model, board.props(), square)),
    drag: {
      cellAt: (x, y) => cellFromPoint(host, x, y, ["data-square"]),
      isSelected: (square) => board.model.selected === square,
      select,
      drop: (from, to) => apply(dropOutcome(board.props(), from, to)),
      cancel: () => select(null),
    },
  };
}
