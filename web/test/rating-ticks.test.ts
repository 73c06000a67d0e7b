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
