// The game page (/play/<id>): the controller of lichess's round — the state from the socket,
// the seat, stepping through the plies, premoves, the clock — drawing the board through the
// game's board module and the panel through the pure views of view.ts.

import { type VNode, patch, v } from "../vdom.js";
import { t, lang, errorText } from "../i18n.js";
import type { UiError } from "../i18n.js";
import { api } from "../api.js";
import type { ApiError } from "../api.js";
import { boardModule } from "../boards.js";
import { createChat } from "../chat.js";
import { createSpectatorChat, watchingText } from "../spectator-chat.js";
import type { SpectatorChatMessage } from "../contract/SpectatorChatMessage.js";
import type { ChatMessage } from "../contract/ChatMessage.js";
import { accountName } from "../account.js";
import { isMuted, loadMutes, setMuted } from "../mutes.js";
import { createRematch } from "../rematch.js";
import { playerName } from "../player-name.js";
import { link, navigate } from "../nav.js";
import { loadSeat, saveSeat } from "../seats.js";
import { beep, captureBeep } from "../sound.js";
import { loadSettings } from "../settings.js";
import { createConnection } from "./connection.js";
import { createQuickAnalysis } from "./quick-analysis.js";
import { alignSeatsWithBoard } from "./board-edges.js";
import { claimWait, noteFades, peopleView, presenceChange, PRESENCE_NOTE_MS } from "./people.js";
import type { PresenceNote } from "./people.js";
import { analysisControls, gameParts, pendingBox, turnLine } from "./view.js";
import type { GameContext, GameNotice } from "./view.js";
import type { Board, BoardModule, View } from "../board-types.js";
import type { Page, Seat } from "../types.js";
import type { GamePositionAt } from "../contract/GamePositionAt.js";
import type { GameSeatReply } from "../contract/GameSeatReply.js";
import type { NewInvite } from "../contract/NewInvite.js";
import type { GameState } from "../contract/GameState.js";
import type { GameUpdate } from "../contract/GameUpdate.js";
import type { LiveState } from "./live-state.js";
import { keepCurrentMoveInSight } from "./move-strip.js";
import { NARROW_SCREEN, type PhoneTab, type TabbedChat, unreadCount } from "./phone-tabs.js";
import { loadRead, saveRead } from "./chat-read.js";
import { orientation, type Orientation } from "./orientation.js";
import { refreshTurnBadge, turnChanged } from "../turn-badge.js";
import { watch } from "../lobby-socket.js";

/** The position the board shows: the live one, or one stepped back to (see `GamePositionAt`). */
type Shown = Pick<GamePositionAt, "view" | "last_move"> & Partial<Pick<GamePositionAt, "side_to_move">>;

/** How long "You joined the game as …" stays, ms. */
const JOINED_NOTICE_MS = 8000;

/** The page's frame: hosts that its parts are drawn into (see `GameController.render`), and the board's. */
function frameView(): VNode {
  return v("div", { key: "game", class: "game round" }, [
    v("section", { key: "side", class: "game-side" }),
    // A lost connection, the turn line and the board's host (see `GameController.render`).
    v("div", { key: "board-area", class: "board-area" }),
    // The seats at the board's top and bottom edges, the play column between them.
    v("div", { key: "play-column", class: "play-column" }, [
      v("div", { key: "top", class: "seat-slot top" }),
      v("aside", { key: "panel", class: "panel" }),
      v("div", { key: "bottom", class: "seat-slot bottom" }),
    ]),
    // Each move in words for screen readers.
    v("p", { key: "announce", class: "sr-only", id: "announce", "aria-live": "polite" }),
  ]);
}

/** The board's host, which the board draws into itself: the frame's, and again on every redraw of the board's area. */
function boardHostView(): VNode {
  return v("div", { key: "board", class: "board-host", id: "board" });
}

/** The hosts of the frame drawn into `main`. */
function frameHosts(main: HTMLElement) {
  const find = (selector: string) => {
    const found = main.querySelector(selector);
    if (!found) throw new Error(`the game page's frame has no ${selector}`);
    return found;
  };
  return {
    game: find(".game") as HTMLElement,
    boardArea: find(".board-area"),
    seatTop: find(".seat-slot.top"),
    seatBottom: find(".seat-slot.bottom"),
    panel: find(".panel"),
    side: find(".game-side"),
    announcer: find("#announce"),
  };
}

/** The game page of game `id`. */
export function gamePage(main: HTMLElement, id: string): Page {
  const ctrl = new GameController(main, id);
  ctrl.start();
  return { render: () => ctrl.redraw(), destroy: () => ctrl.destroy() };
}

/** The game page's state and what changes it. */
class GameController {
  state: LiveState | null = null;
  seat: Seat | null;
  viewPly: number | null = null;
  readonly viewCache = new Map<number, GamePositionAt>();
  /** Whether the player turned the board with the flip button (on top of the turn their side asks for). */
  turnedByHand = false;
  notice: GameNotice = "";
  /** The last change of the opponent's presence to tell (a text key), or "". */
  presenceNote: PresenceNote = "";
  error: UiError | null = null;
  module: BoardModule = boardModule("");
  board: Board | null = null;
  receivedAt = 0;
  clockTimer: ReturnType<typeof setInterval> | undefined;
  /** Stops watching the game's tournament over the lobby socket (a player's game of a tournament). */
  unwatch: () => void = () => undefined;
  /** The ply the board shows, to slide in a move just played. */
  drawnPly: number | null = null;
  /** A move chosen while the opponent is to move, played when the turn comes if it is legal then. */
  premove: string | null = null;
  /** A move chosen on the board that waits for the player's Play (the setting "Confirm each move"). */
  pending: string | null = null;
  /** The action the panel asks about before doing it (Resign). */
  confirming: "resign" | null = null;
  analysisMs = 2000;
  els: ReturnType<typeof frameHosts> | null = null;
  /** The moves just played, in words, for screen readers. */
  announcement = "";
  readonly connection;
  readonly analysis;
  readonly rematch;
  chat: ReturnType<typeof createChat> | null = null;
  spectatorChat: ReturnType<typeof createSpectatorChat> | null = null;
  /** The narrow screens, where the moves and the players' chat share a place in tabs (`phone-tabs.ts`). */
  readonly narrow = window.matchMedia(NARROW_SCREEN);
  readonly narrowChanged = () => this.render();
  /** The tab open on a narrow screen. */
  tab: PhoneTab = "moves";
  /**
   * How many of the opponent's chat messages the player has seen (the rest count as unread): kept in
   * this browser per game and seat (`chat-read.ts`), so a reload counts only what came since.
   */
  seenTheirs = 0;
  /** How many sockets watch the game (the server tells). */
  watchers = 0;
  readonly leave = () => this.rematch.leave(this.state, this.seat);
  readonly keys = (event: KeyboardEvent) => this.key(event);
  /** Lines the seats' strips up with the board again whenever the board's size changes. */
  readonly boardResized = new ResizeObserver(() => this.els && alignSeatsWithBoard(this.els.game));
  /** Keeps the move shown in sight when the panel's size changes (Amakta's prompt beside it grows or shrinks). */
  readonly panelResized = new ResizeObserver(() => this.els && keepCurrentMoveInSight(this.els.panel));

  constructor(
    readonly main: HTMLElement,
    readonly id: string,
  ) {
    this.seat = loadSeat(id);
    this.connection = createConnection(id, {
      token: () => this.seat?.token,
      message: (data, first) => this.message(data, first),
      changed: () => this.render(),
    });
    this.analysis = createQuickAnalysis(id, () => this.state?.seats ?? []);
    this.rematch = createRematch({
      id,
      post: (action) => api("POST", `/api/games/${id}/rematch`, { action }, this.seat?.token),
      taken: (update) => this.accept(update),
      failed: (e) => {
        this.error = e;
        this.render();
      },
      hasSeat: (other) => Boolean(loadSeat(other)?.token),
      saveSeat,
      navigate,
    });
  }

  /** Tells the opponent's presence change `note`; news that they joined or came back goes after a while. */
  tellPresence(note: PresenceNote) {
    this.presenceNote = note;
    if (!noteFades(note)) return;
    setTimeout(() => {
      if (this.presenceNote === note) {
        this.presenceNote = "";
        this.render();
      }
    }, PRESENCE_NOTE_MS);
  }

  /** Joins the game through the invite in the address (`#invite=…`), unless this browser has a seat. */
  async joinFromHash() {
    const match = location.hash.match(/invite=([0-9a-f]+)/);
    if (!match) return;
    history.replaceState(null, "", location.pathname);
    if (this.seat?.token) return;
    try {
      const joined = await api<GameSeatReply>("POST", `/api/games/${this.id}/join`, { invite: match[1] });
      this.seat = { token: joined.token, seat: joined.seat };
      saveSeat(this.id, this.seat);
      this.notice = "joined";
      // Said once: it goes after a while.
      setTimeout(() => {
        if (this.notice === "joined") {
          this.notice = "";
          this.render();
        }
      }, JOINED_NOTICE_MS);
    } catch (e) {
      const status = (e as ApiError).status;
      this.notice = status === 409 ? "seatTaken" : "";
      this.error = status === 409 ? null : (e as UiError);
    }
  }

  /**
   * Asks the server for a new invite link for the open seat (the signed-in player on a device
   * without the link) and shows it in the invite box; kept in memory only, as the seat here has
   * no token to keep it with.
   */
  async renewInvite() {
    if (!this.seat) return;
    this.error = null;
    try {
      const renewed = await api<NewInvite>("POST", `/api/games/${this.id}/invite`, {});
      if (this.seat) this.seat = { ...this.seat, invite: renewed.invite };
    } catch (e) {
      this.error = e as UiError;
    }
    this.render();
  }

  message(data: Record<string, unknown>, first: boolean) {
    if (data.type === "chat") {
      this.chat?.take(data as unknown as ChatMessage);
      return;
    }
    if (data.type === "spectator_chat") {
      this.spectatorChat?.take(data as unknown as SpectatorChatMessage);
      return;
    }
    if (data.type === "watchers") {
      this.watchers = Number(data.count) || 0;
      this.render();
      return;
    }
    this.accept(data as unknown as GameState | GameUpdate, first);
  }

  /** Reads the whole state again: after a missed change, or when the socket is down. */
  async refetch() {
    try {
      this.accept(await api<GameState>("GET", `/api/games/${this.id}`));
    } catch (e) {
      if ((e as ApiError).offline) return this.connection.goOffline();
      this.error = e as UiError;
      this.render();
    }
  }

  /**
   * Takes a message of the server. A whole state (`type` "state") replaces the page's copy.
   * An update (`type` "update": the moves from `moves_from` on and a summary) is applied to
   * it; one that does not follow the copy's moves means a change was missed, and the whole
   * state is read again. Replies to moves are updates without the view: the socket brings
   * the same change with it, so they are left to it while it is open.
   */
  accept(incoming: LiveState | GameUpdate, fresh = false) {
    const state = this.state;
    if (!fresh && state && incoming.version < state.version) return;
    let next: LiveState;
    if (incoming.type === "update") {
      if (!state || incoming.version === state.version) return;
      if (!incoming.view) {
        if (!this.connection.open()) this.refetch();
        return;
      }
      if (incoming.moves_from !== state.moves.length) {
        this.refetch();
        return;
      }
      // Updates leave out the position text; the page's copy drops its old one.
      const { position: _old, ...kept } = state;
      next = {
        ...kept,
        ...incoming,
        type: "state",
        view: incoming.view,
        moves: state.moves.concat(incoming.moves),
        moves_from: 0,
      };
    } else {
      next = incoming;
    }
    this.state = next;
    this.receivedAt = performance.now();
    if (this.pending && !next.legal_moves.includes(this.pending)) this.pending = null;
    const note = this.seat && presenceChange(state, next, this.seat.seat);
    if (note) this.tellPresence(note);
    else if (state && next.ply !== state.ply && noteFades(this.presenceNote)) this.presenceNote = "";
    if (this.viewPly !== null && this.viewPly > next.ply) this.viewPly = null;
    this.render();
    this.rematch.follow(state, next, this.seat);
    // The header's badge counts the games waiting on the account's move: this one's turn or end changes it.
    if (state && this.seat && turnChanged(state, next, this.seat.seat)) refreshTurnBadge();
    if (state && next.ply > state.ply) this.moved(state, next);
    if (this.premove && this.canMove()) {
      const move = this.premove;
      this.premove = null;
      if (next.legal_moves.includes(move)) this.submitMove(move);
      else this.render();
    }
  }

  /**
   * Says the moves played since `before` in the live region, and beeps when it is now the
   * player's turn: the capture sound when the moves captured (as the game's board module tells).
   */
  moved(before: LiveState, now: LiveState) {
    const fresh = now.moves.slice(before.ply);
    const words = this.moveWords()?.slice(before.ply);
    this.announcement = words
      ? words.join("; ")
      : fresh.length === 1
        ? t("played", { name: before.to_move_names[lang()], move: fresh[0] ?? "" })
        : fresh.join(" ");
    if (this.els) patch(this.els.announcer, this.announcement);
    if (this.myTurn()) (this.module.captures?.(before.view as View, now.view as View) ? captureBeep : beep)();
  }

  myTurn(): boolean {
    const { seat, state } = this;
    return Boolean(
      seat &&
        state &&
        !state.outcome &&
        this.viewPly === null &&
        state.side_to_move === seat.seat &&
        state.opponent !== "record",
    );
  }

  /** Whether the player may move now: their turn, and the server in reach. */
  canMove(): boolean {
    return this.connection.online() && this.myTurn();
  }

  /** Whether the player may choose a premove now: the opponent to move, in a game whose board offers them. */
  canPremove(): boolean {
    const { seat, state } = this;
    return Boolean(
      this.module.premoves &&
        this.connection.online() &&
        seat &&
        state &&
        !state.outcome &&
        this.viewPly === null &&
        state.opponent !== "record" &&
        state.side_to_move !== seat.seat,
    );
  }

  async send(path: string, body: unknown) {
    this.error = null;
    try {
      this.accept(await api<GameState | GameUpdate>("POST", `/api/games/${this.id}/${path}`, body, this.seat?.token));
    } catch (e) {
      const failure = e as ApiError & UiError;
      if (failure.offline) {
        failure.key = path === "moves" ? "moveNotSent" : "notSent";
        this.connection.goOffline();
      }
      this.error = failure;
      this.render();
    }
  }

  /**
   * Plays `move`, or queues it as the premove while the opponent is to move. A move chosen on the
   * board (`fromBoard`) waits for Play when the setting "Confirm each move" is on, unless the
   * board asks for confirmation itself.
   */
  submitMove(move: string, fromBoard = false) {
    // A second click on the move waiting (or Enter on its cell) plays it.
    const again = fromBoard && move === this.pending;
    if (this.canMove() && fromBoard && !again && !this.module.confirmsMoves && loadSettings().confirmMoves) {
      this.pending = move;
      this.render();
      return;
    }
    this.pending = null;
    if (this.canMove()) return this.send("moves", { move });
    if (!this.canPremove()) return;
    this.premove = move;
    this.render();
  }

  async showPly(ply: number | null) {
    const state = this.state;
    if (!state) return;
    if (ply === null || ply >= state.ply) {
      this.viewPly = null;
      this.render();
      return;
    }
    const at = Math.max(0, ply);
    this.viewPly = at;
    if (!this.viewCache.has(at)) {
      try {
        this.viewCache.set(at, await api<GamePositionAt>("GET", `/api/games/${this.id}/view/${at}`));
      } catch (e) {
        this.error = e as UiError;
      }
    }
    this.render();
  }

  /**
   * Which way the board is drawn: the viewer's own side nearest them once the game says whose side
   * that is (Amakta's colours, chosen in its setup; the first seat's in the other games), turned
   * once more by the flip button.
   */
  orientation(): Orientation {
    const near = this.state && this.module.nearSeat ? this.module.nearSeat(this.state.view as View) : "p1";
    return orientation(this.seat?.seat ?? null, near, this.turnedByHand);
  }

  /** Whether the board is drawn turned (see `orientation`). */
  get flipped(): boolean {
    return this.orientation().flipped;
  }

  /** The moves in words when the game's module writes them (`moveWords`), else null. */
  moveWords(): string[] | null {
    const state = this.state;
    return (state && this.module.moveWords?.(state.moves, state.view as View, { t, flipped: this.flipped })) || null;
  }

  /** What the views draw from. */
  context(state: LiveState, shownView: View): GameContext {
    return {
      id: this.id,
      state,
      seat: this.seat,
      module: this.module,
      viewPly: this.viewPly,
      shownView,
      online: this.connection.online(),
      elapsed: performance.now() - this.receivedAt,
      notice: this.notice,
      error: this.error,
      premove: this.premove,
      pending: this.canMove() ? this.pending : null,
      confirming: this.confirming,
      flipped: this.flipped,
      bottom: this.orientation().bottom,
      analysisMs: this.analysisMs,
      words: this.moveWords(),
      labels: this.module.moveLabels?.(state.moves, state.view as View) ?? null,
      myTurn: this.myTurn(),
      canMove: this.canMove(),
      canPremove: this.canPremove(),
      send: (path, body) => this.send(path, body),
      submitMove: (move) => this.submitMove(move),
      showPly: (ply) => this.showPly(ply),
      cancelPremove: () => {
        this.premove = null;
        this.render();
      },
      playPending: () => {
        if (this.pending) this.submitMove(this.pending);
      },
      cancelPending: () => {
        this.pending = null;
        this.render();
      },
      ask: (action) => {
        this.confirming = action;
        this.render();
      },
      renewInvite: () => void this.renewInvite(),
      flip: () => {
        this.turnedByHand = !this.turnedByHand;
        this.render();
      },
      redraw: () => this.render(),
      startAnalysis: () => {
        const ply = this.viewPly ?? state.ply;
        const side = this.viewPly === null ? state.side_to_move : this.viewCache.get(this.viewPly)?.side_to_move;
        this.analysis.start(ply, side, this.analysisMs);
      },
      setAnalysisMs: (ms) => {
        this.analysisMs = ms;
      },
    };
  }

  /** Hands the board the position shown and what may be played on it. */
  drawBoard(state: LiveState, shown: Shown) {
    const live = this.viewPly === null;
    // A move just played (one ply on from the position drawn before) slides in.
    const shownPly = this.viewPly ?? state.ply;
    const animate = this.drawnPly !== null && shownPly === this.drawnPly + 1;
    this.drawnPly = shownPly;
    const premoving = this.canPremove();
    this.board?.update({
      view: shown.view as View,
      legal: this.canMove() ? state.legal_moves : [],
      // The server lists the legal moves unless there are very many (Amakta Infinit's stone creation).
      legalListed: state.legal_moves.length === state.legal_moves_count,
      last: shown.last_move,
      flipped: this.flipped,
      interactive: this.canMove() || premoving,
      toMove: live ? state.side_to_move : shown.side_to_move,
      animate,
      premove: premoving ? (this.seat?.seat ?? null) : null,
      queued: premoving ? this.premove : this.canMove() ? this.pending : null,
      over: Boolean(state.outcome),
      seat: this.seat?.seat ?? null,
    });
  }

  render() {
    const state = this.state;
    const els = this.els;
    if (!state || !els) return;
    const live: Shown = { view: state.view, last_move: state.last_move };
    const shown = this.viewPly === null ? live : (this.viewCache.get(this.viewPly) ?? live);
    this.drawBoard(state, shown);
    const c = this.context(state, shown.view as View);
    document.title = c.canMove ? `(•) ${t("yourTurnTitle")} · ${t("appTitle")}` : `${state.title} · ${t("appTitle")}`;
    // The move waiting for Play shows above the board on a phone, where the panel is far below.
    const pendingLine = pendingBox(c, "line");
    patch(
      els.boardArea,
      // A lost connection, and whose turn and the last move (the panel says it too) or the move waiting for Play.
      v(
        "p",
        { key: "connection", class: "connection", id: "connection", role: "status", hidden: c.online },
        t("connectionLost"),
      ),
      v(
        "div",
        { key: "turn", class: "turn-line", id: "turn", "aria-hidden": c.pending ? null : "true" },
        pendingLine ? [pendingLine] : turnLine(c, shown.last_move),
      ),
      boardHostView(),
    );
    // The players see the spectators' chat once the game is over.
    const spectators = !this.seat || state.outcome ? this.spectatorChat?.view() : null;
    const watching = this.watchers
      ? v("p", { key: "watchers", class: "watchers-count muted", id: "watchers" }, watchingText(this.watchers))
      : null;
    const tabs = this.chatTabs();
    const parts = gameParts(c, this.peopleBox(state), this.rematch.controls(state, this.seat), tabs);
    patch(els.seatTop, parts.top);
    patch(els.seatBottom, parts.bottom);
    patch(els.panel, ...parts.column);
    // The quick analysis comes after the game's tools, before the chats (the players' is in a tab on a narrow screen).
    const chat = tabs ? null : this.chat?.view();
    patch(els.side, ...parts.side, analysisControls(c), this.analysis.box(), watching, chat, spectators);
    // The move shown stays in sight in the list (the list scrolls, the page does not).
    alignSeatsWithBoard(els.game);
    keepCurrentMoveInSight(els.panel);
  }

  /**
   * On a narrow screen, the tabs of the moves and the players' chat with its unread count; null on a
   * wide screen or without a players' chat. The opponent's messages count as read while the chat shows.
   */
  chatTabs(): TabbedChat | null {
    const chat = this.chat;
    if (!chat) return null;
    const tabbed = this.narrow.matches;
    if (!tabbed || this.tab === "chat") this.markRead(chat.theirs());
    if (!tabbed) return null;
    return {
      tab: this.tab,
      unread: unreadCount(chat.theirs(), this.seenTheirs),
      select: (tab) => {
        this.tab = tab;
        this.render();
      },
      chat: chat.view(),
    };
  }

  /** Counts `theirs` of the opponent's messages as read (never fewer than before), kept in this browser for a reload. */
  markRead(theirs: number) {
    const seat = this.seat?.seat;
    if (theirs <= this.seenTheirs || !seat) return;
    this.seenTheirs = theirs;
    saveRead(localStorage, this.id, seat, theirs);
  }

  /** Draws the seats again: their clocks, counted down from the state's remaining times. */
  renderSeats() {
    const state = this.state;
    const els = this.els;
    if (!state || !els) return;
    const live: Shown = { view: state.view, last_move: state.last_move };
    const shown = this.viewPly === null ? live : (this.viewCache.get(this.viewPly) ?? live);
    const parts = gameParts(this.context(state, shown.view as View));
    patch(els.seatTop, parts.top);
    patch(els.seatBottom, parts.bottom);
  }

  /** Abort, takebacks, presence and claims, for a player of a game between people. */
  peopleBox(state: LiveState): VNode | null {
    const seat = this.seat;
    if (!seat || state.opponent !== "human" || !this.connection.online()) return null;
    const other = state.seats.find((s) => s.seat !== seat.seat);
    return peopleView({
      state,
      mySeat: seat.seat,
      opponentName: playerName(state.seats, other?.seat),
      age: performance.now() - this.receivedAt,
      presenceNote: this.presenceNote,
      send: (path, body) => this.send(path, body),
    });
  }

  /** Whether a countdown of the people's box runs (the first move's, or until a claim). */
  peopleCounting(): boolean {
    const state = this.state;
    if (!state?.people || state.outcome || !this.seat) return false;
    const wait = claimWait({ state, mySeat: this.seat.seat, age: performance.now() - this.receivedAt });
    return state.people.first_move_ms !== null || (wait !== null && wait > -1000);
  }

  redraw() {
    this.board?.refresh?.();
    this.render();
  }

  tickClocks() {
    if (this.peopleCounting()) this.render();
    else if (this.state?.clock?.running) this.renderSeats();
  }

  /**
   * The move list's keys, as on lichess: ← and → a move back and on, ↑ or Home the start, ↓ or End
   * the live position; Escape withdraws a question of the panel. Text fields keep their keys.
   */
  key(event: KeyboardEvent) {
    const state = this.state;
    const target = event.target;
    if (
      target instanceof HTMLInputElement ||
      target instanceof HTMLTextAreaElement ||
      target instanceof HTMLSelectElement ||
      !state
    )
      return;
    // Enter on a button is that button's.
    if (event.key === "Enter" && target instanceof HTMLButtonElement) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const at = this.viewPly ?? state.ply;
    const to: Record<string, () => void> = {
      ArrowLeft: () => this.showPly(at - 1),
      ArrowRight: () => this.showPly(at + 1),
      ArrowUp: () => this.showPly(0),
      Home: () => this.showPly(0),
      ArrowDown: () => this.showPly(null),
      End: () => this.showPly(null),
      Escape: () => {
        this.confirming = null;
        this.pending = null;
        this.render();
      },
      Enter: () => {
        if (this.pending) this.submitMove(this.pending);
      },
    };
    const go = to[event.key];
    if (
      !go ||
      (event.key === "Escape" && !this.confirming && !this.pending) ||
      (event.key === "Enter" && !this.pending)
    )
      return;
    event.preventDefault();
    go();
  }

  async start() {
    // A frame of its own: another game's page before this one (a rematch) leaves nothing behind.
    this.main.replaceChildren();
    patch(this.main, frameView());
    const els = frameHosts(this.main);
    this.els = els;
    // The board's host first: each redraw of the board's area keeps it (by its key).
    patch(els.boardArea, boardHostView());
    const boardHost = els.boardArea.querySelector<HTMLElement>("#board");
    await this.joinFromHash();
    let state: GameState;
    try {
      state = await api<GameState>("GET", `/api/games/${this.id}`);
    } catch (e) {
      const text = (e as ApiError).status === 404 ? t("notFound") : errorText(e as UiError);
      patch(
        this.main,
        v("div", { key: "not-found", class: "page card", id: "not-found" }, [
          v("h1", {}, text),
          v("p", {}, link("/", t("backToLobby"))),
        ]),
      );
      return;
    }
    this.state = state;
    this.receivedAt = performance.now();
    // Signed in on another device than the one holding the seat's token: the account's seat.
    if (!this.seat?.token && state.you) {
      this.seat = { seat: state.you };
    }
    // A player of a tournament's game is there for its arena (paired again after it), as on its page.
    if (state.tournament && this.seat) this.unwatch = watch({ tournament: state.tournament });
    this.module = boardModule(state.game);
    if (boardHost) {
      this.board = this.module.createBoard(boardHost, { submit: (move) => this.submitMove(move, true), t });
      this.boardResized.observe(boardHost);
    }
    this.panelResized.observe(els.panel);
    if (state.opponent === "human") await this.createChats();
    window.addEventListener("pagehide", this.leave);
    this.narrow.addEventListener("change", this.narrowChanged);
    this.render();
    this.connection.connect();
    this.clockTimer = setInterval(() => this.tickClocks(), 200);
    document.addEventListener("keydown", this.keys);
  }

  /**
   * The chats of a game between people: the players' (for a seat held by a token or the signed-in
   * account; its mute is kept for the opponent) and the spectators' (written by spectators signed in).
   */
  async createChats() {
    await loadMutes();
    const seat = this.seat;
    if (seat) {
      this.seenTheirs = loadRead(localStorage, this.id, seat.seat);
      const token = seat.token;
      const opponent = () => {
        const other = this.state?.seats.find((s) => s.seat !== seat.seat);
        return other?.account
          ? { key: other.account.name, account: true }
          : { key: `game:${this.id}:${other?.seat ?? ""}`, account: false };
      };
      this.chat = createChat({
        mySeat: seat.seat,
        send: (text) =>
          api<GameUpdate>("POST", `/api/games/${this.id}/chat`, { text }, token).then((reply) => this.accept(reply)),
        nameOf: (side) => {
          const held = this.state?.seats.find((s) => s.seat === side);
          return held?.account?.name ?? held?.names[lang()] ?? side;
        },
        muted: () => isMuted(opponent().key, opponent().account),
        setMuted: (on) => setMuted(opponent().key, opponent().account, on),
        changed: () => this.render(),
      });
    }
    const me = accountName();
    const send = me && !seat ? (text: string) => api("POST", `/api/games/${this.id}/spectator-chat`, { text }) : null;
    this.spectatorChat = createSpectatorChat({ send, me, changed: () => this.render() });
  }

  destroy() {
    this.unwatch();
    this.leave();
    window.removeEventListener("pagehide", this.leave);
    this.narrow.removeEventListener("change", this.narrowChanged);
    this.connection.close();
    this.analysis.stop();
    clearInterval(this.clockTimer);
    this.boardResized.disconnect();
    this.panelResized.disconnect();
    document.removeEventListener("keydown", this.keys);
  }
}
