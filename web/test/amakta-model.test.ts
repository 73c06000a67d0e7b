// Amakta's board model (games/amakta-model.ts): targets, the move a selection builds and what a
// click or a drop means, without any DOM; and its view's keys (games/amakta-view.ts).
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./dom.js";

installDom();
const model = await import("../src/games/amakta-model.js");
const view = await import("../src/games/amakta-view.js");

type Props = Parameters<typeof model.clickOutcome>[0];

/** A cell of a row of three (a1 b1 c1), with a stone of `owner` (orientation `code`) or none. */
const cell = (q: number, owner: "white" | "black" | null, code = "100000") => ({
  q,
  r: 0,
  name: `${String.fromCharCode(97 + q)}1`,
  row: 0,
  column: q,
  base: null,
  arrows: { white: 0, black: 0 },
  effective: { white: 0, black: 0 },
  control: "free",
  stone: owner
    ? {
        piece: `${owner[0]}:${code}`,
        code,
        colour: owner,
        owner,
        expropriated: false,
        circle: "none",
        orientation: code,
        location: "board",
        cell: `${String.fromCharCode(97 + q)}1`,
        free: true,
      }
    : null,
});

/**
 * White to move on a row of three: White's stone on a1 may relocate to c1 or rotate, an empty b1
 * and c1 take a stone from the hand (000001), Black's stone on… none.
 */
const props = (legal: string[], interactive = true): Props =>
  ({
    view: {
      game: "amakta",
      cells: [cell(0, "white"), cell(1, null), cell(2, null)],
      holes: [],
      bases: { white: "a1", black: "c1" },
      stones: [],
      arrows: [],
      inventories: { white: ["000001"], black: [] },
      removed: [],
      phase: "play",
      next_circle: null,
      to_move: { colour: "white" },
      p1_colour: "white",
      orientations: {},
      legal: {
        count: legal.length,
        pass: false,
        setup: [],
        place: { stones: ["000001"], cells: ["b1"] },
        stones: [
          {
            cell: "a1",
            rotate: ["010000", "001000"],
            relocate: ["c1"],
            appropriate: [],
            take: false,
            replace: false,
            expropriate: false,
            remove: false,
            release: false,
            release_place: false,
          },
        ],
      },
    },
    legal,
    legalListed: true,
    last: null,
    flipped: false,
    interactive,
    toMove: "p1",
    animate: false,
    premove: null,
    queued: null,
  }) as unknown as Props;

const LEGAL = ["place 000001 b1 000001", "relocate a1 c1 100000", "rotate a1 010000", "rotate a1 001000"];

test("Amakta's model: a click picks a stone that can act, offers its cells, previews and plays on the second click", () => {
  const p = props(LEGAL);
  const picked = model.clickOutcome(p, null, "a1", true);
  assert.ok(picked && "select" in picked && picked.select?.from === "board");
  const sel = picked.select;
  assert.deepEqual([...model.targets(p, sel)], ["c1"]);
  assert.equal(model.pendingMove(p.view, sel), null);
  // With "Confirm each move" a target previews the relocation; a second click there plays it.
  const previewed = model.clickOutcome(p, sel, "c1", true);
  assert.ok(previewed && "select" in previewed && previewed.select);
  assert.equal(model.ghostCell(previewed.select), "c1");
  assert.equal(model.pendingMove(p.view, previewed.select), "relocate a1 c1 100000");
  assert.deepEqual(model.clickOutcome(p, previewed.select, "c1", true), { play: "relocate a1 c1 100000" });
  // Without it the target plays at once; an empty cell that is no target drops the selection.
  assert.deepEqual(model.clickOutcome(p, sel, "c1", false), { play: "relocate a1 c1 100000" });
  assert.deepEqual(model.clickOutcome(p, sel, "b1", true), { select: null });
  // The picked stone clicked again is put back.
  assert.deepEqual(model.clickOutcome(p, sel, "a1", true), { select: null });
});

test("Amakta's model: a stone in hand goes to the cells it may be placed on; outside play or watching, a click does nothing", () => {
  const p = props(LEGAL);
  const hand = model.selectInventory(null, "000001");
  assert.deepEqual(hand, { from: "inventory", code: "000001", orient: "000001", target: null });
  assert.deepEqual([...model.targets(p, hand)], ["b1"]);
  assert.deepEqual(model.clickOutcome(p, hand, "b1", false), { play: "place 000001 b1 000001" });
  assert.equal(model.selectInventory(hand, "000001"), null);
  assert.equal(model.clickOutcome(props(LEGAL, false), null, "a1", true), null);
  assert.equal(model.targets(props(LEGAL, false), hand).size, 0);
});

test("Amakta's model: rotating skips the orientations the stone may not take; a drop relocates as a click on the target", () => {
  const p = props(LEGAL);
  const picked = model.clickOutcome(p, null, "a1", true);
  assert.ok(picked && "select" in picked && picked.select?.from === "board");
  const rotating = model.startAction(p.view, picked.select, "rotate");
  assert.equal(rotating.orient, "010000");
  assert.equal(model.pendingMove(p.view, rotating), "rotate a1 010000");
  // One sixth on from 010000 is 001000; from there on, 000100 to 100000 are no choice: on to 010000.
  const turn = (code: string) => code.slice(5) + code.slice(0, 5);
  assert.equal(model.turnedOrientation(rotating, turn), "001000");
  assert.equal(model.turnedOrientation({ ...rotating, orient: "001000" }, turn), "010000");
  // The other way round, 100000 to 000100 are skipped; a change that never reaches a choice changes nothing.
  assert.equal(
    model.turnedOrientation(rotating, (code) => code.slice(1) + code.slice(0, 1)),
    "001000",
  );
  assert.equal(
    model.turnedOrientation(rotating, () => "000000"),
    null,
  );
  assert.ok(model.draggable(p, null, "a1"));
  assert.ok(!model.draggable(p, null, "b1"));
  assert.deepEqual(model.dropOutcome(p, picked.select, "a1", "c1", false), { play: "relocate a1 c1 100000" });
  assert.deepEqual(model.dropOutcome(p, picked.select, "a1", "b1", false), { select: null });
  assert.equal(model.hintKey(picked.select), "amk.hintAction");
  assert.equal(model.hintKey(rotating), "amk.hintConfirm");
});

test("Amakta's view keys each cell by its name and its stone by its cell, with the targets of the selection", () => {
  const p = props(LEGAL);
  const picked = model.clickOutcome(p, null, "a1", true);
  assert.ok(picked && "select" in picked);
  const state = { ...model.newModel(true), sel: picked.select };
  const noop = () => {};
  const root = view.boardView(
    p,
    state,
    { cell: noop, point: noop, leave: noop, hover: noop, plane: noop },
    (key) => key,
    false,
  );
  const layer = (key: string) => root.children?.find((c) => typeof c !== "string" && c.key === key);
  const cells = layer("cells");
  const stones = layer("stones");
  assert.ok(cells && typeof cells !== "string" && stones && typeof stones !== "string");
  const keys = (cells.children ?? []).map((c) => (typeof c === "string" ? c : c.key));
  for (const name of ["a1", "b1", "c1", "target:c1", "base-arrow:white"]) assert.ok(keys.includes(name), name);
  assert.deepEqual(
    (stones.children ?? []).map((c) => (typeof c === "string" ? c : c.key)),
    ["a1"],
  );
});

test("Amakta's view names the empty cells only on large hexes; every cell keeps its name in its title", () => {
  const noop = () => {};
  const actions = { cell: noop, point: noop, leave: noop, hover: noop, plane: noop };
  const texts = (named: boolean) => {
    const root = view.boardView(
      props(LEGAL),
      { ...model.newModel(true), namedCells: named },
      actions,
      (key) => key,
      false,
    );
    const cells = root.children?.find((c) => typeof c !== "string" && c.key === "cells");
    assert.ok(cells && typeof cells !== "string");
    const groups = (cells.children ?? []).filter((c) => typeof c !== "string" && c.data?.attrs?.["data-cell"]);
    const child = (group: (typeof groups)[number], key: string) =>
      typeof group === "string" ? undefined : group.children?.find((c) => typeof c !== "string" && c.key === key);
    return groups.map((group) => {
      const [name, title] = [child(group, "name"), child(group, "title")];
      const text = (node: typeof name): string =>
        !node || typeof node === "string"
          ? (node ?? "")
          : (node.text ?? (node.children ?? []).map((c) => (typeof c === "string" ? c : (c.text ?? ""))).join(""));
      return { name: text(name), title: text(title) };
    });
  };
  // Empty b1 and c1 carry their names on large hexes, a1 (a stone) never; on small hexes none does.
  assert.deepEqual(
    texts(true).map((c) => c.name),
    ["", "b1", "c1"],
  );
  assert.deepEqual(
    texts(false).map((c) => c.name),
    ["", "", ""],
  );
  for (const [i, cell] of texts(false).entries()) assert.match(cell.title, new RegExp(`^${"abc"[i]}1: `));
});

test("Amakta's row letters include the base row's, above White's base arrow (which stands where the others' letters do)", () => {
  const noop = () => {};
  const root = view.boardView(
    props(LEGAL),
    model.newModel(true),
    { cell: noop, point: noop, leave: noop, hover: noop, plane: noop },
    (key) => key,
    false,
  );
  const coords = root.children?.find((c) => typeof c !== "string" && c.key === "coords");
  assert.ok(coords && typeof coords !== "string");
  const letter = (coords.children ?? []).find((c) => typeof c !== "string" && c.data?.attrs?.["data-row"] === "a");
  assert.ok(letter && typeof letter !== "string", "the base row's letter is drawn");
  const cells = root.children?.find((c) => typeof c !== "string" && c.key === "cells");
  assert.ok(cells && typeof cells !== "string");
  const arrow = (cells.children ?? []).find((c) => typeof c !== "string" && c.key === "base-arrow:white");
  assert.ok(arrow && typeof arrow !== "string");
  const arrowTop = Math.min(
    ...String(arrow.data?.attrs?.points)
      .split(" ")
      .map((p) => Number(p.split(",")[1])),
  );
  assert.ok(
    Number(letter.data?.attrs?.y) < arrowTop,
    `the letter's baseline ${letter.data?.attrs?.y} is above the arrow's top ${arrowTop}`,
  );
});

test("Amakta's next circle stone in hand is marked while the game goes on, not once it is over (aborted too)", () => {
  const p = props(LEGAL);
  const next = { ...p, view: { ...p.view, next_circle: "w:000001" } } as Props;
  assert.equal(model.isNextCircle(next, "w:000001"), true);
  assert.equal(model.isNextCircle(next, "w:100000"), false, "another stone");
  assert.equal(model.isNextCircle({ ...next, over: true }, "w:000001"), false, "the game is over");
});

test("Amakta's panels say on a turned board that arrows are written as it shows them, before the colours that the board is White's (EN, DE)", async () => {
  const { extras } = await import("../src/games/amakta-panels.js");
  const { setLang, t } = await import("../src/i18n.js");
  const actions = new Proxy({}, { get: () => () => undefined }) as Parameters<typeof extras>[2];
  /** The texts of a vnode tree. */
  const text = (node: unknown): string => {
    const vnode = node as { text?: string; children?: unknown[] } | null;
    return typeof node === "string"
      ? node
      : vnode
        ? (vnode.text ?? "") + (vnode.children ?? []).map(text).join("")
        : "";
  };
  for (const [language, words, before] of [
    [
      "en",
      /Your board is turned: Black's base is on the left\. Arrows are written as your board shows them\./,
      /Until the colours are chosen/,
    ],
    [
      "de",
      /Dein Brett ist gedreht: Die Basis von Schwarz liegt links\. Pfeile sind so geschrieben, wie dein Brett sie zeigt\./,
      /Bis die Farben gewählt sind/,
    ],
  ] as const) {
    setLang(language);
    const turned = extras({ ...props(LEGAL), flipped: true }, model.newModel(true), actions, t);
    assert.match(text(turned), words);
    const upright = text(extras(props(LEGAL), model.newModel(true), actions, t));
    assert.doesNotMatch(upright, words);
    assert.doesNotMatch(upright, before, "the colours are chosen: nothing to say on White's side");
    const open = props(LEGAL);
    const choosing = { ...open, view: { ...open.view, p1_colour: null, phase: "colour" } } as Props;
    assert.match(text(extras(choosing, model.newModel(true), actions, t)), before);
  }
});

test("a target under the pointer shows the picked stone there in its chosen orientation, not only a dot; the click goes to the cell", () => {
  const noop = () => {};
  const p = props(LEGAL);
  const picked = { from: "inventory" as const, code: "000001", orient: "000010", target: null };
  assert.equal(model.previewCell(p, picked, "b1"), "b1");
  assert.equal(model.previewCell(p, picked, "a1"), null, "no preview on a cell that is no target");
  assert.equal(model.previewCell(p, picked, null), null, "none once the pointer left the board");
  const state = { ...model.newModel(true), sel: picked, hoverCell: "b1" };
  const root = view.boardView(
    p,
    state,
    { cell: noop, point: noop, leave: noop, hover: noop, plane: noop },
    (key) => key,
    false,
  );
  const ghost = root.children?.find((c) => typeof c !== "string" && c.key === "ghost");
  assert.ok(ghost && typeof ghost !== "string", "the preview is drawn");
  assert.equal(ghost.data?.attrs?.["data-pointed-ghost"], "b1");
  assert.equal(ghost.data?.attrs?.["pointer-events"], "none", "a click on the target reaches its cell");
  const stone = ghost.children?.find((c) => typeof c !== "string" && c.key === "stone");
  assert.ok(stone && typeof stone !== "string");
  assert.equal(stone.data?.attrs?.["data-code"], "000010", "drawn in the orientation chosen");
  // A stone picked on the board previews where it would relocate to.
  const onBoard = model.clickOutcome(p, null, "a1", true);
  assert.ok(onBoard && "select" in onBoard && onBoard.select);
  assert.equal(model.previewCell(p, onBoard.select, "c1"), "c1");
});

test("a legal target on a base is marked by a ring, which leaves the base's letter and counts readable", () => {
  const noop = () => {};
  const p = props(LEGAL);
  const baseCell = (p.view.cells as { name: string; base: string | null }[]).find((c) => c.name === "b1");
  assert.ok(baseCell);
  baseCell.base = "black";
  const sel = { from: "inventory" as const, code: "000001", orient: "000001", target: null };
  const root = view.boardView(
    p,
    { ...model.newModel(true), sel },
    { cell: noop, point: noop, leave: noop, hover: noop, plane: noop },
    (key) => key,
    false,
  );
  const cells = root.children?.find((c) => typeof c !== "string" && c.key === "cells");
  assert.ok(cells && typeof cells !== "string");
  const mark = cells.children?.find((c) => typeof c !== "string" && c.key === "target:b1");
  assert.ok(mark && typeof mark !== "string");
  assert.match(String(mark.data?.attrs?.class), /\bring\b/);
});

test("Amakta's model (review 14's flaw 13): a click on a cell that is no target keeps the stone in hand or relocated picked, and the hint says so", () => {
  const p = props(LEGAL);
  const hand = model.selectInventory(null, "000001");
  assert.ok(hand);
  const missed = model.clickOutcome(p, hand, "c1", true);
  assert.deepEqual(missed, { select: { ...hand, missed: "c1" } }, "the stone stays picked");
  assert.ok(missed && "select" in missed && missed.select);
  assert.equal(model.hintKey(missed.select), "amk.hintMissed");
  // The target still takes it after the miss.
  const placed = model.clickOutcome(p, missed.select, "b1", true);
  assert.ok(placed && "select" in placed && placed.select?.target === "b1");
  assert.equal(model.hintKey(placed.select), "amk.hintConfirm");
  // Relocating likewise.
  const picked = model.clickOutcome(p, null, "a1", true);
  assert.ok(picked && "select" in picked && picked.select?.from === "board");
  const relocating = model.startAction(p.view, picked.select, "relocate");
  const miss = model.clickOutcome(p, relocating, "b1", true);
  assert.ok(miss && "select" in miss && miss.select?.from === "board");
  assert.equal(miss.select.missed, "b1");
  assert.equal(model.hintKey(miss.select), "amk.hintMissed");
});
