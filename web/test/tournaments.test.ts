// The tournament pages' reckoning: the create form's request, and when the arena page takes a
// player to a new game of theirs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { countdownText, createRequest, myPart, newGame } from "../src/pages/tournaments/model.js";

const fields = {
  kind: "arena" as const,
  name: "  ",
  game: "ataxx",
  clock: "3+2",
  minutes: "45",
  rounds: "5",
  days: "",
  startIn: "0",
  minRating: "",
  maxRating: " 1800 ",
  rated: false,
  bots: "no" as const,
  join: true,
};

test("the form's request: numbers read, empty fields left out, a later start from now", () => {
  assert.deepEqual(createRequest(fields, 1000), {
    kind: "arena",
    name: undefined,
    game: "ataxx",
    clock: "3+2",
    minutes: 45,
    rated: false,
    bots: "no",
    join: true,
    starts_ms: undefined,
    min_rating: undefined,
    max_rating: 1800,
  });
  const later = createRequest({ ...fields, name: " Cup ", startIn: "10" }, 1000);
  assert.equal(later.name, "Cup");
  assert.equal(later.starts_ms, 1000 + 10 * 60_000);
  assert.equal(createRequest({ ...fields, join: false }, 1000).join, false, "unticked: the maker does not join");
});

test("a player is taken to a game that appeared since the last look, not to one running at the first", () => {
  assert.equal(newGame(undefined, "g1"), false, "the page opened during the game");
  assert.equal(newGame(null, "g1"), true, "paired since the last look");
  assert.equal(newGame("g1", "g1"), false, "the same game");
  assert.equal(newGame("g1", "g2"), true, "the next game");
  assert.equal(newGame("g1", null), false, "no game");
});

test("a viewer who never joined is invited, only one who joined and left is paused", () => {
  const standings = [{ name: "anna" }, { name: "bert" }];
  assert.equal(myPart(true, "anna", standings), "joined");
  assert.equal(myPart(false, "anna", standings), "paused", "in the standings, not joined: left");
  assert.equal(myPart(false, "carl", standings), "invited", "never joined, though others did");
  assert.equal(myPart(false, "carl", []), "invited");
  assert.equal(myPart(false, null, standings), "invited");
});

test("the countdown reads as a clock: minutes and seconds, hours from an hour on, never negative", () => {
  assert.equal(countdownText(0), "0:00");
  assert.equal(countdownText(59_001), "1:00", "a started second counts");
  assert.equal(countdownText(5 * 60_000 + 7_000), "5:07");
  assert.equal(countdownText(3 * 3600_000 + 4 * 60_000 + 5_000), "3:04:05");
  assert.equal(countdownText(-5000), "0:00");
});
