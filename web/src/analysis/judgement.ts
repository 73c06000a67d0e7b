// Judging the moves of a game from its evaluation graph: each move's loss in the mover's expected
// score, marked a mistake or a blunder beyond the game's thresholds, and each player's accuracy.
//
// Scores are the server's (evaluation.rs): the first player's view, in the engine's units
// (100 = one "point"), ±10000 for a decided position. The expected score of the first player is
// 1 / (1 + e^(−score/250)), 1 or 0 once decided.

import type { SeatName } from "../types.js";
import { boardModule } from "../boards.js";

/** The server's score of a decided position; beyond half of it a score is a win. */
export const DECIDED = 10000;

/** The first player's expected score (0 to 1) at `score` from their view. */
export function share(score: number): number {
  if (score >= DECIDED / 2) return 1;
  if (score <= -DECIDED / 2) return 0;
  return 1 / (1 + Math.exp(-score / 250));
}

/** The losses in expected score (0 to 1) from which a move is a mistake or a blunder. */
export interface Thresholds {
  mistake: number;
  blunder: number;
}

/** The common thresholds: 10 and 20 points of expected score (of 100). */
const COMMON: Thresholds = { mistake: 0.1, blunder: 0.2 };

/**
 * The thresholds of game `game`: its board module's where its scores swing more or less than
 * usual (Ataxx's, Abalone's: `thresholds` of `games/*`), else the common ones.
 */
export function thresholdsOf(game: string): Thresholds {
  return boardModule(game).thresholds ?? COMMON;
}

/** A judged move: its ply, who played it, its loss in expected score, and its mark. */
export interface JudgedMove {
  ply: number;
  mover: SeatName;
  loss: number;
  kind: "mistake" | "blunder" | null;
  /** This move's accuracy, 0 to 100. */
  accuracy: number;
}

/**
 * The accuracy of a move that lost `loss` (0 to 1) of the mover's expected score, after
 * lichess's formula: 103.1668 · e^(−4.354 · loss) − 3.1669, within 0 to 100.
 */
export function moveAccuracy(loss: number): number {
  return Math.min(100, Math.max(0, 103.1668 * Math.exp(-4.354 * loss) - 3.1669));
}

/**
 * The judged moves of a game whose evaluated plies are `scores` (by ply, first player's view):
 * each ply whose position before is evaluated too. `moverOf(ply)` tells who played the move
 * leading to `ply`.
 */
export function judge(
  scores: Map<number, number>,
  moverOf: (ply: number) => SeatName,
  thresholds: Thresholds,
): JudgedMove[] {
  const moves: JudgedMove[] = [];
  for (const [ply, score] of [...scores].sort((a, b) => a[0] - b[0])) {
    const before = scores.get(ply - 1);
    if (ply === 0 || before === undefined) continue;
    const mover = moverOf(ply);
    const sign = mover === "p1" ? 1 : -1;
    const drop = sign * (share(before) - share(score));
    const loss = Math.max(0, drop);
    const kind = loss >= thresholds.blunder ? "blunder" : loss >= thresholds.mistake ? "mistake" : null;
    moves.push({ ply, mover, loss, kind, accuracy: moveAccuracy(loss) });
  }
  return moves;
}

/** Per seat: its mistakes, blunders, and accuracy (the mean of its moves'), null without moves. */
export interface PlayerSummary {
  mistakes: number;
  blunders: number;
  accuracy: number | null;
}

/** The summary of each seat's moves. */
export function summarise(moves: JudgedMove[]): Record<SeatName, PlayerSummary> {
  const of = (seat: SeatName): PlayerSummary => {
    const own = moves.filter((m) => m.mover === seat);
    return {
      mistakes: own.filter((m) => m.kind === "mistake").length,
      blunders: own.filter((m) => m.kind === "blunder").length,
      accuracy: own.length ? own.reduce((sum, m) => sum + m.accuracy, 0) / own.length : null,
    };
  };
  return { p1: of("p1"), p2: of("p2") };
}

/**
 * Who played the move leading to each ply, when the sides alternate: the side to move at `ply`
 * is `sideAt` at `atPly`, the other side one ply earlier or later.
 */
export function alternatingMover(sideAt: SeatName, atPly: number): (ply: number) => SeatName {
  return (ply) => {
    const toMoveBefore = Math.abs(atPly - (ply - 1)) % 2 === 0 ? sideAt : sideAt === "p1" ? "p2" : "p1";
    return toMoveBefore;
  };
}
