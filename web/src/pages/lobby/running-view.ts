// The lobby's list of running games: a table whose rows open their game, and its pager.

import { t, lang } from "../../i18n.js";
import { v } from "../../vdom.js";
import type { VNode } from "../../vdom.js";
import { link, navigate } from "../../nav.js";
import { lobbySeatLabel } from "./seeks-view.js";
import type { LobbyGame } from "../../contract/LobbyGame.js";

/** A running game's seats for its row: each player, the engine or an open seat marked. */
function seatsText(game: LobbyGame): string {
  return game.seats
    .map(
      (s) =>
        `${lobbySeatLabel(s)}${s.player === "engine" ? " (" + t("engine") + ")" : s.joined ? "" : " (" + t("open_") + ")"}`,
    )
    .join(" – ");
}

/**
 * The running games' table: game and seats, moves, who is to move, watchers and a link to watch.
 * A row opens its game wherever it is clicked; its link serves the keyboard. On a narrow card
 * "to move" and "watchers" give way (see style.css), the link stays.
 */
export function runningTable(games: LobbyGame[]): VNode {
  return v("table", { key: "games", class: "games" }, [
    v(
      "thead",
      {},
      v(
        "tr",
        {},
        ([[t("game")], [t("moves")], [t("toMove"), "wide"], [t("watchers"), "wide"], [""]] as [string, string?][]).map(
          ([c, wide]) => v("th", { class: wide }, c),
        ),
      ),
    ),
    v(
      "tbody",
      {},
      games.map((g) =>
        v(
          "tr",
          {
            key: g.id,
            "data-game": g.id,
            on: { click: (e: Event) => (e.target as Element).closest("a") || navigate(`/play/${g.id}`) },
          },
          [
            v("td", {}, [g.title, v("small", { class: "muted" }, seatsText(g))]),
            v("td", {}, String(g.ply)),
            v("td", { class: "wide" }, g.to_move_names[lang()]),
            v("td", { class: "wide" }, String(g.watchers)),
            v("td", {}, link(`/play/${g.id}`, t("watch"))),
          ],
        ),
      ),
    ),
  ]);
}

/** The pager under the running games: "previous", "page 2 of 5", "next"; a button calls `turn(-1)` or `turn(1)`. */
export function runningPager(page: number, pages: number, turn: (step: number) => void): VNode {
  return v("div", { key: "pager", class: "pager" }, [
    v(
      "button",
      { key: "previous", "data-page": "previous", disabled: page <= 1, on: { click: () => turn(-1) } },
      t("acct.previous"),
    ),
    v("span", { key: "page", class: "muted" }, t("acct.page", { page, pages })),
    v(
      "button",
      { key: "next", "data-page": "next", disabled: page >= pages, on: { click: () => turn(1) } },
      t("acct.next"),
    ),
  ]);
}

/** What the running games' card shows: the games, their page, and whether the server was reached. */
export interface RunningState {
  games: LobbyGame[];
  /** The page shown (from 1) and how many there are. */
  page: number;
  pages: number;
  /** Whether the last refresh reached the server. */
  online: boolean;
}

/** The running games' card content: a lost connection, then the table and its pager, or that none runs. */
export function runningPart(state: RunningState, turn: (step: number) => void): (VNode | null)[] {
  const offline = state.online
    ? null
    : v("p", { key: "connection", class: "connection", id: "connection", role: "status" }, t("connectionLost"));
  if (!state.games.length) return [offline, v("p", { key: "no-games", class: "muted" }, t("noGames"))];
  return [
    offline,
    runningTable(state.games),
    state.pages > 1 ? runningPager(state.page, state.pages, turn) : null,
  ].filter((node): node is VNode => node !== null);
}
