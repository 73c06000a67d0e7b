// The lobby's one new-game form, as lichess's "Create a game": the game, its options, the side, the
// time control (a clock, a custom "minutes+seconds", days per move or none), rated and takebacks,
// kept once for every way of starting a game — the computer (its level), a friend (an invite
// link), a player by name (a challenge) or whoever accepts (a seek). Here its state, what applies
// to which way, and the requests it makes; view.ts draws it.

import { t, addTexts } from "../../i18n.js";
import type { TextKey } from "../../i18n.js";
import { timeControlRequest } from "../../correspondence.js";
import { v } from "../../vdom.js";
import type { VNode } from "../../vdom.js";
import type { Registry } from "../../types.js";
import type { CreateGameRequest } from "../../contract/CreateGameRequest.js";

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: {
    "pair.custom": "Custom…",
    "pair.customClock": "Minutes + seconds per move, e.g. 7+4",
    "pair.rated": "Rated",
    "pair.takebacks": "Takebacks",
    "pair.takebacksTitle": "The players may ask each other to take a move back",
    "pair.takebacksShort": "takebacks",
    "pair.ratedEngine": "Rated games need an opponent who is a person with an account.",
    "pair.ratedGuest": "Rated games need an account: sign in first.",
    "pair.ratedNoClock": "A game without a clock is not rated.",
  },
  de: {
    "pair.custom": "Eigene …",
    "pair.customClock": "Minuten + Sekunden je Zug, z. B. 7+4",
    "pair.rated": "Gewertet",
    "pair.takebacks": "Zurücknehmen erlaubt",
    "pair.takebacksTitle": "Die Spieler dürfen einander bitten, einen Zug zurückzunehmen",
    "pair.takebacksShort": "Rücknahmen",
    "pair.ratedEngine": "Gewertet wird nur gegen einen Menschen mit Konto.",
    "pair.ratedGuest": "Gewertete Partien brauchen ein Konto: melde dich erst an.",
    "pair.ratedNoClock": "Eine Partie ohne Uhr wird nicht gewertet.",
  },
});

/** The ways of starting a game: the computer, a friend by invite link, a player by name, a seek. */
export type Way = "engine" | "human" | "challenge" | "seek";

/** The ways that need a signed-in account (the opponent is a person with an account). */
export function needsAccount(way: Way): boolean {
  return way === "challenge" || way === "seek";
}

/** The side the player takes: the game's first or second seat, or either by lot. */
export type Side = NonNullable<CreateGameRequest["side"]>;

/** The sides a new game may be asked with. */
const SIDES: readonly Side[] = ["p1", "p2", "random"];

/** Whether a select's value is a side. */
export function isSide(value: string): value is Side {
  return (SIDES as readonly string[]).includes(value);
}

/**
 * What the form holds. `clock` is a preset "M+S", `days:N`, "" (none) or "custom", then `custom`
 * holds it. `rated` is null until the player sets it: until then a seek and a challenge are rated
 * (as lichess's) and a game by invite link is casual (the friend may have no account, and a rated
 * game asks the one who joins to sign in). `takebacks` is null until the player sets it: until then
 * it follows the rating.
 */
export interface LobbyForm {
  game: string;
  options: Record<string, string>;
  way: Way;
  /** The engine's level (the computer's way). */
  level: string;
  side: Side;
  clock: string;
  custom: string;
  rated: boolean | null;
  takebacks: boolean | null;
  /** The name of the player to challenge (the challenge's way). */
  challengeName: string;
}

/** A fresh form: the registry's first game against the computer at its default level; rated as its way is by default. */
export function newLobbyForm(registry: Registry): LobbyForm {
  return {
    game: registry.games[0]?.name ?? "",
    options: {},
    way: "engine",
    level: String(registry.levels.default),
    side: "p1",
    clock: "",
    custom: "",
    rated: null,
    takebacks: null,
    challengeName: "",
  };
}

/** Where the browser keeps the form between visits (as lichess keeps the last setup). */
export const SAVED_FORM_KEY = "spielwerk.lobbyForm";

/** The ways a form may be kept in. */
const WAYS: readonly Way[] = ["engine", "human", "challenge", "seek"];

/**
 * The form kept as `saved` (JSON, see `keptForm`) over a fresh one: each setting that is still
 * valid — a game of the registry, a way, a side, a level of the range — and nothing from a kept
 * text that is no form. The name to challenge is not kept (each challenge names its player).
 */
export function restoredLobbyForm(registry: Registry, saved: string | null): LobbyForm {
  const form = newLobbyForm(registry);
  let kept: Partial<Record<keyof LobbyForm, unknown>> = {};
  try {
    const parsed: unknown = JSON.parse(saved ?? "null");
    if (parsed && typeof parsed === "object") kept = parsed;
  } catch {
    return form;
  }
  const text = (value: unknown): value is string => typeof value === "string";
  const truth = (value: unknown): value is boolean | null => value === null || typeof value === "boolean";
  const game = registry.games.find((g) => g.name === kept.game);
  if (game) form.game = game.name;
  if (game && kept.options && typeof kept.options === "object") {
    const options = Object.entries(kept.options as Record<string, unknown>);
    const valid = (entry: [string, unknown]): entry is [string, string] =>
      text(entry[1]) && game.options.some((o) => o.name === entry[0] && o.choices.includes(entry[1] as string));
    form.options = Object.fromEntries(options.filter(valid));
  }
  if (text(kept.way) && (WAYS as readonly string[]).includes(kept.way)) form.way = kept.way as Way;
  const level = Number(kept.level);
  if (Number.isInteger(level) && level >= registry.levels.min && level <= registry.levels.max)
    form.level = String(level);
  if (text(kept.side) && isSide(kept.side)) form.side = kept.side;
  if (text(kept.clock)) form.clock = kept.clock;
  if (text(kept.custom)) form.custom = kept.custom;
  if (truth(kept.rated)) form.rated = kept.rated;
  if (truth(kept.takebacks)) form.takebacks = kept.takebacks;
  return form;
}

/** The form as the browser keeps it (JSON), without the name to challenge. */
export function keptForm(form: LobbyForm): string {
  const { challengeName: _, ...kept } = form;
  return JSON.stringify(kept);
}

/** The clock the form asks for ("M+S" or "days:N"), or null for none. */
function clockOf(form: LobbyForm): string | null {
  const clock = form.clock === "custom" ? form.custom.trim() : form.clock;
  return clock || null;
}

/**
 * Why "Rated" does not apply to the form as it is (a text key), or null when it does: against the
 * computer, for a guest, or without a time control.
 */
export function unratedReason(form: LobbyForm, signedIn: boolean): TextKey | null {
  if (form.way === "engine") return "pair.ratedEngine";
  if (!signedIn) return "pair.ratedGuest";
  return clockOf(form) === null ? "pair.ratedNoClock" : null;
}

/** Whether the player asks for a rated game: as they set it, else as its way is by default (see [`LobbyForm`]). */
export function ratedAsked(form: LobbyForm): boolean {
  return form.rated ?? form.way !== "human";
}

/** Whether the form's game is rated: asked for, where it applies. */
function ratedOf(form: LobbyForm, signedIn: boolean): boolean {
  return ratedAsked(form) && unratedReason(form, signedIn) === null;
}

/** Whether the form's game allows takebacks: as the player set it, else as lichess — in casual games only. */
export function takebacksOf(form: LobbyForm, signedIn = true): boolean {
  return form.takebacks ?? !ratedOf(form, signedIn);
}

/** The terms of a seek or challenge of the form (a signed-in player's): a clock, days per move (`correspondence`) or neither. */
export function pairingBody(form: LobbyForm): {
  game: string;
  options: Record<string, string>;
  clock: string | null;
  correspondence?: number;
  rated: boolean;
  takebacks: boolean;
  side: Side;
} {
  const chosen = clockOf(form);
  const { clock, correspondence } = chosen ? timeControlRequest(chosen) : {};
  return {
    game: form.game,
    options: { ...form.options },
    clock: clock ?? null,
    correspondence,
    rated: ratedOf(form, true),
    takebacks: takebacksOf(form),
    side: form.side,
  };
}

/** The request of a challenge of the form: its terms, to the player named. */
export function challengeBody(form: LobbyForm): ReturnType<typeof pairingBody> & { to: string } {
  return { to: form.challengeName.trim(), ...pairingBody(form) };
}

/** The request of a new game against the computer (its level) or a friend (the time control, rated, takebacks). */
export function createRequest(form: LobbyForm, signedIn: boolean): CreateGameRequest {
  const request: CreateGameRequest = { game: form.game, options: { ...form.options }, side: form.side };
  if (form.way === "engine") return { ...request, opponent: "engine", level: Number(form.level) };
  const chosen = clockOf(form);
  return {
    ...request,
    opponent: "human",
    ...(chosen ? timeControlRequest(chosen) : {}),
    rated: ratedOf(form, signedIn),
    takebacks: takebacksOf(form, signedIn),
  };
}

/** The lobby with its form set to challenge `name` (a profile's and the list of bots' Challenge). */
export function challengePath(name: string): string {
  return `/?${new URLSearchParams({ challenge: name })}#create`;
}

/** A seek's or challenge's note that its game allows takebacks (a short word with a title), or null. */
export function takebacksMark(allowed: boolean): VNode | null {
  return allowed
    ? v(
        "span",
        { key: "takebacks", class: "takebacks-mark", title: t("pair.takebacksTitle") },
        t("pair.takebacksShort"),
      )
    : null;
}
