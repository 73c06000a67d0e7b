// The lobby's featured game, as lichess TV: the highest-rated game being played
// (`GET /api/lobby/featured`), drawn small with its own board and kept live through the game's
// socket; when it ends, the next one is looked for.

import { host, patch, type VNode, v } from "./vdom.js";
import { t, lang, addTexts } from "./i18n.js";
import { api } from "./api.js";
import { boardModule } from "./boards.js";
import { lobbySeatLabel } from "./pages/lobby/seeks-view.js";
import { link } from "./nav.js";
import { createConnection } from "./game/connection.js";
import type { Board } from "./board-types.js";
import type { Connection } from "./game/connection.js";
import type { FeaturedReply } from "./contract/FeaturedReply.js";
import type { LobbyGame } from "./contract/LobbyGame.js";
import type { SeatId } from "./contract/SeatId.js";

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: {
    "featured.title": "Featured game",
    "featured.none":
      "No game has had a move in the last three minutes. Once one has, the highest-rated game in play shows here, live.",
    "featured.toMove": "{name} to move",
    "featured.over": "The game is over — looking for the next one…",
    "featured.engine": "Computer (level {level})",
    "featured.anonymous": "anonymous",
  },
  de: {
    "featured.title": "Partie im Fokus",
    "featured.none":
      "In den letzten drei Minuten wurde in keiner Partie gezogen. Sobald wieder gezogen wird, erscheint hier live die höchstbewertete laufende Partie.",
    "featured.toMove": "{name} am Zug",
    "featured.over": "Die Partie ist vorbei – die nächste wird gesucht …",
    "featured.engine": "Computer (Stufe {level})",
    "featured.anonymous": "anonym",
  },
});

/** How long after the featured game's end the next one is looked for, ms. */
const NEXT_AFTER_MS = 5000;
/** How often the server is asked again while no game is featured, ms. */
const LOOK_AGAIN_MS = 30_000;

/** What the game's socket tells of the position (the fields the small board needs). */
interface Shown {
  view?: Record<string, unknown>;
  last_move?: string | null;
  side_to_move?: SeatId | null;
  outcome?: unknown;
}

/** The featured game's box: its vnode, to place in the lobby (it draws into it itself), and how to stop it. */
export interface Featured {
  view(): VNode;
  /** Redraws the texts (e.g. after the language changed). */
  render(): void;
  /** Closes the socket and the timers. */
  destroy(): void;
}

/**
 * Who plays `seat` of the featured `game`, after the side's name: the account (with its rating) as the
 * lobby's lists name it, the engine at its level, or a guest's "anonymous", so that the box never
 * shows the sides alone.
 */
export function featuredSeatLabel(game: LobbyGame, seat: LobbyGame["seats"][number]): string {
  if (seat.account) return lobbySeatLabel(seat);
  const side = seat.names[lang()];
  if (seat.player === "engine") return `${side}: ${t("featured.engine", { level: game.level ?? "" })}`;
  return `${side}: ${seat.label ?? t("featured.anonymous")}`;
}

/** The lobby's featured game (see the module comment). */
export function featuredGame(): Featured {
  return new FeaturedBox();
}

/** The featured game's state and drawing (see `featuredGame`). */
class FeaturedBox implements Featured {
  /** The element the box is drawn into, once the lobby shows it. */
  element: Element | null = null;
  /** The element the board draws into. */
  boardHost: Element | null = null;
  game: LobbyGame | null = null;
  shown: Shown = {};
  board: Board | null = null;
  connection: Connection | null = null;
  timer: ReturnType<typeof setTimeout> | undefined;
  stopped = false;

  constructor() {
    this.look();
  }

  /** The box's vnode: the lobby's redraws leave what is inside to the box. */
  view(): VNode {
    return host("div", { key: "featured", id: "featured", "aria-live": "off" }, (element) => {
      if (element === this.element) return;
      this.element = element;
      this.render();
    });
  }

  /** Makes the featured game's board in `element`, the board's host drawn for it. */
  attachBoard(game: LobbyGame, element: Element) {
    if (element === this.boardHost) return;
    this.boardHost = element;
    this.board = boardModule(game.game).createBoard(element as HTMLElement, { submit: () => undefined, t });
  }

  /** Asks the server for the featured game and starts watching it. */
  readonly look = async () => {
    this.timer = undefined;
    try {
      const reply = await api<FeaturedReply>("GET", "/api/lobby/featured");
      if (this.stopped) return;
      this.watch(reply.game);
    } catch {
      if (!this.stopped) this.watch(null);
    }
  };

  /** Watches `game` live, or shows that none is played and looks again later. */
  watch(game: LobbyGame | null) {
    this.connection?.close();
    this.connection = null;
    this.game = game;
    this.shown = {};
    if (!game) {
      this.timer = setTimeout(this.look, LOOK_AGAIN_MS);
      this.render();
      return;
    }
    this.board = null;
    this.connection = createConnection(game.id, {
      token: () => undefined,
      message: this.message,
      changed: () => undefined,
    });
    this.connection.connect();
    this.render();
  }

  /** Takes a message of the game's socket: a state or an update with the position. */
  readonly message = (data: Record<string, unknown>) => {
    if (data.type !== "state" && data.type !== "update") return;
    const next = data as Shown;
    if (!next.view) return;
    this.shown = { ...this.shown, ...next };
    this.render();
    this.board?.update({
      view: next.view,
      legal: [],
      legalListed: true,
      last: this.shown.last_move,
      flipped: false,
      interactive: false,
      toMove: this.shown.side_to_move,
      animate: data.type === "update",
      premove: null,
      queued: null,
      miniature: true,
    });
    if (next.outcome && this.timer === undefined) this.timer = setTimeout(this.look, NEXT_AFTER_MS);
  };

  /** Draws the box: the players and the link to the game, the board, whose turn it is. */
  render() {
    this.board?.refresh?.();
    const game = this.game;
    if (!this.element) return;
    if (!game) {
      patch(this.element, v("p", { key: "featured-none", class: "muted", id: "featured-none" }, t("featured.none")));
      return;
    }
    const shown = this.shown;
    // The side to move by the game's socket, named as the lobby's line names its seat.
    const mover = game.seats.find((s) => s.seat === shown.side_to_move);
    const status = shown.outcome
      ? t("featured.over")
      : mover
        ? t("featured.toMove", { name: mover.names[lang()] })
        : "";
    patch(
      this.element,
      v("p", { key: "players", class: "featured-players" }, [
        link(`/play/${game.id}`, game.title, { id: "featured-link", "data-game": game.id }),
        ": ",
        game.seats.map((seat) => featuredSeatLabel(game, seat)).join(" – "),
      ]),
      // A board of its own for each game: a new game's host is a new element.
      host("div", { key: `board:${game.id}`, class: "featured-board" }, (element) => this.attachBoard(game, element)),
      v("p", { key: "featured-status", class: "muted", id: "featured-status" }, status),
    );
  }

  /** Stops watching for good. */
  destroy() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.connection?.close();
  }
}
