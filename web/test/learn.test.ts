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

test("progress is kept per game, once per step with its best stars, and an unreadable entry counts as none", () => {
  const storage = memory({ "spielwerk.learn.ataxx": "not json" });
  assert.deepEqual(view.loadProgress(storage, "ataxx"), {});
  view.saveProgress(storage, "amakta", "reach", 2);
  assert.deepEqual(view.saveProgress(storage, "amakta", "reach", 1), { reach: 2 }, "fewer stars keep the best");
  assert.deepEqual(view.saveProgress(storage, "amakta", "reach", 3), { reach: 3 });
  assert.deepEqual(view.loadProgress(storage, "amakta"), { reach: 3 });
  assert.deepEqual(view.loadProgress(storage, "abalone"), {});
});

test("progress kept before stars were counted (a list of steps) still counts as done, without stars", () => {
  const storage = memory({ "spielwerk.learn.ataxx": JSON.stringify(["clone", 7]) });
  assert.deepEqual(view.loadProgress(storage, "ataxx"), { clone: 0 });
  assert.deepEqual(view.saveProgress(storage, "ataxx", "jump", 3), { clone: 0, jump: 3 });
  const odd = memory({ "spielwerk.learn.ataxx": JSON.stringify({ clone: 9, jump: "x", grow: -1 }) });
  assert.deepEqual(view.loadProgress(odd, "ataxx"), { clone: 3, grow: 0 }, "stars kept within 0 to 3");
});

test("the browser's and the account's progress merge in lesson order with the best stars, and the first open step is next", () => {
  const done = view.mergeProgress(steps, { reach: 1, gone: 3 }, { base: 2, reach: 3 }, null);
  assert.deepEqual(done, { base: 2, reach: 3 });
  assert.deepEqual(Object.keys(done), ["base", "reach"]);
  assert.equal(view.firstOpenStep(steps, done), 2);
  assert.equal(view.firstOpenStep(steps, {}), 0);
  assert.equal(view.firstOpenStep(steps, { base: 1, reach: 1, blocking: 1 }), 2, "all done: the last step");
  assert.deepEqual(view.accountProgress({ done: ["base", "reach"], stars: { base: 2 } }), { base: 2, reach: 0 });
  assert.equal(view.accountProgress({ done: null, stars: null }), null, "a guest");
  assert.deepEqual(view.tally({ base: 2, reach: 3 }), { done: 2, stars: 5 });
});

test("a step earns 3 stars without help, 2 after a hint or a wrong move, 1 after Show me", () => {
  assert.equal(view.starsFor(view.freshAttempt()), 3);
  assert.equal(view.starsFor({ hint: true, wrong: false, shown: false }), 2);
  assert.equal(view.starsFor({ hint: false, wrong: true, shown: false }), 2);
  assert.equal(view.starsFor({ hint: true, wrong: true, shown: true }), 1);
  assert.equal(view.starSigns(2), "★★☆");
});

test("each step has its address, and an address's step is found (an unknown one is none)", () => {
  assert.equal(view.stepAddress("amakta-infinit", "bid"), "/learn/amakta-infinit/bid");
  assert.equal(view.stepIndex(steps, "reach"), 1);
  assert.equal(view.stepIndex(steps, "gone"), null);
  assert.equal(view.stepIndex(steps, null), null);
});

const lesson = {
  game: "amakta",
  title: "Amakta",
  done: null,
  stars: null,
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
  const played = (moves: string[]) => ({ view: {}, moves });
  assert.equal(view.feedbackText({ kind: "none" }, step, t), null);
  assert.equal(view.feedbackText({ kind: "hint" }, step, t), "hint base");
  const solution = played(["place 000001 c1 100000"]);
  assert.match(
    view.feedbackText({ kind: "shown", onBoard: true, played: solution }, step, t) ?? "",
    /solution: place 000001 c1 100000\. Watch/,
  );
  assert.match(
    view.feedbackText({ kind: "shown", onBoard: false, played: solution }, step, t) ?? "",
    /^That was the solution: place 000001 c1 100000\. Now play it yourself\.$/,
  );
  assert.match(
    view.feedbackText({ kind: "wrong", played: played(["pass"]) }, step, t) ?? "",
    /^Your move \(pass\) is legal/,
  );
  assert.match(view.feedbackText({ kind: "continue", played: played(["a8a7"]) }, step, t) ?? "", /answered: a8a7\./);
});

test("the moves a verdict names are written as the game's board module tells them, from the position they were played in", async () => {
  const step = lesson.steps[0]!;
  // A module's words: each move named with the position it starts from (here: the view's `n`, counting on).
  const words: import("../src/pages/learn-view.js").MoveWords = (at, moves) =>
    moves.map((move, i) => `move ${move} at ${Number(at["n"]) + i}`);
  const solution = { view: { n: 1 }, moves: ["a1b2", "i9h9", "b2c3"] };
  assert.equal(
    view.feedbackText({ kind: "shown", onBoard: false, played: solution }, step, t, words),
    "That was the solution: move a1b2 at 1; move i9h9 at 2; move b2c3 at 3. Now play it yourself.",
  );
  assert.equal(
    view.feedbackText({ kind: "wrong", played: { view: { n: 7 }, moves: ["a1a2"] } }, step, t, words),
    "Your move (move a1a2 at 7) is legal, but it does not do the task. Try again.",
  );
  // A game without words keeps its notation.
  assert.equal(view.movesText(view.notation, solution), "a1b2, i9h9, b2c3");
  const panel = (await drawn(
    view.stepPanel(lesson, 0, {}, { kind: "shown", onBoard: true, played: solution }, none, t, words),
  ))!;
  assert.match(panel.querySelector(".learn-feedback.shown")?.textContent ?? "", /^The solution: move a1b2 at 1;/);
  const brief = (await drawn(view.stepBrief(lesson, 0, { kind: "shown", onBoard: true, played: solution }, t, words)))!;
  assert.match(brief.querySelector(".learn-brief-feedback")?.textContent ?? "", /move b2c3 at 3/);
});

test("a solution shown slides in move by move, or where boards keep still shows only its final position", () => {
  const at = (position: string) => ({ ...lesson.steps[0]!.start, position });
  const positions = [at("after 1"), at("after 2"), at("after 3")];
  const line = ["d2e2", "i9h9", "e2e3"];
  const moving = view.shownFrames(line, positions, false);
  assert.deepEqual(
    moving.map((frame) => [frame.last, frame.position.position, frame.animate]),
    [
      ["d2e2", "after 1", true],
      ["i9h9", "after 2", true],
      ["e2e3", "after 3", true],
    ],
  );
  const still = view.shownFrames(line, positions, true);
  assert.deepEqual(
    still.map((frame) => [frame.last, frame.position.position, frame.animate]),
    [["e2e3", "after 3", false]],
    "the setting 'move animation' off or reduced motion: the final position for a moment, not slid",
  );
  assert.deepEqual(view.shownFrames([], [], false), []);
});

test("an address naming no step says so and that the learner goes on where they left off, in English and German", async () => {
  const { setLang } = await import("../src/i18n.js");
  const missing = { kind: "missing" as const, step: "nonsense-step" };
  assert.equal(
    view.feedbackText(missing, lesson.steps[0]!, t),
    "No step named “nonsense-step”; here is where you left off.",
  );
  const brief = (await drawn(view.stepBrief(lesson, 0, missing, t)))!;
  assert.ok(brief.querySelector(".learn-brief-feedback.missing[role=status]"), "the phone's brief says it too");
  setLang("de");
  try {
    assert.equal(
      view.feedbackText(missing, lesson.steps[0]!, t),
      "Einen Schritt namens „nonsense-step“ gibt es nicht; hier geht es weiter, wo du aufgehört hast.",
    );
  } finally {
    setLang("en");
  }
});

test("the step panel shows the task, marks finished steps and offers the next step or the end", async () => {
  const first = (await drawn(view.stepPanel(lesson, 0, { base: 3 }, { kind: "done", stars: 3 }, none, t)))!;
  assert.equal(first.querySelector(".learn-task")?.textContent, "task base");
  assert.equal(first.querySelectorAll(".learn-steps li.done").length, 1);
  assert.ok(first.querySelector(".learn-next.primary"), "a finished step leads on");
  assert.equal(first.querySelector(".learn-finished"), null);
  const last = (await drawn(view.stepPanel(lesson, 1, { base: 3, reach: 2 }, { kind: "done", stars: 2 }, none, t)))!;
  assert.equal(last.querySelector(".learn-next"), null);
  assert.ok(last.querySelector(".learn-finished a.learn-play"), "the end of the lesson offers the lobby");
  let started = 0;
  const ending = await drawn(
    view.stepPanel(
      lesson,
      1,
      { base: 3, reach: 2 },
      { kind: "done", stars: 2 },
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
  const first = (await drawn(view.stepPanel(lesson, 0, {}, { kind: "none" }, none, t)))!;
  const row = first.querySelector(".learn-buttons");
  assert.ok(row, "the row of buttons");
  assert.deepEqual(
    [...row.querySelectorAll("button")].map((b) => b.className),
    ["learn-hint", "learn-show", "learn-retry", "learn-next"],
  );
  assert.equal(row.querySelector(".learn-retry")?.getAttribute("aria-label"), "Start the step again");
  const second = (await drawn(view.stepPanel(lesson, 1, {}, { kind: "none" }, none, t)))!;
  const previous = second.querySelector(".learn-buttons .learn-nav .learn-previous");
  assert.equal(previous?.getAttribute("aria-label"), "Previous step");
  assert.equal(second.querySelectorAll(".learn-buttons").length, 1, "one row");
});

test("the step chips mark the finished steps, filled, with their stars, and say so by name", async () => {
  const panel = (await drawn(view.stepPanel(lesson, 1, { base: 2 }, { kind: "none" }, none, t)))!;
  const chips = [...panel.querySelectorAll<HTMLLIElement>(".learn-steps li")];
  assert.deepEqual(
    chips.map((chip) => chip.className),
    ["done", "current"],
  );
  const [done, open] = chips.map((chip) => chip.querySelector("button")!);
  assert.equal(done?.getAttribute("aria-label"), "Step 1: title base — done, 2 of 3 stars");
  assert.equal(done?.querySelector(".learn-chip-stars")?.textContent, "★★☆");
  assert.equal(open?.getAttribute("aria-label"), "Step 2: title reach");
  assert.equal(open?.getAttribute("aria-current"), "step");
  assert.equal(open?.querySelector(".learn-chip-stars"), null, "no stars before the step is done");
  const old = (await drawn(view.stepPanel(lesson, 1, { base: 0 }, { kind: "none" }, none, t)))!;
  const tick = old.querySelector(".learn-steps li.done button");
  assert.equal(tick?.querySelector(".learn-chip-stars")?.textContent, "✓", "done before stars: a tick");
  assert.equal(tick?.getAttribute("aria-label"), "Step 1: title base — done");
});

test("a finished step shows the stars earned and why not three; German too", async () => {
  const { setLang } = await import("../src/i18n.js");
  const two = (await drawn(view.stepPanel(lesson, 0, { base: 2 }, { kind: "done", stars: 2 }, none, t)))!;
  assert.equal(two.querySelector(".learn-feedback")?.textContent, "Well done! 2 of 3 stars.");
  assert.equal(two.querySelector(".learn-earned")?.getAttribute("data-stars"), "2");
  assert.equal(two.querySelector(".learn-earned-stars")?.textContent, "★★☆");
  assert.match(two.querySelector(".learn-earned-why")?.textContent ?? "", /hint or a wrong move/);
  setLang("de");
  try {
    const german = (await drawn(view.stepPanel(lesson, 0, { base: 1 }, { kind: "done", stars: 1 }, none, t)))!;
    assert.equal(german.querySelector(".learn-feedback")?.textContent, "Gut gemacht! 1 von 3 Sternen.");
    assert.equal(
      german.querySelector(".learn-steps li.done button")?.getAttribute("aria-label"),
      "Schritt 1: title base – geschafft, 1 von 3 Sternen",
    );
  } finally {
    setLang("en");
  }
});

test("the list of lessons says per game how many steps are done and the stars earned", async () => {
  const { v } = await import("../src/vdom.js");
  const link: import("../src/types.js").Link = (path, text, attrs = {}) => v("a", { ...attrs, href: path }, text);
  const games = [{ game: "ataxx", title: { en: "Ataxx", de: "Ataxx" }, steps: 12, stars: null }];
  const list = (await drawn(view.lessonListView(games, () => ({ clone: 3, jump: 2 }), t, link)))!;
  assert.match(list.querySelector(".learn-progress")?.textContent ?? "", /^2 of 12 steps done/);
  assert.equal(list.querySelector(".learn-progress .learn-stars-total")?.textContent, "★ 5 of 36 stars");
});

test("the list of lessons counts this browser's steps and the account's together, each at its best", () => {
  assert.deepEqual(view.unionProgress({ clone: 1, jump: 3 }, { clone: 3, capture: 2 }), {
    clone: 3,
    jump: 3,
    capture: 2,
  });
  assert.deepEqual(view.unionProgress({ clone: 2 }, null), { clone: 2 }, "a guest has only this browser's");
});
