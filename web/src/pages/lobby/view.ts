// The lobby's views (controller.ts keeps the state): the play card with the game picker, quick
// pairing's host and the new-game form, and the page's cards around it — pure functions of the
// controller's `LobbyPageContext`. The cards that keep themselves up to date (seeks, my games,
// your turn, the featured game, the running games, quick pairing) come as hosts the controller
// draws into.

import { t, lang, errorText, optionHelp, optionLabel, choiceLabel } from "../../i18n.js";
import type { UiError } from "../../i18n.js";
import { h } from "../../svg.js";
import type { Child } from "../../svg.js";
import { boardModule } from "../../boards.js";
import { timeControlSelect } from "../../correspondence.js";
import { gamePicker } from "./picker-view.js";
import { rulesCard } from "./rules-view.js";
import type { RecordImport } from "./rules-view.js";
import type { GameEntry, OptionSpec, Registry } from "../../types.js";
import type { CreateGameRequest } from "../../contract/CreateGameRequest.js";

/** Whom the new game is against: the computer or a friend. */
export type Opponent = NonNullable<CreateGameRequest["opponent"]>;

/** The side the creator of a new game takes. */
export type Side = NonNullable<CreateGameRequest["side"]>;

/** The sides a new game may be asked with. */
const SIDES: readonly Side[] = ["p1", "p2", "random"];

/** Whether a select's value is a side. */
export function isSide(value: string): value is Side {
  return (SIDES as readonly string[]).includes(value);
}

/** The new-game form's choices. */
export interface LobbyForm {
  game: string;
  options: Record<string, string>;
  opponent: Opponent;
  level: string;
  side: Side;
  clock: string;
  rated: boolean;
}

/** The hosts of the lobby's parts that the controller draws on their own. */
export interface LobbyHosts {
  quick: HTMLElement;
  turns: HTMLElement;
  seeks: HTMLElement;
  mine: HTMLElement;
  featured: HTMLElement;
  list: HTMLElement;
}

/** What the lobby's views need: the registry, the form and its refusal, the hosts and the controller's actions. */
export interface LobbyPageContext {
  registry: Registry;
  /** The new-game form as chosen so far. */
  form: LobbyForm;
  /** A refused new game: shown at the option it names, else below the button. */
  error: UiError | null;
  /** Whether an account is signed in (rated games need one). */
  signedIn: boolean;
  hosts: LobbyHosts;
  /** The record import of the rules card. */
  record: RecordImport;
  /** Draws the page anew. */
  render: () => void;
  /** Chooses the game of the form (and of quick pairing). */
  pick: (game: string) => void;
  /** Chooses the opponent of the new-game form. */
  setUp: (opponent: Opponent) => void;
  /** Changes fields of the form; `redraw` draws the page anew. */
  update: (change: Partial<LobbyForm>, redraw: boolean) => void;
  /** Sets a game option of the form (no redraw). */
  setOption: (name: string, value: string) => void;
  /** Starts the new game of the form. */
  create: () => void;
}

/** One render's view: the context, and the options drawn with the lobby's own fields so far. */
interface Drawing {
  ctx: LobbyPageContext;
  /** The options drawn with the lobby's own fields (a game may draw others itself). */
  drawn: Set<string>;
}

/** The lobby's registry entry of the form's game. */
function entryOf(ctx: LobbyPageContext): GameEntry | undefined {
  return ctx.registry.games.find((g) => g.name === ctx.form.game);
}

/** A field of the new-game form: its label and its control. */
function lobbyField(label: string, control: Child): HTMLElement {
  return h("label", {}, [h("span", {}, label), control]);
}

/** The two buttons that choose the opponent ("Play the computer", "Play a friend"); a click calls `setUp`. */
function opponentButtons(opponent: Opponent, setUp: (opponent: Opponent) => void): HTMLElement {
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

/** The refusal's text with the game's option names (the server's keys, e.g. 'plylimit') as their labels. */
function refusalText(ctx: LobbyPageContext, error: UiError): string {
  let text = errorText(error);
  for (const spec of entryOf(ctx)?.options ?? []) {
    const name = optionLabel(spec.name, ctx.form.game);
    text = text.split(`'${spec.name}'`).join(lang() === "de" ? `„${name}“` : `“${name}”`);
  }
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The option a refusal names (the server's English message) when its field is the lobby's own, if any. */
function refusedOption({ ctx, drawn }: Drawing): string | null {
  const names =
    entryOf(ctx)
      ?.options.map((o) => o.name)
      .filter((name) => drawn.has(name)) || [];
  return names.find((name) => ctx.error?.message?.includes(name)) ?? null;
}

/** The refusal of the new game when it belongs at `place` (an option's name, or null for the button). */
function errorAt(drawing: Drawing, place: string | null): HTMLElement | null {
  const { error } = drawing.ctx;
  return error && refusedOption(drawing) === place
    ? h("p", { class: "error", role: "alert", id: "create-error" }, refusalText(drawing.ctx, error))
    : null;
}

/** The lobby's own field of a game option: label, select or input, help and a refusal naming it. */
function optionField(drawing: Drawing, spec: OptionSpec): HTMLElement {
  const { ctx } = drawing;
  const value = ctx.form.options[spec.name] ?? spec.default;
  const change = (event: Event) =>
    ctx.setOption(spec.name, (event.target as HTMLInputElement | HTMLSelectElement).value);
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
  const label = optionLabel(spec.name, ctx.form.game);
  const help = optionHelp(ctx.form.game, spec.name, spec.help);
  drawing.drawn.add(spec.name);
  // A help that only repeats the label is left out.
  const shownHelp =
    help.trim().toLowerCase() === label.trim().toLowerCase()
      ? null
      : h("small", { class: "muted" }, help.charAt(0).toUpperCase() + help.slice(1));
  return h("label", { title: help }, [h("span", {}, label), input, shownHelp, errorAt(drawing, spec.name)]);
}

/** A select of the new-game form with `choices` (value, text), `value` selected; a choice goes to `chosen` and redraws. */
function formSelect(
  name: string,
  value: string,
  choices: [string, string][],
  chosen: (value: string) => Partial<LobbyForm>,
  ctx: LobbyPageContext,
): HTMLElement {
  return h(
    "select",
    { name, onchange: (e: Event) => ctx.update(chosen((e.target as HTMLSelectElement).value), true) },
    choices.map(([v, text]) => h("option", { value: v, selected: v === value }, text)),
  );
}

/** The game's options: the fields its board module draws, else the lobby's own; null without options. */
function gameOptions(drawing: Drawing, entry: GameEntry | undefined): HTMLElement | null {
  if (!entry?.options.length) return null;
  const { ctx } = drawing;
  const field = (spec: OptionSpec) => optionField(drawing, spec);
  const module = boardModule(entry.name);
  const custom = module.lobbyOptions
    ? module.lobbyOptions({ entry, options: ctx.form.options, t, rerender: ctx.render, field })
    : null;
  return custom || h("fieldset", { class: "options" }, [h("legend", {}, t("options")), ...entry.options.map(field)]);
}

/** The engine's level, for a game against the computer. */
function levelField(ctx: LobbyPageContext): HTMLElement | null {
  if (ctx.form.opponent !== "engine") return null;
  const levels: [string, string][] = [];
  for (let l = ctx.registry.levels.min; l <= ctx.registry.levels.max; l++) levels.push([String(l), String(l)]);
  return lobbyField(
    t("level"),
    formSelect("level", ctx.form.level, levels, (level) => ({ level }), ctx),
  );
}

/** The side the player takes: the game's first or second, or chosen at random. */
function sideField(ctx: LobbyPageContext, entry: GameEntry | undefined): HTMLElement {
  const players = entry?.players || { p1: { en: "P1", de: "P1" }, p2: { en: "P2", de: "P2" } };
  const choices: [Side, string][] = [
    ["p1", players.p1[lang()]],
    ["p2", players.p2[lang()]],
    ["random", t("random")],
  ];
  return lobbyField(
    t("side"),
    formSelect("side", ctx.form.side, choices, (side) => (isSide(side) ? { side } : {}), ctx),
  );
}

/** For a game with a friend: the clock, and (signed in, with a clock) whether the game is rated. */
function friendFields(ctx: LobbyPageContext): (HTMLElement | null)[] {
  const { form } = ctx;
  if (form.opponent !== "human") return [null, null];
  const clock = lobbyField(
    t("clock"),
    timeControlSelect("clock", form.clock, t("noClock"), t("clock"), (clock) => ctx.update({ clock }, true)),
  );
  const rated =
    form.clock && ctx.signedIn
      ? h("label", { class: "check" }, [
          h("input", {
            type: "checkbox",
            name: "rated",
            checked: form.rated,
            onchange: (e: Event) => ctx.update({ rated: (e.target as HTMLInputElement).checked }, false),
          }),
          t("seek.rated"),
        ])
      : null;
  return [clock, rated];
}

/** The new-game form: the game's options, the level or the clock, the side, and the button that starts it. */
function newGameForm(drawing: Drawing, entry: GameEntry | undefined): HTMLElement {
  const { ctx } = drawing;
  return h(
    "form",
    {
      id: "create",
      class: "create-form",
      onsubmit: (e: Event) => {
        e.preventDefault();
        ctx.create();
      },
    },
    [
      gameOptions(drawing, entry),
      levelField(ctx),
      sideField(ctx, entry),
      ...friendFields(ctx),
      h(
        "button",
        { type: "submit", class: "primary" },
        ctx.form.opponent === "engine" ? t("look.startComputer") : t("look.startFriend"),
      ),
      errorAt(drawing, null),
    ],
  );
}

/**
 * The play card: on a wide screen two columns, the game and quick pairing, and beside them the new
 * game. The two buttons choose the opponent of the new-game form right below them; the form's button starts it.
 */
function playCard(drawing: Drawing): HTMLElement {
  const { ctx } = drawing;
  const entry = entryOf(ctx);
  return h("section", { class: "card play-card" }, [
    h("div", { class: "play-main" }, [
      h("h1", {}, t("look.pickGame")),
      gamePicker(ctx.registry.games, ctx.form.game, ctx.pick),
      ctx.hosts.quick,
    ]),
    h("div", { class: "play-new" }, [
      h("h2", { class: "new-game-title" }, entry ? `${t("newGame")}: ${entry.title}` : t("newGame")),
      opponentButtons(ctx.form.opponent, ctx.setUp),
      newGameForm(drawing, entry),
    ]),
  ]);
}

/** The lobby: the play card, your turn, the seeks, my games, the featured and the running games, the rules card. */
export function lobbyView(ctx: LobbyPageContext): HTMLElement {
  const { hosts } = ctx;
  return h("div", { class: "lobby" }, [
    playCard({ ctx, drawn: new Set() }),
    hosts.turns,
    hosts.seeks,
    hosts.mine,
    h("section", { class: "card featured-card" }, [h("h2", {}, t("featured.title")), hosts.featured]),
    h("section", { class: "card running-card" }, [h("h2", {}, t("runningGames")), hosts.list]),
    rulesCard(ctx.registry.games, ctx.record),
  ]);
}
