// The views of the lobby's seeks card and "My games" card (seeks.ts keeps their state and asks the
// server): pure functions of what the cards hold and their actions.

import { t, lang, addTexts, errorText } from "../../i18n.js";
import { h } from "../../svg.js";
import { ratingText } from "../../account.js";
import type { UiError } from "../../i18n.js";
import { daysText } from "../../correspondence.js";
import { pairingFields, takebacksMark } from "./pairing-form.js";
import type { PairingField } from "./pairing-form.js";
import type { PairingForm } from "./pairing-form.js";
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
    "seek.create": "Look for an opponent",
    "seek.rated": "Rated",
    "seek.accept": "Accept",
    "seek.cancel": "Withdraw",
    "seek.waiting": "Waiting for an opponent…",
    "seek.signInToSeek": "Sign in to look for opponents and accept seeks.",
    "seek.unlimited": "no clock",
    "seek.casual": "casual",
    "seek.challengeName": "Player's name",
    "seek.challenge": "Challenge",
    "seek.challenged": "Challenge sent to {name}.",
    "mine.title": "My games",
    "mine.none": "You have no running games.",
    "mine.yourTurn": "your turn",
  },
  de: {
    "seek.title": "Gesuche",
    "seek.none": "Gerade sucht niemand eine Partie.",
    "seek.create": "Gegner suchen",
    "seek.rated": "Gewertet",
    "seek.accept": "Annehmen",
    "seek.cancel": "Zurückziehen",
    "seek.waiting": "Warte auf einen Gegner …",
    "seek.signInToSeek": "Melde dich an, um Gegner zu suchen und Gesuche anzunehmen.",
    "seek.unlimited": "ohne Uhr",
    "seek.casual": "ungewertet",
    "seek.challengeName": "Name des Spielers",
    "seek.challenge": "Herausfordern",
    "seek.challenged": "Herausforderung an {name} geschickt.",
    "mine.title": "Meine Partien",
    "mine.none": "Du hast keine laufenden Partien.",
    "mine.yourTurn": "du bist am Zug",
  },
});

/** A seat of a lobby line in words: its side in the page's language, with its account and rating. */
export function lobbySeatLabel(seat: Seat): string {
  const side = seat.names[lang()];
  const rating = seat.account?.rating;
  return seat.account
    ? `${side}: ${seat.account.name}${rating !== null && rating !== undefined ? ` (${Math.round(rating)})` : ""}`
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

/** What the seeks card shows: the open seeks, the form and the name to challenge, a challenge sent, a refusal. */
export interface SeeksState {
  /** The signed-in account's name, or null. */
  me: string | null;
  seeks: LobbySeek[];
  form: PairingForm;
  challengeName: string;
  sentTo: string;
  error: UiError | null;
}

/**
 * The seeks card's content: its title, the open seeks, the form (signed in, else the way to it),
 * the challenge sent and a refusal.
 */
export function seeksCardView(registry: Registry, state: SeeksState, link: Link, actions: SeekActions): HTMLElement[] {
  const { me, seeks, form, challengeName, sentTo, error } = state;
  return [
    h("h2", {}, t("seek.title")),
    seekListView(registry, seeks, me, link, actions),
    me ? seekFormView(registry, form, challengeName, actions) : h("p", { class: "muted" }, t("seek.signInToSeek")),
    sentTo ? h("p", { class: "notice", id: "challenge-sent" }, t("seek.challenged", { name: sentTo })) : null,
    error ? h("p", { class: "error", role: "alert", id: "seek-error" }, errorText(error)) : null,
  ].filter((node): node is HTMLElement => node !== null);
}

/** What the seeks card's views call: the card's actions and its redraw. */
export interface SeekActions {
  accept: (seek: LobbySeek) => void;
  cancel: (seek: LobbySeek) => void;
  create: () => void;
  challenge: () => void;
  changed: () => void;
  challengeName: (name: string) => void;
}

/** The open seeks: each with Accept, or Withdraw for one's own (`me` is the account's name). */
function seekListView(
  registry: Registry,
  seeks: LobbySeek[],
  me: string | null,
  link: Link,
  actions: SeekActions,
): HTMLElement {
  if (!seeks.length) return h("p", { class: "muted" }, t("seek.none"));
  return h(
    "ul",
    { class: "seek-list", id: "seek-list" },
    seeks.map((s) =>
      h("li", { "data-seek": s.id }, [
        h("span", {}, [
          h("strong", {}, s.title),
          `${optionsText(registry, s)} ${clockText(s.clock, s.correspondence)} ${s.rated ? t("acct.rated") : t("seek.casual")} `,
          takebacksMark(s.takebacks),
          " — ",
          link(`/@/${s.name}`, s.name),
          ` (${ratingText(s.rating, s.provisional)})`,
        ]),
        s.mine
          ? h("span", { class: "seek-actions" }, [
              h("small", { class: "muted" }, t("seek.waiting")),
              h("button", { "data-cancel": s.id, onclick: () => actions.cancel(s) }, t("seek.cancel")),
            ])
          : me
            ? h("button", { class: "primary", "data-accept": s.id, onclick: () => actions.accept(s) }, t("seek.accept"))
            : null,
      ]),
    ),
  );
}

/**
 * A select or input of the seek form under its name, as the play card shows its fields; a game
 * option's select takes the whole row (its choices are long). Checkboxes carry their own label.
 */
function seekField({ control, label, wide }: PairingField): HTMLElement {
  if (label === null) return control;
  return h("label", { class: wide ? "seek-field wide" : "seek-field" }, [h("span", {}, label), control]);
}

/** The form to make a seek, or to challenge the player named `challengeName` with the same fields: a grid of labelled fields, the checkboxes and the buttons below. */
function seekFormView(registry: Registry, form: PairingForm, challengeName: string, actions: SeekActions): HTMLElement {
  const fields = pairingFields(registry, form, "seek", actions.changed);
  const isCheck = (field: PairingField) => field.label === null;
  return h(
    "form",
    {
      id: "seek-form",
      class: "seek-form",
      onsubmit: (e: Event) => {
        e.preventDefault();
        actions.create();
      },
    },
    [
      ...fields.filter((f) => !isCheck(f)).map(seekField),
      h(
        "div",
        { class: "seek-checks" },
        fields.filter(isCheck).map((field) => field.control),
      ),
      h("div", { class: "seek-buttons" }, [
        h("button", { type: "submit" }, t("seek.create")),
        h("span", { class: "challenge-by-name" }, [
          h("input", {
            name: "challenge-name",
            value: challengeName,
            placeholder: t("seek.challengeName"),
            "aria-label": t("seek.challengeName"),
            size: "12",
            oninput: (e: Event) => actions.challengeName((e.target as HTMLInputElement).value),
          }),
          h(
            "button",
            { type: "button", id: "challenge-send", onclick: () => actions.challenge() },
            t("seek.challenge"),
          ),
        ]),
      ]),
    ],
  );
}

/** The "My games" card's content: its title and the games (with "your turn" where `mySeat` is to move), or none. */
export function myGamesView(
  games: LobbyGame[],
  mySeat: (game: LobbyGame) => SeatId | null,
  { link, navigate }: { link: Link; navigate: Navigate },
): HTMLElement[] {
  return [
    h("h2", {}, t("mine.title")),
    games.length
      ? h(
          "ul",
          { class: "my-games" },
          games.map((g) =>
            h(
              "li",
              {
                "data-game": g.id,
                onclick: (e: Event) => (e.target as Element).closest("a") || navigate(`/play/${g.id}`),
              },
              [
                link(`/play/${g.id}`, g.title),
                " ",
                h("small", { class: "muted" }, g.seats.map(lobbySeatLabel).join(" – ")),
                g.side_to_move === mySeat(g) ? h("strong", { class: "my-turn" }, ` · ${t("mine.yourTurn")}`) : null,
              ],
            ),
          ),
        )
      : h("p", { class: "muted" }, t("mine.none")),
  ];
}
