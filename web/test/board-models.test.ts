// The boards' models (games/*-model.ts): what a click or a drop means, without any DOM; and their
// views' keys (games/*-view.ts): a cell is keyed by its name.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./dom.js";

installDom();
const ataxx = await import("../src/games/ataxx-model.js");
const ataxxView = await import("../src/games/ataxx-view.js");
const formation = await import("../src/games/formation-model.js");
const generic = await import("../src/games/generic-model.js");

const ataxxProps = (board: string[], legal: string[]) =>
  ({
    view: { game: "ataxx", files: board[0]?.length ?? 0, ranks: board.length, board, counts: [1, 1] },
    legal,
    legalListed: true,
    last: null,
    flipped: false,
    interactive: true,
    toMove: "p1",
    animate: false,
    premove: null,
    queued: null,
  }) as unknown as Parameters<typeof ataxx.clickOutcome>[1];

test("Ataxx's model: a click selects an own stone, plays a target of it, or clones onto an empty square directly", () => {
  const props = ataxxProps(["...", "...", "x.o"], ["a2", "b1", "b2", "a1c3", "a1c2"]);
  const model = { selected: null as string | null, animate: false };
  assert.deepEqual(ataxx.clickOutcome(model, props, "a1"), { select: "a1" });
  model.selected = "a1";
  assert.deepEqual(ataxx.clickOutcome(model, props, "a1"), { select: null });
  assert.deepEqual(ataxx.clickOutcome(model, props, "c3"), { play: "a1c3" });
  assert.deepEqual(ataxx.clickOutcome(model, props, "b2"), { play: "b2" });
  assert.deepEqual(ataxx.clickOutcome(model, props, "c1"), { select: null });
  assert.deepEqual(ataxx.dropOutcome(props, "a1", "c2"), { play: "a1c2" });
  assert.deepEqual(ataxx.dropOutcome(props, "a1", "c1"), { select: null });
});

test("Ataxx's view keys each square by its name and marks the selection's targets", () => {
  const props = ataxxProps(["...", "...", "x.o"], ["a2", "b1", "b2", "a1c3", "a1c2"]);
  const root = ataxxView.view(props, { selected: "a1", animate: false }, () => {});
  const squares = (root.children ?? []).filter((c) => typeof c !== "string" && c.data?.attrs?.["data-square"]);
  assert.deepEqual(
    squares.map((c) => (typeof c === "string" ? c : c.key)),
    ["a3", "b3", "c3", "a2", "b2", "c2", "a1", "b1", "c1"],
  );
  const c3 = squares.find((c) => typeof c !== "string" && c.key === "c3");
  const keys = typeof c3 === "string" ? [] : (c3?.children ?? []).map((c) => (typeof c === "string" ? c : c.key));
  assert.deepEqual(keys, ["sq", "jump"]);
});

test("Die Formation's model: a click moves the selected piece to a legal target, else selects a movable own piece", () => {
  const pieces = ["........", "........", "........", "........", "........", "........", "........", "W......."];
  const props = {
    view: { game: "formation", pieces, colors: pieces.map(() => "RRRRRRRR") },
    legal: ["a1a2", "a1b1"],
    premove: null,
    toMove: "p1",
  } as unknown as Parameters<typeof formation.clickOutcome>[1];
  const model = { selected: null as string | null, animate: false };
  assert.deepEqual(formation.clickOutcome(model, props, "a1"), { select: "a1" });
  assert.deepEqual(formation.clickOutcome(model, props, "b2"), { select: null });
  model.selected = "a1";
  assert.deepEqual([...formation.targets(props, model)], ["a2", "b1"]);
  assert.deepEqual(formation.clickOutcome(model, props, "a2"), { play: "a1a2" });
  assert.deepEqual(formation.clickOutcome(model, props, "a1"), { select: null });
});

test("the generic board's model builds a move square by square", () => {
  const legal = ["a1b2", "a1c3"];
  assert.deepEqual(generic.clickOutcome({ partial: "" }, legal, "a1"), { partial: "a1" });
  assert.deepEqual(generic.clickOutcome({ partial: "a1" }, legal, "b2"), { play: "a1b2" });
  assert.deepEqual(generic.clickOutcome({ partial: "a1" }, legal, "h8"), { partial: "" });
});
