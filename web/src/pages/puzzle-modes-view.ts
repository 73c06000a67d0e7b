// The puzzles' modes, drawn: the tabs between one puzzle after another and a streak, the theme
// chooser, a puzzle's theme tags and the streak's card (its count, its end, the best streak). Pure
// views over puzzle-modes.ts; the controller (puzzles.ts) holds the state.

import { addTexts } from "../i18n.js";
import type { Translate } from "../i18n.js";
import { v } from "../vdom.js";
import type { VNode } from "../vdom.js";
import type { Link } from "../types.js";
import { STREAK_SEGMENT, isTheme, streakBest, isNewBest } from "./puzzle-modes.js";
import type { Streak, ThemeCount, ThemeKey } from "./puzzle-modes.js";

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: {
    puzzlesModes: "How to play the puzzles",
    puzzlesModeOne: "Puzzles",
    puzzlesModeStreak: "Streak",
    puzzlesStreakOf: "Puzzle streak: {title}",
    puzzlesThemes: "Themes",
    "puzzleTheme.all": "All",
    "puzzleThemeHelp.all": "Every puzzle of the game, near your rating.",
    "puzzleTheme.win": "Winning line",
    "puzzleThemeHelp.win": "The solution wins the game.",
    "puzzleTheme.gain": "Material gain",
    "puzzleThemeHelp.gain": "The solution wins material (stones, marbles) without ending the game.",
    "puzzleTheme.one_move": "One move",
    "puzzleThemeHelp.one_move": "The solution is a single move.",
    "puzzleTheme.short": "Short (2 moves)",
    "puzzleThemeHelp.short": "The solution takes two moves of yours.",
    "puzzleTheme.long": "Long (3+ moves)",
    "puzzleThemeHelp.long": "The solution takes three or more moves of yours.",
    puzzlesTags: "This puzzle's themes",
    puzzlesStreakCount: "solved in a row",
    puzzlesStreakOfTotal: "Puzzle {n} of {total}",
    puzzlesStreakBest: "Best streak: {best}",
    puzzlesStreakHelp:
      "Puzzles from easy to hard: solve as many in a row as you can. One wrong move ends the streak. Unrated: your puzzle rating stays.",
    puzzlesStreakOver: "Streak over: {n}",
    puzzlesStreakComplete: "Streak complete: all {n} solved!",
    puzzlesStreakNewBest: "A new best!",
    puzzlesStreakNew: "New streak",
    puzzlesGiveUp: "Give up",
  },
  de: {
    puzzlesModes: "Wie du die Aufgaben spielst",
    puzzlesModeOne: "Aufgaben",
    puzzlesModeStreak: "Serie",
    puzzlesStreakOf: "Aufgabenserie: {title}",
    puzzlesThemes: "Themen",
    "puzzleTheme.all": "Alle",
    "puzzleThemeHelp.all": "Alle Aufgaben des Spiels, nahe deiner Wertung.",
    "puzzleTheme.win": "Gewinnzug-Folge",
    "puzzleThemeHelp.win": "Die Lösung gewinnt die Partie.",
    "puzzleTheme.gain": "Materialgewinn",
    "puzzleThemeHelp.gain": "Die Lösung gewinnt Material (Steine, Kugeln), ohne die Partie zu beenden.",
    "puzzleTheme.one_move": "Ein Zug",
    "puzzleThemeHelp.one_move": "Die Lösung ist ein einziger Zug.",
    "puzzleTheme.short": "Kurz (2 Züge)",
    "puzzleThemeHelp.short": "Die Lösung braucht zwei Züge von dir.",
    "puzzleTheme.long": "Lang (3+ Züge)",
    "puzzleThemeHelp.long": "Die Lösung braucht drei oder mehr Züge von dir.",
    puzzlesTags: "Themen dieser Aufgabe",
    puzzlesStreakCount: "in Folge gelöst",
    puzzlesStreakOfTotal: "Aufgabe {n} von {total}",
    puzzlesStreakBest: "Beste Serie: {best}",
    puzzlesStreakHelp:
      "Aufgaben von leicht bis schwer: Löse so viele wie möglich hintereinander. Ein falscher Zug beendet die Serie. Ohne Wertung: Deine Aufgabenwertung bleibt.",
    puzzlesStreakOver: "Serie vorbei: {n}",
    puzzlesStreakComplete: "Serie geschafft: alle {n} gelöst!",
    puzzlesStreakNewBest: "Neue Bestleistung!",
    puzzlesStreakNew: "Neue Serie",
    puzzlesGiveUp: "Aufgeben",
  },
});

/** The tabs between a game's puzzles one after another and its streak; the current one marked. */
export function modeTabs(game: string, streak: boolean, t: Translate, link: Link): VNode {
  const tab = (path: string, label: string, current: boolean, mode: string) =>
    link(path, label, { class: "puzzle-mode", "data-mode": mode, "aria-current": current ? "page" : null });
  return v("nav", { key: "modes", class: "puzzle-modes", "aria-label": t("puzzlesModes") }, [
    tab(`/puzzles/${game}`, t("puzzlesModeOne"), !streak, "one"),
    tab(`/puzzles/${game}/${STREAK_SEGMENT}`, t("puzzlesModeStreak"), streak, "streak"),
  ]);
}

/**
 * The theme chooser: All (with the game's count) and each theme the game has puzzles of, with its
 * count and a line of help; `chosen` (none: All) marked. Choosing one calls `choose`.
 */
export function themeChooser(
  themes: readonly ThemeCount[],
  total: number,
  chosen: ThemeKey | null,
  choose: (theme: ThemeKey | null) => void,
  t: Translate,
): VNode {
  const option = (key: ThemeKey | null, count: number) => {
    const name = key ?? "all";
    return v(
      "button",
      {
        key: name,
        type: "button",
        class: "puzzle-theme",
        "data-theme": name,
        "aria-pressed": String(key === chosen),
        on: { click: () => choose(key) },
      },
      [
        v("span", { class: "puzzle-theme-name" }, t(`puzzleTheme.${name}`)),
        v("span", { class: "puzzle-theme-count" }, String(count)),
        v("small", { class: "puzzle-theme-help" }, t(`puzzleThemeHelp.${name}`)),
      ],
    );
  };
  return v("section", { key: "themes", class: "card puzzle-themes", "aria-labelledby": "puzzle-themes-title" }, [
    v("h2", { id: "puzzle-themes-title" }, t("puzzlesThemes")),
    v("div", { class: "puzzle-theme-list" }, [
      option(null, total),
      ...themes.map((theme) => option(theme.key, theme.count)),
    ]),
  ]);
}

/** A puzzle's themes as small tags (each with its help as a tooltip); keys the page does not know are left out. */
export function themeTags(keys: readonly string[], t: Translate): VNode {
  return v(
    "p",
    { key: "tags", class: "puzzle-tags", "aria-label": t("puzzlesTags") },
    keys
      .filter(isTheme)
      .map((key) =>
        v(
          "span",
          { key, class: "puzzle-tag", "data-theme": key, title: t(`puzzleThemeHelp.${key}`) },
          t(`puzzleTheme.${key}`),
        ),
      ),
  );
}

/**
 * The streak's card: the count solved in a row (big), the puzzle's place in the streak and the
 * best streak, that it is unrated; once ended, the count it reached (and a new best) and a button
 * for a new streak.
 */
export function streakCard(streak: Streak, restart: () => void, t: Translate): VNode {
  const ended = streak.state !== "playing";
  const end =
    streak.state === "complete"
      ? t("puzzlesStreakComplete", { n: streak.solved })
      : t("puzzlesStreakOver", { n: streak.solved });
  const place = ended ? [] : [t("puzzlesStreakOfTotal", { n: streak.solved + 1, total: streak.ids.length }), " · "];
  return v("section", { key: "streak", class: "card puzzle-streak", "data-state": streak.state }, [
    // Once over, the end line says the count, first: the big number would repeat it.
    ended
      ? v("p", { class: "puzzle-streak-end", id: "streak-end", role: "status" }, end)
      : v("p", { class: "puzzle-streak-count" }, [
          v("strong", { id: "streak-count" }, String(streak.solved)),
          v("span", {}, t("puzzlesStreakCount")),
        ]),
    v("p", { class: "puzzle-streak-place" }, [
      ...place,
      v("span", { id: "streak-best" }, t("puzzlesStreakBest", { best: streakBest(streak) })),
    ]),
    ended && isNewBest(streak)
      ? v("p", { class: "puzzle-streak-new-best", id: "streak-new-best" }, t("puzzlesStreakNewBest"))
      : null,
    ended
      ? v(
          "button",
          { key: "new-streak", type: "button", class: "primary", id: "new-streak", on: { click: restart } },
          t("puzzlesStreakNew"),
        )
      : null,
    v("p", { class: "puzzle-streak-help muted" }, t("puzzlesStreakHelp")),
  ]);
}
