// Abalone's line selection: the cell between two marbles two steps apart in a line.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./dom.js";

installDom();
const { between } = await import("../src/games/abalone.js");

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
