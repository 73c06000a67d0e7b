// The lessons' pure views: progress kept per browser and merged with the account's, the first
// open step, the verdict sentences and the step panel's parts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { drawn, installDom } from "./dom.js";

installDom();
const view = await import("../src/pages/learn-view.js");
const { t } = await import("../src/i18n.js");

/** A storage in memory. */
function memory(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      items.set(key, value);
    },
  };
}

const steps = [{ id: "base" }, { id: "reach" }, { id: "blocking" }];

test("progress is kept per game, once per step, and an unreadable entry counts as none", () => {
  const storage = memory({ "spielwerk.learn.ataxx": "not json" });
  assert.deepEqual(view.loadProgress(storage, "ataxx"), []);
  view.saveProgress(storage, "amakta", "reach");
  assert.deepEqual(view.saveProgress(storage, "amakta", "reach"), ["reach"]);
  assert.deepEqual(view.loadProgress(storage, "amakta"), ["reach"]);
  assert.deepEqual(view.loadProgress(storage, "abalone"), []);
});

test("the browser's and the account's progress merge in lesson order, and the first open step is next", () => {
  const done = view.mergeProgress(steps, ["reach", "gone"], ["base", "reach"], null);
  assert.deepEqual(done, ["base", "reach"]);
  assert.equal(view.firstOpenStep(steps, done), 2);
  assert.equal(view.firstOpenStep(steps, []), 0);
  assert.equal(view.firstOpenStep(steps, ["base", "reach", "blocking"]), 2, "all done: the last step");
});

const lesson = {
  game: "amakta",
  title: "Amakta",
  done: null,
  steps: ["base", "reach"].map((id) => ({
    id,
    title: `title ${id}`,
    explanation: "explained",
    task: `task ${id}`,
    hint: `hint ${id}`,
    solution: ["place 000001 c1 100000"],
    learner_moves: 1,
    start: {
      position: "",
      view: {},
      side_to_move: "p1" as const,
      legal_moves: [],
      legal_moves_count: 0,
      outcome: null,
    },
  })),
};
const none = { hint() {}, show() {}, retry() {}, go(_: number) {}, playComputer() {} };

test("each verdict has its sentence: hint, solution, wrong move, the reply, done", () => {
  const step = lesson.steps[0]!;
  assert.equal(view.feedbackText({ kind: "none" }, step, t), null);
  assert.equal(view.feedbackText({ kind: "hint" }, step, t), "hint base");
  assert.match(
    view.feedbackText({ kind: "shown", onBoard: true }, step, t) ?? "",
    /solution: place 000001 c1 100000\. Watch/,
  );
  assert.match(
    view.feedbackText({ kind: "shown", onBoard: false }, step, t) ?? "",
    /^That was the solution: place 000001 c1 100000\. Now play it yourself\.$/,
  );
  assert.match(view.feedbackText({ kind: "wrong", move: "pass" }, step, t) ?? "", /^pass is legal/);
  assert.match(view.feedbackText({ kind: "continue", reply: "a8a7" }, step, t) ?? "", /a8a7/);
});

test("the step panel shows the task, marks finished steps and offers the next step or the end", async () => {
  const first = (await drawn(view.stepPanel(lesson, 0, ["base"], { kind: "done" }, none, t)))!;
  assert.equal(first.querySelector(".learn-task")?.textContent, "task base");
  assert.equal(first.querySelectorAll(".learn-steps li.done").length, 1);
  assert.ok(first.querySelector(".learn-next.primary"), "a finished step leads on");
  assert.equal(first.querySelector(".learn-finished"), null);
  const last = (await drawn(view.stepPanel(lesson, 1, ["base", "reach"], { kind: "done" }, none, t)))!;
  assert.equal(last.querySelector(".learn-next"), null);
  assert.ok(last.querySelector(".learn-finished a.learn-play"), "the end of the lesson offers the lobby");
  let started = 0;
  const ending = await drawn(
    view.stepPanel(
      lesson,
      1,
      ["base", "reach"],
      { kind: "done" },
      {
        ...none,
        playComputer() {
          started++;
        },
      },
      t,
    ),
  );
  const play = ending?.querySelector<HTMLButtonElement>(".learn-finished button.learn-play-computer");
  assert.equal(play?.textContent, "Play a game against the computer");
  play?.click();
  assert.equal(started, 1, "the button starts a game against the computer");
});

test("a phone's brief above the board says the step's rule before its task", async () => {
  const brief = (await drawn(view.stepBrief(lesson, 0, { kind: "none" }, t)))!;
  const lines = [...brief.querySelectorAll("p")].map((p) => p.className);
  assert.deepEqual(lines, ["learn-brief-title", "learn-brief-explanation", "learn-brief-task"]);
  assert.equal(brief.querySelector(".learn-brief-explanation")?.textContent, lesson.steps[0]!.explanation);
});

test("the step's buttons share one row: Hint, Show me and Start again (an arrow, named), then Previous (named) and Next", async () => {
  const first = (await drawn(view.stepPanel(lesson, 0, [], { kind: "none" }, none, t)))!;
  const row = first.querySelector(".learn-buttons");
  assert.ok(row, "the row of buttons");
  assert.deepEqual(
    [...row.querySelectorAll("button")].map((b) => b.className),
    ["learn-hint", "learn-show", "learn-retry", "learn-next"],
  );
  assert.equal(row.querySelector(".learn-retry")?.getAttribute("aria-label"), "Start the step again");
  const second = (await drawn(view.stepPanel(lesson, 1, [], { kind: "none" }, none, t)))!;
  const previous = second.querySelector(".learn-buttons .learn-nav .learn-previous");
  assert.equal(previous?.getAttribute("aria-label"), "Previous step");
  assert.equal(second.querySelectorAll(".learn-buttons").length, 1, "one row");
});
