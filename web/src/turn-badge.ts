// The header's badge of the games waiting on the signed-in account's move (correspondence ones
// included), on every page: asked of the server (`/api/games/your-turn`) when a page opens, every
// 30 seconds, and when the tab comes back into view. It leads to the game that has waited longest,
// and on that game's page to the next one (as lichess's): each click, the next game to move in.

import { t, lang, addTexts } from "./i18n.js";
import { api } from "./api.js";
import { accountName } from "./account.js";
import type { Link } from "./types.js";
import type { TurnGame } from "./contract/TurnGame.js";
import type { YourTurnReply } from "./contract/YourTurnReply.js";
import { host, patch, type VNode } from "./vdom.js";

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  // The name starts with the count the badge shows (its accessible name contains its visible text).
  en: {
    "badge.one": "1 game waits on your move: {title}",
    "badge.many": "{n} games wait on your move — to the next: {title}",
  },
  de: {
    "badge.one": "1 Partie wartet auf deinen Zug: {title}",
    "badge.many": "{n} Partien warten auf deinen Zug — zur nächsten: {title}",
  },
});

/** How often the badge asks again while a page stays open, ms. */
const ASK_EVERY_MS = 30_000;

/** The badge's element in the header, filled when the answer comes. */
let element: Element | null = null;
let waiting: TurnGame[] = [];
let asker: ReturnType<typeof setInterval> | null = null;
let draw: Link | null = null;

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && accountName()) void ask();
});

/**
 * The game the badge leads to from the page at `path`: of the games waiting on the player's move, the
 * one that has waited longest — or, on one of their pages, the next after it by that order (the
 * first after the last), so that each click goes on to the next game; null when none waits.
 */
export function nextWaitingGame(games: TurnGame[], path: string): TurnGame | null {
  const byWait = [...games].sort((a, b) => a.updated_ms - b.updated_ms || a.id.localeCompare(b.id));
  const here = byWait.findIndex((game) => path === `/play/${game.id}`);
  return byWait[(here + 1) % byWait.length] ?? null;
}

/** Fills the badge from `waiting`: nothing when no game waits. */
function fill(): void {
  if (!element) return;
  const next = nextWaitingGame(waiting, location.pathname);
  if (!draw || !accountName() || !next) {
    patch(element);
    return;
  }
  const gameTitle = next.titles[lang()];
  const title =
    waiting.length === 1
      ? t("badge.one", { title: gameTitle })
      : t("badge.many", { n: waiting.length, title: gameTitle });
  const path = `/play/${next.id}`;
  patch(
    element,
    draw(path, String(waiting.length), { class: "turn-badge", id: "turn-badge", title, "aria-label": title }),
  );
}

/** Asks the server which games wait on the account's move, then fills the badge. */
async function ask(): Promise<void> {
  if (!accountName()) {
    waiting = [];
    fill();
    return;
  }
  try {
    waiting = (await api<YourTurnReply>("GET", "/api/games/your-turn")).games;
  } catch {
    // Offline or signed out meanwhile: the badge keeps what it showed until the next answer.
  }
  fill();
}

/** What a game page knows of its game for the badge: whose move it is, and whether it is over. */
export interface TurnOf {
  side_to_move: string | null;
  outcome?: unknown;
}

/** Whether the game waits on `seat`'s move in `game`: it is not over and `seat` is to move. */
function waitsOn(game: TurnOf, seat: string): boolean {
  return !game.outcome && game.side_to_move === seat;
}

/**
 * Whether the badge is out of date after a game page's game went from `before` to `after` for the
 * player of `seat`: the game began or stopped waiting on their move (they moved, the opponent moved,
 * or the game ended).
 */
export function turnChanged(before: TurnOf, after: TurnOf, seat: string): boolean {
  return waitsOn(before, seat) !== waitsOn(after, seat);
}

/** Asks the server again now (a game page saw the turn change or the game end), without waiting for the next asking. */
export function refreshTurnBadge(): void {
  if (accountName()) void ask();
}

/**
 * The badge for the header being drawn (with the header's `link`): asks the server again now,
 * and keeps asking while an account is signed in.
 */
export function turnBadge(link: Link): VNode {
  draw = link;
  fill();
  void ask();
  if (accountName() && !asker) {
    asker = setInterval(() => void ask(), ASK_EVERY_MS);
  } else if (!accountName() && asker) {
    clearInterval(asker);
    asker = null;
  }
  return host("span", { key: "turn-badge-host", class: "turn-badge-host" }, (shown) => {
    if (shown === element) return;
    element = shown;
    fill();
  });
}
