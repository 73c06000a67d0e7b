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
