// After a game an arena paired: the notice under its result that the next pairing comes in a few
// seconds (the arena lets a player rest after a game so that the result can be read: the contract's
// `RESULT_PAUSE_MS`), with the way to stay out of it: the arena's pause. The game
// page gives it a host of its own; the notice counts down by itself. After a Swiss's game: that the
// next round follows the round's last game.

import "./texts.js";
import { errorText, t } from "../../i18n.js";
import type { UiError } from "../../i18n.js";
import { api } from "../../api.js";
import { host, patch, v } from "../../vdom.js";
import type { VChild, VNode } from "../../vdom.js";
import { RESULT_PAUSE_MS } from "../../contract/constants.js";

/** What the notice shows: the seconds left to the next pairing, whether the player paused, a failure. */
export interface NextGameState {
  left: number;
  paused: boolean;
  error: UiError | null;
}

/** The notice's parts: the time to the next game and the pause button, or that the player paused. */
export function nextGameView(state: NextGameState, pause: () => void): VChild[] {
  // The way back to the arena is the rematch's place above (rematch.ts): not said twice here.
  if (state.paused) return [v("span", { key: "paused" }, t("tour.pausedAfter"))];
  const seconds = Math.ceil(state.left / 1000);
  return [
    v("span", { key: "next" }, seconds > 0 ? t("tour.nextIn", { seconds }) : t("tour.nextSoon")),
    " ",
    v("button", { key: "pause", id: "arena-pause", on: { click: pause } }, t("tour.leave")),
    state.error ? v("span", { key: "error", class: "error", role: "alert" }, ` ${errorText(state.error)}`) : null,
  ];
}

/** Each finished arena game's notice: when the page saw it end, and what it shows. */
const notices = new Map<string, { since: number; state: NextGameState; element: Element | null }>();

/** The notice for the player of `game`, which ended, of the arena `tournament`. */
export function nextGameNotice(tournament: string, game: string): VNode {
  let notice = notices.get(game);
  if (!notice) {
    notice = { since: Date.now(), state: { left: RESULT_PAUSE_MS, paused: false, error: null }, element: null };
    notices.set(game, notice);
  }
  const shown = notice;
  const draw = () => {
    shown.state.left = Math.max(0, shown.since + RESULT_PAUSE_MS - Date.now());
    if (shown.element) patch(shown.element, ...nextGameView(shown.state, pause));
  };
  const pause = async () => {
    try {
      await api("POST", `/api/tournaments/${tournament}/leave`, {});
      shown.state.paused = true;
    } catch (e) {
      shown.state.error = e as UiError;
    }
    draw();
  };
  return host("p", { key: "arena-next", class: "arena-next", id: "arena-next", "aria-live": "polite" }, (element) => {
    if (shown.element === element) return;
    shown.element = element;
    draw();
    const timer = setInterval(() => {
      if (!element.isConnected || shown.state.left <= 0 || shown.state.paused) clearInterval(timer);
      else draw();
    }, 250);
  });
}

/**
 * After a game of the tournament `tournament` of kind `kind`: an arena's notice of the next game
 * ([`nextGameNotice`]), or a Swiss's word that its next round is paired once the round has ended.
 */
export function afterTournamentGame(tournament: string, kind: string | null, game: string): VNode {
  if (kind !== "swiss") return nextGameNotice(tournament, game);
  return v("p", { key: "swiss-next", class: "arena-next", id: "swiss-next" }, t("tour.nextRound"));
}
