// The one place the lobby looks up what a game option is called and what it does, in the page's
// language: the registry's own bilingual texts where the server sends them, else the UI's.

import { lang, optionHelp, optionLabel } from "./i18n.js";
import type { Bilingual, OptionSpec } from "./types.js";

/** An option's label and help as the lobby shows them. */
export interface OptionText {
  label: string;
  help: string;
}

/** The text of `value` in the page's language: a bilingual text, or a plain (English) one. */
function inLanguage(value: string | Partial<Bilingual> | undefined): string | undefined {
  if (value === undefined || typeof value === "string") return value;
  return value[lang()] || value.en;
}

/** The label and help of game `game`'s option `spec`. */
export function optionText(game: string, spec: OptionSpec): OptionText {
  const served = spec as OptionSpec & { label?: string | Partial<Bilingual>; help: string | Partial<Bilingual> };
  const label = typeof served.label === "object" ? inLanguage(served.label) : undefined;
  const help = typeof served.help === "object" ? inLanguage(served.help) : undefined;
  return {
    label: label ?? optionLabel(spec.name),
    help: help ?? optionHelp(game, spec.name, typeof served.help === "string" ? served.help : ""),
  };
}
