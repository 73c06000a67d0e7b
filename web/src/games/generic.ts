// Any game without a renderer of its own: a grid when the view has a
// `board` of strings (click squares to build a move), else the view as text.
// Split into model (generic-model.ts), view (generic-view.ts) and input (generic-input.ts).

import { keyboardCells, drawBoard } from "../vdom.js";
import type { Board, BoardContext, BoardProps } from "../board-types.js";
import type { GenericModel } from "./generic-model.js";
import { view } from "./generic-view.js";
import { input } from "./generic-input.js";

/** No extra information per seat. */
export function seatInfo(): null {
  return null;
}

/** Draws the view into `host`; `submit(move)` plays a move. */
export function createBoard(host: HTMLElement, context: BoardContext): Board {
  const model: GenericModel = { partial: "" };
  const cells = keyboardCells("data-square");
  let props: BoardProps | null = null;
  const draw = () => {
    if (props) drawBoard(host, cells(view(props, model, click)));
  };
  const click = input(model, () => props as BoardProps, context.submit, draw);
  return {
    update(next) {
      props = next;
      model.partial = "";
      draw();
    },
    refresh: draw,
  };
}
