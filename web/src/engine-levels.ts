// What each engine level means, in words for the level picker: the level's engine and its search
// limits as crates/game/src/level.rs defines them (1 random, 2 greedy, 3–6 a depth, 7–10 a time).

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

/** How each level plays: its engine, else the depth of its search (moves of either side) or its time per move (ms). */
const LEVELS: Record<number, { engine: "random" | "greedy" } | { depth: number } | { ms: number }> = {
  1: { engine: "random" },
  2: { engine: "greedy" },
  3: { depth: 1 },
  4: { depth: 2 },
  5: { depth: 3 },
  6: { depth: 4 },
  7: { ms: 300 },
  8: { ms: 1000 },
  9: { ms: 2500 },
  10: { ms: 5000 },
};

/** What `level` means in words ("looks 2 moves ahead", "thinks 0.3 s per move"); "" for a level not known. */
export function levelMeaning(level: number): string {
  const how = LEVELS[level];
  if (!how) return "";
  if ("engine" in how) return t(how.engine === "random" ? "level.random" : "level.greedy");
  if ("depth" in how) return how.depth === 1 ? t("level.depth1") : t("level.depth", { n: how.depth });
  return t("level.time", { s: (how.ms / 1000).toLocaleString(lang()) });
}

/** The level picker's option for `level`: its number and what it means ("3 · looks one move ahead"). */
export function levelOption(level: number): string {
  const meaning = levelMeaning(level);
  return meaning ? t("level.option", { level, meaning }) : String(level);
}
