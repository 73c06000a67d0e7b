// The lobby's seeks ("looking for a game of Abalone, 5+3, rated") and "My games": the games of
// the signed-in account, or of the seats this browser keeps when nobody is signed in. These cards
// keep their state, ask the server on a timer and draw themselves (seeks-view.ts).

import { host, patch } from "../../vdom.js";
import type { VAttrs, VNode } from "../../vdom.js";
import { accountName } from "../../account.js";
import { api as call } from "../../api.js";
import type { UiError } from "../../i18n.js";
import type { Link, Navigate, Registry } from "../../types.js";
import type { LobbyGame } from "../../contract/LobbyGame.js";
import type { LobbyGamesReply } from "../../contract/LobbyGamesReply.js";
import type { LobbySeek } from "../../contract/LobbySeek.js";
import type { PairedGame } from "../../contract/PairedGame.js";
import type { SeatId } from "../../contract/SeatId.js";
import type { SeeksReply } from "../../contract/SeeksReply.js";
import { myGamesView, seeksCardView } from "./seeks-view.js";
import type { SeekActions } from "./seeks-view.js";

/** A card of the lobby that keeps itself up to date: its host's vnode for the lobby's view, a redraw, and stopping its timer. */
export interface LobbyCard {
  view: () => VNode;
  render: () => void;
  destroy: () => void;
}

/**
 * The host of a card that draws itself: the vnode the lobby's view places (`view`), and the
 * element the card draws into once the lobby shows it (`element()`); a new element is drawn at once.
 */
function cardHost(attrs: VAttrs, render: () => void): { view: () => VNode; element: () => Element | null } {
  let element: Element | null = null;
  return {
    view: () =>
      host("section", attrs, (shown) => {
        if (shown === element) return;
        element = shown;
        render();
      }),
    element: () => element,
  };
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

/** What the seeks card is given: the registry, and the app's navigation and links. */
interface SeeksDeps {
  registry: Registry;
  navigate: Navigate;
  link: Link;
}

/** The seeks card, which looks after the seeks the player makes with the lobby's form. */
export interface SeeksCard extends LobbyCard {
  /** Looks after the player's new seek `id` (its game is opened once somebody accepts it) and shows it. */
  watch: (id: string) => void;
}

/**
 * The lobby's seeks card: the open seeks (Accept, or Withdraw for one's own). While one of the
 * player's seeks is open, the card asks the server every two seconds whether somebody accepted
 * it, and then goes to the game.
 */
export function seeksSection({ registry, navigate, link }: SeeksDeps): SeeksCard {
  const card = cardHost({ key: "seeks", class: "card seeks-card", id: "seeks" }, () => render());
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
    error = await refusal(request);
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
  };

  function render() {
    const element = card.element();
    if (!element) return;
    patch(element, ...seeksCardView(registry, { me: accountName(), seeks, error }, link, actions));
  }

  refresh();
  const timer = setInterval(refresh, 2000);
  const watch = (id: string) => {
    waiting.add(id);
    refresh();
  };
  return { view: card.view, render, destroy: () => clearInterval(timer), watch };
}

/** Runs `request`: null, or the error it was refused with. */
async function refusal(request: () => Promise<void>): Promise<UiError | null> {
  try {
    await request();
    return null;
  } catch (e) {
    return e as UiError;
  }
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
  const card = cardHost({ key: "my-games", class: "card my-games-card", id: "my-games" }, () => render());
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
    const element = card.element();
    if (element) patch(element, ...myGamesView(games, mySeat, { link, navigate }));
  }

  refresh();
  const timer = setInterval(refresh, 5000);
  return { view: card.view, render, destroy: () => clearInterval(timer) };
}
