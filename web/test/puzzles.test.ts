// The puzzles' pure views: the verdict sentences (the solution after a miss, the rating's change
// or why it stays) and the panel's parts for a guest and a signed-in learner.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./dom.js";

installDom();
const view = await import("../src/pages/puzzles-view.js");
const { t, setLang } = await import("../src/i18n.js");

const position = { position: "x", view: {}, side_to_move: "p1" as const, legal_moves: ["a1"], legal_moves_count: 1 };
const puzzle = { ...position, id: "ataxx-0123456789ab", game: "ataxx", rating: 1312.4, learner_moves: 2, attempted: false, player: null };
const player = { rating: 1561.7, deviation: 290, provisional: true, attempts: 1 };
const reply = (over: object) => ({ ...position, status: "wrong" as const, played: null, reply: null, line: [], last_move: null, rated: false, ...over });
const actions = { show() {}, next() {}, typed() {} };
const link = (path: string, text: unknown, attrs: Record<string, unknown> = {}) => {
  const a = document.createElement("a");
  a.setAttribute("href", path);
  if (attrs.id) a.id = String(attrs.id);
  a.textContent = String(text);
  return a;
};
const context = { side: "Red", link };

test("a miss names the move and shows the solution; a rated end shows the rating's change", () => {
  setLang("en");
  const missed = reply({ played: "b2", solution: ["c3", "a7", "d4"], rated: true, player: { before: 1500, after: player } });
  assert.deepEqual(view.feedbackLines({ kind: "over", reply: missed, gaveUp: false, retried: false }, t), [
    "b2 is not the solution.", "Solution: c3, a7, d4", "Your puzzle rating: 1500 → 1562?",
  ]);
  const again = reply({ status: "right", rated: false, player: { before: 1562, after: player } });
  assert.deepEqual(view.feedbackLines({ kind: "over", reply: again, gaveUp: false, retried: false }, t), ["Solved!", "You tried this puzzle before: your rating stays."]);
  const fast = reply({ status: "right", rated: false, unrated: "too_fast", player: { before: 1500, after: player } });
  assert.deepEqual(view.feedbackLines({ kind: "over", reply: fast, gaveUp: false, retried: false }, t)[1], "Not rated: answered within seconds of getting the puzzle. Your rating stays.");
  const elsewhere = reply({ status: "right", rated: false, unrated: "not_served", player: { before: 1500, after: player } });
  assert.match(view.feedbackLines({ kind: "over", reply: elsewhere, gaveUp: false, retried: false }, t)[1] ?? "", /not the puzzle you were given last/);
  const shown = reply({ solution: ["c3"] });
  assert.deepEqual(view.feedbackLines({ kind: "over", reply: shown, gaveUp: true, retried: false }, t), ["Here is the solution.", "Solution: c3"]);
  assert.deepEqual(view.feedbackLines({ kind: "continue", reply: "a7" }, t), ["Right! Your opponent answered a7. Go on."]);
  // A wrong move: try again, the miss rated once; solved later, the rating's change is not said twice.
  const wrong = reply({ played: "b2", solution: ["c3"], rated: true, player: { before: 1500, after: player } });
  assert.deepEqual(view.feedbackLines({ kind: "retry", reply: wrong }, t), [
    "b2 is not the solution. Try another move — or show the solution.", "Your puzzle rating: 1500 → 1562?",
  ]);
  const later = reply({ status: "right", rated: false, unrated: "attempted", player: { before: 1562, after: player } });
  assert.deepEqual(view.feedbackLines({ kind: "over", reply: later, gaveUp: false, retried: true }, t), ["Solved, on another try."]);
  setLang("de");
  assert.deepEqual(view.feedbackLines({ kind: "over", reply: shown, gaveUp: true, retried: false }, t), ["Hier ist die Lösung.", "Lösung: c3"]);
  setLang("en");
});

test("the panel shows the side to move, the ratings, the way to a rating and the puzzle's address, and closes the move field once the puzzle is over", () => {
  const guest = view.puzzlePanel(puzzle, { kind: "none" }, false, actions, t, context);
  assert.equal(guest.getAttribute("data-puzzle"), "ataxx-0123456789ab");
  assert.match(guest.textContent ?? "", /Sign in to get your own puzzle rating\.You play Red: Red to move\..*This puzzle's rating: 1312/);
  assert.equal(guest.querySelector("#puzzle-sign-in")?.getAttribute("href"), "/login?next=%2Fpuzzles%2Fataxx%2Fataxx-0123456789ab");
  assert.equal(guest.querySelector("#puzzle-address")?.getAttribute("href"), "/puzzles/ataxx/ataxx-0123456789ab");
  assert.equal((guest.querySelector(".puzzle-show") as HTMLButtonElement).disabled, false);
  const over = view.puzzlePanel({ ...puzzle, player }, { kind: "over", reply: reply({ status: "right", rated: true, player: { before: 1500, after: player } }), gaveUp: false, retried: false }, false, actions, t, context);
  assert.match(over.textContent ?? "", /Your puzzle rating: 1562\?/);
  assert.equal((over.querySelector('input[name="move"]') as HTMLInputElement).disabled, true);
  assert.ok(over.querySelector(".puzzle-feedback.right"));
  assert.ok(over.querySelector(".puzzle-next.primary"));
});
