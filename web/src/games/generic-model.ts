// The generic board's model: the squares clicked so far towards a move. No DOM here.

import type { BoardProps } from "../board-types.js";

/** The move half made: the squares clicked so far. */
export interface GenericModel {
  partial: string;
}

/** The rows of the view's `board`, when it has one of strings. */
export function rowsOf(view: BoardProps["view"]): string[] | null {
  const rows = view.board;
  return Array.isArray(rows) && rows.every((row): row is string => typeof row === "string") ? rows : null;
}

/** A click on `square`: the move it completes, or the next half-made move. */
export function clickOutcome(
  model: GenericModel,
  legal: string[],
  square: string,
): { play: string } | { partial: string } {
  const next = model.partial + square;
  if (legal.includes(next)) return { play: next };
  const partial = legal.some((m) => m.startsWith(next)) ? next : legal.some((m) => m.startsWith(square)) ? square : "";
  return { partial };
}
