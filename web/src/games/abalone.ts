// Abalone: the hexagonal board of 61 holes; pick one to three of your
// marbles in a line, then a direction (a highlighted destination, the
// direction pad, or a selected marble dragged one step that way). The board
// is split into its model (abalone-model.ts), view (abalone-view.ts) and
// input (abalone-input.ts).

import { positionTracker } from "../position-tracker.js";
import { keyboardCells, drawBoard, v } from "../vdom.js";
import { enableDrag } from "../drag.js";
import type { Translate } from "../i18n.js";
import type { Board, BoardContext, BoardProps, MoveGeometry } from "../board-types.js";
import type { Thresholds } from "../analysis/judgement.js";
import type { AbaloneView } from "../contract/games/AbaloneView.js";
import type { AbaloneModel } from "./abalone-model.js";
import { board, directionPad, hint } from "./abalone-view.js";
import { input } from "./abalone-input.js";
import "./abalone.css";

export { between, directionTo, lastMoveCells } from "./abalone-model.js";

/** Moves in words for people (a lesson's solution, the move waiting for Play, an engine line). */
export { lineWords } from "./abalone-words.js";

/** The analysis's marks: the scores move slowly (a marble is a large step), so smaller drops count. */
export const thresholds: Thresholds = { mistake: 0.08, blunder: 0.16 };

export { TEXTS } from "./abalone-view.js";

/** Whether more marbles are off the board in `after` than in `before`: a marble pushed off. */
export function captures(before: AbaloneView, after: AbaloneView): boolean {
  const off = (view: AbaloneView) => view.ejected.black + view.ejected.white;
  return off(after) > off(before);
}

/** What the move list's notation means (AbaPro's): a line moving in line, and one moving sideways. */
export function notationHelp(t: Translate): string {
  return t("abalone.notation");
}

/** Opponent marbles each seat has pushed off (P1 is Black). */
export function seatInfo(view: AbaloneView, t: Translate): string[] | null {
  return [`${t("ejected")}: ${view.ejected.black}`, `${t("ejected")}: ${view.ejected.white}`];
}

/**
 * The cells of `move` for the analysis board's arrows: from the first marble written to where it
 * goes (in line: the second cell; broadside: the third).
 */
export function moveGeometry(_view: AbaloneView, move: string): MoveGeometry | null {
  const [first, second, third] = move.match(/[a-i]\d/g) || [];
  return first && second ? { from: first, to: third || second } : null;
}

/** Draws Abalone boards into `host`; `submit(move)` plays a move. */
export function createBoard(host: HTMLElement, context: BoardContext): Board {
  const model: AbaloneModel = { selection: [], ambiguous: null, animate: false };
  const newPosition = positionTracker();
  const cells = keyboardCells("data-cell");
  let props: BoardProps<AbaloneView> | null = null;
  const draw = () => {
    if (!props) return;
    const { actions } = handlers;
    // What to do and the direction pad, together right under the board (style.css places them).
    const controls = props.interactive
      ? [
          v("div", { key: "controls", class: "abalone-controls" }, [
            hint(props, model, context.t),
            directionPad(props, model, context.t, actions.direction),
          ]),
        ]
      : [];
    drawBoard(host, cells(board(props, model, actions)), ...controls);
    model.animate = false;
  };
  const current = () => props as BoardProps<AbaloneView>;
  const handlers = input({ model, props: current, submit: context.submit, draw }, host);
  enableDrag(host, handlers.drag);
  return {
    update(next) {
      const typed = next as BoardProps<AbaloneView>;
      if (newPosition(typed)) {
        model.selection = [];
        model.ambiguous = null;
      }
      props = typed;
      model.animate = typed.animate;
      draw();
    },
    refresh: draw,
  };
}
