// Playing a person as on lichess: abort before the second move, the first move's countdown,
// takeback requests, a declined draw, the opponent joining, leaving and coming back, and the
// claim of the win or a draw once the opponent has been gone long enough.

import { type VChild, type VNode, v } from "../vdom.js";
import { addTexts, t } from "../i18n.js";
import type { SeatName } from "../types.js";
import type { GamePresence } from "../contract/GamePresence.js";
import type { LiveState } from "./live-state.js";

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: {
    "people.abort": "Abort game",
    "people.firstMove": "First move in {seconds} s, else abort",
    "people.firstMoveLong": "Make your first move within {seconds} s, or the game is aborted.",
    "people.takeback": "Ask for a takeback",
    "people.takebackAsked": "{name} asks to take back their last move.",
    "people.takebackSent": "You asked for a takeback.",
    "people.accept": "Accept",
    "people.decline": "Decline",
    "people.drawDeclined": "Your draw offer was declined.",
    "people.joined": "Your opponent joined the game.",
    "people.left": "Your opponent left the game.",
    "people.back": "Your opponent came back.",
    "people.claimSoon": "If they do not come back, you may claim the win in {seconds} s.",
    "people.claimWin": "Claim the win",
    "people.claimDraw": "Call it a draw",
  },
  de: {
    "people.abort": "Partie abbrechen",
    "people.firstMove": "Erster Zug in {seconds} s, sonst Abbruch",
    "people.firstMoveLong": "Mach deinen ersten Zug in {seconds} s, sonst wird die Partie abgebrochen.",
    "people.takeback": "Um Rücknahme bitten",
    "people.takebackAsked": "{name} bittet darum, den letzten Zug zurückzunehmen.",
    "people.takebackSent": "Du hast um eine Rücknahme gebeten.",
    "people.accept": "Annehmen",
    "people.decline": "Ablehnen",
    "people.drawDeclined": "Dein Remisangebot wurde abgelehnt.",
    "people.joined": "Dein Gegner ist der Partie beigetreten.",
    "people.left": "Dein Gegner hat die Partie verlassen.",
    "people.back": "Dein Gegner ist zurück.",
    "people.claimSoon": "Kommt er nicht zurück, kannst du in {seconds} s den Sieg beanspruchen.",
    "people.claimWin": "Sieg beanspruchen",
    "people.claimDraw": "Remis erklären",
  },
});

/** A change of the opponent's presence to tell (its text key), or "" for none. */
export type PresenceNote = "people.joined" | "people.left" | "people.back" | "";

/** What the people's box is drawn from. */
export interface PeopleContext {
  state: LiveState;
  mySeat: SeatName;
  /** The opponent's name: its account's, else its colour's in the page's language (`player-name.ts`). */
  opponentName: string;
  /** Ms since the state came. */
  age: number;
  /** The last presence change of the opponent to tell (`people.joined`, …), or "". */
  presenceNote: PresenceNote;
  send(path: string, body: unknown): void;
}

/** The presence of the opponent of `mySeat`. */
function opponentPresence(state: LiveState, mySeat: SeatName): GamePresence | undefined {
  return state.people?.presence[mySeat === "p1" ? 1 : 0];
}

/** How long the news that the opponent joined or came back stays, ms (a move ends it sooner). */
export const PRESENCE_NOTE_MS = 6000;

/**
 * Whether `note` is news that goes after a while or the next move ("joined", "came back"); that the
 * opponent left stays while they are gone, beside the claim's countdown.
 */
export function noteFades(note: PresenceNote): boolean {
  return note === "people.joined" || note === "people.back";
}

/** What changed about the opponent between two states, as a text key ("" when nothing did). */
export function presenceChange(before: LiveState | null, after: LiveState, mySeat: SeatName): PresenceNote {
  const now = opponentPresence(after, mySeat);
  if (!now || after.outcome) return "";
  const was = before ? opponentPresence(before, mySeat) : undefined;
  if (!was) return now.gone ? "people.left" : "";
  if (!was.seen && now.seen) return "people.joined";
  if (!was.gone && now.gone) return "people.left";
  if (was.gone && !now.gone) return "people.back";
  return "";
}

/** Ms until the claim is allowed, from the state's figure and its age (null: no claim). */
export function claimWait(c: Pick<PeopleContext, "state" | "mySeat" | "age">): number | null {
  const ms = opponentPresence(c.state, c.mySeat)?.claim_in_ms;
  return ms === null || ms === undefined ? null : Math.max(0, ms - c.age);
}

/** The first-move countdown and the takeback's question (its button and Abort sit with the game's actions, view.ts). */
function playButtons(c: PeopleContext): VChild[] {
  const people = c.state.people;
  if (!people) return [];
  const firstMoveSecs =
    people.first_move_ms === null ? null : Math.ceil(Math.max(0, people.first_move_ms - c.age) / 1000);
  const asked = people.takeback_offer;
  return [
    firstMoveSecs !== null && c.state.side_to_move === c.mySeat
      ? v(
          "p",
          // One line (the play column is short beside Amakta's setup); the whole sentence in its tooltip.
          {
            key: "first-move",
            class: "notice",
            id: "first-move",
            title: t("people.firstMoveLong", { seconds: firstMoveSecs }),
          },
          t("people.firstMove", { seconds: firstMoveSecs }),
        )
      : null,
    asked === c.mySeat
      ? v("p", { key: "takeback-sent", class: "notice", id: "takeback-sent" }, t("people.takebackSent"))
      : null,
    asked && asked !== c.mySeat
      ? v("div", { key: "takeback-offer", class: "offer", id: "takeback-offer" }, [
          v("p", {}, t("people.takebackAsked", { name: c.opponentName })),
          v(
            "button",
            {
              key: "takeback-accept",
              id: "takeback-accept",
              on: { click: () => c.send("takeback", { action: "accept" }) },
            },
            t("people.accept"),
          ),
          v(
            "button",
            {
              key: "takeback-decline",
              id: "takeback-decline",
              on: { click: () => c.send("takeback", { action: "decline" }) },
            },
            t("people.decline"),
          ),
        ])
      : null,
  ];
}

/** The opponent's presence, the claim once allowed, and a declined draw. */
function presenceBox(c: PeopleContext): VChild[] {
  const wait = claimWait(c);
  const gone = opponentPresence(c.state, c.mySeat)?.gone;
  return [
    c.state.people?.draw_declined === c.mySeat
      ? v("p", { key: "draw-declined", class: "notice", id: "draw-declined" }, t("people.drawDeclined"))
      : null,
    c.presenceNote
      ? v("p", { key: "presence", class: "notice", id: "presence", role: "status" }, t(c.presenceNote))
      : null,
    gone && wait !== null && wait > 0
      ? v(
          "p",
          { key: "claim-soon", class: "muted", id: "claim-soon" },
          t("people.claimSoon", { seconds: Math.ceil(wait / 1000) }),
        )
      : null,
    gone && wait === 0
      ? v("div", { key: "claim", class: "offer", id: "claim" }, [
          v(
            "button",
            { key: "claim-win", id: "claim-win", on: { click: () => c.send("claim", { result: "win" }) } },
            t("people.claimWin"),
          ),
          v(
            "button",
            { key: "claim-draw", id: "claim-draw", on: { click: () => c.send("claim", { result: "draw" }) } },
            t("people.claimDraw"),
          ),
        ])
      : null,
  ];
}

/** Whether the player of `mySeat` may ask to take back their last move now: takebacks on, a move of theirs played, none asked. */
export function mayAskTakeback(state: LiveState, mySeat: SeatName): boolean {
  const people = state.people;
  return Boolean(people?.takebacks && !people.takeback_offer && state.moves.length > (mySeat === "p1" ? 0 : 1));
}

/** The people's box of a player in a running game between people, else nothing. */
export function peopleView(c: PeopleContext | null): VNode | null {
  if (!c?.state.people || c.state.outcome) return null;
  const parts = [...playButtons(c), ...presenceBox(c)].filter((part) => part !== null);
  return parts.length ? v("div", { key: "people", class: "people", id: "people" }, parts) : null;
}
