// The lobby: a new game (game, options, opponent, side, clock), the seeks, the player's games,
// the running games to watch, the rules and the import of a record.

import { t, lang, errorText, optionHelp, optionLabel, choiceLabel } from "../i18n.js";
import type { UiError } from "../i18n.js";
import { h, replaceKeepingFocus, patch } from "../svg.js";
import { api } from "../api.js";
import type { ApiError } from "../api.js";
import { boardModule } from "../boards.js";
import { accountName } from "../account.js";
import { seeksSection, myGamesSection } from "../seeks.js";
import type { LobbyCard } from "../seeks.js";
import { link, navigate } from "../nav.js";
import { startGame } from "../start-game.js";
import { gamePicker, quickPairing } from "./lobby-picker.js";
import { timeControlRequest, timeControlSelect, yourTurnSection } from "../correspondence.js";
import { onPaired } from "../lobby-socket.js";
import { featuredGame } from "../featured.js";
import { runningPager, runningTable } from "./lobby-running.js";
import { rulesCard } from "./lobby-rules.js";
import type { GameEntry, OptionSpec, Page, Registry } from "../types.js";
import type { LobbyGame } from "../contract/LobbyGame.js";
import type { LobbyGamesReply } from "../contract/LobbyGamesReply.js";
import type { PoolJoinRequest } from "../contract/PoolJoinRequest.js";
import type { PoolReply } from "../contract/PoolReply.js";
import type { CreateGameRequest } from "../contract/CreateGameRequest.js";

// Running games per page of the lobby.
const LOBBY_PAGE = 20;

/** The new-game form's choices. */
interface LobbyForm {
  game: string;
  options: Record<string, string>;
  opponent: string;
  level: string;
  side: string;
  clock: string;
  rated: boolean;
}

/** A field of the new-game form: its label and its control. */
function lobbyField(label: string, control: HTMLElement): HTMLElement {
  return h("label", {}, [h("span", {}, label), control]);
}

/** The two buttons that choose the opponent ("Play the computer", "Play a friend"); a click calls `setUp`. */
function opponentButtons(opponent: string, setUp: (opponent: string) => void): HTMLElement {
  return h(
    "div",
    { class: "play-with", role: "group", "aria-label": t("opponent") },
    (
      [
        ["engine", "play-computer", t("look.playComputer")],
        ["human", "play-friend", t("look.playFriend")],
      ] as const
    ).map(([choice, id, text]) =>
      h(
        "button",
        {
          type: "button",
          class: `big ${opponent === choice ? "selected" : ""}`,
          id,
          "aria-pressed": String(opponent === choice),
          onclick: () => setUp(choice),
        },
        text,
      ),
    ),
  );
}

/** The lobby: the new-game form, seeks, my games, the running games, rules links and record import. */
export function lobbyPage(main: HTMLElement, registry: Registry): Page {
  const page = new LobbyPage(main, registry);
  return { render: () => page.redraw(), destroy: () => page.destroy() };
}

/** The page's state and drawing (see `lobbyPage`). */
class LobbyPage {
  readonly main: HTMLElement;
  readonly registry: Registry;
  readonly gameEntry = (name: string) => this.registry.games.find((g) => g.name === name);
  readonly form: LobbyForm;
  running: LobbyGame[] = [];

  // The page of running games shown (from 1) and how many pages there are.
  listPage = 1;
  listPages = 1;
  readonly seeks: LobbyCard;
  readonly mine = myGamesSection({ navigate, link });
  readonly turns = yourTurnSection({ navigate, link, signedIn: () => Boolean(accountName()) });
  readonly featured = featuredGame();

  // A refused new game (`error`, shown at the option it names, else below the button) or import.
  error: UiError | null = null;
  importError: UiError | null = null;
  recordText = "";

  // Whether the last refresh reached the server; the next one tries again.
  online = true;

  readonly refresh = async () => {
    try {
      const listed = await api<LobbyGamesReply>("GET", `/api/games?limit=${LOBBY_PAGE}&page=${this.listPage}`);
      this.running = listed.games;
      this.listPages = Math.max(1, Math.ceil(listed.total / LOBBY_PAGE));
      this.online = true;
    } catch (e) {
      this.online = !(e as ApiError).offline;
    }
    this.renderList();
    if (!this.pool?.entry) this.refreshPool();
  };

  readonly create = async () => {
    const request: CreateGameRequest = {
      game: this.form.game,
      options: this.form.options,
      opponent: this.form.opponent === "human" ? "human" : "engine",
      side: this.form.side as CreateGameRequest["side"],
    };
    if (this.form.opponent === "engine") request.level = Number(this.form.level);
    if (this.form.opponent === "human") Object.assign(request, timeControlRequest(this.form.clock));
    if (this.form.opponent === "human" && this.form.clock && this.form.rated && accountName()) request.rated = true;
    try {
      await startGame(request);
    } catch (e) {
      this.error = e as UiError;
      this.render();
      document.getElementById("create-error")?.scrollIntoView({ block: "center" });
    }
  };

  /** The quick-pairing pools: where the account waits and how many wait (signed in). */
  pool: PoolReply | null = null;

  /** Asks the server for the pools (signed in), and draws the quick tiles again. */
  readonly refreshPool = async () => {
    if (!accountName()) {
      this.pool = null;
      return;
    }
    try {
      this.pool = await api<PoolReply>("GET", "/api/pool");
    } catch {
      // The lobby's own list says when the server is out of reach.
    }
    this.renderQuick();
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
   * leaves it), and the game once paired — at once, or later over the lobby socket; else a game
   * for a friend with it.
   */
  readonly quickStart = async (clock: string) => {
    this.error = null;
    try {
      if (accountName()) {
        const entry = this.pool?.entry;
        if (entry && entry.game === this.form.game && entry.clock === clock) return this.leavePool();
        const join: PoolJoinRequest = { game: this.form.game, clock, rated: true };
        this.pool = await api<PoolReply>("POST", "/api/pool", join);
        if (this.pool.paired) return navigate(`/play/${this.pool.paired.id}`);
        this.render();
        return;
      }
      await startGame({ game: this.form.game, options: {}, opponent: "human", side: "random", clock });
    } catch (e) {
      this.error = e as UiError;
      this.render();
    }
  };

  /** "Play the computer" or "Play a friend": the opponent of the new-game form below the buttons. */
  readonly setUp = (opponent: string) => {
    this.form.opponent = opponent;
    this.render();
    const form = document.getElementById("create");
    form?.querySelector<HTMLElement>('button[type="submit"]')?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  };

  /** Chooses the game of the form (and of quick pairing). */
  readonly pick = (game: string) => {
    this.form.game = game;
    this.form.options = {};
    this.render();
  };

  readonly importRecord = async () => {
    try {
      const imported = await api<{ id: string }>("POST", "/api/records", { record: this.recordText });
      navigate(`/play/${imported.id}`);
    } catch (e) {
      this.importError = e as UiError;
      this.render();
    }
  };

  readonly list = h("div", { id: "running" });

  /** The game's own option fields, where its board module draws them (`lobbyOptions`). */
  readonly customOptions = (entry: GameEntry): HTMLElement | null => {
    const module = boardModule(entry.name);
    return module.lobbyOptions
      ? module.lobbyOptions({ entry, options: this.form.options, t, rerender: this.render, field: this.optionField })
      : null;
  };

  readonly renderList = () => {
    const offline = this.online
      ? null
      : h("p", { class: "connection", id: "connection", role: "status" }, t("connectionLost"));
    if (!this.running.length) {
      patch(this.list, offline, h("p", { class: "muted" }, t("noGames")));
      return;
    }
    patch(
      this.list,
      ...[
        offline,
        runningTable(this.running),
        this.listPages > 1 ? runningPager(this.listPage, this.listPages, this.turnListPage) : null,
      ].filter(Boolean),
    );
  };

  /** Goes `step` pages on in the running games. */
  readonly turnListPage = (step: number) => {
    this.listPage += step;
    this.refresh();
  };

  readonly optionField = (spec: OptionSpec): HTMLElement => {
    const value = this.form.options[spec.name] ?? spec.default;
    const change = (event: Event) => {
      this.form.options[spec.name] = (event.target as HTMLInputElement | HTMLSelectElement).value;
    };
    // A number option (its default a number) gets the phone's number keys; the game checks the text.
    const input = spec.choices.length
      ? h(
          "select",
          { name: `option-${spec.name}`, onchange: change },
          spec.choices.map((c, i) => h("option", { value: c, selected: c === value }, choiceLabel(spec, i))),
        )
      : h("input", {
          name: `option-${spec.name}`,
          value,
          onchange: change,
          inputmode: /^\d+$/.test(spec.default) ? "numeric" : null,
        });
    const label = optionLabel(spec.name, this.form.game);
    const help = optionHelp(this.form.game, spec.name, spec.help);
    this.fieldsDrawn.add(spec.name);
    // A help that only repeats the label is left out.
    const shownHelp =
      help.trim().toLowerCase() === label.trim().toLowerCase()
        ? null
        : h("small", { class: "muted" }, help.charAt(0).toUpperCase() + help.slice(1));
    return h("label", { title: help }, [h("span", {}, label), input, shownHelp, this.errorAt(spec.name)]);
  };

  /** The refusal's text with the game's option names (the server's keys, e.g. 'plylimit') as their labels. */
  readonly refusalText = (error: UiError): string => {
    let text = errorText(error);
    for (const spec of this.gameEntry(this.form.game)?.options ?? []) {
      const name = optionLabel(spec.name, this.form.game);
      text = text.split(`'${spec.name}'`).join(lang() === "de" ? `„${name}“` : `“${name}”`);
    }
    return text.charAt(0).toUpperCase() + text.slice(1);
  };

  /** The options drawn with the lobby's own fields in this render (a game may draw others itself). */
  readonly fieldsDrawn = new Set<string>();

  /** The option a refusal names (the server's English message) when its field is the lobby's own, if any. */
  readonly refusedOption = (): string | null => {
    const names =
      this.gameEntry(this.form.game)
        ?.options.map((o) => o.name)
        .filter((name) => this.fieldsDrawn.has(name)) || [];
    return names.find((name) => this.error?.message?.includes(name)) ?? null;
  };

  /** The refusal of the new game when it belongs at `place` (an option's name, or null for the button). */
  readonly errorAt = (place: string | null): HTMLElement | null => {
    return this.error && this.refusedOption() === place
      ? h("p", { class: "error", role: "alert", id: "create-error" }, this.refusalText(this.error))
      : null;
  };

  /** A select of the new-game form with `choices` (value, text), `value` selected; a choice goes to `onchange`. */
  readonly formSelect = (
    name: string,
    value: string,
    choices: [string, string][],
    onchange: (value: string) => void,
  ): HTMLElement =>
    h(
      "select",
      {
        name,
        onchange: (e: Event) => {
          onchange((e.target as HTMLSelectElement).value);
          this.render();
        },
      },
      choices.map(([v, text]) => h("option", { value: v, selected: v === value }, text)),
    );

  /** The game's options: the fields its board module draws, else the lobby's own; null without options. */
  readonly gameOptions = (entry: GameEntry | undefined): HTMLElement | null =>
    entry?.options.length
      ? this.customOptions(entry) ||
        h("fieldset", { class: "options" }, [h("legend", {}, t("options")), ...entry.options.map(this.optionField)])
      : null;

  /** The engine's level, for a game against the computer. */
  readonly levelField = (): HTMLElement | null => {
    if (this.form.opponent !== "engine") return null;
    const levels: [string, string][] = [];
    for (let l = this.registry.levels.min; l <= this.registry.levels.max; l++) levels.push([String(l), String(l)]);
    return lobbyField(
      t("level"),
      this.formSelect("level", this.form.level, levels, (v) => {
        this.form.level = v;
      }),
    );
  };

  /** The side the player takes: the game's first or second, or chosen at random. */
  readonly sideField = (entry: GameEntry | undefined): HTMLElement => {
    const players = entry?.players || { p1: { en: "P1", de: "P1" }, p2: { en: "P2", de: "P2" } };
    return lobbyField(
      t("side"),
      this.formSelect(
        "side",
        this.form.side,
        [
          ["p1", players.p1[lang()]],
          ["p2", players.p2[lang()]],
          ["random", t("random")],
        ],
        (v) => {
          this.form.side = v;
        },
      ),
    );
  };

  /** For a game with a friend: the clock, and (signed in, with a clock) whether the game is rated. */
  readonly friendFields = (): (HTMLElement | null)[] => {
    if (this.form.opponent !== "human") return [null, null];
    const clock = lobbyField(
      t("clock"),
      timeControlSelect("clock", this.form.clock, t("noClock"), t("clock"), (v) => {
        this.form.clock = v;
        this.render();
      }),
    );
    const rated =
      this.form.clock && accountName()
        ? h("label", { class: "check" }, [
            h("input", {
              type: "checkbox",
              name: "rated",
              checked: this.form.rated,
              onchange: (e: Event) => {
                this.form.rated = (e.target as HTMLInputElement).checked;
              },
            }),
            t("seek.rated"),
          ])
        : null;
    return [clock, rated];
  };

  /** The new-game form: the game's options, the level or the clock, the side, and the button that starts it. */
  readonly newGameForm = (entry: GameEntry | undefined): HTMLElement =>
    h(
      "form",
      {
        id: "create",
        class: "create-form",
        onsubmit: (e: Event) => {
          e.preventDefault();
          this.create();
        },
      },
      [
        this.gameOptions(entry),
        this.levelField(),
        this.sideField(entry),
        ...this.friendFields(),
        h(
          "button",
          { type: "submit", class: "primary" },
          this.form.opponent === "engine" ? t("look.startComputer") : t("look.startFriend"),
        ),
        this.errorAt(null),
      ],
    );

  /**
   * The play card: on a wide screen two columns, the game and quick pairing, and beside them the new
   * game. The two buttons choose the opponent of the new-game form right below them; the form's button starts it.
   */
  readonly playCard = (entry: GameEntry | undefined): HTMLElement =>
    h("section", { class: "card play-card" }, [
      h("div", { class: "play-main" }, [
        h("h1", {}, t("look.pickGame")),
        gamePicker(this.registry.games, this.form.game, this.pick),
        this.quick,
      ]),
      h("div", { class: "play-new" }, [
        h("h2", { class: "new-game-title" }, entry ? `${t("newGame")}: ${entry.title}` : t("newGame")),
        opponentButtons(this.form.opponent, this.setUp),
        this.newGameForm(entry),
      ]),
    ]);

  readonly render = () => {
    this.fieldsDrawn.clear();
    replaceKeepingFocus(
      this.main,
      h("div", { class: "lobby" }, [
        this.playCard(this.gameEntry(this.form.game)),
        this.turns.element,
        this.seeks.element,
        this.mine.element,
        h("section", { class: "card featured-card" }, [h("h2", {}, t("featured.title")), this.featured.element]),
        h("section", { class: "card running-card" }, [h("h2", {}, t("runningGames")), this.list]),
        rulesCard(this.registry.games, {
          text: this.recordText,
          error: this.importError,
          input: (text) => {
            this.recordText = text;
          },
          open: this.importRecord,
        }),
      ]),
    );
    this.renderQuick();
    this.seeks.render();
    this.mine.render();
    this.turns.render();
    this.featured.render();
    this.renderList();
  };

  /** Quick pairing's tiles, drawn on their own: the pools change every second while one waits. */
  readonly quick = h("div", { id: "quick-host" });

  readonly renderQuick = () => {
    patch(
      this.quick,
      quickPairing(this.gameEntry(this.form.game), Boolean(accountName()), this.quickStart, this.pool, this.leavePool),
    );
  };

  readonly timer = setInterval(this.refresh, 3000);
  // While waiting in a pool: the seconds waited and the pools' sizes, every second.
  readonly poolTimer = setInterval(() => {
    if (this.pool?.entry) this.refreshPool();
  }, 1000);
  // Paired over the lobby socket: the socket goes to the game; the tiles forget the wait.
  readonly stopPaired = onPaired(() => {
    this.pool = null;
  });

  constructor(main: HTMLElement, registry: Registry) {
    this.main = main;
    this.registry = registry;
    this.form = {
      game: registry.games[0]?.name ?? "",
      options: {},
      opponent: "engine",
      level: String(registry.levels.default),
      side: "p1",
      clock: "",
      rated: false,
    };
    this.seeks = seeksSection({ registry, navigate, link });
    this.refresh();
  }

  redraw() {
    this.render();
  }

  destroy() {
    clearInterval(this.timer);
    clearInterval(this.poolTimer);
    this.stopPaired();
    this.seeks.destroy();
    this.mine.destroy();
    this.turns.destroy();
    this.featured.destroy();
  }
}
