// What each engine level means, in words for the level picker, from how the server says each level
// plays (`RegistryLevel` in `GET /api/registry`: its engine, else its depth or its time per move).

import type { RegistryLevel } from "./contract/RegistryLevel.js";
import { addTexts, lang, t } from "./i18n.js";

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: {
    "level.random": "random moves",
    "level.greedy": "greedy, no look-ahead",
    "level.depth1": "looks one move ahead",
    "level.depth": "looks {n} moves ahead",
    "level.time": "thinks {s} s per move",
    "level.option": "{level} · {meaning}",
  },
  de: {
    "level.random": "zufällige Züge",
    "level.greedy": "gierig, ohne Vorausschau",
    "level.depth1": "schaut einen Zug voraus",
    "level.depth": "schaut {n} Züge voraus",
    "level.time": "denkt {s} s je Zug",
    "level.option": "{level} · {meaning}",
  },
});

/** What `level` means in words ("looks 2 moves ahead", "thinks 0.3 s per move"); "" when the server says nothing of it. */
export function levelMeaning(level: RegistryLevel | undefined): string {
  if (!level) return "";
  if (level.engine === "random") return t("level.random");
  if (level.engine === "greedy") return t("level.greedy");
  if (level.depth != null) return level.depth === 1 ? t("level.depth1") : t("level.depth", { n: level.depth });
  if (level.movetime_ms != null) return t("level.time", { s: (level.movetime_ms / 1000).toLocaleString(lang()) });
  return "";
}

/** The level picker's option for `level` among the server's `levels`: its number and what it means ("3 · looks one move ahead"). */
export function levelOption(level: number, levels: readonly RegistryLevel[]): string {
  const meaning = levelMeaning(levels.find((l) => l.level === level));
  return meaning ? t("level.option", { level, meaning }) : String(level);
}
