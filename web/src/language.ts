// The pages' language on its own (what it is, and switching it), apart from the texts in i18n.ts, so
// that the blocking boot script (boot.ts → settings.ts) can read and set it without loading every text.

/** A language the UI speaks. */
export type Lang = "en" | "de";

/** `code` as a language the UI speaks, else English. */
function known(code: string | null): Lang {
  return code === "de" ? "de" : "en";
}

let language: Lang = known(localStorage.getItem("spielwerk.lang") || (navigator.language || "en").slice(0, 2));

/** The current language ("en" or "de"). */
export function lang(): Lang {
  return language;
}

/** Switches the language and remembers it. */
export function setLang(next: string): void {
  language = known(next);
  localStorage.setItem("spielwerk.lang", language);
  document.documentElement.lang = language;
}
