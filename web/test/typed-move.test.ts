// A typed puzzle move matched with the position's legal moves before anything is sent.
import { test } from "node:test";
import assert from "node:assert/strict";
import { typedMove } from "../src/pages/typed-move.js";

test("a typed move names the listed legal move, whatever its case and spaces", () => {
  assert.equal(typedMove("ataxx", " F2 ", ["f2", "b6f4"], true), "f2");
  assert.equal(typedMove("amakta", "place  A1 on e1", ["place a1 on e1"], true), "place a1 on e1");
});

test("a move that is not legal here, or no move at all, names none when every legal move is listed", () => {
  assert.equal(typedMove("ataxx", "g7", ["f2", "b6f4"], true), null);
  assert.equal(typedMove("ataxx", "   ", ["f2"], true), null);
  assert.equal(typedMove("formation", "hello", ["b1c3"], true), null);
});

test("the other ways of writing a move: a pass, an Ataxx clone from its neighbour, an Abalone sideways move from its other end", () => {
  assert.equal(typedMove("ataxx", "pass", ["0000"], true), "0000");
  assert.equal(typedMove("ataxx", "f6g7", ["g7"], true), "g7");
  assert.equal(typedMove("ataxx", "e5g7", ["g7"], true), null);
  assert.equal(typedMove("abalone", "c5c3d6", ["c3c5d4"], true), "c3c5d4");
  assert.equal(typedMove("abalone", "c5c3d7", ["c3c5d4"], true), null);
});

test("when the legal moves are not all listed the typed text goes on, tidied, for the server to judge", () => {
  assert.equal(typedMove("amakta", " Place A1  on E1", ["take b2"], false), "place a1 on e1");
});
