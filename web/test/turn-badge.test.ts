// The header's badge is asked again when a game page's game stops (or starts) waiting on the
// player's move: after their move, the opponent's, and at the game's end (review 10's N2: it
// kept "1" on a finished game's page until a reload); it leads to the game waiting longest, and
// from that game's page on to the next (review 15: it led to the lobby).
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./dom.js";

installDom();
const { turnChanged, nextWaitingGame } = await import("../src/turn-badge.js");
type TurnGame = import("../src/contract/TurnGame.js").TurnGame;

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

/** A game waiting on the player's move since `updated_ms`. */
const waiting = (id: string, updated_ms: number): TurnGame => ({
  id,
  game: "toy",
  title: "Toy",
  titles: { en: "Toy", de: "Spielzeug" },
  seat: "p1",
  side: { en: "Red", de: "Rot" },
  opponent_name: "bob",
  ply: 2,
  rated: false,
  correspondence: 3,
  deadline_ms: null,
  left_ms: null,
  updated_ms,
});

test("the badge leads to the game waiting longest, and from its page on to the next, round again", () => {
  const games = [waiting("newest", 300), waiting("oldest", 100), waiting("middle", 200)];
  assert.equal(nextWaitingGame(games, "/")?.id, "oldest");
  assert.equal(nextWaitingGame(games, "/play/elsewhere")?.id, "oldest");
  assert.equal(nextWaitingGame(games, "/play/oldest")?.id, "middle");
  assert.equal(nextWaitingGame(games, "/play/middle")?.id, "newest");
  assert.equal(nextWaitingGame(games, "/play/newest")?.id, "oldest");
  assert.equal(nextWaitingGame([waiting("only", 5)], "/")?.id, "only");
  assert.equal(nextWaitingGame([], "/"), null);
});
