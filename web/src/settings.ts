// The player's settings, kept per browser and, for a signed-in account, on the account: theme,
// board theme, coordinates, sound and its volume, move confirmation, animation and language;
// `applySettings` puts the look on the page's root element, where the CSS of theme.css reads it.

import { muted, setMuted, setVolume, volume } from "./sound.js";
import { lang, setLang } from "./language.js";
import type { Lang } from "./language.js";
import type { AccountSettings } from "./contract/AccountSettings.js";
import type { SettingsReply } from "./contract/SettingsReply.js";
import { MAX_VOLUME } from "./contract/constants.js";

/** What a player sets (localStorage `spielwerk-settings`, JSON; sound, volume and language have keys of their own). */
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
  /** The sound's volume, 0 to `MAX_VOLUME` percent. */
  volume: number;
  /** Whether a move slides (or grows) into place. */
  animation: boolean;
  /** The pages' language (i18n.ts keeps it). */
  language: Lang;
}

/** The board themes a player can choose (see theme.css). */
export const BOARD_THEMES = ["classic", "wood", "slate", "contrast"] as const;

/** The themes a player can choose. */
export const THEMES: Settings["theme"][] = ["auto", "light", "dark"];

const KEY = "spielwerk-settings";

/** The settings of a browser that has none saved. */
function defaults(): Settings {
  return {
    theme: "auto",
    coordinates: true,
    sound: !muted(),
    confirmMoves: false,
    boardTheme: "classic",
    volume: volume(),
    animation: true,
    language: lang(),
  };
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
    volume: base.volume,
    animation: flag(saved.animation, base.animation),
    language: base.language,
  };
}

/** Saves the settings in this browser and applies them to the page; with `share`, also on the signed-in account. */
export function saveSettings(s: Settings, share = true): void {
  const { theme, coordinates, sound, confirmMoves, boardTheme, animation } = s;
  localStorage.setItem(KEY, JSON.stringify({ theme, coordinates, sound, confirmMoves, boardTheme, animation }));
  setMuted(!s.sound);
  setVolume(s.volume);
  setLang(s.language);
  applySettings(s);
  if (share && onAccount) void shareSettings(s);
}

// Whether the settings are kept on a signed-in account (see `useAccountSettings`).
let onAccount = false;

/** Whether the settings are kept on the signed-in account (else only in this browser). */
export function settingsOnAccount(): boolean {
  return onAccount;
}

/** The settings as the account keeps them (the contract's names). */
export function toAccount(s: Settings): AccountSettings {
  return {
    theme: s.theme,
    board_theme: s.boardTheme as AccountSettings["board_theme"],
    coordinates: s.coordinates,
    sound: s.sound,
    volume: Math.max(0, Math.min(MAX_VOLUME, Math.round(s.volume))),
    confirm_moves: s.confirmMoves,
    animation: s.animation,
    language: s.language,
  };
}

/** The settings an account keeps, as this browser holds them. */
export function fromAccount(a: AccountSettings): Settings {
  return {
    theme: a.theme,
    boardTheme: a.board_theme,
    coordinates: a.coordinates,
    sound: a.sound,
    volume: a.volume,
    confirmMoves: a.confirm_moves,
    animation: a.animation,
    language: a.language,
  };
}

/** Keeps the settings on the signed-in account (`POST /api/settings`); a failure leaves them in this browser. */
async function shareSettings(s: Settings): Promise<void> {
  await fetch("/api/settings", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(toAccount(s)),
  }).catch(() => null);
}

/**
 * After sign-in (or at start, signed in): takes the settings kept on the account and applies them
 * here; an account that has none yet gets this browser's. Signed out (`signedIn` false), the
 * settings stay in this browser alone. Resolves to whether they changed here.
 */
export async function useAccountSettings(signedIn: boolean): Promise<boolean> {
  onAccount = signedIn;
  if (!signedIn) return false;
  const response = await fetch("/api/settings").catch(() => null);
  if (!response?.ok) return false;
  const reply = (await response.json()) as SettingsReply;
  if (!reply.settings) {
    await shareSettings(loadSettings());
    return false;
  }
  const before = JSON.stringify(loadSettings());
  saveSettings(fromAccount(reply.settings), false);
  return JSON.stringify(loadSettings()) !== before;
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
  root.setAttribute("data-animation", s.animation ? "on" : "off");
}

/** Applies the settings now and again whenever the system's colour scheme changes. */
export function followSettings(): void {
  applySettings();
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => applySettings());
}
