// The game page's controls in words (review 9): the actions name themselves, the quick analysis's time
// has a visible name, news of the opponent goes after a while, one's own name keeps its line, Die
// Formation's targets leave the squares' symbols readable, and Amakta's setup says what its words mean.
import { test } from "node:test";
import assert from "node:assert/strict";
import { drawn, installDom } from "./dom.js";

installDom();
const { setLang, t } = await import("../src/i18n.js");
const view = await import("../src/game/view.js");
// The analysis board's texts (its link's name among them).
await import("../src/pages/analysis/view.js");
const people = await import("../src/game/people.js");
const formationView = await import("../src/games/formation-view.js");
const { stoneEditor } = await import("../src/games/amakta-editor.js");
const setup = await import("../src/games/amakta-setup.js");

type Context = Parameters<typeof view.analysisControls>[0];

/** A game context with `state`'s parts, for the panel's functions (what they do not read is left out). */
function context(state: Record<string, unknown>, extra: Record<string, unknown> = {}): Context {
  return {
    id: "g1",
    state: { outcome: null, opponent: "engine", seats: [], ...state },
    seat: { seat: "p1", token: "x" },
    module: {},
    viewPly: null,
    shownView: {},
    online: true,
    elapsed: 0,
    analysisMs: 2000,
    startAnalysis: () => {},
    setAnalysisMs: () => {},
    ...extra,
  } as unknown as Context;
}

test("an action button shows its sign and its name, and says its name (not the sign) to screen readers", async () => {
  for (const lang of ["en", "de"] as const) {
    setLang(lang);
    const button = await drawn(view.actionButton("draw", "½", t("offerDraw"), () => {}));
    assert.equal(button?.getAttribute("title"), t("offerDraw"));
    // The name is the button's text (no aria-label that could differ from what is seen).
    assert.equal(button?.getAttribute("aria-label"), null);
    assert.equal(button?.querySelector(".action-sign")?.getAttribute("aria-hidden"), "true");
    assert.equal(button?.querySelector(".action-sign")?.textContent, "½");
    const name = button?.querySelector(".action-name");
    assert.equal(name?.textContent, t("offerDraw"));
    assert.equal(name?.getAttribute("aria-hidden"), null);
  }
  setLang("en");
});

test("the quick analysis's time select has a visible name, and a line says what Analyse does (EN, DE)", async () => {
  for (const [lang, name, hint] of [
    ["en", "Engine time per position", /evaluation and best line/],
    ["de", "Bedenkzeit der Engine je Stellung", /Bewertung der Engine/],
  ] as const) {
    setLang(lang);
    const controls = await drawn(view.analysisControls(context({})));
    const label = controls?.querySelector("label.analysis-time");
    assert.equal(label?.querySelector("span")?.textContent, name);
    assert.ok(label?.querySelector('select[name="analysis-time"]'), "the select is inside its label");
    assert.match(controls?.querySelector(".analysis-hint")?.textContent ?? "", hint);
    assert.match(controls?.querySelector("#analyse")?.getAttribute("title") ?? "", hint);
  }
  setLang("en");
});

test("news that the opponent joined or came back goes; that they left stays", () => {
  assert.equal(people.noteFades("people.joined"), true);
  assert.equal(people.noteFades("people.back"), true);
  assert.equal(people.noteFades("people.left"), false);
  assert.equal(people.noteFades(""), false);
  assert.ok(people.PRESENCE_NOTE_MS > 0 && people.PRESENCE_NOTE_MS <= 10_000);
});

test("one's own seat says 'you' on its second line: the name's line holds the name and the rating only", async () => {
  setLang("en");
  const seat = {
    seat: "p1",
    names: { en: "Red", de: "Rot" },
    player: "human",
    joined: true,
    label: null,
    account: { name: "annadsb0r4", rating: 1500 },
  };
  const other = { ...seat, seat: "p2", names: { en: "Blue", de: "Blau" }, account: { name: "bert", rating: 1500 } };
  const c = context({ seats: [seat, other], opponent: "human", game: "ataxx" });
  const mine = await drawn(view.seatLine(c, c.state.seats[0] as never, 0));
  assert.equal(mine?.querySelector(".seat-names .you"), null);
  assert.equal(mine?.querySelector(".info .seat-who.you")?.textContent, "you");
  assert.match(mine?.querySelector(".seat-names")?.textContent ?? "", /annadsb0r4/);
  const theirs = await drawn(view.seatLine(c, c.state.seats[1] as never, 1));
  assert.equal(theirs?.querySelector(".you"), null);
});

test("Die Formation's targets are rings open in the middle, over the square's symbol", async () => {
  const pieces = ["........", "........", "........", "........", "........", "........", "........", "W......."];
  const props = {
    view: { game: "formation", pieces, colors: pieces.map(() => "RYGBRYGB") },
    legal: ["a1a2", "a1b1"],
    last: null,
    queued: null,
    premove: null,
    flipped: false,
    interactive: true,
    toMove: "p1",
  } as unknown as Parameters<typeof formationView.board>[0];
  const board = await drawn(formationView.board(props, { selected: "a1", animate: false }, () => {}));
  const rings = [...(board?.querySelectorAll("[data-target]") ?? [])];
  assert.deepEqual(rings.map((ring) => ring.closest("[data-square]")?.getAttribute("data-square")).sort(), [
    "a2",
    "b1",
  ]);
  for (const ring of rings) {
    assert.equal(ring.tagName.toLowerCase(), "circle");
    assert.ok(Number(ring.getAttribute("r")) >= 0.35, "the ring runs near the square's edge");
    // The symbol is drawn before the ring: the ring lies over it, its middle open (formation.css: fill none).
    const square = ring.closest("[data-square]");
    assert.ok(square?.querySelector(".fm-symbol"), "the square keeps its symbol");
    assert.ok(ring.classList.contains("formation-target"));
  }
});

test("Infinit's stone editor in a game shows no code; the lobby's composer does; each direction's field says which it is", async () => {
  setLang("en");
  const state = { code: "100000", circle: "none" };
  const game = await drawn(stoneEditor(state, { t, withCircle: true, withCode: false, onchange: () => {} }));
  assert.equal(game?.querySelector("[data-editor-code]"), null);
  assert.deepEqual(
    [...(game?.querySelectorAll("[data-dir]") ?? [])].map((label) => label.getAttribute("data-dir")),
    ["0", "1", "2", "3", "4", "5"],
  );
  assert.match(game?.querySelector(".amk-editor-circle small")?.textContent ?? "", /only its own arrows/);
  const lobby = await drawn(stoneEditor(state, { t, onchange: () => {} }));
  assert.equal(lobby?.querySelector("[data-editor-code]")?.textContent, "100000");
});

test("Amakta's setup says what the circles do, and Infinit's bid box what an offer is (EN, DE)", async () => {
  for (const [lang, damage, offer] of [
    ["en", /an arrow more for the opponent/, /the points Black gets for its stones/],
    ["de", /ein Pfeil mehr für den Gegner/, /Punktzahl für die Steine von Schwarz/],
  ] as const) {
    setLang(lang);
    const words = await drawn(setup.circleWords(t));
    assert.match(words?.querySelector('[data-circle-word="damage"]')?.textContent ?? "", damage);
    assert.ok(words?.querySelector('[data-circle-word="reinforcement"]')?.getAttribute("title"));
    const c = {
      props: {
        interactive: true,
        view: {
          game: "amakta-infinit",
          bidding: { offer: null, white_points: 50 },
          legal: { bid: { min: 0, max: 500 }, accept: false },
        },
      },
      model: { bidValue: null },
      actions: { play: () => {}, bid: () => {}, redraw: () => {} },
      t,
    } as unknown as Parameters<typeof setup.biddingPanel>[0];
    const panel = await drawn(setup.biddingPanel(c));
    const hint = panel?.querySelector("#amk-bid-hint")?.textContent ?? "";
    assert.match(hint, offer);
    assert.match(hint, /50/);
  }
  setLang("en");
});
