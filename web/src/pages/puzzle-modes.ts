// The puzzles' two ways to choose the next puzzle, pure: by theme (the themes the server names,
// crates/server/src/features/puzzle_kinds.rs, and how the address keeps the chosen one), and a
// streak — puzzles from the easiest to the hardest, solved in a row until the first miss — with
// the best streak per game that this browser keeps.

/** A theme's key, as the server names it: how the solution ends, and how long it is. */
export type ThemeKey = "win" | "gain" | "one_move" | "short" | "long";

/** Every theme, in the order the chooser lists them (the server's order). */
export const THEMES: readonly ThemeKey[] = ["win", "gain", "one_move", "short", "long"];

/** The last part of a streak's address, `/puzzles/<game>/streak` (a puzzle's id is `<game>-<hex>`). */
export const STREAK_SEGMENT = "streak";

/** Whether `key` names a theme. */
export function isTheme(key: string): key is ThemeKey {
  return (THEMES as readonly string[]).includes(key);
}

/** A theme a game has puzzles of, with how many. */
export interface ThemeCount {
  key: ThemeKey;
  count: number;
}

/** The themes of `counts` (`GET /api/puzzles`' `themes`) that have puzzles, in the chooser's order; unknown keys are left out. */
export function gameThemes(counts: Record<string, number> | undefined): ThemeCount[] {
  return THEMES.flatMap((key) => {
    const count = counts?.[key] ?? 0;
    return count > 0 ? [{ key, count }] : [];
  });
}

/** The theme the address's query asks for (`?theme=win`), if the game has puzzles of it; else none (all puzzles). */
export function themeFromQuery(search: string, themes: readonly ThemeCount[]): ThemeKey | null {
  const key = new URLSearchParams(search).get("theme");
  return themes.find((theme) => theme.key === key)?.key ?? null;
}

/** The address of `game`'s puzzle `id` (of the game's puzzles without one), with the chosen theme, if any, in its query. */
export function puzzleAddress(game: string, id: string | null, theme: ThemeKey | null): string {
  const path = id ? `/puzzles/${game}/${id}` : `/puzzles/${game}`;
  return theme ? `${path}?theme=${theme}` : path;
}

/** The query of `GET /api/puzzles/next` for the puzzle after `after` (none: the first), of `theme` if chosen. */
export function nextQuery(game: string, after: string | null, theme: ThemeKey | null): string {
  const query = new URLSearchParams({ game });
  if (after) query.set("after", after);
  if (theme) query.set("theme", theme);
  return `/api/puzzles/next?${query}`;
}

/**
 * A streak: its puzzles in order, how many of them are solved in a row, and how it stands —
 * `playing` (the puzzle `ids[solved]` is on), `over` (a wrong move or giving up ended it) or
 * `complete` (every one solved).
 */
export interface Streak {
  readonly ids: readonly string[];
  readonly solved: number;
  readonly state: "playing" | "over" | "complete";
  /** The game's best streak in this browser before this one. */
  readonly bestBefore: number;
}

/** A streak of the puzzles `ids` (`GET /api/puzzles/streak`), none solved yet. */
export function newStreak(ids: readonly string[], bestBefore: number): Streak {
  return { ids, solved: 0, state: ids.length ? "playing" : "complete", bestBefore };
}

/** The puzzle to play now, or none once the streak has ended. */
export function streakPuzzle(streak: Streak): string | null {
  return streak.state === "playing" ? (streak.ids[streak.solved] ?? null) : null;
}

/** The streak after its current puzzle is solved: one more in a row, complete after the last. */
export function streakSolved(streak: Streak): Streak {
  if (streak.state !== "playing") return streak;
  const solved = streak.solved + 1;
  return { ...streak, solved, state: solved >= streak.ids.length ? "complete" : "playing" };
}

/** The streak after a wrong move or giving up: over, with the count it reached. */
export function streakMissed(streak: Streak): Streak {
  return streak.state === "playing" ? { ...streak, state: "over" } : streak;
}

/** The game's best streak counting this one. */
export function streakBest(streak: Streak): number {
  return Math.max(streak.bestBefore, streak.solved);
}

/** Whether this streak, ended, beat the best before it. */
export function isNewBest(streak: Streak): boolean {
  return streak.state !== "playing" && streak.solved > streak.bestBefore;
}

/** What of `localStorage` the best streaks need (a stand-in in tests). */
export type BestStore = Pick<Storage, "getItem" | "setItem">;

/** The key of `game`'s best streak in the store. */
function bestKey(game: string): string {
  return `spielwerk.puzzle-streak.${game}`;
}

/** `game`'s best streak kept in `store` (0 for none, or for anything but a count). */
export function loadBest(store: BestStore, game: string): number {
  try {
    const value = Number(store.getItem(bestKey(game)));
    return Number.isInteger(value) && value > 0 ? value : 0;
  } catch {
    return 0; // Storage refused (private mode): no best kept.
  }
}

/** Keeps `streak`'s count as `game`'s best in `store` when it beats the one kept. */
export function saveBest(store: BestStore, game: string, streak: Streak): void {
  if (streak.solved <= loadBest(store, game)) return;
  try {
    store.setItem(bestKey(game), String(streak.solved));
  } catch {
    // Storage refused (full, private mode): the best is not kept.
  }
}
