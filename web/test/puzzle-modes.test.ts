// The puzzles' modes, pure: the themes a game has, the theme the address keeps and the requests it
// makes; a streak's course (solved in a row, over at a miss, complete after the last) and the best
// streak kept per game.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  gameThemes,
  isNewBest,
  isTheme,
  loadBest,
  newStreak,
  nextQuery,
  puzzleAddress,
  saveBest,
  streakBest,
  streakMissed,
  streakPuzzle,
  streakSolved,
  themeFromQuery,
} from "../src/pages/puzzle-modes.js";

test("a game's themes come in the chooser's order, only those with puzzles and known to the page", () => {
  assert.deepEqual(gameThemes({ short: 16, gain: 153, win: 65, one_move: 202, long: 0, fork: 3 }), [
    { key: "win", count: 65 },
    { key: "gain", count: 153 },
    { key: "one_move", count: 202 },
    { key: "short", count: 16 },
  ]);
  assert.deepEqual(gameThemes(undefined), []);
  assert.ok(isTheme("one_move"));
  assert.ok(!isTheme("fork"));
});

test("the address keeps the theme chosen, if the game has it; the next puzzle's request names it", () => {
  const themes = gameThemes({ win: 5, short: 2 });
  assert.equal(themeFromQuery("?theme=win", themes), "win");
  assert.equal(themeFromQuery("?theme=long", themes), null, "a theme the game has no puzzle of");
  assert.equal(themeFromQuery("?theme=fork", themes), null);
  assert.equal(themeFromQuery("", themes), null);
  assert.equal(puzzleAddress("ataxx", "ataxx-0123456789ab", "win"), "/puzzles/ataxx/ataxx-0123456789ab?theme=win");
  assert.equal(puzzleAddress("ataxx", "ataxx-0123456789ab", null), "/puzzles/ataxx/ataxx-0123456789ab");
  assert.equal(puzzleAddress("ataxx", null, "short"), "/puzzles/ataxx?theme=short");
  assert.equal(nextQuery("ataxx", null, null), "/api/puzzles/next?game=ataxx");
  assert.equal(
    nextQuery("ataxx", "ataxx-0123456789ab", "one_move"),
    "/api/puzzles/next?game=ataxx&after=ataxx-0123456789ab&theme=one_move",
  );
});

test("a streak counts the puzzles solved in a row, ends at the first miss, and is complete after the last", () => {
  let streak = newStreak(["a", "b", "c"], 1);
  assert.equal(streakPuzzle(streak), "a");
  streak = streakSolved(streak);
  assert.deepEqual([streak.solved, streak.state, streakPuzzle(streak)], [1, "playing", "b"]);
  assert.ok(!isNewBest(streak), "not while it goes on");
  const missed = streakMissed(streakSolved(streak));
  assert.deepEqual(
    [missed.solved, missed.state, streakPuzzle(missed), streakBest(missed), isNewBest(missed)],
    [2, "over", null, 2, true],
  );
  assert.equal(streakSolved(missed), missed, "an ended streak stays as it is");
  assert.equal(streakMissed(missed), missed);
  const complete = streakSolved(streakSolved(streak));
  assert.deepEqual([complete.solved, complete.state, streakPuzzle(complete)], [3, "complete", null]);
  const short = streakMissed(newStreak(["a"], 4));
  assert.deepEqual([streakBest(short), isNewBest(short)], [4, false]);
  assert.equal(newStreak([], 0).state, "complete");
});

test("the best streak is kept per game, only when beaten; anything else read counts as none", () => {
  const items = new Map<string, string>();
  const store = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
  assert.equal(loadBest(store, "ataxx"), 0);
  saveBest(store, "ataxx", streakSolved(streakSolved(newStreak(["a", "b", "c"], 0))));
  assert.equal(loadBest(store, "ataxx"), 2);
  assert.deepEqual([...items.keys()], ["spielwerk.puzzle-streak.ataxx"]);
  saveBest(store, "ataxx", streakSolved(newStreak(["a", "b"], 2)));
  assert.equal(loadBest(store, "ataxx"), 2, "a shorter streak keeps the best");
  assert.equal(loadBest(store, "abalone"), 0);
  items.set("spielwerk.puzzle-streak.abalone", "lots");
  assert.equal(loadBest(store, "abalone"), 0);
  const refusing = {
    getItem: () => {
      throw new Error("denied");
    },
    setItem: () => {
      throw new Error("denied");
    },
  };
  assert.equal(loadBest(refusing, "ataxx"), 0);
  assert.doesNotThrow(() => saveBest(refusing, "ataxx", streakSolved(newStreak(["a"], 0))));
});
