// What a puzzle did to the learner's puzzle rating. The server rates only the first finished attempt
// (a wrong move, the solution shown, or the puzzle solved) and says so in its reply; every later
// reply about the same puzzle (after Retry, after showing the solution) rates nothing. The page keeps
// the first one's outcome until the next puzzle, so the rating line says the same in every state.

import type { Translate } from "../i18n.js";
import { ratingText } from "../account.js";
import type { PuzzlePlayer } from "../contract/PuzzlePlayer.js";
import type { PuzzlePlayerChange } from "../contract/PuzzlePlayerChange.js";
import type { PuzzleSolveReply } from "../contract/PuzzleSolveReply.js";
import type { PuzzleUnrated } from "../contract/PuzzleUnrated.js";

/** The outcome of a puzzle's first finished attempt: the learner's rating before and after it (none for a guest), whether it was rated, and why not. */
export interface RatingOutcome {
  change: PuzzlePlayerChange | null;
  rated: boolean;
  unrated: PuzzleUnrated | null;
}

/**
 * The outcome the page keeps after `reply`: the one it kept already (the first finished attempt's,
 * never replaced by a later reply, which rates nothing), else the reply's once it ends an attempt
 * (a step on after a right move ends none).
 */
export function keptOutcome(kept: RatingOutcome | null, reply: PuzzleSolveReply): RatingOutcome | null {
  if (kept || reply.status === "continue") return kept;
  return { change: reply.player ?? null, rated: reply.rated, unrated: reply.unrated };
}

/**
 * The signed-in learner's rating lines: the change the puzzle made ("1500 → 1268?") once an attempt
 * was rated, else the rating `player` had when the puzzle came, and, after an attempt that rated
 * nothing, why.
 */
export function playerRatingLines(player: PuzzlePlayer, outcome: RatingOutcome | null, t: Translate): string[] {
  const change = outcome?.change;
  if (change && outcome.rated) {
    const after = ratingText(change.after.rating, change.after.provisional);
    return [t("puzzlesChange", { before: Math.round(change.before), after })];
  }
  const yours = t("puzzlesYours", { rating: ratingText(player.rating, player.provisional) });
  return change ? [yours, unratedText(outcome.unrated, t)] : [yours];
}

/** Why a signed-in learner's attempt rated nothing. */
function unratedText(unrated: PuzzleUnrated | null, t: Translate): string {
  if (unrated === "not_served") return t("puzzlesNotServed");
  if (unrated === "too_fast") return t("puzzlesTooFast");
  return t("puzzlesNotRated");
}
