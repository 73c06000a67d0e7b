// The generic board's input: a click on a square builds the move and plays it when it is complete.

import type { BoardContext, BoardProps } from "../board-types.js";
import { clickOutcome, type GenericModel } from "./generic-model.js";

/** The handler of a click on `square`. */
export function input(
  model: GenericModel,
  props: () => BoardProps,
  submit: BoardContext["submit"],
  draw: () => void,
): (square: string) => unknown {
  return (square) => {
    const outcome = clickOutcome(model, props().legal, square);
    if ("play" in outcome) {
      model.partial = "";
      return submit(outcome.play);
    }
    model.partial = outcome.partial;
    draw();
  };
}
