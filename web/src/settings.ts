// The player's settings, kept per browser: theme, board theme, coordinates, sound and move
// confirmation; `applySettings` puts the look on the page's root element, where the CSS of
// theme.css reads it.

import { muted, setMuted } from "./sound.js";

/** What a player sets for this browser (localStorage `spielwerk-settings`, JSON). */
export interface Settings {
  /** Light or dark colours, or those of the system (`prefers-color-scheme`). */
  theme: "auto" | "light" | "dark";
  /** Whether the boards show their coordinates. */
  coordinates: boolean;
  /** Whether a move makes a sound. */
  sound: boolean;
  /** Whether a move made on the board waits for a second click (or Enter) before it is played. */
  confirmMoves: boolean;
  /** The board's colours: one of `BOARD_THEMES`. */
  boardTheme: string;
}

/** The board themes a player can choose (see theme.css). */
export const BOARD_THEMES = ["classic", "wood", "slate", "contrast"] as const;

/** The themes a player can choose. */
export const THEMES: Settings["theme"][] = ["auto", "light", "dark"];

const KEY = "spielwerk-settings";

/** The settings of a browser that has none saved. */
function defaults(): Settings {
  return { theme: "auto", coordinates: true, sound: !muted(), confirmMoves: false, boardTheme: "classic" };
}

/** The settings saved in this browser, each missing or broken one at its default. */
export function loadSettings(): Settings {
  const base = defaults();
  let saved: Partial<Record<keyof Settings, unknown>> = {};
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? "{}");
    if (parsed && typeof parsed === "object") saved = parsed;
  } catch {
    saved = {};
  }
  const flag = (value: unknown, fallback: boolean) => (typeof value === "boolean" ? value : fallback);
  return {
    theme: THEMES.includes(saved.theme as Settings["theme"]) ? (saved.theme as Settings["theme"]) : base.theme,
    coordinates: flag(saved.coordinates, base.coordinates),
    // The game page's sound switch and this one are the same: sound.ts keeps it.
    sound: base.sound,
    confirmMoves: flag(saved.confirmMoves, base.confirmMoves),
    boardTheme: (BOARD_THEMES as readonly string[]).includes(String(saved.boardTheme))
      ? String(saved.boardTheme)
      : base.boardTheme,
  };
}

/** Saves the settings in this browser and applies them to the page. */
export function saveSettings(s: Settings): void {
  localStorage.setItem(KEY, JSON.stringify(s));
  setMuted(!s.sound);
  applySettings(s);
}

/** The theme shown: the chosen one, or the system's for "auto". */
export function shownTheme(s: Settings = loadSettings()): "light" | "dark" {
  if (s.theme !== "auto") return s.theme;
  return matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/**
 * Puts the settings' look on the root element: `data-theme` (the theme shown, the system's while
 * "auto"), `data-board-theme` and `data-coords`.
 */
export function applySettings(s: Settings = loadSettings()): void {
  const root = document.documentElement;
  const theme = shownTheme(s);
  root.setAttribute("data-theme", theme);
  root.style.colorScheme = theme;
  root.setAttribute("data-board-theme", s.boardTheme);
  root.setAttribute("data-coords", s.coordinates ? "on" : "off");
}

/** Applies the settings now and again whenever the system's colour scheme changes. */
export function followSettings(): void {
  applySettings();
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => applySettings());
}
