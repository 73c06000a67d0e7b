// Die Formation's board model: the pieces read from the view, the piece selected, its targets and
// what a click or a drop means. No DOM here (see formation-view.ts and square-input.ts).

import type { BoardProps } from "../board-types.js";
import type { SquareModel, SquareOutcome } from "./square-input.js";
import type { FormationView } from "../contract/games/FormationView.js";

/** What the board holds besides its props: the piece selected, and whether the next drawing animates the last move. */
export type FormationModel = SquareModel;

export const COLOURS: Record<string, string> = { R: "red", Y: "yellow", G: "green", B: "blue" };
const WHITE = new Set(["W", "O"]);
const BLACK = new Set(["B", "X"]);

type Props = BoardProps<FormationView>;

/** The colour of the piece on `square`, if any. */
export function pieceAt(view: FormationView, square: string): "white" | "black" | null {
  const f = square.charCodeAt(0) - 97;
  const r = Number(square.slice(1));
  const c = view.pieces[8 - r]?.[f] ?? ".";
  return WHITE.has(c) ? "white" : BLACK.has(c) ? "black" : null;
}

/** Whether the piece on `square` is the mover's (the premover's, while the opponent is to move). */
export function own(props: Props, square: string): boolean {
  return pieceAt(props.view, square) === ((props.premove || props.toMove) === "p1" ? "white" : "black");
}

/** Whether the piece on `square` may be picked up: an own piece with a move (a premove: any own piece). */
export function movable(props: Props, square: string): boolean {
  return own(props, square) && (Boolean(props.premove) || props.legal.some((m) => m.startsWith(square)));
}

/**
 * The move of the piece on `from` to `to`, or null. A premove goes from any own piece to any
 * square without one; the page checks it when the turn comes.
 */
export function moveTo(props: Props, from: string, to: string): string | null {
  return (props.premove ? !own(props, to) : props.legal.includes(from + to)) ? from + to : null;
}

/** The squares the selected piece may go to. */
export function targets(props: Props, model: FormationModel): Set<string> {
  const from = model.selected;
  return new Set(from ? props.legal.filter((m) => m.startsWith(from)).map((m) => m.slice(2)) : []);
}

/** A click on `square`: plays the selected piece there, else selects the piece on it (again: none). */
export function clickOutcome(model: FormationModel, props: Props, square: string): SquareOutcome {
  const move = model.selected && moveTo(props, model.selected, square);
  if (move) return { play: move };
  return { select: movable(props, square) && model.selected !== square ? square : null };
}

/** The piece of `from` dragged onto `to`: its move there, else the selection goes. */
export function dropOutcome(props: Props, from: string, to: string): SquareOutcome {
  const move = moveTo(props, from, to);
  return move ? { play: move } : { select: null };
}

/** Where square `sq` is drawn: [x, y] in board units. */
export function place(sq: string, flipped: boolean): [number, number] {
  const f = sq.charCodeAt(0) - 97;
  const r = Number(sq.slice(1));
  return flipped ? [7 - f, r - 1] : [f, 8 - r];
}
