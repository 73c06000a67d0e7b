// The lobby's seeks ("looking for a game of Abalone, 5+3, rated") and "My games": the games of
// the signed-in account, or of the seats this browser keeps when nobody is signed in.

import { t, lang, addTexts, errorText } from "./i18n.js";
import { h, patch } from "./svg.js";
import { accountName, ratingText } from "./account.js";
import { api as call } from "./api.js";
import type { UiError } from "./i18n.js";
import { daysText } from "./correspondence.js";
import { newPairingForm, pairingBody, pairingFields, takebacksMark } from "./pairing-form.js";
import type { PairingForm } from "./pairing-form.js";
import type { Link, Navigate, Registry } from "./types.js";
import type { ClockSpec } from "./contract/ClockSpec.js";
import type { LobbyGame } from "./contract/LobbyGame.js";
import type { LobbyGamesReply } from "./contract/LobbyGamesReply.js";
import type { Seat } from "./contract/Seat.js";
import type { LobbySeek } from "./contract/LobbySeek.js";
import type { PairedGame } from "./contract/PairedGame.js";
import type { SeatId } from "./contract/SeatId.js";
import type { SeeksReply } from "./contract/SeeksReply.js";
import type { Challenge } from "./contract/Challenge.js";

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

/** A card of the lobby that keeps itself up to date: its element, a redraw, and stopping its timer. */
export interface LobbyCard {
  element: HTMLElement;
  render: () => void;
  destroy: () => void;
}

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

/**
 * The game of a seek of the player's that somebody accepted, if any: one of `seeks` still listed
 * as the player's, or one of `waiting` (the seeks made on this page) that left the list.
 */
async function acceptedSeekGame(seeks: LobbySeek[], waiting: Set<string>): Promise<string | null> {
  for (const seek of seeks.filter((s) => s.mine)) {
    const polled = await call<LobbySeek>("GET", `/api/seeks/${seek.id}`);
    if (polled.game_id) return polled.game_id;
  }
  // A seek of mine that left the open list was accepted (or withdrawn elsewhere).
  for (const id of waiting) {
    if (seeks.some((s) => s.id === id)) continue;
    waiting.delete(id);
    const polled = await call<LobbySeek>("GET", `/api/seeks/${id}`).catch(() => null);
    if (polled?.game_id) return polled.game_id;
  }
  return null;
}

/**
 * The lobby's seeks card: the open seeks (Accept, or Withdraw for one's own) and, signed in, a
 * form to make one — or to challenge a player by name with the same game, options and clock.
 * While one of the player's seeks is open, the card asks the server every two seconds whether
 * somebody accepted it, and then goes to the game.
 */
export function seeksSection({
  registry,
  navigate,
  link,
}: {
  registry: Registry;
  navigate: Navigate;
  link: Link;
}): LobbyCard {
  const element = h("section", { class: "card seeks-card", id: "seeks" });
  const form = newPairingForm(registry);
  let challengeName = "";
  let sentTo = "";
  let seeks: LobbySeek[] = [];
  let error: UiError | null = null;
  // The seeks made on this page, looked after until accepted or withdrawn.
  const waiting = new Set<string>();

  async function refresh() {
    try {
      seeks = (await call<SeeksReply>("GET", "/api/seeks")).seeks;
      const game = await acceptedSeekGame(seeks, waiting);
      if (game) return navigate(`/play/${game}`);
    } catch {
      // The lobby's own list says when the server is out of reach.
    }
    render();
  }

  /** Runs a request of the card: its error (if any) is shown; `after` redraws or refreshes. */
  async function attempt(request: () => Promise<void>, after: () => void) {
    error = null;
    try {
      await request();
    } catch (e) {
      error = e as UiError;
    }
    after();
  }

  const actions: SeekActions = {
    // An accepted seek leaves the page for its game; a refused one refreshes the list.
    accept: (seek) =>
      attempt(
        async () => {
          navigate(`/play/${(await call<PairedGame>("POST", `/api/seeks/${seek.id}/accept`, {})).id}`);
        },
        () => error && refresh(),
      ),
    cancel: (seek) =>
      attempt(async () => {
        await call("DELETE", `/api/seeks/${seek.id}`);
        waiting.delete(seek.id);
      }, refresh),
    create: () =>
      attempt(async () => {
        waiting.add((await call<LobbySeek>("POST", "/api/seeks", pairingBody(form))).id);
      }, refresh),
    challenge: () =>
      attempt(async () => {
        sentTo = "";
        sentTo = (await call<Challenge>("POST", "/api/challenges", { to: challengeName.trim(), ...pairingBody(form) }))
          .to;
      }, render),
    changed: render,
    challengeName: (name) => {
      challengeName = name;
    },
  };

  function render() {
    patch(element, ...seeksCardView(registry, { seeks, form, challengeName, sentTo, error }, link, actions));
  }

  render();
  refresh();
  const timer = setInterval(refresh, 2000);
  return { element, render, destroy: () => clearInterval(timer) };
}

/** What the seeks card shows: the open seeks, the form and the name to challenge, a challenge sent, a refusal. */
interface SeeksState {
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
function seeksCardView(registry: Registry, state: SeeksState, link: Link, actions: SeekActions): HTMLElement[] {
  const me = accountName();
  const { seeks, form, challengeName, sentTo, error } = state;
  return [
    h("h2", {}, t("seek.title")),
    seekListView(registry, seeks, me, link, actions),
    me ? seekFormView(registry, form, challengeName, actions) : h("p", { class: "muted" }, t("seek.signInToSeek")),
    sentTo ? h("p", { class: "notice", id: "challenge-sent" }, t("seek.challenged", { name: sentTo })) : null,
    error ? h("p", { class: "error", role: "alert", id: "seek-error" }, errorText(error)) : null,
  ].filter((node): node is HTMLElement => node !== null);
}

/** What the seeks card's views call: the card's actions and its redraw. */
interface SeekActions {
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
 * A select or input of the seek form under its name (its aria-label), as the play card shows its
 * fields; a game option's select takes the whole row (its choices are long). Checkboxes stay as they are.
 */
function seekField(field: HTMLElement): HTMLElement {
  const name = field.getAttribute("aria-label");
  if (!name || field.localName === "label") return field;
  const wide = field.getAttribute("name")?.startsWith("seek-option-") ?? false;
  return h("label", { class: wide ? "seek-field wide" : "seek-field" }, [h("span", {}, name), field]);
}

/** The form to make a seek, or to challenge the player named `challengeName` with the same fields: a grid of labelled fields, the checkboxes and the buttons below. */
function seekFormView(registry: Registry, form: PairingForm, challengeName: string, actions: SeekActions): HTMLElement {
  const fields = pairingFields(registry, form, "seek", actions.changed);
  const isCheck = (field: HTMLElement) => field.classList.contains("check");
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
      h("div", { class: "seek-checks" }, fields.filter(isCheck)),
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

/** The ids of the games whose seats this browser keeps (`spielwerk.game.<id>` in localStorage). */
function keptGameIds(): string[] {
  const ids: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const match = localStorage.key(i)?.match(/^spielwerk\.game\.([a-z0-9]+)$/);
    if (match?.[1]) ids.push(match[1]);
  }
  return ids;
}

/**
 * The lobby's "My games" card: the running games of the signed-in account, or (signed out)
 * those whose seats this browser keeps; a row opens its game.
 */
export function myGamesSection({ navigate, link }: { navigate: Navigate; link: Link }): LobbyCard {
  const element = h("section", { class: "card my-games-card", id: "my-games" });
  let games: LobbyGame[] = [];

  async function refresh() {
    const me = accountName();
    const ids = keptGameIds();
    try {
      games = me
        ? (await call<LobbyGamesReply>("GET", "/api/games?mine=1")).games
        : ids.length
          ? (await call<LobbyGamesReply>("GET", `/api/games?ids=${ids.slice(-200).join(",")}`)).games
          : [];
    } catch {
      // Kept as they were; the lobby's own list says when the server is out of reach.
    }
    render();
  }

  /** The seat of mine in a game: the account's, else the one this browser keeps. */
  function mySeat(game: LobbyGame): SeatId | null {
    const me = accountName();
    const bound = game.seats.find((s) => s.account?.name === me);
    if (me && bound) return bound.seat;
    try {
      return JSON.parse(localStorage.getItem(`spielwerk.game.${game.id}`) ?? "null")?.seat ?? null;
    } catch {
      return null;
    }
  }

  function render() {
    patch(
      element,
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
    );
  }

  render();
  refresh();
  const timer = setInterval(refresh, 5000);
  return { element, render, destroy: () => clearInterval(timer) };
}
