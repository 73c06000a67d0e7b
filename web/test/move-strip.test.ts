// A phone's one-line move strip starts at an entry's start: no entry is cut at its left edge.
import { test } from "node:test";
import assert from "node:assert/strict";
import { stripStart } from "../src/game/move-strip.js";

// Entries 60 px wide at 0, 60, 120, …: a number and two moves per row, ten rows.
const starts = Array.from({ length: 30 }, (_, i) => i * 60);

test("the strip starts at the first whole entry around the current move, not in the middle of one", () => {
  // The current entry at 900–960 in a 250 px strip: centred would start at 805, inside the entry at 780.
  const start = stripStart(starts, 900, 960, 250, 1800);
  assert.ok(starts.includes(start), `${start} is an entry's start`);
  assert.ok(start >= 805 && start <= 900, `${start} keeps the current entry in sight`);
});

test("a current entry wider than the strip starts it, and the first moves start at 0", () => {
  assert.equal(stripStart([0, 10, 400], 10, 400, 200, 600), 10);
  assert.equal(stripStart(starts, 60, 120, 250, 1800), 0);
});

test("at the strip's end the last move is whole at the right, the entries before it from a whole one", () => {
  // Two long moves after a number: "1." 0–20, the first move 20–200, the second (current) 200–380.
  const start = stripStart([0, 20, 200], 200, 380, 374, 380);
  assert.equal(start, 20, "the first move whole, the number before it out of sight");
  assert.ok(start + 374 >= 380, "the last move whole");
});
