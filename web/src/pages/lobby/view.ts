// The lobby's views (controller.ts keeps the state): the play card with the game picker, quick
// pairing and the new-game form, and the page's cards around it — vnodes, pure functions of the
// controller's `LobbyPageContext`. The cards that keep themselves up to date (seeks, my games,
// your turn, the featured game) come as hosts (vdom.ts `host`) they draw into themselves.

import { t, lang, addTexts, errorText, optionHelp, optionLabel, choiceLabel } from "../../i18n.js";
import type { TextKey, UiError } from "../../i18n.js";
import { v } from "../../vdom.js";
import type { VChild, VNode } from "../../vdom.js";
import { boardModule } from "../../boards.js";
import { timeControlSelect } from "../../correspondence.js";
import { gamePicker } from "./picker-view.js";
import { rulesCard } from "./rules-view.js";
import type { RecordImport } from "./rules-view.js";
import type { GameEntry, OptionSpec, Registry } from "../../types.js";
import { isSide, needsAccount, ratedAsked, takebacksOf, unratedReason } from "./pairing-form.js";
import { levelOption } from "../../engine-levels.js";
import type { LobbyForm, Side, Way } from "./pairing-form.js";

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: {
    "lobby.optionMore": "What the choices mean",
    "lobby.ways": "How to play",
    "lobby.playChallenge": "Challenge a player",
    "lobby.playSeek": "Look for an opponent",
    "lobby.challengeName": "Player's name",
    "lobby.sendChallenge": "Challenge",
    "lobby.postSeek": "Look for an opponent",
    "lobby.signIn": "Sign in to challenge a player or to look for an opponent: a name and a password are all it takes.",
    "lobby.signInLink": "Sign in",
    "lobby.challenged": "Challenge sent to {name}.",
    "lobby.seekPosted": "Your seek is listed under Seeks: the game starts when somebody accepts it.",
    "lobby.moreOptions": "More options",
    "lobby.moreOptionsSet": "More options: {set}",
  },
  de: {
    "lobby.optionMore": "Was die Auswahl bedeutet",
    "lobby.ways": "Wie spielen",
    "lobby.playChallenge": "Einen Spieler herausfordern",
    "lobby.playSeek": "Gegner suchen",
    "lobby.challengeName": "Name des Spielers",
    "lobby.sendChallenge": "Herausfordern",
    "lobby.postSeek": "Gegner suchen",
    "lobby.signIn":
      "Melde dich an, um einen Spieler herauszufordern oder einen Gegner zu suchen: ein Name und ein Passwort genügen.",
    "lobby.signInLink": "Anmelden",
    "lobby.challenged": "Herausforderung an {name} geschickt.",
    "lobby.seekPosted": "Dein Gesuch steht unter „Gesuche“: die Partie beginnt, sobald es jemand annimmt.",
    "lobby.moreOptions": "Weitere Einstellungen",
    "lobby.moreOptionsSet": "Weitere Einstellungen: {set}",
  },
});

/** A help longer than this many characters is folded away under the field (see `optionField`). */
const SHORT_HELP = 60;

/** What the form's last request did: a challenge sent to `sentTo`, or a seek posted. */
export interface FormOutcome {
  sentTo: string;
  seekPosted: boolean;
}

/** The lobby's parts drawn apart from the form: quick pairing, the running games, and the hosts of the cards that draw themselves. */
export interface LobbyParts {
  quick: VNode | null;
  turns: VNode;
  seeks: VNode;
  mine: VNode;
  featured: VNode;
  /** The card of the running and the next tournaments. */
  tournaments: VNode;
  list: (VNode | null)[];
}

/**
 * What the new-game form needs: the registry, the form and its refusal, and the actions that change
 * and send it. The lobby draws it under its way buttons; a profile's challenge dialog draws it for
 * its one player (`to`).
 */
export interface FormContext {
  registry: Registry;
  /** The new-game form as chosen so far. */
  form: LobbyForm;
  /** A refused new game: shown at the option it names, else below the button. */
  error: UiError | null;
  /** Whether an account is signed in (rated games need one). */
  signedIn: boolean;
  /** Draws the page anew. */
  render: () => void;
  /** What the form's last request did. */
  outcome: FormOutcome;
  /** The link to the sign-in page that comes back here. */
  signInLink: () => VNode;
  /** Changes fields of the form; `redraw` draws the page anew. */
  update: (change: Partial<LobbyForm>, redraw: boolean) => void;
  /** Sets a game option of the form (no redraw). */
  setOption: (name: string, value: string) => void;
  /** Does what the form's way does: starts the game, sends the challenge or posts the seek. */
  create: () => void;
  /** Whether the player opened "More options" (the game's own options). */
  moreOpen: boolean;
  /** Keeps whether "More options" is open (no redraw: the browser opened or closed it). */
  setMoreOpen: (open: boolean) => void;
  /** The form element's id (the lobby's `create`). */
  formId?: string;
  /** The player a challenge goes to, when the form is for that one player (no name field, no "sent" line). */
  to?: string;
}

/** What the lobby's views need: the form's context, the page's parts and the controller's actions. */
export interface LobbyPageContext extends FormContext {
  parts: LobbyParts;
  /** The record import of the rules card. */
  record: RecordImport;
  /** Chooses the game of the form (and of quick pairing). */
  pick: (game: string) => void;
  /** Chooses the way of the form (the computer, a friend, a challenge, a seek). */
  setUp: (way: Way) => void;
}

/** One render's view: the context, and the options drawn with the lobby's own fields so far. */
interface Drawing {
  ctx: FormContext;
  /** The options drawn with the lobby's own fields (a game may draw others itself). */
  drawn: Set<string>;
}

/** The lobby's registry entry of the form's game. */
function entryOf(ctx: FormContext): GameEntry | undefined {
  return ctx.registry.games.find((g) => g.name === ctx.form.game);
}

/** A field of the new-game form: its label and its control. */
function lobbyField(key: string, label: string, control: VChild): VNode {
  return v("label", { key }, [v("span", { key: "label" }, label), control]);
}

/** The ways of the form, each with its button's id and text. */
const WAYS: readonly (readonly [Way, string, TextKey])[] = [
  ["engine", "play-computer", "look.playComputer"],
  ["human", "play-friend", "look.playFriend"],
  ["challenge", "play-challenge", "lobby.playChallenge"],
  ["seek", "play-seek", "lobby.playSeek"],
];

/** The buttons that choose the form's way ("Play the computer", "Play a friend"…); a click calls `setUp`. */
function wayButtons(way: Way, setUp: (way: Way) => void): VNode {
  return v(
    "div",
    { key: "play-with", class: "play-with", role: "group", "aria-label": t("lobby.ways") },
    WAYS.map(([choice, id, text]) =>
      v(
        "button",
        {
          key: id,
          type: "button",
          class: `big ${way === choice ? "selected" : ""}`,
          id,
          "aria-pressed": String(way === choice),
          on: { click: () => setUp(choice) },
        },
        t(text),
      ),
    ),
  );
}

/** The refusal's text with the game's option names (the server's keys, e.g. 'plylimit') as their labels. */
function refusalText(ctx: FormContext, error: UiError): string {
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
function errorAt(drawing: Drawing, place: string | null): VNode | null {
  const { error } = drawing.ctx;
  return error && refusedOption(drawing) === place
    ? v(
        "p",
        { key: "create-error", class: "error", role: "alert", id: "create-error" },
        refusalText(drawing.ctx, error),
      )
    : null;
}

/**
 * Whether an option's help is folded away under its field ("What the choices mean"): a long help of
 * a choice, so that the form stays short (it is the field's tooltip too). A help that only repeats
 * the label is left out; a number's (or a text's) help stays in sight under its own field, as it
 * says what the value does and what 0 means (Amakta Infinit's arrow cap and ply limit).
 */
export function helpFolded(spec: OptionSpec, label: string, help: string): boolean {
  const repeats = help.trim().toLowerCase() === label.trim().toLowerCase();
  return !repeats && help.length > SHORT_HELP && spec.choices.length > 0;
}

/** The lobby's own field of a game option: label, select or input, help and a refusal naming it. */
function optionField(drawing: Drawing, spec: OptionSpec): VNode {
  const { ctx } = drawing;
  const value = ctx.form.options[spec.name] ?? spec.default;
  const change = (event: Event) =>
    ctx.setOption(spec.name, (event.target as HTMLInputElement | HTMLSelectElement).value);
  // A number option (its default a number) gets the phone's number keys; the game checks the text.
  const input = spec.choices.length
    ? v(
        "select",
        { key: "control", name: `option-${spec.name}`, on: { change } },
        spec.choices.map((c, i) => v("option", { key: c, value: c, selected: c === value }, choiceLabel(spec, i))),
      )
    : v("input", {
        key: "control",
        name: `option-${spec.name}`,
        value,
        on: { change },
        inputmode: /^\d+$/.test(spec.default) ? "numeric" : null,
      });
  const label = optionLabel(spec.name, ctx.form.game);
  const help = optionHelp(ctx.form.game, spec.name, spec.help);
  drawing.drawn.add(spec.name);
  const text = help.charAt(0).toUpperCase() + help.slice(1);
  const repeats = help.trim().toLowerCase() === label.trim().toLowerCase();
  const folded = helpFolded(spec, label, help);
  const field = v("label", { key: `option-${spec.name}`, title: help }, [
    v("span", { key: "label" }, label),
    input,
    repeats || folded ? null : v("small", { key: "help", class: "muted option-note" }, text),
    errorAt(drawing, spec.name),
  ]);
  if (!folded) return field;
  return v("div", { key: `option-${spec.name}`, class: "option-field" }, [
    field,
    v("details", { key: "help", class: "option-help" }, [
      v("summary", { key: "summary" }, t("lobby.optionMore")),
      v("p", { key: "text", class: "muted" }, text),
    ]),
  ]);
}

/** A select of the new-game form with `choices` (value, text), `value` selected; a choice goes to `chosen` and redraws. */
function formSelect(
  name: string,
  value: string,
  choices: [string, string][],
  chosen: (value: string) => Partial<LobbyForm>,
  ctx: FormContext,
): VNode {
  return v(
    "select",
    {
      key: "control",
      name,
      on: { change: (e: Event) => ctx.update(chosen((e.target as HTMLSelectElement).value), true) },
    },
    choices.map(([choice, text]) => v("option", { key: choice, value: choice, selected: choice === value }, text)),
  );
}

/** The game's options: the fields its board module draws, else the lobby's own; null without options. */
function gameOptions(drawing: Drawing, entry: GameEntry | undefined): VNode | null {
  if (!entry?.options.length) return null;
  const { ctx } = drawing;
  const field = (spec: OptionSpec) => optionField(drawing, spec);
  const module = boardModule(entry.name);
  const custom = module.lobbyOptions
    ? module.lobbyOptions({ entry, options: ctx.form.options, t, rerender: ctx.render, field })
    : null;
  return (
    custom ||
    v("fieldset", { key: `options-${entry.name}`, class: "options" }, [
      v("legend", { key: "legend" }, t("options")),
      ...entry.options.map(field),
    ])
  );
}

/** A value of an option as its form shows it: a choice's label, else the value itself, cut to 32 characters. */
function valueText(spec: OptionSpec, value: string): string {
  const index = spec.choices.indexOf(value);
  const text = index >= 0 ? choiceLabel(spec, index) : value;
  return text.length > 32 ? `${text.slice(0, 31)}…` : text;
}

/**
 * The game's options whose value is not the default, as "More options" sums them up: "Ply limit
 * 200", each with the form's label of the option and of its value.
 */
export function optionsSet(entry: GameEntry | undefined, options: Record<string, string>): string[] {
  return (entry?.options ?? [])
    .filter((spec) => (options[spec.name] ?? spec.default) !== spec.default)
    .map((spec) => `${optionLabel(spec.name, entry?.name)} ${valueText(spec, options[spec.name] ?? "")}`);
}

/**
 * The game's own options (all but side, clock, rated and level) folded under "More options", as
 * lichess folds a variant's extras: open when the player opened it, when a value is not the
 * default (the summary then says which), or when a refusal names one of them.
 */
function moreOptions(drawing: Drawing, entry: GameEntry | undefined): VNode | null {
  // Drawn first: a board module sets the form's options from its fields as it draws them.
  const fields = gameOptions(drawing, entry);
  if (!fields) return null;
  const { ctx } = drawing;
  const set = optionsSet(entry, ctx.form.options);
  const refused = entry?.options.some((spec) => ctx.error?.message?.includes(`'${spec.name}'`)) ?? false;
  const summary = set.length ? t("lobby.moreOptionsSet", { set: set.join(", ") }) : t("lobby.moreOptions");
  return v(
    "details",
    {
      key: `more-options-${entry?.name}`,
      class: "more-options",
      id: "more-options",
      open: ctx.moreOpen || set.length > 0 || refused,
      on: { toggle: (e: Event) => ctx.setMoreOpen((e.target as HTMLDetailsElement).open) },
    },
    [v("summary", { key: "summary", "data-set": String(set.length) }, summary), fields],
  );
}

/** The engine's level, for a game against the computer, each with what it means. */
function levelField(ctx: FormContext): VNode | null {
  if (ctx.form.way !== "engine") return null;
  const levels: [string, string][] = [];
  // Each level says how it plays (engine-levels.ts): "3 · looks one move ahead".
  for (let l = ctx.registry.levels.min; l <= ctx.registry.levels.max; l++)
    levels.push([String(l), levelOption(l, ctx.registry.levels.each)]);
  return lobbyField(
    "level",
    t("level"),
    formSelect("level", ctx.form.level, levels, (level) => ({ level }), ctx),
  );
}

/** The side the player takes: the game's first or second, or chosen at random. */
function sideField(ctx: FormContext, entry: GameEntry | undefined): VNode {
  const players = entry?.players || { p1: { en: "P1", de: "P1" }, p2: { en: "P2", de: "P2" } };
  const choices: [Side, string][] = [
    ["p1", players.p1[lang()]],
    ["p2", players.p2[lang()]],
    ["random", t("random")],
  ];
  return lobbyField(
    "side",
    t("side"),
    formSelect("side", ctx.form.side, choices, (side) => (isSide(side) ? { side } : {}), ctx),
  );
}

/** The name of the player to challenge (the challenge's way, unless the form is for one player), typed without a redraw. */
function challengeNameField(ctx: FormContext): VNode | null {
  if (ctx.form.way !== "challenge" || ctx.to !== undefined) return null;
  return lobbyField(
    "challenge-name",
    t("lobby.challengeName"),
    v("input", {
      key: "control",
      id: "challenge-name",
      name: "challenge-name",
      value: ctx.form.challengeName,
      required: true,
      autocomplete: "off",
      placeholder: t("lobby.challengeName"),
      on: { input: (e: Event) => ctx.update({ challengeName: (e.target as HTMLInputElement).value }, false) },
    }),
  );
}

/** The time control (a game with a person): none, a clock, a custom one (then its field), or days per move. */
function clockFields(ctx: FormContext): (VNode | null)[] {
  const { form } = ctx;
  if (form.way === "engine") return [];
  const select = timeControlSelect(
    "clock",
    form.clock,
    t("noClock"),
    t("clock"),
    (clock) => ctx.update({ clock }, true),
    t("pair.custom"),
  );
  const custom =
    form.clock === "custom"
      ? lobbyField(
          "clock-custom",
          t("pair.customClock"),
          v("input", {
            key: "control",
            name: "clock-custom",
            value: form.custom,
            placeholder: "7+4",
            title: t("pair.customClock"),
            on: { input: (e: Event) => ctx.update({ custom: (e.target as HTMLInputElement).value }, false) },
          }),
        )
      : null;
  return [lobbyField("clock", t("clock"), select), custom];
}

/** A checkbox of the form, disabled with its reason shown when it does not apply. */
function checkField(
  name: string,
  text: string,
  checked: boolean,
  reason: string | null,
  change: (on: boolean) => void,
) {
  return v("label", { key: name, class: "check", title: reason }, [
    v("input", {
      key: "control",
      type: "checkbox",
      name,
      checked,
      disabled: reason !== null,
      "aria-describedby": reason === null ? null : `${name}-reason`,
      on: { change: (e: Event) => change((e.target as HTMLInputElement).checked) },
    }),
    text,
    reason === null ? null : v("small", { key: "reason", id: `${name}-reason`, class: "muted check-reason" }, reason),
  ]);
}

/** Rated (disabled with the reason where it does not apply) and, for a game with a person, takebacks. */
function checkFields(ctx: FormContext): VNode {
  const { form } = ctx;
  const reason = unratedReason(form, ctx.signedIn);
  return v("div", { key: "checks", class: "create-checks" }, [
    checkField("rated", t("pair.rated"), reason === null && ratedAsked(form), reason && t(reason), (rated) =>
      ctx.update({ rated }, true),
    ),
    form.way === "engine"
      ? null
      : checkField("takebacks", t("pair.takebacks"), takebacksOf(form, ctx.signedIn), null, (takebacks) =>
          ctx.update({ takebacks }, true),
        ),
  ]);
}

/** The form's button, with its way's words; for a guest on a way that needs an account, the way to sign in instead. */
function submitPart(ctx: FormContext): (VNode | null)[] {
  const way = ctx.form.way;
  if (needsAccount(way) && !ctx.signedIn) {
    return [v("p", { key: "sign-in", class: "muted sign-in-first" }, [t("lobby.signIn"), " ", ctx.signInLink()])];
  }
  const words: Record<Way, TextKey> = {
    engine: "look.startComputer",
    human: "look.startFriend",
    challenge: "lobby.sendChallenge",
    seek: "lobby.postSeek",
  };
  const { sentTo, seekPosted } = ctx.outcome;
  return [
    v("button", { key: "submit", type: "submit", class: "primary" }, t(words[way])),
    way === "challenge" && sentTo && ctx.to === undefined
      ? v(
          "p",
          { key: "sent", class: "notice", id: "challenge-sent", role: "status" },
          t("lobby.challenged", { name: sentTo }),
        )
      : null,
    way === "seek" && seekPosted
      ? v("p", { key: "posted", class: "notice", id: "seek-posted", role: "status" }, t("lobby.seekPosted"))
      : null,
  ];
}

/**
 * The new-game form: every setting once, those of its way shown, and the button that does what the
 * way does; `lead` comes first (a challenge dialog's game). The game's own options come after side,
 * clock and rated, folded under "More options".
 */
export function newGameForm(ctx: FormContext, lead: VChild[] = []): VNode {
  const drawing: Drawing = { ctx, drawn: new Set() };
  const entry = entryOf(ctx);
  return v(
    "form",
    {
      key: ctx.formId ?? "create",
      id: ctx.formId ?? "create",
      class: "create-form",
      "data-way": ctx.form.way,
      on: {
        submit: (e: Event) => {
          e.preventDefault();
          ctx.create();
        },
      },
    },
    [
      ...lead,
      challengeNameField(ctx),
      levelField(ctx),
      sideField(ctx, entry),
      ...clockFields(ctx),
      checkFields(ctx),
      moreOptions(drawing, entry),
      ...submitPart(ctx),
      errorAt(drawing, null),
    ],
  );
}

/** A choice of the form's game among the registry's (a challenge dialog's, where no picker is). */
export function gameField(ctx: FormContext, choose: (game: string) => void): VNode {
  const games = ctx.registry.games.map((g): [string, string] => [g.name, g.titles[lang()] || g.title]);
  return lobbyField(
    "game",
    t("game"),
    v(
      "select",
      { key: "control", name: "game", on: { change: (e: Event) => choose((e.target as HTMLSelectElement).value) } },
      games.map(([name, title]) => v("option", { key: name, value: name, selected: name === ctx.form.game }, title)),
    ),
  );
}

/**
 * The play card: on a wide screen two columns, the game and quick pairing, and beside them the new
 * game. Its buttons choose the way of the one new-game form right below them (the computer, a
 * friend, a challenge, a seek); the form's button does what the way does.
 */
function playCard(ctx: LobbyPageContext): VNode {
  const entry = entryOf(ctx);
  return v("section", { key: "play-card", class: "card play-card" }, [
    v("div", { key: "play-main", class: "play-main" }, [
      v("h1", { key: "title" }, t("look.pickGame")),
      gamePicker(ctx.registry.games, ctx.form.game, ctx.pick),
      v("div", { key: "quick-host", id: "quick-host" }, ctx.parts.quick),
    ]),
    v("div", { key: "play-new", class: "play-new" }, [
      v("h2", { key: "title", class: "new-game-title" }, entry ? `${t("newGame")}: ${entry.title}` : t("newGame")),
      wayButtons(ctx.form.way, ctx.setUp),
      newGameForm(ctx),
    ]),
  ]);
}

/**
 * The lobby, as on lichess: the play card across the top; under it the main column (your turn,
 * the seeks, my games, the running games) and a narrow side column (the featured game, the rules
 * card). On a narrow screen one column, the featured game before the running games.
 */
export function lobbyView(ctx: LobbyPageContext): VNode {
  const { parts } = ctx;
  return v("div", { key: "lobby", class: "lobby" }, [
    playCard(ctx),
    v("div", { key: "lobby-main", class: "lobby-main" }, [
      parts.turns,
      parts.seeks,
      parts.mine,
      v("section", { key: "running-card", class: "card running-card" }, [
        v("h2", { key: "title" }, t("runningGames")),
        v("div", { key: "running", id: "running" }, parts.list),
      ]),
    ]),
    v("div", { key: "lobby-side", class: "lobby-side" }, [
      v("section", { key: "featured-card", class: "card featured-card" }, [
        v("h2", { key: "title" }, t("featured.title")),
        parts.featured,
      ]),
      parts.tournaments,
      rulesCard(ctx.registry.games, ctx.record),
    ]),
  ]);
}
