// "Learn from your mistakes": which plies a side replays, how a reply is judged (by the move, by
// the engine's score against the best move's, by the result of an ended game), the walk through
// the mistakes, and its drawing (the offer's reasons, the task, the buttons, the summary).
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./dom.js";

installDom();
const { judge, alternatingMover, thresholdsOf, DECIDED } = await import("../src/analysis/judgement.js");
const m = await import("../src/analysis/mistakes.js");
const { offerView, sessionView } = await import("../src/analysis/mistakes-view.js");
const { firstPlayerScore } = await import("../src/analysis/stream.js");
const { patch } = await import("../src/vdom.js");

/** A game of six plies: the first player blunders at ply 3 and errs at ply 5, the second player errs at ply 2. */
const PLIES = [
  { ply: 0, score: 0, best: "a" },
  { ply: 1, score: 0, best: "b" },
  { ply: 2, score: 150, best: "c" },
  { ply: 3, score: -300, best: "d" },
  { ply: 4, score: -300, best: "e" },
  { ply: 5, score: -480, best: "f" },
  { ply: 6, score: -480, best: null },
];
const MOVES = ["m1", "m2", "m3", "m4", "m5", "m6"];
const judged = judge(new Map(PLIES.map((p) => [p.ply, p.score])), alternatingMover("p1", 6), thresholdsOf("formation"));

test("a side replays its mistakes and blunders in order, each with the move played, the best move and its score before", () => {
  const first = m.mistakesOf(judged, "p1", MOVES, PLIES);
  assert.deepEqual(
    first.map((x) => [x.ply, x.kind, x.played, x.best, x.bestScore]),
    [
      [3, "blunder", "m3", "c", 150],
      [5, "mistake", "m5", "e", -300],
    ],
  );
  const second = m.mistakesOf(judged, "p2", MOVES, PLIES);
  assert.deepEqual(
    second.map((x) => [x.ply, x.kind, x.mover]),
    [[2, "mistake", "p2"]],
  );
  // A ply whose position before is not evaluated (yet) is left out.
  assert.deepEqual(
    m
      .mistakesOf(
        judged,
        "p1",
        MOVES,
        PLIES.filter((p) => p.ply !== 4),
      )
      .map((x) => x.ply),
    [3],
  );
});

test("a reply is right when it is the best move, wrong when it is the move played, else judged by its score against the best", () => {
  const [blunder] = m.mistakesOf(judged, "p1", MOVES, PLIES);
  const [theirs] = m.mistakesOf(judged, "p2", MOVES, PLIES);
  assert.ok(blunder && theirs);
  assert.equal(m.verdictByMove(blunder, "c"), "best");
  assert.equal(m.verdictByMove(blunder, "m3"), "wrong");
  assert.equal(m.verdictByMove(blunder, "x"), null);
  const limits = thresholdsOf("formation");
  // The best move kept +1.50; a reply at +1.00 loses about 5 of 100 points, one at −0.50 about 22.
  assert.equal(m.verdictByScore(blunder, 100, limits), "good");
  assert.equal(m.verdictByScore(blunder, -50, limits), "wrong");
  assert.equal(m.verdictByScore(blunder, 400, limits), "good");
  assert.ok(m.replyLoss(blunder, 400) < 0);
  // For the second player, a lower score is better.
  assert.equal(m.verdictByScore(theirs, -200, limits), "good");
  assert.equal(m.verdictByScore(theirs, 300, limits), "wrong");
  // Won and lost ends: the result's score.
  assert.equal(m.resultScore("1-0"), DECIDED);
  assert.equal(m.resultScore("0-1"), -DECIDED);
  assert.equal(m.resultScore("1/2-1/2"), 0);
  assert.equal(m.resultScore("*"), null);
  assert.equal(m.resultScore(null), null);
  assert.equal(m.verdictByScore(blunder, DECIDED, limits), "good");
  assert.equal(m.verdictByScore(theirs, DECIDED, limits), "wrong");
  // The engine's scores are for the side to move.
  assert.equal(firstPlayerScore("cp 40", "p2"), -40);
  assert.equal(firstPlayerScore("mate 1", "p1"), DECIDED - 1);
});

test("the walk asks each mistake in turn: right answers count as found, shown and skipped ones do not", () => {
  const mistakes = m.mistakesOf(judged, "p1", MOVES, PLIES);
  let s = m.startSession("p1", mistakes);
  assert.equal(m.currentMistake(s)?.ply, 3);
  assert.ok(m.awaitsReply(s));
  s = m.judging(s, "x");
  assert.ok(!m.awaitsReply(s));
  s = m.judged(s, "wrong");
  assert.equal(s.phase, "wrong");
  assert.ok(m.awaitsReply(s));
  assert.deepEqual(s.results, []);
  s = m.judged(m.judging(s, "c"), "best");
  assert.deepEqual([s.phase, s.results], ["right", ["found"]]);
  s = m.advance(s);
  assert.deepEqual([s.phase, m.currentMistake(s)?.ply, s.verdict, s.reply], ["ask", 5, null, null]);
  s = m.shown(s);
  assert.deepEqual(s.results, ["found", "shown"]);
  s = m.advance(s);
  assert.equal(s.phase, "done");
  assert.equal(m.currentMistake(s), null);
  assert.equal(m.foundCount(s), 1);
  // Skipping counts as skipped; a walk without mistakes is done at once.
  const skipped = m.advance(m.advance(m.startSession("p1", mistakes)));
  assert.deepEqual(skipped.results, ["skipped", "skipped"]);
  assert.equal(m.startSession("p2", []).phase, "done");
});

test("the offer gives each side a button, disabled with the reason when it has nothing to replay or the graph is not done", () => {
  const box = document.createElement("section");
  const started: string[] = [];
  patch(
    box,
    ...offerView(
      [
        { seat: "p1", name: "Red", count: 2, own: false },
        { seat: "p2", name: "Blue", count: 0, own: false },
      ],
      true,
      (seat) => started.push(seat),
    ),
  );
  const buttons = [...box.querySelectorAll<HTMLButtonElement>("button.ab-learn-start")];
  assert.deepEqual(
    buttons.map((b) => [b.textContent, b.disabled]),
    [
      ["Learn from Red's mistakes", false],
      ["Learn from Blue's mistakes", true],
    ],
  );
  assert.match(box.querySelector('[data-seat="p2"] .ab-learn-reason')?.textContent ?? "", /Blue made no mistakes/);
  buttons[0]?.click();
  assert.deepEqual(started, ["p1"]);
  patch(box, ...offerView([{ seat: "p2", name: "Blue", count: 0, own: true }], true, () => {}));
  assert.equal(box.querySelector("h2")?.textContent, "Learn from your mistakes");
  assert.equal(
    box.querySelector("button")?.textContent,
    "Replay them and find better moves",
    "the button says what it does, not the heading again",
  );
  assert.match(box.querySelector(".ab-learn-reason")?.textContent ?? "", /You made no mistakes/);
  patch(box, ...offerView([{ seat: "p1", name: "Red", count: 2, own: true }], false, () => {}));
  assert.ok(box.querySelector<HTMLButtonElement>("button")?.disabled);
  assert.ok(box.querySelector("#ab-learn-waiting"));
});

test("the walk draws the progress, the task, the verdict and its buttons, and the summary at the end", () => {
  const box = document.createElement("section");
  const mistakes = m.mistakesOf(judged, "p1", MOVES, PLIES);
  const calls: string[] = [];
  const view = (session: ReturnType<typeof m.startSession>, own = true) =>
    patch(
      box,
      ...sessionView({
        session,
        name: "Red",
        own,
        playedAt: (ply) => `M${ply}`,
        best: "C",
        reply: session.reply ? session.reply.toUpperCase() : null,
        progress: session.phase === "judging" ? { elapsed: 1200, total: 1500, depth: 7 } : null,
        error: null,
        showBest: () => calls.push("show"),
        next: () => calls.push("next"),
        stop: () => calls.push("stop"),
      }),
    );
  let s = m.startSession("p1", mistakes);
  view(s);
  assert.equal(box.querySelector("#ab-learn-progress strong")?.textContent, "Mistake 1 of 2");
  assert.equal(box.querySelector("#ab-learn-task")?.textContent, "You played M3 here — find a better move for Red.");
  assert.ok(
    box.querySelector("#ab-learn-show") && box.querySelector("#ab-learn-skip") && !box.querySelector("#ab-learn-next"),
  );
  view(s, false);
  assert.equal(box.querySelector("#ab-learn-task")?.textContent, "Red played M3 here — find a better move for Red.");
  s = m.judging(s, "x");
  view(s);
  assert.match(box.querySelector("#ab-learn-judging")?.textContent ?? "", /Judging X… \(depth 7\)/);
  assert.equal(box.querySelector("progress")?.getAttribute("value"), "1200");
  s = m.judged(s, "wrong");
  view(s);
  assert.equal(box.querySelector("#ab-learn-verdict")?.getAttribute("data-verdict"), "wrong");
  assert.equal(box.querySelector("#ab-learn-verdict")?.textContent, "X: not that one, try again.");
  s = m.judged(m.judging(s, "y"), "good");
  view(s);
  assert.equal(box.querySelector("#ab-learn-verdict")?.textContent, "Y is a good move too. The engine's best: C.");
  box.querySelector<HTMLButtonElement>("#ab-learn-next")?.click();
  box.querySelector<HTMLButtonElement>("#ab-learn-back")?.click();
  assert.deepEqual(calls, ["next", "stop"]);
  s = m.advance(m.shown(m.advance(s)));
  view(s);
  const summary = box.querySelector("#ab-learn-summary");
  assert.equal(summary?.querySelector("strong")?.textContent, "Done: you found a good move for 1 of 2 mistakes.");
  assert.deepEqual(
    [...box.querySelectorAll("#ab-learn-summary li")].map((li) => li.textContent),
    ["Ply 3: M3 — found", "Ply 5: M5 — shown"],
  );
});
