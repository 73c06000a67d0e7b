// The input of a board where a piece is chosen and then its square of arrival (Ataxx, Die Formation):
// clicks, keys (through the cells' clicks) and drags change the model and play moves. What a click
// or a drop means is the game's (its model's `clickOutcome` and `dropOutcome`).

import { cellFromPoint, enableDrag, type DragBoard } from "../drag.js";
import { positionTracker } from "../position-tracker.js";
import { drawBoard, keyboardCells, type VChild } from "../vdom.js";
import type { VNode } from "snabbdom";
import type { Board, BoardContext, BoardProps } from "../board-types.js";

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

/**
 * A square board drawn into `host`: the game's `board` view (its cells made one tab stop) and
 * `rest` after it, redrawn on every change, with clicks and drags meaning what `rules` says.
 */
export function squareBoard<V>(
  host: HTMLElement,
  context: BoardContext,
  rules: SquareRules<V>,
  board: (props: BoardProps<V>, model: SquareModel, click: (square: string) => unknown) => VNode,
  rest: () => VChild[] = () => [],
): Board {
  const model: SquareModel = { selected: null, animate: false };
  const newPosition = positionTracker();
  const cells = keyboardCells("data-square");
  let props: BoardProps<V> | null = null;
  const draw = () => {
    if (!props) return;
    drawBoard(host, cells(board(props, model, handlers.click)), ...rest());
    model.animate = false;
  };
  const handlers = squareInput(
    { model, props: () => props as BoardProps<V>, submit: context.submit, draw },
    host,
    rules,
  );
  enableDrag(host, handlers.drag);
  return {
    update(next) {
      const typed = next as BoardProps<V>;
      if (newPosition(typed)) model.selected = null;
      props = typed;
      model.animate = typed.animate;
      draw();
    },
    refresh: draw,
  };
}
