// "Learn from your mistakes": which of a side's moves to replay (its mistakes and blunders, from
// the evaluation graph), how a move found instead is judged, and the walk through them — which
// mistake is asked, what became of each. Pure: the coach (coach.ts) talks to the server.
//
// A reply is judged against the best move's score, the evaluation of the position before the
// mistake (the score of a position is the score of its best move): the stored best move is right
// at once, the move played in the game wrong at once, any other by the engine's score of the
// position after it, losing less than the game's mistake threshold being "good too".

import { DECIDED, share } from "./judgement.js";
import type { JudgedMove, Thresholds } from "./judgement.js";
import type { SeatName } from "../types.js";

/** A move to replay: its ply, its mark, who played it, the move played, the best move there and its score. */
export interface Mistake {
  ply: number;
  kind: "mistake" | "blunder";
  mover: SeatName;
  /** The move played in the game (leading to `ply`). */
  played: string;
  /** The engine's best move in the position before (ply − 1), null when it has none stored. */
  best: string | null;
  /** The evaluation of the position before, first player's view: the best move's score. */
  bestScore: number;
}

/** A scored ply of the evaluation graph, with the engine's best move there. */
export interface ScoredPly {
  ply: number;
  score: number;
  best?: string | null;
}

/** The mistakes and blunders of `seat` in order, from the judged moves of the main line `moves` and the graph's `plies`. */
export function mistakesOf(judged: JudgedMove[], seat: SeatName, moves: string[], plies: ScoredPly[]): Mistake[] {
  const byPly = new Map(plies.map((p) => [p.ply, p]));
  const found: Mistake[] = [];
  for (const move of [...judged].sort((a, b) => a.ply - b.ply)) {
    const before = byPly.get(move.ply - 1);
    const played = moves[move.ply - 1];
    if (move.mover !== seat || !move.kind || !before || played === undefined) continue;
    found.push({
      ply: move.ply,
      kind: move.kind,
      mover: seat,
      played,
      best: before.best ?? null,
      bestScore: before.score,
    });
  }
  return found;
}

/** How a reply is judged: the best move, a good move too, or not good enough. */
export type Verdict = "best" | "good" | "wrong";

/**
 * The verdict on `reply` (canonical move text) instead of `mistake`'s move, when it is clear from
 * the moves alone: the best move is right, the move played wrong; null when its score decides.
 */
export function verdictByMove(mistake: Mistake, reply: string): Verdict | null {
  if (mistake.best !== null && reply === mistake.best) return "best";
  if (reply === mistake.played) return "wrong";
  return null;
}

/** The mover's loss (0 to 1 of expected score) of a reply scored `score` (first player's view) against the best move's score. */
export function replyLoss(mistake: Mistake, score: number): number {
  const sign = mistake.mover === "p1" ? 1 : -1;
  return sign * (share(mistake.bestScore) - share(score));
}

/** The verdict on a reply scored `score` (first player's view): good when it loses less than the mistake threshold. */
export function verdictByScore(mistake: Mistake, score: number, thresholds: Thresholds): Verdict {
  return replyLoss(mistake, score) < thresholds.mistake ? "good" : "wrong";
}

/** The score (first player's view) of a game's result as record text (`1-0`, `0-1`, `1/2-1/2`), null for another text. */
export function resultScore(result: string | null | undefined): number | null {
  const scores: Record<string, number> = { "1-0": DECIDED, "0-1": -DECIDED, "1/2-1/2": 0 };
  return result !== null && result !== undefined && result in scores ? (scores[result] ?? null) : null;
}

/** What became of a mistake: a good move found, the best move shown, or skipped. */
export type Result = "found" | "shown" | "skipped";

/** Where the walk is: asking for a move, judging one, after a right or a wrong one, the best move shown, done. */
export type Phase = "ask" | "judging" | "right" | "wrong" | "shown" | "done";

/** A walk through one side's mistakes. */
export interface Session {
  seat: SeatName;
  mistakes: Mistake[];
  /** The index of the mistake asked. */
  index: number;
  /** What became of the mistakes before `index` (and of the one asked, once answered). */
  results: Result[];
  phase: Phase;
  /** The verdict on the last reply to the mistake asked. */
  verdict: Verdict | null;
  /** The last reply to the mistake asked (canonical move text). */
  reply: string | null;
}

/** A walk through `mistakes` of `seat`, asking the first (done at once without any). */
export function startSession(seat: SeatName, mistakes: Mistake[]): Session {
  return { seat, mistakes, index: 0, results: [], phase: mistakes.length ? "ask" : "done", verdict: null, reply: null };
}

/** The mistake asked, null once done. */
export function currentMistake(session: Session): Mistake | null {
  return session.phase === "done" ? null : (session.mistakes[session.index] ?? null);
}

/** Whether the learner may answer now: asked, or after a wrong reply. */
export function awaitsReply(session: Session): boolean {
  return session.phase === "ask" || session.phase === "wrong";
}

/** The session judging `reply`. */
export function judging(session: Session, reply: string): Session {
  return { ...session, phase: "judging", reply, verdict: null };
}

/** The session after the verdict on its reply: right (the mistake counts as found) or wrong (asked again). */
export function judged(session: Session, verdict: Verdict): Session {
  if (verdict === "wrong") return { ...session, phase: "wrong", verdict };
  return { ...session, phase: "right", verdict, results: withResult(session, "found") };
}

/** The session with the best move shown (the mistake counts as shown). */
export function shown(session: Session): Session {
  return { ...session, phase: "shown", results: withResult(session, "shown") };
}

/** The session on at the next mistake (or done), the one asked counted as skipped unless answered. */
export function advance(session: Session): Session {
  const results = session.results.length > session.index ? session.results : withResult(session, "skipped");
  const index = session.index + 1;
  return {
    ...session,
    index,
    results,
    phase: index < session.mistakes.length ? "ask" : "done",
    verdict: null,
    reply: null,
  };
}

/** The results with `result` for the mistake asked. */
function withResult(session: Session, result: Result): Result[] {
  return [...session.results.slice(0, session.index), result];
}

/** How many of the session's mistakes got a good move found. */
export function foundCount(session: Session): number {
  return session.results.filter((r) => r === "found").length;
}
