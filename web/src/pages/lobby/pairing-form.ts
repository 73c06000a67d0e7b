// The fields of a game to pair two players for, shared by the lobby's seek and challenge: the
// game, its own options, the clock (a preset, none, or any "minutes+seconds" in range), the side,
// whether it is rated and whether it allows takebacks; and the body the server takes for them.

import { t, lang, addTexts, choiceLabel, optionLabel } from "../../i18n.js";
import { CORRESPONDENCE_DAYS, daysText, timeControlRequest } from "../../correspondence.js";
import { v } from "../../vdom.js";
import type { VNode } from "../../vdom.js";
import type { GameEntry, Registry } from "../../types.js";
import type { SeatId } from "../../contract/SeatId.js";

/** The side a pairing asks for: a seat, or either by lot. */
export type PairingSide = SeatId | "random";

/** Whether a select's value is a side of the form. */
function isPairingSide(value: string): value is PairingSide {
  return value === "p1" || value === "p2" || value === "random";
}

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: {
    "pair.custom": "Custom…",
    "pair.customClock": "Minutes + seconds per move, e.g. 7+4",
    "pair.rated": "Rated",
    "pair.takebacks": "Takebacks",
    "pair.takebacksTitle": "The players may ask each other to take a move back",
    "pair.takebacksShort": "takebacks",
    "pair.unlimited": "no clock",
  },
  de: {
    "pair.custom": "Eigene …",
    "pair.customClock": "Minuten + Sekunden je Zug, z. B. 7+4",
    "pair.rated": "Gewertet",
    "pair.takebacks": "Zurücknehmen erlaubt",
    "pair.takebacksTitle": "Die Spieler dürfen einander bitten, einen Zug zurückzunehmen",
    "pair.takebacksShort": "Rücknahmen",
    "pair.unlimited": "ohne Uhr",
  },
});

/** The clocks offered as presets. */
const PRESETS = ["1+0", "3+2", "5+3", "10+5", "15+10"];

/**
 * What the fields hold. `clock` is a preset, "" (none) or "custom", then `custom` holds it.
 * `takebacks` is null until the player sets it: until then it follows the rating (see `takebacksOf`).
 */
export interface PairingForm {
  game: string;
  options: Record<string, string>;
  clock: string;
  custom: string;
  /** The asker's seat. */
  side: PairingSide;
  rated: boolean;
  takebacks: boolean | null;
}

/** A fresh form for the registry's first game, 5+3 rated, takebacks following the rating. */
export function newPairingForm(registry: Registry): PairingForm {
  return {
    game: registry.games[0]?.name ?? "",
    options: {},
    clock: "5+3",
    custom: "",
    side: "random",
    rated: true,
    takebacks: null,
  };
}

/** The clock the form asks for ("M+S"), or null for none. */
function clockOf(form: PairingForm): string | null {
  const clock = form.clock === "custom" ? form.custom.trim() : form.clock;
  return clock || null;
}

/** Whether the form's game is rated: asked for, with a time control (a game without one cannot be). */
function ratedOf(form: PairingForm): boolean {
  return form.rated && clockOf(form) !== null;
}

/** Whether the form's game allows takebacks: as the player set it, else as lichess — in casual games only. */
export function takebacksOf(form: PairingForm): boolean {
  return form.takebacks ?? !ratedOf(form);
}

/** The request body of a seek or challenge of the form: a clock, days per move (`days:N`) or neither. */
export function pairingBody(form: PairingForm): {
  game: string;
  options: Record<string, string>;
  clock: string | null;
  correspondence?: number;
  rated: boolean;
  takebacks: boolean;
  side: PairingSide;
} {
  const chosen = clockOf(form);
  const { clock, correspondence } = chosen ? timeControlRequest(chosen) : {};
  return {
    game: form.game,
    options: { ...form.options },
    clock: clock ?? null,
    correspondence,
    rated: ratedOf(form),
    takebacks: takebacksOf(form),
    side: form.side,
  };
}

/** A seek's or challenge's note that its game allows takebacks (a short word with a title), or null. */
export function takebacksMark(allowed: boolean): VNode | null {
  return allowed
    ? v(
        "span",
        { key: "takebacks", class: "takebacks-mark", title: t("pair.takebacksTitle") },
        t("pair.takebacksShort"),
      )
    : null;
}

/**
 * A field of the form: its control, the name it goes under (null for a checkbox, which carries its
 * own), and whether it takes a whole row (a game option's select: its choices are long).
 */
export interface PairingField {
  control: VNode;
  label: string | null;
  wide: boolean;
}

/** A checkbox of the form; `onchange` gets whether it is checked, then the form is redrawn. */
function checkbox(
  name: string,
  checked: boolean,
  label: string,
  title: string | null,
  onchange: (checked: boolean) => void,
  changed: () => void,
): PairingField {
  const control = v("label", { key: name, class: "check", title }, [
    v("input", {
      key: "control",
      type: "checkbox",
      name,
      checked,
      on: {
        change: (e: Event) => {
          onchange((e.target as HTMLInputElement).checked);
          changed();
        },
      },
    }),
    label,
  ]);
  return { control, label: null, wide: false };
}

/** A select of the form named `<prefix>-<name>` whose change sets a value and redraws. */
type FieldSelect = (
  name: string,
  value: string,
  choices: [string, string][],
  onchange: (value: string) => void,
  label: string,
) => PairingField;

/** The maker of the form's selects for `prefix`; `changed()` redraws. */
function fieldSelect(prefix: string, changed: () => void): FieldSelect {
  return (name, value, choices, onchange, label) => ({
    label,
    wide: name.startsWith("option-"),
    control: v(
      "select",
      {
        key: "control",
        name: `${prefix}-${name}`,
        "aria-label": label,
        on: {
          change: (e: Event) => {
            onchange((e.target as HTMLSelectElement).value);
            changed();
          },
        },
      },
      choices.map(([choice, text]) => v("option", { key: choice, value: choice, selected: choice === value }, text)),
    ),
  });
}

/** The selects of the chosen game's options that have a choice. */
function optionSelects(entry: GameEntry | undefined, form: PairingForm, select: FieldSelect): PairingField[] {
  return (entry?.options ?? [])
    .filter((o) => o.choices.length > 1)
    .map((o) =>
      select(
        `option-${o.name}`,
        form.options[o.name] ?? o.default,
        o.choices.map((c, i): [string, string] => [c, choiceLabel(o, i)]),
        (v) => {
          form.options[o.name] = v;
        },
        optionLabel(o.name, form.game),
      ),
    );
}

/** The clock's select, its custom field when chosen, and the rated and takeback boxes. */
function timeFields(
  form: PairingForm,
  prefix: string,
  select: FieldSelect,
  changed: () => void,
): (PairingField | null)[] {
  const clocks: [string, string][] = [
    ["", t("pair.unlimited")],
    ...PRESETS.map((p): [string, string] => [p, p]),
    ["custom", t("pair.custom")],
    ...CORRESPONDENCE_DAYS.map((days): [string, string] => [`days:${days}`, daysText(days)]),
  ];
  return [
    select(
      "clock",
      form.clock,
      clocks,
      (v) => {
        form.clock = v;
      },
      t("clock"),
    ),
    form.clock === "custom"
      ? {
          label: t("pair.customClock"),
          wide: false,
          control: v("input", {
            key: "control",
            name: `${prefix}-clock-custom`,
            value: form.custom,
            placeholder: "7+4",
            size: "6",
            "aria-label": t("pair.customClock"),
            title: t("pair.customClock"),
            on: {
              input: (e: Event) => {
                form.custom = (e.target as HTMLInputElement).value;
              },
            },
          }),
        }
      : null,
    form.clock
      ? checkbox(
          `${prefix}-rated`,
          form.rated,
          t("pair.rated"),
          null,
          (checked) => {
            form.rated = checked;
          },
          changed,
        )
      : null,
    checkbox(
      `${prefix}-takebacks`,
      takebacksOf(form),
      t("pair.takebacks"),
      t("pair.takebacksTitle"),
      (checked) => {
        form.takebacks = checked;
      },
      changed,
    ),
  ];
}

/** The fields of the form, named `<prefix>-game`, `<prefix>-option-<name>`, `<prefix>-clock`…; `changed()` redraws. */
export function pairingFields(
  registry: Registry,
  form: PairingForm,
  prefix: string,
  changed: () => void,
): PairingField[] {
  const entry = registry.games.find((g) => g.name === form.game);
  const select = fieldSelect(prefix, changed);
  const fields: (PairingField | null)[] = [
    select(
      "game",
      form.game,
      registry.games.map((g): [string, string] => [g.name, g.title]),
      (v) => {
        form.game = v;
        form.options = {};
      },
      t("game"),
    ),
    ...optionSelects(entry, form, select),
    select(
      "side",
      form.side,
      [
        ["random", t("random")],
        ...(["p1", "p2"] as const).map((p): [string, string] => [p, entry?.players[p]?.[lang()] ?? p]),
      ],
      (v) => {
        if (isPairingSide(v)) form.side = v;
      },
      t("side"),
    ),
    ...timeFields(form, prefix, select, changed),
  ];
  return fields.filter((e): e is PairingField => e !== null);
}
