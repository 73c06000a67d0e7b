// The signed-in account's challenges, live on every page: a small box at the corner of the site
// fed by the server's event stream (`/api/events`). Incoming challenges can be accepted (the page
// goes to the new game) or declined with a reason; the account's own challenges show while they
// wait, and their answer when it comes — an accepted one takes the challenger to the game. The page
// is padded below by the box's height (a bottom sheet on a phone), so that nothing stays under it.
// An incoming challenge takes one compact row — who, the game and clock, Accept, Decline — with
// the reasons to decline behind Decline, so that the sheet covers little of a phone's page.

import { type VChild, type VNode, patch, v } from "./vdom.js";
import { t, lang, addTexts, errorText } from "./i18n.js";
import { api } from "./api.js";
import { accountName, titledName } from "./account.js";
import { daysText } from "./correspondence.js";
import type { UiError } from "./i18n.js";
import type { Navigate } from "./types.js";
import type { Challenge } from "./contract/Challenge.js";
import type { ChallengeAccepted } from "./contract/ChallengeAccepted.js";
import type { ChallengeList } from "./contract/ChallengeList.js";
import type { DeclineRequest } from "./contract/DeclineRequest.js";
import "./notify.css";

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: {
    "ch.incoming": "{name} challenges you: {game}",
    "ch.waiting": "Waiting for {name} to answer: {game}",
    "ch.accepted": "{name} accepted your challenge.",
    "ch.declined": "{name} declined your challenge: {reason}",
    "ch.expired": "Your challenge to {name} expired.",
    "ch.accept": "Accept",
    "ch.decline": "Decline",
    "ch.declineWith": "Decline with a reason",
    "ch.cancel": "Withdraw",
    "ch.toGame": "To the game →",
    "ch.dismiss": "Dismiss",
    "ch.reason": "Reason",
    "ch.casual": "casual",
    "ch.rated": "rated",
    "ch.noClock": "no clock",
    "ch.takebacks": "takebacks allowed",
    "ch.reason.generic": "Not accepting now",
    "ch.reason.later": "Not now",
    "ch.reason.timecontrol": "Another time control",
    "ch.reason.casual": "Casual only",
    "ch.reason.rated": "Rated only",
    "ch.reason.game": "Another game",
  },
  de: {
    "ch.incoming": "{name} fordert dich heraus: {game}",
    "ch.waiting": "Warte auf die Antwort von {name}: {game}",
    "ch.accepted": "{name} hat deine Herausforderung angenommen.",
    "ch.declined": "{name} hat deine Herausforderung abgelehnt: {reason}",
    "ch.expired": "Deine Herausforderung an {name} ist abgelaufen.",
    "ch.accept": "Annehmen",
    "ch.decline": "Ablehnen",
    "ch.declineWith": "Mit einem Grund ablehnen",
    "ch.cancel": "Zurückziehen",
    "ch.toGame": "Zur Partie →",
    "ch.dismiss": "Ausblenden",
    "ch.reason": "Grund",
    "ch.casual": "ungewertet",
    "ch.rated": "gewertet",
    "ch.noClock": "ohne Uhr",
    "ch.takebacks": "Zurücknehmen erlaubt",
    "ch.reason.generic": "Gerade nicht",
    "ch.reason.later": "Ein andermal",
    "ch.reason.timecontrol": "Andere Bedenkzeit",
    "ch.reason.casual": "Nur ungewertet",
    "ch.reason.rated": "Nur gewertet",
    "ch.reason.game": "Anderes Spiel",
  },
});

const REASONS = ["generic", "later", "timecontrol", "casual", "rated", "game"] as const;

let source: EventSource | null = null;
let signedInAs: string | null = null;
let incoming: Challenge[] = [];
let outgoing: Challenge[] = [];
/** The statuses of the own challenges seen so far: an answer is news only when it changes one. */
const seen = new Map<string, Challenge["status"]>();
const dismissed = new Set<string>();
let error: UiError | null = null;
let go: Navigate = () => {};
/** The element the box is drawn into, at the end of the page's body. */
let host: HTMLElement | null = null;

/** "Toy 3+2 rated" (or "Toy 3 days per move rated"), and " · takebacks allowed" when they are. */
export function challengeTerms(c: Challenge): string {
  const clock = c.correspondence
    ? daysText(c.correspondence)
    : c.clock
      ? `${c.clock.initial_ms / 60000}+${c.clock.increment_ms / 1000}`
      : t("ch.noClock");
  return `${c.titles[lang()]} ${clock} ${c.rated ? t("ch.rated") : t("ch.casual")}${c.takebacks ? ` · ${t("ch.takebacks")}` : ""}`;
}

async function act<T>(method: string, path: string, body?: unknown): Promise<T | null> {
  error = null;
  try {
    return await api<T>(method, path, body);
  } catch (e) {
    error = e as UiError;
    render();
    return null;
  }
}

async function accept(c: Challenge) {
  const made = await act<ChallengeAccepted>("POST", `/api/challenges/${c.id}/accept`, {});
  if (made?.id) go(`/play/${made.id}`);
}

/** Declines `c` with `reason` (a key of `REASONS`). */
function decline(c: Challenge, reason: string) {
  return act<Challenge>("POST", `/api/challenges/${c.id}/decline`, { reason } satisfies DeclineRequest);
}

/**
 * An incoming challenge in one row: who and the terms, Accept, and Decline — a menu of the reasons
 * (the first, "Not accepting now", the plain decline), each a button that declines with it.
 */
export function incomingView(c: Challenge): VNode {
  const reasonButton = (r: (typeof REASONS)[number]) =>
    v(
      "li",
      { key: r },
      v(
        "button",
        { key: "button", type: "button", "data-decline-reason": r, on: { click: () => decline(c, r) } },
        t(`ch.reason.${r}`),
      ),
    );
  return v("div", { key: `challenge:${c.id}`, class: "challenge incoming", "data-challenge": c.id }, [
    v(
      "p",
      { key: "what", class: "challenge-what" },
      t("ch.incoming", { name: titledName(c.from, c.from_bot), game: challengeTerms(c) }),
    ),
    v(
      "button",
      {
        key: `accept-challenge:${c.id}`,
        class: "primary",
        "data-accept-challenge": c.id,
        on: { click: () => accept(c) },
      },
      t("ch.accept"),
    ),
    v("details", { key: `decline-challenge:${c.id}`, class: "decline-menu" }, [
      v("summary", { key: "summary", "data-decline-challenge": c.id, title: t("ch.declineWith") }, t("ch.decline")),
      v("ul", { key: "reasons", class: "decline-reasons", "aria-label": t("ch.reason") }, REASONS.map(reasonButton)),
    ]),
  ]);
}

function outgoingView(c: Challenge): VNode | null {
  if (dismissed.has(c.id) || c.status === "cancelled") return null;
  const dismiss = v(
    "button",
    {
      class: "dismiss",
      title: t("ch.dismiss"),
      "aria-label": t("ch.dismiss"),
      on: {
        click: () => {
          dismissed.add(c.id);
          render();
        },
      },
    },
    "×",
  );
  const line = (text: string, ...extra: VChild[]) =>
    v("div", { key: `challenge:${c.id}`, class: `challenge ${c.status}`, "data-challenge": c.id }, [
      v("p", {}, text),
      ...extra,
    ]);
  switch (c.status) {
    case "open":
      return line(
        t("ch.waiting", { name: titledName(c.to, c.to_bot), game: challengeTerms(c) }),
        v(
          "button",
          {
            key: `cancel-challenge:${c.id}`,
            "data-cancel-challenge": c.id,
            on: { click: () => act<Challenge>("DELETE", `/api/challenges/${c.id}`) },
          },
          t("ch.cancel"),
        ),
      );
    case "accepted":
      return line(
        t("ch.accepted", { name: c.to }),
        v(
          "a",
          {
            href: `/play/${c.game_id}`,
            class: "button",
            on: {
              click: (e: Event) => {
                e.preventDefault();
                dismissed.add(c.id);
                go(`/play/${c.game_id}`);
              },
            },
          },
          t("ch.toGame"),
        ),
        dismiss,
      );
    case "declined":
      return line(t("ch.declined", { name: c.to, reason: c.reason_text?.[lang()] ?? c.reason ?? "" }), dismiss);
    default:
      return line(t("ch.expired", { name: c.to }), dismiss);
  }
}

/** Draws the box (hidden when there is nothing to show). */
function render() {
  if (!host) return;
  const views = [...incoming.map(incomingView), ...outgoing.map(outgoingView)].filter(
    (view): view is VNode => view !== null,
  );
  if (error) views.push(v("p", { key: "error", class: "error", role: "alert" }, errorText(error)));
  patch(
    host,
    v(
      "aside",
      {
        key: "notifications",
        id: "notifications",
        class: "notifications",
        "aria-live": "polite",
        hidden: views.length === 0,
      },
      views,
    ),
  );
  padPage();
}

/**
 * Pads the page below by what the box covers, from its top to the window's bottom
 * (`--notifications-height`, notify.css): what it covers can be scrolled out from under it.
 */
function padPage() {
  const box = host?.firstElementChild;
  const covered =
    box instanceof HTMLElement && !box.hidden ? Math.max(0, innerHeight - box.getBoundingClientRect().top) : 0;
  document.documentElement.style.setProperty("--notifications-height", `${Math.ceil(covered)}px`);
}

/** Those told of each list of the account's challenges the stream brings (a profile's challenge dialog). */
const listListeners = new Set<(list: ChallengeList) => void>();

/** Calls `listener` with each list of the account's challenges until the returned function is called. */
export function onChallenges(listener: (list: ChallengeList) => void): () => void {
  listListeners.add(listener);
  return () => listListeners.delete(listener);
}

/**
 * Takes the stream's list: a challenge of the account's that was accepted just now takes the page to
 * its game — also one this page never saw open (answered within the stream's second): the stream
 * leaves out the answers given before it opened, so every acceptance it brings is news.
 */
function take(list: ChallengeList) {
  incoming = list.incoming;
  outgoing = list.outgoing;
  for (const c of outgoing) {
    const before = seen.get(c.id);
    seen.set(c.id, c.status);
    if (before !== "accepted" && c.status === "accepted" && c.game_id) {
      dismissed.add(c.id);
      go(`/play/${c.game_id}`);
    }
  }
  for (const listener of listListeners) listener(list);
  render();
}

/** Follows the signed-in account's challenges (and stops when nobody is signed in); call after each sign-in or -out. */
export function syncNotifications(navigate: Navigate) {
  go = navigate;
  if (!host?.isConnected) {
    host = document.createElement("div");
    document.body.append(host);
  }
  const name = accountName();
  if (name === signedInAs && (source || !name)) return render();
  source?.close();
  source = null;
  signedInAs = name;
  incoming = [];
  outgoing = [];
  if (name) {
    source = new EventSource("/api/events");
    source.addEventListener("challenges", (event) =>
      take(JSON.parse((event as MessageEvent<string>).data) as ChallengeList),
    );
  }
  render();
}
