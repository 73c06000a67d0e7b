// Abalone's input: clicks on holes and arrows, keys (through the cells' clicks) and drags change
// the model and play moves.

import { cellFromPoint, type DragBoard } from "../drag.js";
import type { BoardContext, BoardProps } from "../board-types.js";
import type { AbaloneView } from "../contract/games/AbaloneView.js";
import { clickOutcome, dropOutcome, selectCell, type AbaloneModel, type Outcome } from "./abalone-model.js";
import type { AbaloneActions } from "./abalone-view.js";

/** What the board's input reaches: the model, the current props, the page's submit and a redraw. */
export interface AbaloneInput {
  model: AbaloneModel;
  props: () => BoardProps<AbaloneView>;
  submit: BoardContext["submit"];
  draw: () => void;
}

/** The handlers of a board: the view's clicks, and dragging for `enableDrag` in `host`. */
export function input(board: AbaloneInput, host: HTMLElement): { actions: AbaloneActions; drag: DragBoard } {
  const { model } = board;
  const apply = (outcome: Outcome) => {
    model.selection = [];
    model.ambiguous = null;
    // Played (or handed to the page to wait for Play): the selection goes with it.
    if ("play" in outcome) return board.submit(outcome.play);
    model.selection = outcome.selection;
    model.ambiguous = outcome.ambiguous;
    board.draw();
  };
  return {
    actions: {
      cell: (cell, moves) => apply(clickOutcome(board.props(), model, cell, moves)),
      direction: (move) => apply({ play: move }),
    },
    drag: {
      cellAt: (x, y) => cellFromPoint(host, x, y, ["data-cell"]),
      isSelected: (cell) => model.selection.includes(cell),
      select: (cell) => apply({ selection: selectCell(board.props(), model.selection, cell), ambiguous: null }),
      drop: (from, to) => apply(dropOutcome(board.props(), model, from, to)),
      cancel: () => apply({ selection: [], ambiguous: null }),
    },
  };
}
