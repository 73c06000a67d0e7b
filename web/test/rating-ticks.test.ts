// The rating chart's axis: its numbers as the page's language writes ratings, not as the browser's.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ratingTicks } from "../src/charts/rating.js";

test("the rating axis writes whole ratings without a thousands separator in English and German", () => {
  assert.deepEqual(ratingTicks([1450, 1500, 1650], "de"), ["1450", "1500", "1650"]);
  assert.deepEqual(ratingTicks([1450, 1500, 1650], "en"), ["1450", "1500", "1650"]);
});

test("a fractional tick is rounded to a whole rating", () => {
  assert.deepEqual(ratingTicks([1499.6, 1500.4], "de"), ["1500", "1500"]);
});

const { ratingData } = await import("../src/charts/rating.js");
const hour = 3_600_000;
const noon = Date.UTC(2026, 11, 3, 12);

test("games all on one day stand side by side, numbered in the order they ended, each on its own game's line", () => {
  const data = ratingData(
    [
      { times: [noon, noon + 2 * hour], ratings: [1510, 1530] },
      { times: [noon + hour], ratings: [1480] },
    ],
    "en",
  );
  assert.equal(data.byGame, true);
  assert.deepEqual(data.x, [1, 2, 3]);
  assert.deepEqual(data.ys, [
    [1510, null, 1530],
    [null, 1480, null],
  ]);
});

test("games on different days stand on a time axis in seconds", () => {
  const data = ratingData([{ times: [noon, noon + 48 * hour], ratings: [1500, 1550] }], "de");
  assert.equal(data.byGame, false);
  assert.deepEqual(data.x, [noon / 1000, noon / 1000 + 48 * 3600]);
  assert.deepEqual(data.ys, [[1500, 1550]]);
});

test("a line starts at the rating before its first game: at game 0 on one day, a second before it on a time axis", () => {
  const oneDay = ratingData(
    [
      { times: [noon], ratings: [1662], start: 1500 },
      { times: [noon + hour], ratings: [1480], start: 1500 },
    ],
    "en",
  );
  assert.equal(oneDay.games, 2, "a start is no game");
  assert.deepEqual(oneDay.x, [0, 1, 2]);
  assert.deepEqual(oneDay.ys, [
    [1500, 1662, null],
    [1500, null, 1480],
  ]);
  const days = ratingData([{ times: [noon, noon + 48 * hour], ratings: [1550, 1600], start: 1500 }], "de");
  assert.deepEqual(days.x, [noon / 1000 - 1, noon / 1000, noon / 1000 + 48 * 3600]);
  assert.deepEqual(days.ys, [[1500, 1550, 1600]]);
  const unknown = ratingData([{ times: [noon], ratings: [1662], start: null }], "en");
  assert.deepEqual([unknown.x, unknown.ys], [[1], [[1662]]]);
});
