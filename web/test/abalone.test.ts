// Abalone's line selection: the cell between two marbles two steps apart in a line.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./dom.js";

installDom();
const { between, lastMoveCells } = await import("../src/games/abalone.js");

test("between finds the middle of a line of three in each of the three axes", () => {
  assert.equal(between("c3", "c5"), "c4");
  assert.equal(between("c5", "c3"), "c4");
  assert.equal(between("a1", "c3"), "b2");
  assert.equal(between("a1", "c1"), "b1");
});

test("between is null for neighbours, far cells and cells off a line", () => {
  assert.equal(between("c3", "c4"), null);
  assert.equal(between("c3", "c6"), null);
  assert.equal(between("a1", "c2"), null);
});

test("the last-move mark of an in-line push runs from the hole the line left over the mover's marbles, not the pushed ones", () => {
  // Along the row: c3c4 moves Black c3 c4 c5 to c4 c5 c6 and pushes White c6 c7 to c7 c8.
  const board = new Map<string, string>([
    ["c4", "b"],
    ["c5", "b"],
    ["c6", "b"],
    ["c8", "w"],
  ]);
  board.set("c7", "w");
  const at = (cell: string) => board.get(cell) ?? null;
  assert.deepEqual(lastMoveCells("c3c4", at), ["c3", "c4", "c5", "c6"]);
  // A single marble's step: from where it came to where it arrived.
  assert.deepEqual(
    lastMoveCells("a1b2", (cell) => (cell === "b2" ? "w" : null)),
    ["a1", "b2"],
  );
});

test("the last-move mark of a broadside move is every marble's new cell", () => {
  const board = new Set(["d4", "d5", "d6"]);
  assert.deepEqual(lastMoveCells("c3c5d4", (cell) => (board.has(cell) ? "b" : null)).sort(), ["d4", "d5", "d6"]);
});
