// The fields of a game to pair two players for, shared by the lobby's seek and challenge: the
// game, its own options, the clock (a preset, none, or any "minutes+seconds" in range), the side
// and whether it is rated; and the body the server takes for them.

import { t, addTexts, choiceLabel, optionLabel, playerName } from "./i18n.js";
import { CORRESPONDENCE_DAYS, daysText, timeControlRequest } from "./correspondence.js";
import { h } from "./svg.js";
import type { Registry } from "./types.js";

addTexts({
  en: {
    "pair.custom": "Custom…",
    "pair.customClock": "Minutes + seconds per move, e.g. 7+4",
    "pair.rated": "Rated",
    "pair.unlimited": "no clock",
  },
  de: {
    "pair.custom": "Eigene …",
    "pair.customClock": "Minuten + Sekunden je Zug, z. B. 7+4",
    "pair.rated": "Gewertet",
    "pair.unlimited": "ohne Uhr",
  },
});

/** The clocks offered as presets. */
const PRESETS = ["1+0", "3+2", "5+3", "10+5", "15+10"];

/** What the fields hold. `clock` is a preset, "" (none) or "custom", then `custom` holds it. */
export interface PairingForm {
  game: string;
  options: Record<string, string>;
  clock: string;
  custom: string;
  side: string;
  rated: boolean;
}

/** A fresh form for the registry's first game, 5+3 rated. */
export function newPairingForm(registry: Registry): PairingForm {
  return { game: registry.games[0]?.name ?? "", options: {}, clock: "5+3", custom: "", side: "random", rated: true };
}

/** The clock the form asks for ("M+S"), or null for none. */
function clockOf(form: PairingForm): string | null {
  const clock = form.clock === "custom" ? form.custom.trim() : form.clock;
  return clock || null;
}

/** The request body of a seek or challenge of the form: a clock, days per move (`days:N`) or neither. */
export function pairingBody(form: PairingForm): { game: string; options: Record<string, string>; clock: string | null; correspondence?: number; rated: boolean; side: string } {
  const chosen = clockOf(form);
  const { clock, correspondence } = chosen ? timeControlRequest(chosen) : {};
  return { game: form.game, options: { ...form.options }, clock: clock ?? null, correspondence, rated: form.rated && chosen !== null, side: form.side };
}

/** The fields of the form, named `<prefix>-game`, `<prefix>-option-<name>`, `<prefix>-clock`…; `changed()` redraws. */
export function pairingFields(registry: Registry, form: PairingForm, prefix: string, changed: () => void): HTMLElement[] {
  const entry = registry.games.find((g) => g.name === form.game);
  const select = (name: string, value: string, choices: [string, string][], onchange: (value: string) => void, label: string) =>
    h("select", { name: `${prefix}-${name}`, "aria-label": label, onchange: (e: Event) => { onchange((e.target as HTMLSelectElement).value); changed(); } },
      choices.map(([v, text]) => h("option", { value: v, selected: v === value }, text)));
  const options = (entry?.options ?? []).filter((o) => o.choices.length > 1).map((o) =>
    select(`option-${o.name}`, form.options[o.name] ?? o.default, o.choices.map((c, i): [string, string] => [c, choiceLabel(o, i)]), (v) => { form.options[o.name] = v; }, optionLabel(o.name, form.game)));
  const clocks: [string, string][] = [
    ["", t("pair.unlimited")], ...PRESETS.map((p): [string, string] => [p, p]), ["custom", t("pair.custom")],
    ...CORRESPONDENCE_DAYS.map((days): [string, string] => [`days:${days}`, daysText(days)]),
  ];
  const fields: (HTMLElement | null)[] = [
    select("game", form.game, registry.games.map((g): [string, string] => [g.name, g.title]), (v) => { form.game = v; form.options = {}; }, t("game")),
    ...options,
    select("side", form.side, [["random", t("random")], ...(["p1", "p2"] as const).map((p): [string, string] => [p, playerName(entry?.players[p] || p)])], (v) => { form.side = v; }, t("side")),
    select("clock", form.clock, clocks, (v) => { form.clock = v; }, t("clock")),
    form.clock === "custom" ? h("input", {
      name: `${prefix}-clock-custom`, value: form.custom, placeholder: "7+4", size: "6", "aria-label": t("pair.customClock"), title: t("pair.customClock"),
      oninput: (e: Event) => { form.custom = (e.target as HTMLInputElement).value; },
    }) : null,
    form.clock ? h("label", { class: "check" }, [h("input", { type: "checkbox", name: `${prefix}-rated`, checked: form.rated, onchange: (e: Event) => { form.rated = (e.target as HTMLInputElement).checked; } }), t("pair.rated")]) : null,
  ];
  return fields.filter((e): e is HTMLElement => e !== null);
}
