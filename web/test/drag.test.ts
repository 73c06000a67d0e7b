// Dragging pieces (drag.ts): the threshold between a click and a drag, what letting go does, a
// press and a drag on a drawn board, each game's drop-to-move mapping, and which moves captured.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./dom.js";

const window = installDom();
const globals = globalThis as unknown as Record<string, unknown>;
for (const name of ["PointerEvent", "DOMPoint", "DOMMatrix"]) {
  Object.defineProperty(globals, name, {
    value: (window as unknown as Record<string, unknown>)[name],
    configurable: true,
    writable: true,
  });
}
// happy-dom lays nothing out: the drawing's user space is the page's.
(window.SVGElement.prototype as unknown as { getScreenCTM: () => unknown }).getScreenCTM = () => new window.DOMMatrix();
const { DRAG_THRESHOLD, isDrag, dropOutcome, enableDrag } = await import("../src/drag.js");
const ataxx = await import("../src/games/ataxx.js");
const abalone = await import("../src/games/abalone.js");
const amakta = await import("../src/games/amakta.js");

test("a press that moves less than the threshold is a click, from the threshold on a drag", () => {
  assert.equal(isDrag(0, 0), false);
  assert.equal(isDrag(DRAG_THRESHOLD - 1, 0), false);
  assert.equal(isDrag(3, 4), true);
  assert.equal(isDrag(0, -DRAG_THRESHOLD), true);
});

test("letting go on the piece's own cell keeps it, off the board cancels, elsewhere tries the cell", () => {
  assert.deepEqual(dropOutcome("g1", "g1"), { kind: "keep" });
  assert.deepEqual(dropOutcome("g1", null), { kind: "cancel" });
  assert.deepEqual(dropOutcome("g1", "e3"), { kind: "drop", to: "e3" });
});

/** A host with one draggable piece on `a1`, and a board that records what it was asked. */
function board() {
  const host = document.createElement("div");
  host.innerHTML =
    '<svg class="board"><g data-square="a1"><g class="stone-g" data-drag="a1"><circle r="0.4"></circle></g></g><g data-square="b2"></g></svg>';
  document.body.append(host);
  const calls: string[] = [];
  let selected: string | null = null;
  const fake = {
    under: null as string | null,
    cellAt: () => fake.under,
    isSelected: (cell: string) => selected === cell,
    select: (cell: string) => {
      selected = cell;
      calls.push(`select ${cell}`);
    },
    drop: (from: string, to: string) => calls.push(`drop ${from} ${to}`),
    cancel: () => {
      selected = null;
      calls.push("cancel");
    },
  };
  enableDrag(host, fake);
  const piece = host.querySelector("[data-drag]") as Element;
  const pointer = (type: string, x: number, y: number, target: Element = piece) =>
    target.dispatchEvent(
      new PointerEvent(type, { bubbles: true, pointerId: 1, isPrimary: true, button: 0, clientX: x, clientY: y }),
    );
  const clicked: number[] = [];
  piece.addEventListener("click", (event) => clicked.push((event as MouseEvent).detail));
  return { host, piece, fake, calls, pointer, clicked };
}

test("a press selects the piece as a click does, and the click that follows is the press's", () => {
  const b = board();
  b.pointer("pointerdown", 10, 10);
  b.pointer("pointermove", 12, 11);
  b.pointer("pointerup", 12, 11);
  b.piece.dispatchEvent(new MouseEvent("click", { bubbles: true, detail: 1 }));
  assert.deepEqual(b.calls, ["select a1"]);
  assert.deepEqual(b.clicked, []);
  // Pressed again, the selected piece's click goes through (it deselects), and a key's click always does.
  b.pointer("pointerdown", 10, 10);
  b.pointer("pointerup", 10, 10);
  b.piece.dispatchEvent(new MouseEvent("click", { bubbles: true, detail: 1 }));
  b.piece.dispatchEvent(new MouseEvent("click", { bubbles: true, detail: 0 }));
  assert.deepEqual(b.clicked, [1, 0]);
});

test("a drag carries a copy of the piece and plays where it is let go; back home keeps it, off the board cancels", () => {
  const b = board();
  b.pointer("pointerdown", 10, 10);
  b.pointer("pointermove", 30, 10);
  const ghost = b.host.querySelector(".drag-ghost");
  assert.ok(ghost, "a copy follows the pointer");
  assert.equal(ghost.querySelector("[data-drag]"), null, "the copy is no piece to drag");
  assert.match(ghost.getAttribute("transform") ?? "", /^translate\(/);
  assert.ok(b.piece.classList.contains("drag-origin"));
  b.fake.under = "b2";
  b.pointer("pointerup", 40, 40, b.host);
  assert.deepEqual(b.calls, ["select a1", "drop a1 b2"]);
  assert.equal(b.host.querySelector(".drag-ghost"), null);
  assert.equal(b.piece.classList.contains("drag-origin"), false);
  for (const [under, call] of [
    ["a1", null],
    [null, "cancel"],
  ] as const) {
    b.calls.length = 0;
    b.fake.under = under;
    b.pointer("pointerdown", 10, 10);
    b.pointer("pointermove", 10, 30);
    b.pointer("pointerup", 10, 30, b.host);
    assert.deepEqual(b.calls, call ? [call] : []);
  }
});

test("a board made later in the same host takes the dragging over", () => {
  const b = board();
  const calls: string[] = [];
  enableDrag(b.host, { ...b.fake, select: (cell: string) => calls.push(`new ${cell}`) });
  b.pointer("pointerdown", 10, 10);
  assert.deepEqual(calls, ["new a1"]);
  assert.deepEqual(b.calls, []);
});

test("Ataxx: a stone dragged one square clones there, two squares jumps, elsewhere nothing", () => {
  const offers = ["f2", "e3", "g1e3", "g1e1"];
  assert.equal(ataxx.moveFrom("g1", "f2", offers), "f2");
  assert.equal(ataxx.moveFrom("g1", "e3", offers), "g1e3");
  assert.equal(ataxx.moveFrom("g1", "e1", offers), "g1e1");
  assert.equal(ataxx.moveFrom("g1", "g4", offers), null);
  // A clone target two squares away is no clone of this stone.
  assert.equal(ataxx.moveFrom("a7", "e3", offers), null);
});

test("Abalone: the direction towards a neighbouring hole, none towards others", () => {
  assert.equal(abalone.directionTo("c4", "c5"), "E");
  assert.equal(abalone.directionTo("c4", "d5"), "NE");
  assert.equal(abalone.directionTo("c4", "b3"), "SW");
  assert.equal(abalone.directionTo("c4", "c6"), null);
  assert.equal(abalone.directionTo("c4", "c4"), null);
});

test("captures: Ataxx stones taken over, Abalone marbles pushed off, Amakta opponent stones taken", () => {
  const ax = (board: string[]) => ({
    game: "ataxx" as const,
    files: 3,
    ranks: 2,
    board,
    counts: [0, 0] as [number, number],
    halfmove: 0,
    fullmove: 1,
    rules: "seed",
  });
  assert.equal(ataxx.captures(ax(["x..", "..o"]), ax(["x..", ".xo"])), false);
  assert.equal(ataxx.captures(ax(["x..", ".oo"]), ax(["x..", "xxx"])), true);
  const ab = (black: number, white: number) => ({
    game: "abalone" as const,
    cells: [],
    ejected: { black, white },
    to_move: "b" as const,
    legal: [],
  });
  assert.equal(abalone.captures(ab(0, 0), ab(0, 0)), false);
  assert.equal(abalone.captures(ab(0, 0), ab(1, 0)), true);
  const stone = (owner: "white" | "black") => ({
    owner,
    orientation: "100000",
    circle: "none" as const,
    expropriated: false,
    colour: owner,
  });
  const am = (owners: ("white" | "black" | null)[], removed: string[] = []) =>
    ({
      to_move: { colour: "white" as const },
      removed,
      cells: owners.map((owner, i) => ({ name: `a${i}`, stone: owner && stone(owner) })),
    }) as unknown as Parameters<typeof amakta.captures>[0];
  assert.equal(amakta.captures(am(["white", null, "black"]), am([null, "white", "black"])), false);
  assert.equal(amakta.captures(am(["white", "black"]), am(["white", "white"])), true);
  assert.equal(amakta.captures(am(["white", "black"]), am(["white", null], ["b:100000"])), true);
});
