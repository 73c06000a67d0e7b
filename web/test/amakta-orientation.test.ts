// The board's orientation on the game page (game/orientation.ts, Amakta's nearSeat), Amakta's move
// list numbering (moveLabels) and words the same for every viewer, and the move list's scrolling.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./dom.js";

installDom();
const { orientation } = await import("../src/game/orientation.js");
const { listTop } = await import("../src/game/move-strip.js");
const amakta = await import("../src/games/amakta.js");
const { t, setLang } = await import("../src/i18n.js");

type View = Parameters<typeof amakta.moveLabels>[1];

/** A view in `phase` (Infinit's `stage` too) with `p1` as the first seat's colour and `colour` to move. */
const viewOf = (
  p1: "white" | "black" | null,
  phase = "play",
  colour: "white" | "black" | null = "white",
  game = "amakta",
) => ({ game, phase, stage: phase, p1_colour: p1, to_move: { colour } }) as unknown as View;

test("without a game's say the first seat's side is near: the second seat's board is turned, the flip button turns it back", () => {
  assert.deepEqual(orientation("p1", "p1", false), { flipped: false, bottom: "p1" });
  assert.deepEqual(orientation("p2", "p1", false), { flipped: true, bottom: "p2" });
  assert.deepEqual(orientation("p2", "p1", true), { flipped: false, bottom: "p1" });
  assert.deepEqual(orientation(null, "p1", false), { flipped: false, bottom: "p1" }, "a spectator");
});

test("Amakta's board follows the colour: the White player's is upright, the Black player's turned, whichever seat", () => {
  for (const p1 of ["white", "black"] as const) {
    const near = amakta.nearSeat(viewOf(p1));
    for (const seat of ["p1", "p2"] as const) {
      const colour = seat === "p1" ? p1 : p1 === "white" ? "black" : "white";
      const seen = orientation(seat, near, false);
      assert.equal(seen.flipped, colour === "black", `${seat} playing ${colour}`);
      assert.equal(seen.bottom, seat, `${seat}'s own strip at the bottom`);
    }
    // A spectator sees White's side near, White's player's strip at the bottom.
    assert.deepEqual(orientation(null, near, false), { flipped: false, bottom: p1 === "white" ? "p1" : "p2" });
  }
});

test("before Amakta's colours are chosen the board is upright for both players, each with their own strip at the bottom", () => {
  const near = amakta.nearSeat(viewOf(null, "circles", null));
  assert.equal(near, null);
  assert.deepEqual(orientation("p1", near, false), { flipped: false, bottom: "p1" });
  assert.deepEqual(orientation("p2", near, false), { flipped: false, bottom: "p2" });
  assert.deepEqual(orientation("p2", near, true), { flipped: true, bottom: "p1" }, "turned by hand");
});

test("Amakta's setup moves are marked by their mover, unnumbered; play is numbered in pairs from 1", () => {
  // The first seat assigns circles, the second chooses White: the first seat plays Black.
  const moves = [
    "circle w:000000=r",
    "circle w:100000=d",
    "circles none",
    "colour white",
    "place 100000 d1 100000",
    "place 100000 d7 100000",
    "place 010000 d2 010000",
  ];
  const labels = amakta.moveLabels(moves, viewOf("black", "play", "black"));
  assert.deepEqual(
    labels.map((label) => [label.number, label.mover, Boolean(label.setup)]),
    [
      [null, "p1", true],
      [null, "p1", true],
      [null, "p1", true],
      [null, "p2", true],
      ["1.", "p2", false],
      [null, "p1", false],
      ["2.", "p2", false],
    ],
  );
});

test("a game whose play starts with Black numbers its first move 1…, then goes on in pairs", () => {
  // Black, White, Black have moved: White is to move.
  const moves = ["place 100000 d7 100000", "place 100000 d1 100000", "pass"];
  const labels = amakta.moveLabels(moves, viewOf("white", "play", "white"));
  assert.deepEqual(
    labels.map((label) => label.number),
    ["1…", "2.", null],
  );
  assert.deepEqual(
    labels.map((label) => label.mover),
    ["p2", "p1", "p2"],
  );
});

test("Infinit's offers alternate from the first seat; its stones are marked by their creator, one alone once the other's set is closed", () => {
  // The first seat offers 30, the second 45, the first accepts and plays Black; White creates first.
  const moves = ["bid 30", "bid 45", "accept", "create 100000 n", "close", "create 010000 n", "close"];
  const labels = amakta.moveLabels(moves, viewOf("black", "play", "white", "amakta-infinit"));
  assert.deepEqual(
    labels.map((label) => label.mover),
    ["p1", "p2", "p1", "p2", "p1", "p2", "p2"],
  );
  assert.ok(labels.every((label) => label.setup && label.number === null));
});

test("Amakta's move words are written as the page's board draws them: turned on a turned board (review 14)", () => {
  setLang("en");
  const moves = ["place 100000 d1 100000", "relocate d7 d6 010000"];
  const view = viewOf("white", "play", "white");
  const upright = amakta.moveWords(moves, view, { t, flipped: false } as never);
  const turned = amakta.moveWords(moves, view, { t, flipped: true } as never);
  assert.match(upright[0] ?? "", /White places →1 on d1/);
  assert.match(upright[1] ?? "", /Black moves the stone from d7 to d6 as ↗1/);
  assert.match(turned[0] ?? "", /White places ←1 on d1/, "as Black's turned board draws it");
  assert.match(turned[1] ?? "", /as ↙1/);
  const line = amakta.lineWords(view, ["place 100000 d1 100000"], { t, flipped: true } as never);
  assert.deepEqual(line, [turned[0]], "an engine line too");
});

test("the move list shows the move shown whole: in its middle where it can, else from its start", () => {
  // A 20 px entry at 200 in a 60 px list: its middle (210) in the list's middle (30).
  assert.equal(listTop(200, 20, 60), 180);
  // An entry taller than the list: its start at the list's top, not cut at the top.
  assert.equal(listTop(200, 80, 60), 200);
  // The first entries: the list stays at its top.
  assert.equal(listTop(0, 20, 60), 0);
  for (const [top, height, list] of [
    [37, 22, 50],
    [400, 45, 44],
    [13, 2, 300],
  ] as const) {
    const at = listTop(top, height, list);
    assert.ok(at <= top, "the entry's start in sight");
    if (height <= list) assert.ok(at + list >= top + height, "the entry's end in sight");
  }
});
