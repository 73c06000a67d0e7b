// Abalone's board model: the geometry of the hexagonal board, the marbles selected, the moves
// they can make and what a click, a drop or an arrow means. No DOM here (see abalone-view.ts and
// abalone-input.ts).

import type { BoardProps } from "../board-types.js";
import type { AbaloneMove } from "../contract/games/AbaloneMove.js";
import type { AbaloneView } from "../contract/games/AbaloneView.js";

/** A direction marbles move in. */
export type Direction = AbaloneMove["direction"];

/**
 * What the board holds besides its props: the marbles selected, the directions of the moves
 * leading to the dot clicked last when there are several, and whether the next drawing animates
 * the last move.
 */
export interface AbaloneModel {
  selection: string[];
  ambiguous: Direction[] | null;
  animate: boolean;
}

type Props = BoardProps<AbaloneView>;

const DIRECTIONS: Record<Direction, [number, number]> = {
  E: [0, 1],
  W: [0, -1],
  NE: [1, 1],
  NW: [1, 0],
  SE: [-1, 0],
  SW: [-1, -1],
};
export const ARROWS: Record<Direction, string> = { NW: "↖", NE: "↗", W: "←", E: "→", SW: "↙", SE: "↘" };
export const OPPOSITE: Record<Direction, Direction> = { NW: "SE", NE: "SW", W: "E", E: "W", SW: "NE", SE: "NW" };
export const ROW_H = Math.sqrt(3) / 2;

export function cellName(row: number, diag: number): string {
  return String.fromCharCode(96 + row) + diag;
}

export function step(cell: string, direction: Direction): string {
  const row = cell.charCodeAt(0) - 96;
  const diag = Number(cell.slice(1));
  const [dr, dd] = DIRECTIONS[direction];
  return cellName(row + dr, diag + dd);
}

export function position(row: number, diag: number, flipped: boolean): [number, number] {
  const x = diag - row / 2;
  const y = (9 - row) * ROW_H;
  return flipped ? [5 - x, 8 * ROW_H - y] : [x, y];
}

export const rowOf = (cell: string) => cell.charCodeAt(0) - 96;
export const diagOf = (cell: string) => Number(cell.slice(1));

/**
 * The cells of the marbles move `text` (AbaPro: `a1b2` in line, `c3c5d4` broadside) has just
 * moved, pushed ones included, and the step [rows, diagonals] they made; `occupied(cell)` tells
 * whether a marble stands on a cell now.
 */
export function movedMarbles(
  text: string,
  occupied: (cell: string) => boolean,
): { moved: string[]; step: [number, number] } | null {
  const [first, second, third] = text.match(/[a-i]\d/g) || [];
  if (!first || !second) return null;
  const to = third || second;
  const step: [number, number] = [rowOf(to) - rowOf(first), diagOf(to) - diagOf(first)];
  const moved: string[] = [];
  if (third) {
    // Broadside: each marble from the first to the second written cell steps aside.
    const dr = Math.sign(rowOf(second) - rowOf(first));
    const dd = Math.sign(diagOf(second) - diagOf(first));
    for (let r = rowOf(first), d = diagOf(first); ; r += dr, d += dd) {
      moved.push(cellName(r + step[0], d + step[1]));
      if (cellName(r, d) === second || moved.length === 3) break;
    }
  } else {
    // In line: the marbles from the destination on, up to the first empty hole, all moved.
    for (let r = rowOf(to), d = diagOf(to); occupied(cellName(r, d)); r += step[0], d += step[1])
      moved.push(cellName(r, d));
  }
  return { moved, step };
}

/**
 * Where the mover's marbles of move `text` (AbaPro, not yet played) would stand: each of the line's
 * marbles one step on; `marbleAt(cell)` tells whose marble stands on a cell now, `own` the mover's.
 * The cells of a move waiting for Play get a ghost marble (the opponent's pushed ones get none).
 */
export function ghostCells(text: string, marbleAt: (cell: string) => string | null | undefined, own: string): string[] {
  const [first, second, third] = text.match(/[a-i]\d/g) || [];
  if (!first || !second) return [];
  const to = third || second;
  const [dr, dd] = [rowOf(to) - rowOf(first), diagOf(to) - diagOf(first)];
  // Broadside: the line from the first to the second written cell; in line: from the tail on while the mover's marbles last.
  const [lr, ld] = third
    ? [Math.sign(rowOf(second) - rowOf(first)), Math.sign(diagOf(second) - diagOf(first))]
    : [dr, dd];
  const ghosts: string[] = [];
  for (
    let r = rowOf(first), d = diagOf(first), n = 0;
    n < 3 && marbleAt(cellName(r, d)) === own;
    r += lr, d += ld, n++
  ) {
    ghosts.push(cellName(r + dr, d + dd));
    if (third && cellName(r, d) === second) break;
  }
  return ghosts;
}

/**
 * The cells of the last-move mark of move `text`, drawn after it: in line, the hole the line left
 * and every cell of the mover's marbles now (pushed marbles are the opponent's and unmarked), so
 * that the mark runs from where the line started to where it ends; broadside, every marble's new cell.
 */
export function lastMoveCells(text: string, marbleAt: (cell: string) => string | null | undefined): string[] {
  const [, , third] = text.match(/[a-i]\d/g) || [];
  const move = movedMarbles(text, (cell) => Boolean(marbleAt(cell)));
  if (!move) return [];
  if (third) return move.moved;
  const mover = marbleAt(move.moved[0] ?? "");
  const own = move.moved.filter((cell) => marbleAt(cell) === mover);
  const [first] = own;
  const [dr, dd] = move.step;
  return first ? [cellName(rowOf(first) - dr, diagOf(first) - dd), ...own] : own;
}

/** The cell halfway between `a` and `b` when they are two steps apart in a line, else null. */
export function between(a: string, b: string): string | null {
  const dr = rowOf(b) - rowOf(a);
  const dd = diagOf(b) - diagOf(a);
  const inLine = dr === 0 || dd === 0 || dr === dd;
  if (!inLine || Math.max(Math.abs(dr), Math.abs(dd)) !== 2) return null;
  return cellName(rowOf(a) + dr / 2, diagOf(a) + dd / 2);
}

/** The direction in which `to` neighbours `from`, or null when it is no neighbour. */
export function directionTo(from: string, to: string): Direction | null {
  const found = (Object.keys(DIRECTIONS) as Direction[]).find((d) => step(from, d) === to);
  return found ?? null;
}

/** Whether more marbles are off the board in `after` than in `before`: a marble pushed off. */
export function captures(before: AbaloneView, after: AbaloneView): boolean {
  const off = (view: AbaloneView) => view.ejected.black + view.ejected.white;
  return off(after) > off(before);
}

export const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((m) => b.includes(m));

/** The moves of the view that are legal now. */
export function legalMoves(props: Props): AbaloneMove[] {
  const allowed = new Set(props.legal);
  return props.view.legal.filter((m) => allowed.has(m.move));
}

/** The moves of exactly the selected marbles. */
export function candidates(props: Props, model: AbaloneModel): AbaloneMove[] {
  return model.selection.length ? legalMoves(props).filter((m) => sameSet(m.marbles, model.selection)) : [];
}

/**
 * The selection after `cell` is added or taken out; a marble two steps in line from the one
 * selected selects the line between them (tail to head). A marble that fits no move with the
 * selection starts a new one.
 */
export function selectCell(props: Props, selection: string[], cell: string): string[] {
  const moves = legalMoves(props);
  const fits = (set: string[]) => set.length > 0 && moves.some((m) => set.every((c) => m.marbles.includes(c)));
  const [only] = selection;
  const middle = only && selection.length === 1 ? between(only, cell) : null;
  const line = middle ? [only ?? "", middle, cell] : null;
  const extended = selection.includes(cell) ? selection.filter((c) => c !== cell) : [...selection, cell];
  return line && fits(line) ? line : fits(extended) ? extended : fits([cell]) ? [cell] : [];
}

/** The holes the selection can go to, each with the moves that lead there. */
export function destinations(props: Props, model: AbaloneModel): Map<string, AbaloneMove[]> {
  const targets = new Map<string, AbaloneMove[]>();
  for (const move of candidates(props, model)) {
    for (const marble of move.marbles) {
      const to = step(marble, move.direction);
      if (model.selection.includes(to)) continue;
      targets.set(to, [...(targets.get(to) ?? []), move]);
    }
  }
  return targets;
}

/** The marble colour of the seat to move. */
export const mine = (props: Props): string => (props.toMove === "p1" ? "b" : "w");

/** What an input does: play a move, or change the model (selection and the directions asked for). */
export type Outcome = { play: string } | { selection: string[]; ambiguous: Direction[] | null };

/** A click on hole `cell` leading by `moves` (if a destination): plays, asks which of two, or (de)selects. */
export function clickOutcome(props: Props, model: AbaloneModel, cell: string, moves?: AbaloneMove[]): Outcome {
  const [only, second] = moves ?? [];
  if (only && !second) return { play: only.move };
  // A dot two moves lead to: the selection stays, and the pad's arrows say which.
  if (moves && second) return { selection: model.selection, ambiguous: moves.map((m) => m.direction) };
  const marble = props.view.cells.find((c) => c.cell === cell)?.marble;
  if (marble === mine(props)) return { selection: selectCell(props, model.selection, cell), ambiguous: null };
  return { selection: [], ambiguous: null };
}

/**
 * The marble of `from` dragged onto `to`: one step moves the selection that way; onto a
 * highlighted destination, as its click; else the selection goes.
 */
export function dropOutcome(props: Props, model: AbaloneModel, from: string, to: string): Outcome {
  const direction = model.selection.includes(from) ? directionTo(from, to) : null;
  const stepped = direction && candidates(props, model).find((m) => m.direction === direction);
  if (stepped) return { play: stepped.move };
  const moves = destinations(props, model).get(to) ?? [];
  const [only, second] = moves;
  if (only && !second) return { play: only.move };
  return second
    ? { selection: model.selection, ambiguous: moves.map((m) => m.direction) }
    : { selection: [], ambiguous: null };
}
