// Ataxx's board model: the position read from the view, the stone selected, the moves offered
// and what a click or a drop means. No DOM here (see ataxx-view.ts and square-input.ts).

import { squareName } from "../squares.js";
import type { BoardProps } from "../board-types.js";
import type { SquareModel, SquareOutcome } from "./square-input.js";
import type { AtaxxView } from "../contract/games/AtaxxView.js";

/** What the board holds besides its props: the stone selected, and whether the next drawing animates the last move. */
export type AtaxxModel = SquareModel;

/** The cells of the view by square name: `x`, `o`, `.` (empty) or `-` (blocked). */
export function parse(view: AtaxxView): Map<string, string> {
  const ranks = view.ranks;
  const cells = new Map<string, string>();
  view.board.forEach((row, i) => {
    [...row].forEach((c, f) => {
      cells.set(squareName(f, ranks - i), c);
    });
  });
  return cells;
}

/** How many king steps apart two squares are. */
export function distance(a: string, b: string): number {
  const df = Math.abs(a.charCodeAt(0) - b.charCodeAt(0));
  const dr = Math.abs(Number(a.slice(1)) - Number(b.slice(1)));
  return Math.max(df, dr);
}

/**
 * The move of the stone on `from` to `to` among the moves `offers` (clones by their target,
 * jumps from-to): a clone to a neighbouring square, a jump two squares away, else null.
 */
export function moveFrom(from: string, to: string, offers: string[]): string | null {
  if (distance(from, to) === 1 && offers.includes(to)) return to;
  return offers.includes(from + to) ? from + to : null;
}

/** Where square `sq` is drawn: [x, y] in board units. */
export function at(sq: string, files: number, ranks: number, flipped: boolean): [number, number] {
  const f = sq.charCodeAt(0) - 97;
  const r = Number(sq.slice(1));
  return flipped ? [files - 1 - f, r - 1] : [f, ranks - r];
}

/** The stone letter of the seat choosing a move (the premover's, while the opponent is to move). */
export function mine(props: BoardProps<AtaxxView>): string {
  return (props.premove || props.toMove) === "p1" ? "x" : "o";
}

/** The moves offered: the legal ones, or for a premove every step or jump of a stone to an empty square. */
export function offered(props: BoardProps<AtaxxView>, cells: Map<string, string>): string[] {
  if (!props.premove) return props.legal;
  const moves = new Set<string>();
  const own = mine(props);
  for (const [from, c] of cells) {
    if (c !== own) continue;
    for (const [to, d] of cells) {
      const n = d === "." ? distance(from, to) : 0;
      if (n === 1) moves.add(to);
      if (n === 2) moves.add(from + to);
    }
  }
  return [...moves];
}

/** A click on `square`: selects an own stone (again: none), plays a target of the selection or a clone target. */
export function clickOutcome(model: AtaxxModel, props: BoardProps<AtaxxView>, square: string): SquareOutcome {
  const cells = parse(props.view);
  const offers = offered(props, cells);
  if (cells.get(square) === mine(props)) return { select: model.selected === square ? null : square };
  const move = model.selected ? moveFrom(model.selected, square, offers) : null;
  if (move) return { play: move };
  return offers.includes(square) ? { play: square } : { select: null };
}

/** The stone of `from` dragged onto `to`: its move there, else the selection goes. */
export function dropOutcome(props: BoardProps<AtaxxView>, from: string, to: string): SquareOutcome {
  const move = moveFrom(from, to, offered(props, parse(props.view)));
  return move ? { play: move } : { select: null };
}
