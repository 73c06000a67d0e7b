// The tournament pages' reckoning: the create form's request, and when the arena page takes a
// player to a new game of theirs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequest, newGame } from "../src/pages/tournaments/model.js";

const fields = {
  name: "  ",
  game: "ataxx",
  clock: "3+2",
  minutes: "45",
  startIn: "0",
  minRating: "",
  maxRating: " 1800 ",
  rated: false,
};

test("the form's request: numbers read, empty fields left out, a later start from now", () => {
  assert.deepEqual(createRequest(fields, 1000), {
    name: undefined,
    game: "ataxx",
    clock: "3+2",
    minutes: 45,
    rated: false,
    starts_ms: undefined,
    min_rating: undefined,
    max_rating: 1800,
  });
  const later = createRequest({ ...fields, name: " Cup ", startIn: "10" }, 1000);
  assert.equal(later.name, "Cup");
  assert.equal(later.starts_ms, 1000 + 10 * 60_000);
});

test("a player is taken to a game that appeared since the last look, not to one running at the first", () => {
  assert.equal(newGame(undefined, "g1"), false, "the page opened during the game");
  assert.equal(newGame(null, "g1"), true, "paired since the last look");
  assert.equal(newGame("g1", "g1"), false, "the same game");
  assert.equal(newGame("g1", "g2"), true, "the next game");
  assert.equal(newGame("g1", null), false, "no game");
});
