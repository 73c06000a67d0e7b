// The lobby: the one new-game form (game, options, side, time control, rated, takebacks) and its
// ways — the computer, a friend, a challenge by name, a seek —, quick pairing, the seeks, the
// player's games, the running games to watch, the rules and the import of a record. The controller
// keeps the form, the pools and the running games, asks the server on timers and acts; view.ts
// (with picker-view.ts, running-view.ts, rules-view.ts) draws, and the cards of seeks.ts, "your
// turn" and the featured game keep themselves.

import { t } from "../../i18n.js";
import type { UiError } from "../../i18n.js";
import { patch } from "../../vdom.js";
import { api } from "../../api.js";
import type { ApiError } from "../../api.js";
import { accountName } from "../../account.js";
import { link, navigate } from "../../nav.js";
import { startGame } from "../../start-game.js";
import { yourTurnSection } from "../../correspondence.js";
import { onPaired } from "../../lobby-socket.js";
import { featuredGame } from "../../featured.js";
import { seeksSection, myGamesSection } from "./seeks.js";
import type { SeeksCard } from "./seeks.js";
import { quickPairing } from "./picker-view.js";
import { runningPart } from "./running-view.js";
import type { RunningState } from "./running-view.js";
import { lobbyView } from "./view.js";
import type { FormOutcome, LobbyPageContext } from "./view.js";
import { TournamentsCard } from "./tournaments-card.js";
import {
  SAVED_FORM_KEY,
  challengeBody,
  createRequest,
  keptForm,
  pairingBody,
  restoredLobbyForm,
} from "./pairing-form.js";
import type { LobbyForm, Way } from "./pairing-form.js";
import type { Page, Registry } from "../../types.js";
import type { LobbyGamesReply } from "../../contract/LobbyGamesReply.js";
import type { PoolJoinRequest } from "../../contract/PoolJoinRequest.js";
import type { PoolReply } from "../../contract/PoolReply.js";
import type { Challenge } from "../../contract/Challenge.js";
import type { LobbySeek } from "../../contract/LobbySeek.js";

/** The sign-in page that comes back to the lobby and into the pool of `game` and `clock` (a guest's quick tile). */
export function quickSignInPath(game: string, clock: string): string {
  const back = `/?${new URLSearchParams({ quick: `${game} ${clock}` })}`;
  return `/login?${new URLSearchParams({ next: back })}`;
}

/** The form this browser kept from its last visit to the lobby (or a profile's challenge dialog), if any. */
function savedForm(): string | null {
  try {
    return localStorage.getItem(SAVED_FORM_KEY);
  } catch {
    return null;
  }
}

/** Keeps the form for the next visit (the game chosen and its settings, as lichess keeps the last setup). */
function keepForm(form: LobbyForm): void {
  try {
    localStorage.setItem(SAVED_FORM_KEY, keptForm(form));
  } catch {
    // A browser that keeps nothing starts each visit with the fresh form.
  }
}

/** Running games per page of the lobby. */
const LOBBY_PAGE = 20;

/** The lobby: the new-game form, seeks, my games, the running games, rules links and record import. */
export function lobbyPage(main: HTMLElement, registry: Registry): Page {
  const page = new LobbyPage(main, registry);
  return { render: page.render, destroy: () => page.destroy() };
}

/** The lobby's state, its requests, timers and actions (see `lobbyPage`). */
class LobbyPage {
  readonly form: LobbyForm;
  /** The running games shown, their page and whether the last refresh reached the server. */
  readonly running: RunningState = { games: [], page: 1, pages: 1, online: true };
  readonly seeks: SeeksCard;
  readonly mine = myGamesSection({ navigate, link });
  readonly turns = yourTurnSection({ navigate, link, signedIn: () => Boolean(accountName()) });
  readonly featured = featuredGame();
  readonly tournaments = new TournamentsCard(link, () => this.draw());

  /** A refused new game, challenge or seek (shown at the option it names, else below the button). */
  error: UiError | null = null;
  /** What the form's last challenge or seek did. */
  outcome: FormOutcome = { sentTo: "", seekPosted: false };
  /** Whether the player opened "More options". */
  moreOpen = false;
  /** A refused import of a record, and the record typed so far. */
  importError: UiError | null = null;
  recordText = "";

  /** The quick-pairing pools: where the account waits and how many wait (signed in). */
  pool: PoolReply | null = null;
  /** Whether the pools were read since the page opened (the first reading shows the game the account waits in). */
  poolRead = false;

  readonly timer = setInterval(() => this.refresh(), 3000);
  // While waiting in a pool: the seconds waited and the pools' sizes, every second.
  readonly poolTimer = setInterval(() => {
    if (this.pool?.entry) this.refreshPool();
  }, 1000);
  // Paired over the lobby socket: the socket goes to the game; the tiles forget the wait.
  readonly stopPaired = onPaired(() => {
    this.pool = null;
  });

  constructor(
    readonly main: HTMLElement,
    readonly registry: Registry,
  ) {
    this.form = restoredLobbyForm(registry, savedForm());
    this.seeks = seeksSection({ registry, navigate, link });
    this.askedChallenge();
    this.refresh();
    this.joinAskedPool();
  }

  /**
   * Opened to challenge a player (`/?challenge=NAME`, a profile's or the list of bots' Challenge):
   * the form in its challenge way with the name filled in, in view, its button focused — one click sends it.
   */
  askedChallenge() {
    const name = new URLSearchParams(location.search).get("challenge")?.trim();
    if (!name) return;
    Object.assign(this.form, { way: "challenge", challengeName: name });
    requestAnimationFrame(() => {
      const form = document.getElementById("create");
      form?.scrollIntoView({ block: "center" });
      form?.querySelector<HTMLElement>('button[type="submit"]')?.focus({ preventScroll: true });
    });
  }

  /** Back from signing in by a quick tile (`/?quick=GAME CLOCK`): joins that pool once. */
  joinAskedPool() {
    const [game, clock] = (new URLSearchParams(location.search).get("quick") ?? "").split(" ");
    if (!accountName() || !clock || !this.registry.games.some((g) => g.name === game)) return;
    if (game) this.pick(game);
    history.replaceState(history.state, "", "/");
    this.quickStart(clock);
  }

  /** Asks for the page of running games (and the pools, unless waiting in one: their timer does). */
  readonly refresh = async () => {
    try {
      const listed = await api<LobbyGamesReply>("GET", `/api/games?limit=${LOBBY_PAGE}&page=${this.running.page}`);
      this.running.games = listed.games;
      this.running.pages = Math.max(1, Math.ceil(listed.total / LOBBY_PAGE));
      this.running.online = true;
    } catch (e) {
      this.running.online = !(e as ApiError).offline;
    }
    this.draw();
    if (!this.pool?.entry) this.refreshPool();
  };

  /** Does what the form's way does: starts the game, sends the challenge or posts the seek; a refusal is shown and scrolled to. */
  readonly create = async () => {
    this.error = null;
    this.outcome = { sentTo: "", seekPosted: false };
    try {
      await this.act();
    } catch (e) {
      this.error = e as UiError;
      this.render();
      document.getElementById("create-error")?.scrollIntoView({ block: "center" });
    }
  };

  /** The form's request by its way. */
  async act() {
    const { form } = this;
    if (form.way === "challenge") {
      this.outcome.sentTo = (await api<Challenge>("POST", "/api/challenges", challengeBody(form))).to;
      return this.render();
    }
    if (form.way === "seek") {
      this.seeks.watch((await api<LobbySeek>("POST", "/api/seeks", pairingBody(form))).id);
      this.outcome.seekPosted = true;
      return this.render();
    }
    await startGame(createRequest(form, Boolean(accountName())));
  }

  /** Asks the server for the pools (signed in), and draws the quick tiles again. */
  readonly refreshPool = async () => {
    if (!accountName()) {
      this.pool = null;
      return;
    }
    try {
      this.pool = await api<PoolReply>("GET", "/api/pool");
      // Back on the lobby (a reload, another page and Back) while waiting: the tiles of that game, one waiting.
      const waiting = this.pool.entry?.game;
      if (!this.poolRead && waiting && waiting !== this.form.game) this.pick(waiting);
      this.poolRead = true;
    } catch {
      // The lobby's own list says when the server is out of reach.
    }
    this.draw();
  };

  /** Leaves the pool. */
  readonly leavePool = async () => {
    try {
      this.pool = await api<PoolReply>("DELETE", "/api/pool");
    } catch (e) {
      this.error = e as UiError;
    }
    this.render();
  };

  /**
   * Quick pairing: signed in, the pool of the game and `clock` (rated; a second click on the tile
   * leaves it), and the game once paired — at once, or later over the lobby socket. A guest signs
   * in first (a name and a password) and comes back into the pool.
   */
  readonly quickStart = async (clock: string) => {
    this.error = null;
    if (!accountName()) return navigate(quickSignInPath(this.form.game, clock));
    try {
      const entry = this.pool?.entry;
      if (entry && entry.game === this.form.game && entry.clock === clock) return this.leavePool();
      const join: PoolJoinRequest = { game: this.form.game, clock, rated: true };
      this.pool = await api<PoolReply>("POST", "/api/pool", join);
      if (this.pool.paired) return navigate(`/play/${this.pool.paired.id}`);
      this.render();
    } catch (e) {
      this.error = e as UiError;
      this.render();
    }
  };

  /** "Play the computer", "Play a friend", "Challenge a player", "Look for an opponent": the way of the form below the buttons. */
  readonly setUp = (way: Way) => {
    this.form.way = way;
    this.error = null;
    this.outcome = { sentTo: "", seekPosted: false };
    this.render();
    const form = document.getElementById("create");
    form?.querySelector<HTMLElement>('button[type="submit"]')?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  };

  /** Chooses the game of the form and of quick pairing. */
  readonly pick = (game: string) => {
    if (this.form.game !== game) {
      this.form.game = game;
      this.form.options = {};
    }
    this.render();
  };

  /** Opens the record typed into the rules card as a game. */
  readonly importRecord = async () => {
    try {
      const imported = await api<{ id: string }>("POST", "/api/records", { record: this.recordText });
      navigate(`/play/${imported.id}`);
    } catch (e) {
      this.importError = e as UiError;
      this.render();
    }
  };

  /** Goes `step` pages on in the running games. */
  readonly turnListPage = (step: number) => {
    this.running.page += step;
    this.refresh();
  };

  /** What the views are drawn from. */
  context(): LobbyPageContext {
    const entry = this.registry.games.find((g) => g.name === this.form.game);
    return {
      registry: this.registry,
      form: this.form,
      error: this.error,
      signedIn: Boolean(accountName()),
      parts: {
        quick: quickPairing(entry, Boolean(accountName()), this.quickStart, this.pool, this.leavePool),
        turns: this.turns.view(),
        seeks: this.seeks.view(),
        mine: this.mine.view(),
        featured: this.featured.view(),
        tournaments: this.tournaments.view(Date.now()),
        list: runningPart(this.running, this.turnListPage),
      },
      record: {
        text: this.recordText,
        error: this.importError,
        input: (text) => {
          this.recordText = text;
        },
        open: this.importRecord,
      },
      render: this.render,
      pick: this.pick,
      setUp: this.setUp,
      outcome: this.outcome,
      signInLink: () =>
        link(`/login?${new URLSearchParams({ next: "/" })}`, t("lobby.signInLink"), { id: "create-sign-in" }),
      update: (change, redraw) => {
        Object.assign(this.form, change);
        keepForm(this.form);
        if (redraw) this.render();
      },
      setOption: (name, value) => {
        this.form.options[name] = value;
        keepForm(this.form);
      },
      create: () => void this.create(),
      moreOpen: this.moreOpen,
      setMoreOpen: (open) => {
        this.moreOpen = open;
      },
    };
  }

  /**
   * Draws the lobby (quick pairing and the running games with it: the pools change every second
   * while one waits, the games every refresh), leaving the cards that keep themselves as they are.
   */
  readonly draw = () => {
    patch(this.main, lobbyView(this.context()));
    keepForm(this.form);
  };

  /** Draws the lobby and each card that keeps itself (after a change of language, say). */
  readonly render = () => {
    this.draw();
    this.seeks.render();
    this.mine.render();
    this.turns.render();
    this.featured.render();
  };

  /** Stops the timers and the cards. */
  destroy() {
    clearInterval(this.timer);
    clearInterval(this.poolTimer);
    this.stopPaired();
    this.seeks.destroy();
    this.mine.destroy();
    this.turns.destroy();
    this.featured.destroy();
    this.tournaments.destroy();
  }
}
