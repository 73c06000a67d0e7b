// The settings page's view (/settings): the page as a pure function of the settings and the
// controller's `change` (controller.ts keeps them and draws).

import { t, addTexts } from "../../i18n.js";
import { v } from "../../vdom.js";
import type { VNode } from "../../vdom.js";
import { BOARD_THEMES, THEMES } from "../../settings.js";
import { MAX_VOLUME } from "../../contract/constants.js";
import type { Settings } from "../../settings.js";

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: {
    "set.saved": "Kept in this browser; every change applies at once. Sign in to keep them on your account.",
    "set.savedAccount": "Saved to your account: every change applies at once, on every device you sign in on.",
    "set.language": "Language",
    "set.animation": "Animate moves on the boards",
    "set.volume": "Volume",
    "set.theme": "Colours",
    "set.theme.auto": "Like the system",
    "set.theme.light": "Light",
    "set.theme.dark": "Dark",
    "set.board": "Board",
    "set.board.classic": "Classic",
    "set.board.wood": "Wood",
    "set.board.slate": "Slate",
    "set.board.contrast": "High contrast",
    "set.boardHelp": "The colours of the boards of every game; high contrast also darkens the pieces.",
    "set.coordinates": "Show coordinates on the boards",
    "set.sound": "Play a sound on each move",
    "set.confirm": "Confirm each move before it is played",
    "set.confirmHelp": "A move made on the board waits for a second click (or Enter); a misclick costs nothing.",
    "set.play": "Play",
  },
  de: {
    "set.saved":
      "In diesem Browser gespeichert; jede Änderung gilt sofort. Melde dich an, um sie in deinem Konto zu speichern.",
    "set.savedAccount":
      "In deinem Konto gespeichert: Jede Änderung gilt sofort, auf jedem Gerät, auf dem du angemeldet bist.",
    "set.language": "Sprache",
    "set.animation": "Züge auf den Brettern animieren",
    "set.volume": "Lautstärke",
    "set.theme": "Farben",
    "set.theme.auto": "Wie das System",
    "set.theme.light": "Hell",
    "set.theme.dark": "Dunkel",
    "set.board": "Brett",
    "set.board.classic": "Klassisch",
    "set.board.wood": "Holz",
    "set.board.slate": "Schiefer",
    "set.board.contrast": "Hoher Kontrast",
    "set.boardHelp": "Die Farben der Bretter aller Spiele; hoher Kontrast macht auch die Steine dunkler.",
    "set.coordinates": "Koordinaten an den Brettern zeigen",
    "set.sound": "Bei jedem Zug einen Ton spielen",
    "set.confirm": "Jeden Zug vor dem Ausführen bestätigen",
    "set.confirmHelp":
      "Ein Zug auf dem Brett wartet auf einen zweiten Klick (oder Enter); ein Verklicken kostet nichts.",
    "set.play": "Spielen",
  },
});

/** The light and dark squares of each board theme (as theme.css sets them), for the previews. */
const BOARD_COLOURS: Record<string, [string, string]> = {
  classic: ["#e9dfc7", "#d9caa5"],
  wood: ["#f0d9b5", "#b58863"],
  slate: ["#c8d3dc", "#8da2b4"],
  contrast: ["#ffffff", "#bdbdbd"],
};

/** A small 2×2 board in a board theme's colours. */
function boardSwatch(theme: string): VNode {
  const [light, dark] = BOARD_COLOURS[theme] ?? BOARD_COLOURS.classic ?? ["#fff", "#ccc"];
  return v(
    "span",
    { key: "swatch", class: "board-swatch", "aria-hidden": "true" },
    [light, dark, dark, light].map((colour, i) => v("span", { key: i, style: { background: colour } })),
  );
}

/** A group of radio buttons for one setting (the board themes with a preview each). */
function choices<K extends "theme" | "boardTheme" | "language", V extends string>(
  s: Settings,
  key: K,
  values: readonly V[],
  label: (v: V) => string,
  change: (s: Settings) => void,
): VNode {
  return v(
    "div",
    { key, class: `choices ${key === "boardTheme" ? "boards" : ""}` },
    values.map((value) =>
      v("label", { key: value }, [
        v("input", {
          key: "input",
          type: "radio",
          name: key,
          value,
          checked: String(s[key]) === value,
          on: { change: () => change({ ...s, [key]: value }) },
        }),
        key === "boardTheme" ? boardSwatch(value) : null,
        label(value),
      ]),
    ),
  );
}

/** A checkbox for one on/off setting. */
function check(
  s: Settings,
  key: "coordinates" | "sound" | "confirmMoves" | "animation",
  text: string,
  change: (s: Settings) => void,
): VNode {
  return v("label", { key, class: "check" }, [
    v("input", {
      key: "input",
      type: "checkbox",
      name: key,
      checked: s[key],
      on: { change: (e: Event) => change({ ...s, [key]: (e.target as HTMLInputElement).checked }) },
    }),
    text,
  ]);
}

/** The language names, each in its own language (as the header's buttons are read). */
const LANGUAGE_NAMES: Record<Settings["language"], string> = { en: "English", de: "Deutsch" };

/** The sound's volume: a slider, 0 to `MAX_VOLUME` percent, dimmed while the sound is off. */
function volumeSlider(s: Settings, change: (s: Settings) => void): VNode {
  return v("label", { key: "volume", class: "volume indented" }, [
    v("span", { key: "label" }, t("set.volume")),
    v("input", {
      key: "input",
      type: "range",
      name: "volume",
      min: 0,
      max: MAX_VOLUME,
      step: 5,
      value: String(s.volume),
      disabled: !s.sound,
      "aria-valuetext": `${s.volume} %`,
      on: { change: (e: Event) => change({ ...s, volume: Number((e.target as HTMLInputElement).value) }) },
    }),
    v("output", { key: "value" }, `${s.volume} %`),
  ]);
}

/** What the settings page's view needs: the settings shown and how a change is made. */
export interface SettingsContext {
  /** The settings as they are kept. */
  settings: Settings;
  /** Whether they are kept on the signed-in account (else in this browser). */
  onAccount: boolean;
  /** The signed-in account's "Account" card (account-view.ts); null for a guest. */
  account: VNode | null;
  /** Whether the account was just closed here (the page says so). */
  closed: boolean;
  /** Keeps a changed set of settings and draws anew. */
  change: (s: Settings) => void;
  /** The signed-in account's "API tokens" card (tokens-view.ts), below the settings; null for a guest. */
  tokens: VNode | null;
}

/** The settings page: the language, the colours, the board theme with previews, the play options, the account, the tokens. */
export function settingsView({ settings: s, change, tokens, onAccount, account, closed }: SettingsContext): VNode {
  return v("div", { key: "settings", class: "page settings", id: "settings" }, [
    v("div", { key: "card", class: "card" }, [
      v("h1", { key: "title" }, t("set.title")),
      closed
        ? v("p", { key: "closed", class: "notice", role: "status", id: "account-closed" }, t("care.closed"))
        : null,
      v("p", { key: "saved", class: "muted", id: "settings-kept" }, t(onAccount ? "set.savedAccount" : "set.saved")),
      v("fieldset", { key: "language" }, [
        v("legend", {}, t("set.language")),
        choices(s, "language", ["en", "de"] as const, (v) => LANGUAGE_NAMES[v], change),
      ]),
      v("fieldset", { key: "theme" }, [
        v("legend", {}, t("set.theme")),
        choices(s, "theme", THEMES, (v) => t(`set.theme.${v}`), change),
      ]),
      v("fieldset", { key: "board" }, [
        v("legend", {}, t("set.board")),
        choices(s, "boardTheme", BOARD_THEMES, (v) => t(`set.board.${v}`), change),
        v("p", { class: "help muted" }, t("set.boardHelp")),
      ]),
      v("fieldset", { key: "play", class: "checks" }, [
        v("legend", {}, t("set.play")),
        check(s, "coordinates", t("set.coordinates"), change),
        check(s, "animation", t("set.animation"), change),
        check(s, "sound", t("set.sound"), change),
        volumeSlider(s, change),
        v("div", { key: "confirm" }, [
          check(s, "confirmMoves", t("set.confirm"), change),
          v("p", { key: "help", class: "help muted indented" }, t("set.confirmHelp")),
        ]),
      ]),
    ]),
    account,
    tokens,
  ]);
}
