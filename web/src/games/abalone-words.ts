// Abalone's moves in words for people ("Black moves the marbles a1–c3 north-east, pushing the white
// marble on d4 off the board"), where the notation (AbaPro's `a1b2`, `c3c5d4`) says little to a
// beginner: the marbles that move, their direction as the direction pad names it on the screen, and
// the opponent's marbles pushed. The moves are followed on a copy of the board, so that a line of
// several moves is told from the position it starts at.

import type { Translate } from "../i18n.js";
import type { AbaloneMarble } from "../contract/games/AbaloneMarble.js";
import type { AbaloneView } from "../contract/games/AbaloneView.js";
import { OPPOSITE, between, directionTo, step, type Direction } from "./abalone-model.js";

/** A move told for people: who moves which marbles where, and which of the opponent's it pushes. */
export interface MoveStory {
  mover: AbaloneMarble;
  /** The mover's marbles, from the line's back to its front (a sideways line from its first written cell). */
  marbles: string[];
  direction: Direction;
  sideways: boolean;
  /** The opponent's marbles pushed, nearest first. */
  pushed: string[];
  /** Whether the last marble pushed goes off the board. */
  off: boolean;
}

/** The marbles by cell (null: an empty hole); a cell off the board is not in it. */
type Holes = Map<string, AbaloneMarble | null>;

const other = (marble: AbaloneMarble): AbaloneMarble => (marble === "b" ? "w" : "b");

/** The line of cells from `first` to `last` (both in one line, at most three), or null. */
function lineOf(first: string, last: string): string[] | null {
  if (first === last) return [first];
  const direction = directionTo(first, last);
  if (direction) return [first, last];
  const middle = between(first, last);
  return middle ? [first, middle, last] : null;
}

/** The move `text` of `mover` on `holes`, told; null for a text that is no move there. */
function story(holes: Holes, mover: AbaloneMarble, text: string): MoveStory | null {
  const [first, second, third] = text.match(/[a-i]\d/g) || [];
  if (!first || !second) return null;
  if (third) {
    const direction = directionTo(first, third);
    const marbles = lineOf(first, second);
    if (!direction || !marbles || marbles.some((cell) => holes.get(cell) !== mover)) return null;
    return { mover, marbles, direction, sideways: true, pushed: [], off: false };
  }
  const direction = directionTo(first, second);
  if (!direction) return null;
  const marbles: string[] = [];
  let cell = first;
  for (; holes.get(cell) === mover && marbles.length < 3; cell = step(cell, direction)) marbles.push(cell);
  const pushed: string[] = [];
  for (; holes.get(cell) === other(mover); cell = step(cell, direction)) pushed.push(cell);
  if (marbles.length === 0) return null;
  return { mover, marbles, direction, sideways: false, pushed, off: pushed.length > 0 && !holes.has(cell) };
}

/** Plays a told move on `holes`: every marble it moves one step on, a marble pushed off gone. */
function play(holes: Holes, move: MoveStory) {
  const moving: [string, AbaloneMarble][] = [
    ...move.marbles.map((cell): [string, AbaloneMarble] => [cell, move.mover]),
    ...move.pushed.map((cell): [string, AbaloneMarble] => [cell, other(move.mover)]),
  ];
  for (const [cell] of moving) holes.set(cell, null);
  for (const [cell, marble] of moving) {
    const to = step(cell, move.direction);
    if (holes.has(to)) holes.set(to, marble);
  }
}

/** The moves of `moves` played one after another from the position `view`, each told (null: not a move there). */
export function moveStories(view: AbaloneView, moves: string[]): (MoveStory | null)[] {
  const holes: Holes = new Map(view.cells.map((cell) => [cell.cell, cell.marble]));
  let mover = view.to_move;
  return moves.map((text) => {
    const told = story(holes, mover, text);
    if (told) play(holes, told);
    mover = other(mover);
    return told;
  });
}

/** Cells in words: one marble on its cell, a line from its first to its last cell. */
function cellsWords(
  cells: string[],
  one: (cell: string) => string,
  line: (from: string, to: string) => string,
): string {
  const [from = "", to = from] = [cells[0], cells[cells.length - 1]];
  return cells.length === 1 ? one(from) : line(from, to);
}

/** A told move in words; the direction as the screen shows it (the opposite one on a `flipped` board). */
export function storyWords(move: MoveStory, t: Translate, flipped: boolean): string {
  const who = t(move.mover === "b" ? "abalone.black" : "abalone.white");
  const marbles = cellsWords(
    move.marbles,
    (cell) => t("abalone.mv.one", { cell }),
    (from, to) => t("abalone.mv.line", { from, to }),
  );
  const direction = t(`abalone.dir.${flipped ? OPPOSITE[move.direction] : move.direction}`);
  if (move.sideways) return t("abalone.mv.sideways", { who, marbles, direction });
  if (move.pushed.length === 0) return t("abalone.mv.inLine", { who, marbles, direction });
  const colour = t(move.mover === "b" ? "abalone.mv.white" : "abalone.mv.black");
  const pushed = cellsWords(
    move.pushed,
    (cell) => t("abalone.mv.pushedOne", { colour, cell }),
    (from, to) => t("abalone.mv.pushedLine", { colour, from, to }),
  );
  return t(move.off ? "abalone.mv.pushOff" : "abalone.mv.push", { who, marbles, direction, pushed });
}

/**
 * The moves of `moves` played from the position `view` (a lesson's solution, an engine line) in
 * words, the first made by the colour to move in `view`; a text that is no move there stays as it is.
 */
export function lineWords(view: AbaloneView, moves: string[], context: { t: Translate; flipped: boolean }): string[] {
  return moveStories(view, moves).map((move, i) =>
    move ? storyWords(move, context.t, context.flipped) : (moves[i] ?? ""),
  );
}
