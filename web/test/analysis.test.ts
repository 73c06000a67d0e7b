// The analysis board's judgement of moves (mistakes, blunders, accuracy) and its tree drawing
// (rows of numbered moves, variations indented under the row they branch from).
import { test } from "node:test";
import assert from "node:assert/strict";
import { drawn, installDom } from "./dom.js";

installDom();
const { judge, summarise, alternatingMover, thresholdsOf, moveAccuracy, share } = await import(
  "../src/analysis/judgement.js"
);
const { useBoards } = await import("../src/boards.js");
const { node, treeView } = await import("../src/analysis/tree.js");

test("a drop in the mover's expected score is a mistake or a blunder by the game's thresholds; accuracy falls with the loss", () => {
  // Even, then the first player's move 2 keeps it, the second player's drops 0.25 of their share,
  // the first player's drops a little, the second player's wins.
  const scores = new Map([
    [0, 0],
    [1, 0],
    [2, 275],
    [3, 250],
    [4, -10000],
  ]);
  const mover = alternatingMover("p1", 4);
  assert.deepEqual([1, 2, 3, 4].map(mover), ["p1", "p2", "p1", "p2"]);
  const moves = judge(scores, mover, thresholdsOf("formation"));
  assert.deepEqual(
    moves.map((m) => m.kind),
    [null, "blunder", null, null],
  );
  assert.ok(Math.abs((moves[1]?.loss ?? 0) - (share(275) - 0.5)) < 1e-9);
  // A gain for the mover is no loss.
  assert.equal(moves[3]?.loss, 0);
  assert.ok(moveAccuracy(0) > 99.99);
  assert.ok(moveAccuracy(0.1) < 70 && moveAccuracy(0.1) > 60, String(moveAccuracy(0.1)));
  const summary = summarise(moves);
  assert.equal(summary.p2.blunders, 1);
  assert.equal(summary.p1.blunders + summary.p1.mistakes, 0);
  assert.ok((summary.p1.accuracy ?? 0) > (summary.p2.accuracy ?? 100));
  // Ataxx needs a larger drop than the common thresholds (its board module's).
  useBoards([
    { name: "ataxx", board: "ataxx" },
    { name: "formation", board: "formation" },
  ]);
  const small = new Map([
    [0, 0],
    [1, -120],
  ]);
  assert.equal(judge(small, mover, thresholdsOf("formation"))[0]?.kind, "mistake");
  assert.equal(judge(small, mover, thresholdsOf("ataxx"))[0]?.kind, null);
  // The mover of a game whose last position (ply 3) has the second player to move.
  assert.deepEqual([1, 2, 3].map(alternatingMover("p2", 3)), ["p1", "p2", "p1"]);
});

test("the tree draws the main line in numbered rows and each variation indented under its row, with its own numbers", async () => {
  const root = node(null, null, true);
  let n = root;
  const main = ["a", "b", "c", "d", "e"].map((move) => {
    const next = node(move, n, true);
    n.children.push(next);
    n = next;
    return next;
  });
  // A variation instead of move 2's second move ("d"), two moves long, and one inside it.
  const [, , c, d] = main;
  assert.ok(c && d);
  const x = node("x", c, false);
  c.children.push(x);
  const y = node("y", x, false);
  x.children.push(y);
  const z = node("z", x, false);
  x.children.push(z);
  const tree = (await drawn(
    treeView({
      root,
      selected: y,
      label: (m) => m.move ?? "",
      mark: (m) => (m === d ? "blunder" : null),
      select: () => {},
      remove: () => {},
      t: (key) => key,
    }),
  ))!;
  const rows = [...tree.querySelectorAll(":scope > .ab-row")].map((r) => r.textContent?.replace(/\s+/g, " ").trim());
  assert.deepEqual(rows, ["1.ab", "2.cd??", "3.e"]);
  const children = [...tree.children].map((e) => e.className.split(" ")[0]);
  assert.deepEqual(
    children,
    ["ab-move", "ab-row", "ab-row", "ab-variation", "ab-row"],
    "the variation sits under move 2's row",
  );
  const variation = tree.querySelector(":scope > .ab-variation");
  assert.equal(variation?.querySelector(":scope > .ab-move")?.textContent, "2…x");
  assert.equal(variation?.querySelector(".ab-move.current")?.textContent, "3.y");
  assert.equal(variation?.querySelector(":scope .ab-variation .ab-move")?.textContent, "3.z");
  assert.equal(tree.querySelector('[data-mark="blunder"]')?.getAttribute("data-move"), "d");
});

test("a position the game is over in fills the bar for its winner, halves it for a draw, as lichess shows it", async () => {
  const { EvalBar, resultScore, scoreLabel } = await import("../src/analysis/bar.js");
  assert.equal(resultScore(null), null, "the game goes on: the engine tells");
  assert.equal(resultScore(undefined), null);
  assert.equal(resultScore("1/2-1/2"), 0);
  const fill = async (result: string) => {
    const box = document.createElement("div");
    document.body.append(box);
    const bar = new EvalBar();
    bar.attach(box);
    const score = resultScore(result);
    const names = { first: "Red", second: "Blue" };
    bar.show({ score, names, flipped: false, label: "Red", caption: "" });
    const height = (box.querySelector(".ab-bar-fill") as HTMLElement | null)?.style.height;
    return { height, label: score === null ? "" : scoreLabel(score) };
  };
  assert.deepEqual(await fill("1-0"), { height: "100.0%", label: "1–0" }, "the first player won: full");
  assert.deepEqual(await fill("0-1"), { height: "0.0%", label: "0–1" }, "the second player won: empty");
  assert.deepEqual(await fill("1/2-1/2"), { height: "50.0%", label: "+0.00" });
});

test("a running game between people: no board to ask the server for, a plain sentence why, its moves and the way to the game", async () => {
  const { analysisOpens, runningView } = await import("../src/pages/analysis/view.js");
  const { v } = await import("../src/vdom.js");
  const { setLang } = await import("../src/i18n.js");
  assert.equal(analysisOpens({ opponent: "human" }), false, "running between people");
  assert.equal(analysisOpens({ opponent: "human", outcome: { result: "1-0" } }), true, "over");
  assert.equal(analysisOpens({ opponent: "engine" }), true, "against the engine");
  assert.equal(analysisOpens({ opponent: "record" }), true, "an imported record");
  const link: import("../src/types.js").Link = (path, text) => v("a", { href: path }, text);
  for (const [lang, why, moves] of [
    ["en", /open when this game between two people is over/, "Moves so far: 1. a4c4 a5b4 2. c4c5"],
    ["de", /öffnen, wenn diese Partie zwischen zwei Menschen vorbei ist/, "Bisherige Züge: 1. a4c4 a5b4 2. c4c5"],
  ] as const) {
    setLang(lang);
    const page = await drawn(runningView("Die Formation", ["a4c4", "a5b4", "c4c5"], "/play/g1", link));
    assert.match(page?.textContent ?? "", why);
    assert.ok(page?.textContent?.includes(moves), `${lang}: the moves`);
    assert.equal(page?.querySelector("a")?.getAttribute("href"), "/play/g1");
    assert.equal(page?.querySelector("svg, .ab-bar"), null, "no board, no bar stuck at half");
    const empty = await drawn(runningView("Ataxx", [], "/play/g2", link));
    assert.match(empty?.textContent ?? "", lang === "en" ? /No move has been played yet/ : /Noch wurde kein Zug/);
  }
  setLang("en");
});
