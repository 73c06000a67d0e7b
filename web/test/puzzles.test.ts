// The puzzles' pure views: the verdict sentences (the solution after a miss, the rating's change
// or why it stays) and the panel's parts for a guest, a signed-in learner and a streak; the modes'
// views: the tabs, the theme chooser, a puzzle's theme tags and the streak's card.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./dom.js";
import type { BriefSides } from "../src/pages/puzzles-view.js";

installDom();
const views = await import("../src/pages/puzzles-view.js");
const modes = await import("../src/pages/puzzle-modes.js");
const modeViews = await import("../src/pages/puzzle-modes-view.js");
const ratingModule = await import("../src/pages/puzzle-rating.js");
const { patch } = await import("../src/vdom.js");

/** `view` drawn: the element of a view function's vnode. */
function drawnBy<A extends unknown[]>(view: (...args: A) => import("snabbdom").VNode): (...args: A) => HTMLElement {
  return (...args) => {
    const host = document.createElement("div");
    document.body.append(host);
    patch(host, view(...args));
    return host.firstElementChild as HTMLElement;
  };
}
const view = { ...views, puzzlePanel: drawnBy(views.puzzlePanel) };
const modesView = {
  modeTabs: drawnBy(modeViews.modeTabs),
  streakCard: drawnBy(modeViews.streakCard),
  themeChooser: drawnBy(modeViews.themeChooser),
  themeTags: drawnBy(modeViews.themeTags),
};
const { t, setLang } = await import("../src/i18n.js");

const position = {
  position: "x",
  view: {},
  side_to_move: "p1" as const,
  legal_moves: ["a1"],
  legal_moves_count: 1,
  outcome: null,
};
const puzzle = {
  start: position,
  id: "ataxx-0123456789ab",
  game: "ataxx",
  rating: 1312.4,
  learner_moves: 2,
  attempted: false,
  themes: ["win", "one_move"],
  player: null,
  sides: { p1: { en: "Red", de: "Rot" }, p2: { en: "Blue", de: "Blau" } },
  lead_in: { before: { ...position, side_to_move: "p2" as const }, move: "b1" },
};
const player = { rating: 1561.7, deviation: 290, provisional: true, attempts: 1 };
const reply = (over: object) => ({
  at: position,
  status: "wrong" as const,
  played: null,
  reply: null,
  line: [],
  last_move: null,
  rated: false,
  unrated: null,
  ...over,
});
const actions = { show() {}, next() {}, typed() {} };
const { link } = await import("../src/nav.js");
const sides: BriefSides = { side: "Red", opponent: "Blue", leadIn: false, played: null };
const context = { sides, link, streak: false, outcome: null };

test("a miss names the move and shows the solution; the verdict says nothing of ratings (the rating line does)", () => {
  setLang("en");
  const missed = reply({
    played: "b2",
    solution: ["c3", "a7", "d4"],
    rated: true,
    player: { before: 1500, after: player },
  });
  assert.deepEqual(view.feedbackLines({ kind: "over", reply: missed, gaveUp: false, retried: false }, t), [
    "b2 is not the solution.",
    "Solution: c3, a7, d4",
  ]);
  const again = reply({ status: "right", rated: false, player: { before: 1562, after: player } });
  assert.deepEqual(view.feedbackLines({ kind: "over", reply: again, gaveUp: false, retried: false }, t), ["Solved!"]);
  const shown = reply({ solution: ["c3"] });
  assert.deepEqual(view.feedbackLines({ kind: "over", reply: shown, gaveUp: true, retried: false }, t), [
    "Here is the solution.",
    "Solution: c3",
  ]);
  assert.deepEqual(view.feedbackLines({ kind: "continue", reply: "a7" }, t), [
    "Right! Your opponent answered a7. Go on.",
  ]);
  // A wrong move: try again; solved later, on another try.
  const wrong = reply({ played: "b2", solution: ["c3"], rated: true, player: { before: 1500, after: player } });
  assert.deepEqual(view.feedbackLines({ kind: "retry", reply: wrong }, t), [
    "b2 is not the solution. Try another move — or show the solution.",
  ]);
  const later = reply({ status: "right", rated: false, unrated: "attempted", player: { before: 1562, after: player } });
  assert.deepEqual(view.feedbackLines({ kind: "over", reply: later, gaveUp: false, retried: true }, t), [
    "Solved, on another try.",
  ]);
  setLang("de");
  assert.deepEqual(view.feedbackLines({ kind: "over", reply: shown, gaveUp: true, retried: false }, t), [
    "Hier ist die Lösung.",
    "Lösung: c3",
  ]);
  setLang("en");
});

test("the panel shows the side to move, the ratings, the way to a rating and the puzzle's address, and closes the move field once the puzzle is over", () => {
  const guest = view.puzzlePanel(puzzle, { kind: "none" }, false, actions, t, context);
  assert.equal(guest.getAttribute("data-puzzle"), "ataxx-0123456789ab");
  assert.match(
    guest.textContent ?? "",
    /Sign in to get your own puzzle rating\.Your turn — find the best move for Red\..*This puzzle's rating: 1312/,
  );
  assert.equal(
    guest.querySelector("#puzzle-sign-in")?.getAttribute("href"),
    "/login?next=%2Fpuzzles%2Fataxx%2Fataxx-0123456789ab",
  );
  assert.equal(guest.querySelector("#puzzle-address")?.getAttribute("href"), "/puzzles/ataxx/ataxx-0123456789ab");
  assert.equal((guest.querySelector(".puzzle-show") as HTMLButtonElement).disabled, false);
  const over = view.puzzlePanel(
    { ...puzzle, player },
    {
      kind: "over",
      reply: reply({ status: "right", rated: true, player: { before: 1500, after: player } }),
      gaveUp: false,
      retried: false,
    },
    false,
    actions,
    t,
    context,
  );
  assert.match(
    over.textContent ?? "",
    /Your puzzle rating: 1562\?/,
    "no attempt kept yet: the rating the puzzle came with",
  );
  assert.equal((over.querySelector('input[name="move"]') as HTMLInputElement).disabled, true);
  assert.ok(over.querySelector(".puzzle-feedback.right"));
  assert.ok(over.querySelector(".puzzle-next.primary"));
});

test("the rating line says what the puzzle's first finished attempt did, the same after Retry and after showing the solution, in English and German (review 17)", () => {
  const rating = ratingModule;
  const signedIn = { ...puzzle, player: { rating: 1500, deviation: 350, provisional: true, attempts: 0 } };
  const lower = { rating: 1268.2, deviation: 300, provisional: true, attempts: 1 };
  const panelLines = (
    feedback: Parameters<typeof view.puzzlePanel>[1],
    outcome: ReturnType<typeof rating.keptOutcome>,
  ) => {
    const panel = view.puzzlePanel(signedIn, feedback, false, actions, t, { ...context, outcome });
    return [...panel.querySelectorAll(".puzzle-player, .puzzle-unrated")].map((p) => p.textContent);
  };
  setLang("en");
  // Before any attempt: the rating the puzzle came with.
  assert.deepEqual(panelLines({ kind: "none" }, null), ["Your puzzle rating: 1500?"]);
  // A wrong move is the rated attempt: 1500 → 1268.
  const wrong = reply({ played: "a3a1", rated: true, player: { before: 1500, after: lower } });
  let outcome = rating.keptOutcome(null, wrong);
  const states: string[][] = [panelLines({ kind: "retry", reply: wrong }, outcome)];
  // Retry: the verdict goes, the rating's change stays.
  states.push(panelLines({ kind: "none" }, outcome));
  // Another right step of a longer line changes nothing.
  outcome = rating.keptOutcome(outcome, reply({ status: "continue", reply: "b1" }));
  states.push(panelLines({ kind: "continue", reply: "b1" }, outcome));
  // Showing the solution: the server rates nothing now ("attempted", 1268 before and after); the line still says 1500 → 1268.
  const shown = reply({
    solution: ["g3e2"],
    rated: false,
    unrated: "attempted",
    player: { before: 1268, after: lower },
  });
  outcome = rating.keptOutcome(outcome, shown);
  states.push(panelLines({ kind: "over", reply: shown, gaveUp: true, retried: false }, outcome));
  // Solved on another try instead: the same.
  const later = reply({ status: "right", rated: false, unrated: "attempted", player: { before: 1268, after: lower } });
  states.push(
    panelLines({ kind: "over", reply: later, gaveUp: false, retried: true }, rating.keptOutcome(outcome, later)),
  );
  for (const lines of states) assert.deepEqual(lines, ["Your puzzle rating: 1500 → 1268?"]);
  setLang("de");
  assert.deepEqual(panelLines({ kind: "none" }, outcome), ["Deine Aufgabenwertung: 1500 → 1268?"]);
  // A puzzle tried on an earlier visit: the first attempt of this one rates nothing, and says why, until the next puzzle.
  const before = rating.keptOutcome(
    null,
    reply({ played: "b2", unrated: "attempted", player: { before: 1500, after: { ...lower, rating: 1500 } } }),
  );
  assert.deepEqual(panelLines({ kind: "none" }, before), [
    "Deine Aufgabenwertung: 1500?",
    "Diese Aufgabe hast du schon versucht: Deine Wertung bleibt.",
  ]);
  setLang("en");
  const why = (unrated: string) =>
    panelLines(
      { kind: "none" },
      rating.keptOutcome(null, reply({ status: "right", unrated, player: { before: 1500, after: lower } })),
    )[1];
  assert.equal(why("too_fast"), "Not rated: answered within seconds of getting the puzzle. Your rating stays.");
  assert.match(why("not_served") ?? "", /not the puzzle you were given last/);
  assert.equal(why("attempted"), "You tried this puzzle before: your rating stays.");
  // A guest: the way to a rating, whatever the attempt.
  const guest = view.puzzlePanel(
    puzzle,
    { kind: "retry", reply: reply({ played: "b2", unrated: "guest" }) },
    false,
    actions,
    t,
    {
      ...context,
      outcome: rating.keptOutcome(null, reply({ played: "b2", unrated: "guest" })),
    },
  );
  assert.equal(guest.querySelector(".puzzle-unrated"), null);
  assert.ok(guest.querySelector("#puzzle-sign-in"));
});

test("while the opponent's move before the puzzle is still to come, the brief and the panel say so; then it is the learner's turn", () => {
  const brief = drawnBy(views.puzzleBrief);
  const coming = brief({ kind: "none" }, { ...sides, leadIn: true }, t);
  assert.equal(coming.querySelector("strong")?.textContent, "Blue moves …");
  assert.equal(coming.getAttribute("data-lead-in"), "pending");
  assert.equal(coming.querySelector(".puzzle-lead-in"), null);
  const turn = brief({ kind: "none" }, { ...sides, played: { move: "b2c3" } }, t);
  assert.equal(turn.querySelector("strong")?.textContent, "Your turn — find the best move for Red.");
  assert.equal(turn.querySelector(".puzzle-lead-in")?.textContent, "Blue played b2c3. ");
  assert.equal(turn.getAttribute("data-lead-in"), "played");
  // A move the game writes in words (Amakta's pass leaves no mark on the board) is read as its sentence.
  const passed = brief({ kind: "none" }, { ...sides, played: { words: "Blue passes" } }, t);
  assert.equal(passed.querySelector(".puzzle-lead-in")?.textContent, "Blue passes. ");
  const panelPlayed = view.puzzlePanel(puzzle, { kind: "none" }, false, actions, t, {
    ...context,
    sides: { ...sides, played: { move: "b2c3" } },
  });
  assert.equal(panelPlayed.querySelector("p.puzzle-lead-in")?.textContent, "Blue played b2c3.");
  const panel = view.puzzlePanel(puzzle, { kind: "none" }, false, actions, t, {
    ...context,
    sides: { ...sides, leadIn: true },
  });
  assert.equal(panel.querySelector("#puzzle-to-move")?.textContent, "Blue moves …");
  setLang("de");
  assert.equal(view.turnText(sides, t), "Du bist am Zug — finde den besten Zug für Red.");
  assert.equal(view.turnText({ ...sides, leadIn: true }, t), "Blue zieht …");
  setLang("en");
});

test("in a streak the panel has no rating line, says nothing of ratings, gives up instead of showing, and offers the next puzzle only when given", () => {
  const streak = { ...context, streak: true };
  const open = view.puzzlePanel(puzzle, { kind: "none" }, false, { ...actions, next: null }, t, streak);
  assert.equal(open.querySelector(".puzzle-player"), null);
  assert.equal(open.querySelector(".puzzle-show")?.textContent, "Give up");
  assert.equal(open.querySelector(".puzzle-next"), null);
  // Nothing of ratings, even for a puzzle the learner tried before.
  const solved = reply({
    status: "right",
    rated: false,
    unrated: "attempted",
    player: { before: 1500, after: player },
  });
  assert.deepEqual(view.feedbackLines({ kind: "over", reply: solved, gaveUp: false, retried: false }, t), ["Solved!"]);
  const missed = reply({
    played: "b2",
    solution: ["c3"],
    rated: false,
    unrated: "streak",
    player: { before: 1500, after: player },
  });
  assert.deepEqual(view.feedbackLines({ kind: "over", reply: missed, gaveUp: false, retried: false }, t), [
    "b2 is not the solution.",
    "Solution: c3",
  ]);
  const done = view.puzzlePanel(
    puzzle,
    { kind: "over", reply: solved, gaveUp: false, retried: false },
    false,
    actions,
    t,
    streak,
  );
  assert.ok(done.querySelector(".puzzle-next.primary"));
  assert.equal(done.querySelector(".puzzle-show"), null, "nothing to give up once solved");
});

test("a puzzle's themes show as tags in the page's language; unknown keys are left out", () => {
  const panel = view.puzzlePanel(
    { ...puzzle, themes: ["gain", "short", "fork"] },
    { kind: "none" },
    false,
    actions,
    t,
    context,
  );
  assert.deepEqual(
    [...panel.querySelectorAll(".puzzle-tag")].map((tag) => [tag.getAttribute("data-theme"), tag.textContent]),
    [
      ["gain", "Material gain"],
      ["short", "Short (2 moves)"],
    ],
  );
  setLang("de");
  assert.equal(modesView.themeTags(["win", "long"], t).textContent, "Gewinnzug-FolgeLang (3+ Züge)");
  setLang("en");
});

test("the theme chooser lists All and the game's themes with their counts and help, the chosen one pressed", () => {
  const chosen: (string | null)[] = [];
  const themes = modes.gameThemes({ win: 65, gain: 153, one_move: 202, short: 16 });
  const chooser = modesView.themeChooser(themes, 218, "win", (theme) => chosen.push(theme), t);
  const options = [...chooser.querySelectorAll<HTMLButtonElement>(".puzzle-theme")];
  assert.deepEqual(
    options.map((o) => [
      o.getAttribute("data-theme"),
      o.querySelector(".puzzle-theme-count")?.textContent,
      o.getAttribute("aria-pressed"),
    ]),
    [
      ["all", "218", "false"],
      ["win", "65", "true"],
      ["gain", "153", "false"],
      ["one_move", "202", "false"],
      ["short", "16", "false"],
    ],
  );
  assert.equal(options[1]?.querySelector(".puzzle-theme-help")?.textContent, "The solution wins the game.");
  options[0]?.click();
  options[4]?.click();
  assert.deepEqual(chosen, [null, "short"]);
});

test("the tabs link the game's puzzles and its streak, the current one marked", () => {
  const tabs = modesView.modeTabs("ataxx", true, t, link);
  const [one, streak] = [...tabs.querySelectorAll("a")];
  assert.equal(one?.getAttribute("href"), "/puzzles/ataxx");
  assert.equal(streak?.getAttribute("href"), "/puzzles/ataxx/streak");
  assert.equal(streak?.textContent, "Streak");
});

test("the streak's card: the count in a row, the place and best while on; the end, a new best and a new streak once over", () => {
  let restarted = 0;
  const on = modes.streakSolved(modes.streakSolved(modes.newStreak(["a", "b", "c", "d"], 3)));
  const playing = modesView.streakCard(on, () => restarted++, t);
  assert.equal(playing.querySelector("#streak-count")?.textContent, "2");
  assert.match(playing.textContent ?? "", /Puzzle 3 of 4 · Best streak: 3.*Unrated/);
  assert.equal(playing.querySelector("#new-streak"), null);
  const over = modesView.streakCard(modes.streakMissed(modes.streakSolved(on)), () => restarted++, t);
  assert.equal(over.querySelector("#streak-end")?.textContent, "Streak over: 3");
  assert.equal(over.querySelector("#streak-new-best"), null, "as good as the best, not better");
  assert.equal(over.querySelector("#streak-best")?.textContent, "Best streak: 3");
  (over.querySelector("#new-streak") as HTMLButtonElement).click();
  assert.equal(restarted, 1);
  setLang("de");
  const complete = modesView.streakCard(modes.streakSolved(modes.streakSolved(on)), () => restarted++, t);
  assert.equal(complete.querySelector("#streak-end")?.textContent, "Serie geschafft: alle 4 gelöst!");
  assert.equal(complete.querySelector("#streak-new-best")?.textContent, "Neue Bestleistung!");
  assert.equal(complete.querySelector("#new-streak")?.textContent, "Neue Serie");
  setLang("en");
});

test("the list of puzzles: Play and Streak at each card's foot; a guest's hint once; a player's rating and best streak per game", () => {
  setLang("en");
  const listView = drawnBy(views.puzzleListView);
  const game = (name: string, over: object = {}) => ({
    game: name,
    title: { en: name, de: name },
    count: 3,
    themes: {},
    ...over,
  });
  const guest = listView(
    [game("ataxx"), game("abalone")],
    "en",
    t,
    link,
    () => null,
    (g) => (g === "ataxx" ? 4 : 0),
  );
  assert.equal(guest.querySelectorAll(".puzzle-guest").length, 1);
  assert.equal(guest.querySelector("#puzzles-sign-in")?.getAttribute("href"), "/login?next=%2Fpuzzles");
  const cards = [...guest.querySelectorAll(".puzzle-games > li")];
  assert.deepEqual(
    cards.map((card) =>
      [...card.querySelectorAll(".puzzle-actions a")].map((a) => [a.textContent, a.getAttribute("href")]),
    ),
    [
      [
        ["Play", "/puzzles/ataxx"],
        ["Streak", "/puzzles/ataxx/streak"],
      ],
      [
        ["Play", "/puzzles/abalone"],
        ["Streak", "/puzzles/abalone/streak"],
      ],
    ],
  );
  assert.deepEqual(
    cards.map((card) => card.querySelector(".puzzle-standing")?.textContent ?? null),
    ["Best streak: 4", null],
  );
  setLang("de");
  const signedIn = listView(
    [game("ataxx", { player }), game("abalone", { player: { ...player, attempts: 0 } })],
    "de",
    t,
    link,
  );
  assert.equal(signedIn.querySelector(".puzzle-guest"), null);
  assert.deepEqual(
    [...signedIn.querySelectorAll(".puzzle-standing")].map((line) => line.textContent),
    ["Deine Wertung 1562? · 1 versucht", "Noch keine versucht"],
  );
  assert.equal(signedIn.querySelector(".puzzle-play-link")?.textContent, "Lösen");
  setLang("en");
});
