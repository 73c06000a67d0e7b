// The views of the lobby's seeks card and "My games" card (seeks.ts keeps their state and asks the
// server): pure functions of what the cards hold and their actions.

import { t, lang, addTexts, errorText } from "../../i18n.js";
import { v } from "../../vdom.js";
import type { VNode } from "../../vdom.js";
import { ratingText } from "../../account.js";
import type { UiError } from "../../i18n.js";
import { daysText } from "../../correspondence.js";
import { takebacksMark } from "./pairing-form.js";
import type { Link, Navigate, Registry } from "../../types.js";
import type { ClockSpec } from "../../contract/ClockSpec.js";
import type { LobbyGame } from "../../contract/LobbyGame.js";
import type { Seat } from "../../contract/Seat.js";
import type { LobbySeek } from "../../contract/LobbySeek.js";
import type { SeatId } from "../../contract/SeatId.js";

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: {
    "seek.title": "Seeks",
    "seek.none": "Nobody is looking for a game right now.",
    "seek.accept": "Accept",
    "seek.cancel": "Withdraw",
    "seek.waiting": "Waiting for an opponent…",
    "seek.signInToSeek": "Sign in to look for opponents and accept seeks.",
    "seek.unlimited": "no clock",
    "seek.casual": "casual",
    "seek.bots": "Bots you can challenge",
    "mine.title": "My games",
    "mine.none": "You have no running games.",
    "mine.yourTurn": "your turn",
  },
  de: {
    "seek.title": "Gesuche",
    "seek.none": "Gerade sucht niemand eine Partie.",
    "seek.accept": "Annehmen",
    "seek.cancel": "Zurückziehen",
    "seek.waiting": "Warte auf einen Gegner …",
    "seek.signInToSeek": "Melde dich an, um Gegner zu suchen und Gesuche anzunehmen.",
    "seek.unlimited": "ohne Uhr",
    "seek.casual": "ungewertet",
    "seek.bots": "Bots zum Herausfordern",
    "mine.title": "Meine Partien",
    "mine.none": "Du hast keine laufenden Partien.",
    "mine.yourTurn": "du bist am Zug",
  },
});

/** A seat of a lobby line in words: its side in the page's language, with its account and (unless `withRating` is false) rating. */
export function lobbySeatLabel(seat: Seat, withRating = true): string {
  const side = seat.names[lang()];
  const rating = withRating ? seat.account?.rating : null;
  return seat.account
    ? `${side}: ${seat.account.name}${rating !== null && rating !== undefined ? ` (${ratingText(rating, seat.account.provisional)})` : ""}`
    : side;
}

/** A seek's time control: a clock as "5+3", or days per move. */
function clockText(clock: ClockSpec | null, days?: number | null): string {
  if (days) return daysText(days);
  return clock ? `${clock.initial_ms / 60000}+${clock.increment_ms / 1000}` : t("seek.unlimited");
}

/** The options of a seek that differ from the game's defaults, as "name: value". */
function optionsText(registry: Registry, seek: LobbySeek): string {
  const entry = registry.games.find((g) => g.name === seek.game);
  return (entry?.options ?? [])
    .filter((o) => seek.options?.[o.name] !== undefined && seek.options[o.name] !== o.default)
    .map((o) => ` ${o.name}: ${seek.options?.[o.name]}`)
    .join(",");
}

/** What the seeks card shows: the open seeks and a refused accept or withdrawal. */
export interface SeeksState {
  /** The signed-in account's name, or null. */
  me: string | null;
  seeks: LobbySeek[];
  error: UiError | null;
}

/**
 * The seeks card's content: its title, the open seeks (a seek is made with the play card's form,
 * "Look for an opponent"), for a guest the need to sign in, the bots to challenge and a refusal.
 */
export function seeksCardView(registry: Registry, state: SeeksState, link: Link, actions: SeekActions): VNode[] {
  const { me, seeks, error } = state;
  return [
    v("h2", { key: "title" }, t("seek.title")),
    seekListView(registry, seeks, me, link, actions),
    me ? null : v("p", { key: "sign-in", class: "muted" }, t("seek.signInToSeek")),
    v("p", { key: "bots", class: "muted seek-bots" }, link("/bots", t("seek.bots"), { id: "seek-bots" })),
    error ? v("p", { key: "seek-error", class: "error", role: "alert", id: "seek-error" }, errorText(error)) : null,
  ].filter((node): node is VNode => node !== null);
}

/** What the seeks card's list calls: accept a seek, withdraw one's own. */
export interface SeekActions {
  accept: (seek: LobbySeek) => void;
  cancel: (seek: LobbySeek) => void;
}

/** The open seeks: each with Accept, or Withdraw for one's own (`me` is the account's name). */
function seekListView(
  registry: Registry,
  seeks: LobbySeek[],
  me: string | null,
  link: Link,
  actions: SeekActions,
): VNode {
  if (!seeks.length) return v("p", { key: "no-seeks", class: "muted" }, t("seek.none"));
  return v(
    "ul",
    { key: "seek-list", class: "seek-list", id: "seek-list" },
    seeks.map((s) =>
      v("li", { key: s.id, "data-seek": s.id }, [
        v("span", { key: "text" }, [
          v("strong", {}, s.title),
          `${optionsText(registry, s)} ${clockText(s.clock, s.correspondence)} ${s.rated ? t("acct.rated") : t("seek.casual")} `,
          takebacksMark(s.takebacks),
          " — ",
          link(`/@/${s.name}`, s.name),
          ` (${ratingText(s.rating, s.provisional)})`,
        ]),
        s.mine
          ? v("span", { key: "mine", class: "seek-actions" }, [
              v("small", { key: "waiting", class: "muted" }, t("seek.waiting")),
              v(
                "button",
                { key: "cancel", "data-cancel": s.id, on: { click: () => actions.cancel(s) } },
                t("seek.cancel"),
              ),
            ])
          : me
            ? v(
                "button",
                { key: "accept", class: "primary", "data-accept": s.id, on: { click: () => actions.accept(s) } },
                t("seek.accept"),
              )
            : null,
      ]),
    ),
  );
}

/**
 * The "My games" card's content: its title and the games (with "your turn" where `mySeat` is to move), or none.
 * The players without ratings: a game's seats hold the ratings of its start, which later games have changed.
 */
export function myGamesView(
  games: LobbyGame[],
  mySeat: (game: LobbyGame) => SeatId | null,
  { link, navigate }: { link: Link; navigate: Navigate },
): VNode[] {
  return [
    v("h2", { key: "title" }, t("mine.title")),
    games.length
      ? v(
          "ul",
          { key: "my-games", class: "my-games" },
          games.map((g) =>
            v(
              "li",
              {
                key: g.id,
                "data-game": g.id,
                on: { click: (e: Event) => (e.target as Element).closest("a") || navigate(`/play/${g.id}`) },
              },
              [
                link(`/play/${g.id}`, g.title),
                " ",
                v("small", { class: "muted" }, g.seats.map((seat) => lobbySeatLabel(seat, false)).join(" – ")),
                g.side_to_move === mySeat(g) ? v("strong", { class: "my-turn" }, ` · ${t("mine.yourTurn")}`) : null,
              ],
            ),
          ),
        )
      : v("p", { key: "none", class: "muted" }, t("mine.none")),
  ];
}
