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

/** A position with Black's marbles on `black` and White's on `white`, `to_move` to move. */
function position(black: string[], white: string[], to_move: "b" | "w" = "b") {
  const cells = [];
  for (let row = 1; row <= 9; row++) {
    for (let diag = Math.max(1, row - 4); diag <= Math.min(9, row + 4); diag++) {
      const cell = String.fromCharCode(96 + row) + diag;
      const marble = black.includes(cell) ? ("b" as const) : white.includes(cell) ? ("w" as const) : null;
      cells.push({ cell, row, diag, marble });
    }
  }
  return { game: "abalone" as const, cells, ejected: { black: 0, white: 0 }, to_move, legal: [] };
}

test("a move in words names the marbles that move, where to (as the direction pad does) and what they push (review 16, 10.4)", async () => {
  const { lineWords } = await import("../src/games/abalone.js");
  const { t, setLang } = await import("../src/i18n.js");
  const words = (view: ReturnType<typeof position>, moves: string[], flipped = false) =>
    lineWords(view, moves, { t, flipped });
  const three = position(["a1", "b2", "c3", "g5", "g6", "g7"], ["d4", "g8", "g9"]);
  assert.deepEqual(words(position(["a1"], []), ["a1b1"]), ["Black moves the marble on a1 north-west"]);
  assert.deepEqual(words(three, ["a1b2"]), [
    "Black moves the marbles a1–c3 north-east, pushing the white marble on d4",
  ]);
  assert.deepEqual(words(three, ["g5g6"]), [
    "Black moves the marbles g5–g7 east, pushing the white marbles g8–g9 off the board",
  ]);
  assert.deepEqual(words(position(["c3", "c4", "c5"], []), ["c3c5d3"]), [
    "Black moves the marbles c3–c5 sideways north-west",
  ]);
  // Turned, the direction is the one on the screen, as the pad names it.
  assert.deepEqual(words(position(["a1"], []), ["a1b1"], true), ["Black moves the marble on a1 south-east"]);
  // A line is followed on the board: the second move is White's, the third moves the marble the first moved.
  assert.deepEqual(words(position(["a1"], ["i9"]), ["a1b1", "i9h9", "b1c1"]), [
    "Black moves the marble on a1 north-west",
    "White moves the marble on i9 south-east",
    "Black moves the marble on b1 north-west",
  ]);
  assert.deepEqual(words(position(["a1"], []), ["b5c5"]), ["b5c5"], "a text that is no move there stays");
  setLang("de");
  try {
    assert.deepEqual(words(three, ["a1b2"]), [
      "Schwarz zieht die Kugeln a1–c3 nach Nordosten und schiebt die weiße Kugel auf d4",
    ]);
    assert.deepEqual(words(three, ["g5g6"]), [
      "Schwarz zieht die Kugeln g5–g7 nach Osten und schiebt die weißen Kugeln g8–g9 vom Brett",
    ]);
  } finally {
    setLang("en");
  }
});
