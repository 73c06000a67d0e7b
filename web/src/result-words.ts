// A finished game's result in words for the game page and the game search: who won, a draw, or
// none ("Game aborted" for an aborted game), with the result's notation only where it says something.

import { t } from "./i18n.js";

/**
 * The result in words: `winner` wins, a draw, or for a game without a result (`result` `*`) "Game
 * aborted" when `reason` is `aborted`, else "No result".
 */
export function resultWords(result: string, reason: string, winner: string | null, draw: string): string {
  if (winner) return winner;
  if (result !== "*") return draw;
  return t(reason === "aborted" ? "gameAborted" : "noResult");
}

/** The result's notation in brackets (" (1-0)"), or nothing for a game without a result: "(*)" is PGN's jargon. */
export function resultNotation(result: string): string {
  return result === "*" ? "" : ` (${result})`;
}

/** When an aborted game ended, by its moves of play so far: in the setup, before the first or the second move. */
export type AbortedWhen = "setup" | "first" | "second";

/** When the game with `people` (what is between its players) was aborted; null for a game without them. */
export function abortedWhen(people: { in_setup: boolean; play_moves: number } | null | undefined): AbortedWhen | null {
  if (!people) return null;
  if (people.in_setup) return "setup";
  return people.play_moves === 0 ? "first" : "second";
}

/**
 * How an aborted game ended, in words: who aborted it ("Alice aborted the game during the setup",
 * "You aborted…" for the viewer's own seat), or, when no player did (the first move's deadline) or
 * it is not known, when ("aborted before the first move").
 */
export function abortWords(when: AbortedWhen, by: { name: string; you: boolean } | null): string {
  const moment = t(`abortWhen.${when}`);
  if (!by) return t("abortedWhen", { when: moment });
  return by.you ? t("abortedByYou", { when: moment }) : t("abortedBy", { name: by.name, when: moment });
}

/** The reasons that say what the losing player did, with the text that says it about them. */
const LOSER_DID = { resignation: "lostByResignation", time: "lostOnTime", left: "lostByLeaving" } as const;

/**
 * How a game was lost, as a sentence about the player who lost ("bob0808 resigned", "Blau hat die Zeit
 * überschritten"): for a resignation, a lost clock and a player who left; null for any other reason
 * (the server's words say it) or when the loser is not known.
 */
export function loserSentence(reason: string, loser: string | null): string | null {
  const key = LOSER_DID[reason as keyof typeof LOSER_DID];
  return key && loser ? t(key, { name: loser }) : null;
}
