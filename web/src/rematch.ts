// Rematch on the game page: once a game between people is over, one player offers, the other
// accepts or declines; against the engine "Play again" starts at once. The new game has the
// seats swapped; both pages move to it with their new seats, and the old game links to it. A
// tournament's game has no rematch (the tournament pairs the next game): a way back to it instead;
// nor has a league's game (the season made all its games): the way back to the league.

import { v } from "./vdom.js";
import { t, addTexts } from "./i18n.js";
import type { UiError } from "./i18n.js";
import type { Seat } from "./types.js";
import type { GameSeatReply } from "./contract/GameSeatReply.js";
import { playerName } from "./player-name.js";
import type { GameState } from "./contract/GameState.js";
import type { GameUpdate } from "./contract/GameUpdate.js";

/** The part of a game's state the rematch needs. */
type RematchState = Pick<
  GameState,
  "outcome" | "opponent" | "rematch" | "rematch_offer" | "seats" | "tournament" | "league"
>;

/** What `POST /api/games/<id>/rematch` answers: the seat in a started or claimed rematch, or the old game's update. */
type RematchReply = GameSeatReply | GameUpdate;

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: {
    "rematch.offer": "Rematch",
    "rematch.playAgain": "Play again",
    "rematch.offered": "{name} offers a rematch",
    "rematch.accept": "Accept rematch",
    "rematch.decline": "Decline",
    "rematch.waiting": "Rematch offered — waiting for your opponent",
    "rematch.cancel": "Withdraw",
    "rematch.go": "To the rematch →",
    "rematch.toTournament": "Back to the tournament",
    "rematch.toLeague": "Back to the league",
  },
  de: {
    "rematch.offer": "Revanche",
    "rematch.playAgain": "Nochmal spielen",
    "rematch.offered": "{name} bietet eine Revanche an",
    "rematch.accept": "Revanche annehmen",
    "rematch.decline": "Ablehnen",
    "rematch.waiting": "Revanche angeboten — warte auf deinen Gegner",
    "rematch.cancel": "Zurückziehen",
    "rematch.go": "Zur Revanche →",
    "rematch.toTournament": "Zurück zum Turnier",
    "rematch.toLeague": "Zurück zur Liga",
  },
});

/**
 * The rematch of the game page of game `id`. `post(action)` sends `{action}` to the game's
 * rematch route with the seat's token; `taken(update)` hands the page an update of the old game;
 * `failed(error)` shows an error; `hasSeat(id)`, `saveSeat(id, seat)` and `navigate(path)` are
 * the page's. Returns `{ controls(state, seat), follow(before, state, seat), leave(state, seat) }`.
 */
export function createRematch({
  id,
  post,
  taken,
  failed,
  hasSeat,
  saveSeat,
  navigate,
}: {
  id: string;
  post: (action: string) => Promise<RematchReply>;
  taken: (update: GameUpdate) => void;
  failed: (error: UiError) => void;
  hasSeat: (id: string) => boolean;
  saveSeat: (id: string, seat: Seat) => void;
  navigate: (path: string) => void;
}) {
  // While an action is on its way, its reply decides: the socket's news of a rematch that this
  // very action started must not claim the seat the reply brings (that claim would be refused).
  let acting = false;

  /** Sends an action; a started or claimed rematch takes the page there with its new seat. */
  async function act(action: string) {
    acting = true;
    try {
      const reply = await post(action);
      if ("token" in reply) {
        saveSeat(reply.id, { token: reply.token, seat: reply.seat });
        navigate(`/play/${reply.id}`);
      } else {
        taken(reply);
      }
    } catch (e) {
      failed(e as UiError);
    } finally {
      acting = false;
    }
  }

  /** Goes to the rematch `id`, claiming the player's seat there first unless the page has it. */
  async function go(rematch: string, seat: Seat | null) {
    if (seat && !hasSeat(rematch)) {
      try {
        const reply = await post("claim");
        if ("token" in reply) saveSeat(reply.id, { token: reply.token, seat: reply.seat });
      } catch {
        // The seat is claimed already (in another browser): the page watches the rematch.
      }
    }
    navigate(`/play/${rematch}`);
  }

  /** The rematch's part of the panel for `state` and the page's `seat` (null when there is none). */
  function controls(state: RematchState, seat: Seat | null) {
    return rematchView(state, seat, { act, go: (rematch) => go(rematch, seat) });
  }

  /** Follows a rematch that started while the page was open: the player moves there. */
  function follow(before: RematchState | null, state: RematchState, seat: Seat | null) {
    if (seat && before && !before.rematch && state.rematch && !acting) go(state.rematch, seat);
  }

  /** Withdraws the player's open offer when they leave the page. */
  function leave(state: RematchState | null, seat: Seat | null) {
    if (!seat || !state?.outcome || state.rematch || state.rematch_offer !== seat.seat) return;
    // keepalive: the request outlives a page that is being closed.
    fetch(`/api/games/${id}/rematch`, {
      method: "POST",
      keepalive: true,
      headers: { "content-type": "application/json", authorization: `Bearer ${seat.token}` },
      body: JSON.stringify({ action: "cancel" }),
    }).catch(() => {});
  }

  return { controls, follow, leave };
}

/**
 * In a rematch's place under a game of a tournament or a league, whose organiser makes the next
 * games: the way back to it, a button-styled link `id` to `href`.
 */
function wayBack(id: string, href: string, text: string) {
  return v("div", { key: "rematch", class: "rematch", id: "rematch" }, [
    v("a", { key: id, href, class: "button", id }, text),
  ]);
}

/**
 * The rematch's part of the game page's panel for `state` and the page's `seat` (null when there
 * is none): a tournament game's way back to its tournament, a league game's to its league, a link to a started rematch, one's own
 * open offer, the opponent's offer, or the button to offer one (the main action after a game: a
 * primary button). `act(action)` sends an action;
 * `go(id)` goes to the rematch `id`.
 */
function rematchView(
  state: RematchState,
  seat: Seat | null,
  { act, go }: { act: (action: string) => void; go: (rematch: string) => void },
) {
  if (!state.outcome || state.opponent === "record") return null;
  if (state.tournament)
    return wayBack("rematch-tournament", `/tournaments/${state.tournament}`, t("rematch.toTournament"));
  if (state.league) return wayBack("rematch-league", `/leagues/${state.league.game}`, t("rematch.toLeague"));
  const next = state.rematch;
  if (next) {
    return v("div", { key: "rematch", class: "rematch", id: "rematch" }, [
      v(
        "a",
        {
          key: "rematch-go",
          href: `/play/${next}`,
          class: "button primary",
          id: "rematch-go",
          on: {
            click: (event: Event) => {
              event.preventDefault();
              go(next);
            },
          },
        },
        t("rematch.go"),
      ),
    ]);
  }
  if (!seat) return null;
  const offer = state.rematch_offer;
  if (offer === seat.seat) {
    return v("div", { key: "rematch", class: "rematch", id: "rematch" }, [
      v("p", { class: "notice" }, t("rematch.waiting")),
      v(
        "button",
        { key: "rematch-cancel", id: "rematch-cancel", on: { click: () => act("cancel") } },
        t("rematch.cancel"),
      ),
    ]);
  }
  if (offer) {
    const name = playerName(state.seats, offer) || offer;
    return v("div", { key: "rematch", class: "rematch offer", id: "rematch" }, [
      v("p", {}, t("rematch.offered", { name })),
      v(
        "button",
        { key: "rematch-accept", class: "primary", id: "rematch-accept", on: { click: () => act("accept") } },
        t("rematch.accept"),
      ),
      v(
        "button",
        { key: "rematch-decline", id: "rematch-decline", on: { click: () => act("decline") } },
        t("rematch.decline"),
      ),
    ]);
  }
  const label = state.opponent === "engine" ? t("rematch.playAgain") : t("rematch.offer");
  return v("div", { key: "rematch", class: "rematch", id: "rematch" }, [
    v(
      "button",
      { key: "rematch-offer", class: "primary", id: "rematch-offer", on: { click: () => act("offer") } },
      label,
    ),
  ]);
}
