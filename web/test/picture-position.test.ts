// The position a game's picture shows (pages/lobby/picture-position.ts): Amakta Infinit's empty plane
// gets its bases close together with a few stones of each side beside them, inside the viewport.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { InfinitView } from "../src/contract/games/InfinitView.js";

const { picturePosition } = await import("../src/pages/lobby/picture-position.js");

/** The cells one step from a hex on the plane (axial coordinates). */
const NEIGHBOURS: [number, number][] = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
  [1, -1],
  [-1, 1],
];

/** An Infinit start: only the bases, `distance` apart, with the viewport the server gives them (the fields the picture reads). */
function infinitStart(distance: number): InfinitView {
  const base = (colour: "white" | "black", q: number) => ({
    q,
    r: 0,
    name: `${q},0`,
    base: colour,
    arrows: { white: 0, black: 0 },
    effective: { white: colour === "white" ? 1 : 0, black: colour === "black" ? 1 : 0 },
    control: colour,
    stone: null,
  });
  const view = {
    game: "amakta-infinit",
    distance,
    bases: { white: { q: 0, r: 0, name: "0,0" }, black: { q: distance, r: 0, name: `${distance},0` } },
    viewport: { rows: [-1, 1], columns: [-2, 2 * distance + 2] },
    cells: [base("white", 0), base("black", distance)],
    stones: [],
  };
  return view as unknown as InfinitView;
}

test("Infinit's picture: the bases four cells apart, three stones of each side next to its base, all inside the viewport", () => {
  const start = infinitStart(7);
  const picture = picturePosition(start as unknown as Record<string, unknown>) as unknown as InfinitView;
  assert.deepEqual(picture.bases.black, { q: 4, r: 0, name: "4,0" });
  assert.equal(picture.cells.find((cell) => cell.base === "black")?.name, "4,0");
  for (const colour of ["white", "black"] as const) {
    const base = picture.bases[colour];
    const placed = picture.cells.filter((cell) => cell.stone?.owner === colour);
    assert.equal(placed.length, 3, colour);
    for (const cell of placed) {
      assert.ok(
        NEIGHBOURS.some(([dq, dr]) => cell.q === base.q + dq && cell.r === base.r + dr),
        `${colour} ${cell.name}`,
      );
      assert.equal(cell.stone?.cell, cell.name);
    }
  }
  const { rows, columns } = picture.viewport;
  for (const cell of picture.cells) {
    assert.ok(cell.r > rows[0] && cell.r < rows[1], `row of ${cell.name}`);
    const x = 2 * cell.q + cell.r;
    assert.ok(x > columns[0] && x < columns[1], `column of ${cell.name}`);
  }
  assert.equal(start.cells.length, 2, "the start view is left as it was");
});

test("a picture of a position with stones already is that position", () => {
  const start = infinitStart(7);
  const withStone = { ...start, cells: start.cells.map((cell, i) => (i === 0 ? { ...cell, stone: {} } : cell)) };
  assert.equal(picturePosition(withStone as unknown as Record<string, unknown>), withStone);
});
