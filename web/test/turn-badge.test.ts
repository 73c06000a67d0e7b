// The header's badge is asked again when a game page's game stops (or starts) waiting on the
// player's move: after their move, the opponent's, and at the game's end (review 10's N2: it
// kept "1" on a finished game's page until a reload).
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./dom.js";

installDom();
const { turnChanged } = await import("../src/turn-badge.js");

test("the badge is out of date when the game ends on the player's move, or the turn passes", () => {
  const mine = { side_to_move: "p1", outcome: null };
  assert.equal(turnChanged(mine, { side_to_move: "p1", outcome: { winner: "p2", reason: "resign" } }, "p1"), true);
  assert.equal(turnChanged(mine, { side_to_move: "p2", outcome: null }, "p1"), true);
  assert.equal(turnChanged({ side_to_move: "p2", outcome: null }, mine, "p1"), true);
});

test("the badge stays as it is while the game waits on the same player", () => {
  const theirs = { side_to_move: "p2", outcome: null };
  assert.equal(turnChanged(theirs, theirs, "p1"), false);
  assert.equal(turnChanged(theirs, { side_to_move: "p2", outcome: { winner: "p2" } }, "p1"), false);
});
