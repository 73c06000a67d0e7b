// Review 14 of the Amakta setup pages: one name per stone on one screen (the arrows written as the
// page's board draws them, the editor's caption as the set lists the stone), the editor's direct
// choice of a direction's arrows, "Close my set" asked twice, a created stone said as done, the colour
// step's words for each reader, the bid field against its hint, the abort's words, and the move
// list's entries whole below its sticky heading.
import { test } from "node:test";
import assert from "node:assert/strict";
import { drawn, installDom } from "./dom.js";

installDom();
await import("../src/games/amakta.js");
const { setLang, t } = await import("../src/i18n.js");
const { freshStone, stoneEditor } = await import("../src/games/amakta-editor.js");
const { newModel } = await import("../src/games/amakta-model.js");
const { drawnArrowsText, moveWords } = await import("../src/games/amakta-moves.js");
const { canonical, rotate } = await import("../src/games/amakta-stones.js");
const { colourSetup, creationPanel, fairOffer } = await import("../src/games/amakta-setup.js");
const { abortWords, abortedWhen } = await import("../src/result-words.js");
const { listTop } = await import("../src/game/move-strip.js");
const { lobbyOptions } = await import("../src/games/amakta-lobby.js");
const { patch, v } = await import("../src/vdom.js");

type View = Parameters<typeof moveWords>[1];

/** A click on `element`. */
function click(element: Element | null | undefined, init: MouseEventInit = {}): void {
  assert.ok(element, "the element to click is drawn");
  element.dispatchEvent(new window.MouseEvent("click", { bubbles: true, ...init }) as unknown as Event);
}

test("on Black's turned board the editor builds what its picture shows, and its caption names the stone as the set and the move list write it", async () => {
  setLang("en");
  const state: { code: string; circle: string; picking?: number | null } = { code: "000000", circle: "none" };
  const draw = () => drawn(stoneEditor(state, { t, withCircle: true, withCode: false, turn: 3, onchange: () => {} }));
  // East as drawn on the turned picture: red; west as drawn: blue.
  for (const [direction, digit] of [
    [0, 3],
    [3, 1],
  ] as const) {
    click((await draw())?.querySelector(`button[data-editor-dir="${direction}"]`));
    click((await draw())?.querySelector(`[data-choice="${digit}"]`));
  }
  // The record's code is the drawn one turned back: drawn "→3←1" is the record's "←3→1".
  assert.equal(drawnArrowsText(state.code, 3), "→3←1");
  assert.equal(state.code, rotate("300100", 3));
  const editor = await draw();
  const caption = editor?.querySelector("[data-editor-stone]");
  const listed = canonical(state.code);
  assert.equal(caption?.getAttribute("data-editor-stone"), listed);
  const name = drawnArrowsText(listed, 3);
  // The words say what the picture and the buttons show (review 17), then the set's one name for it.
  assert.equal(caption?.querySelector("[data-stone-built]")?.textContent, "This stone: →3←1");
  assert.notEqual(name, "→3←1", "this stone is listed turned");
  assert.equal(caption?.querySelector("[data-stone-listed]")?.getAttribute("data-stone-listed"), name);
  // The move list on the same (turned) page writes the created stone the same way.
  const view = { game: "amakta-infinit", to_move: { colour: "black" }, phase: "creation" } as unknown as View;
  const [words] = moveWords([`create ${listed} n`], view, { t, flipped: true });
  assert.match(words ?? "", new RegExp(`creates ${name.replace(/[↖↗↘↙]/g, ".")}`));
  assert.ok((words ?? "").includes(name), `"${words}" names ${name}`);
});

test("a direction's arrows are chosen directly: ten states drawn as arrows and named, the current pressed, Escape closes", async () => {
  for (const [language, blueRed, group] of [
    ["en", "blue+red", /Arrows to the north-east/],
    ["de", "blau+rot", /Pfeile nach Nordosten/],
  ] as const) {
    setLang(language);
    const state: { code: string; circle: string; picking?: number | null } = { code: "000000", circle: "none" };
    const draw = () => drawn(stoneEditor(state, { t, onchange: () => {} }));
    click((await draw())?.querySelector('[data-editor-direction="1"]'));
    const editor = await draw();
    const choice = editor?.querySelector("[data-choice-dir]");
    assert.equal(choice?.getAttribute("data-choice-dir"), "1");
    assert.match(choice?.getAttribute("aria-label") ?? "", group);
    const choices = [...(choice?.querySelectorAll("button[data-choice]") ?? [])];
    assert.equal(choices.length, 10, "none and the nine kinds");
    assert.ok(
      choices.every((button) => button.querySelector("svg") && button.getAttribute("aria-label")),
      "drawn, named",
    );
    assert.equal(choice?.querySelector('[aria-pressed="true"]')?.getAttribute("data-choice"), "0");
    assert.equal(choices[8]?.getAttribute("aria-label"), blueRed);
    click(choices[8]);
    assert.equal(state.code, "080000", "blue+red north-east in one choice");
    assert.equal(state.picking, null, "the choice closes");
    click((await draw())?.querySelector('button[data-editor-dir="1"]'));
    const again = await draw();
    assert.equal(again?.querySelector('[data-choice-dir] [aria-pressed="true"]')?.getAttribute("data-choice"), "8");
    again
      ?.querySelector("[data-choice-dir]")
      ?.dispatchEvent(new window.KeyboardEvent("keydown", { key: "Escape", bubbles: true }) as unknown as Event);
    assert.equal(state.picking, null, "Escape closes");
    assert.equal(state.code, "080000", "and changes nothing");
  }
  setLang("en");
});

/** Infinit's creation step for White: 50 points, 36 left, the stone `held` in the set. */
function creation(held: string[]) {
  const view = {
    game: "amakta-infinit",
    phase: "creation",
    to_move: { colour: "white" },
    sets: {
      white: { stones: held.map((code) => ({ code, circle: "none", value: 2 })), left: 36, points: 50, closed: false },
      black: { stones: [], left: 40, points: 40, closed: false },
    },
    legal: { bid: null, accept: false, create: { max_value: 36 }, close: true },
  };
  const played: string[] = [];
  const model = newModel(true);
  const c = {
    props: { view, interactive: true, flipped: false } as never,
    model,
    t,
    actions: { play: (move: string) => played.push(move), bid: () => {}, redraw: () => {} },
  };
  return { c, model, played };
}

test("'Close my set' asks again naming the unspent points, and closes only on the second press", async () => {
  for (const [language, close, really] of [
    ["en", "Close my set", "Really close? 36 points unspent"],
    ["de", "Meinen Satz abschließen", "Wirklich abschließen? 36 Punkte ungenutzt"],
  ] as const) {
    setLang(language);
    const { c, model, played } = creation([]);
    const first = await drawn(creationPanel(c));
    const button = first?.querySelector("#amk-close");
    assert.equal(button?.textContent, close);
    assert.match(button?.className ?? "", /secondary/, "apart from Create");
    click(button);
    assert.deepEqual(played, [], `${language}: one press closes nothing`);
    const asking = (await drawn(creationPanel(c)))?.querySelector("#amk-close");
    assert.equal(asking?.textContent, really);
    assert.equal(asking?.getAttribute("data-confirming"), "true");
    click(asking);
    assert.deepEqual(played, ["close"]);
    assert.equal(model.closing, false);
  }
  setLang("en");
});

test("a change in the editor takes back the question of closing", async () => {
  setLang("en");
  const { c, model, played } = creation([]);
  click((await drawn(creationPanel(c)))?.querySelector("#amk-close"));
  assert.equal(model.closing, true);
  click((await drawn(creationPanel(c)))?.querySelector('button[data-editor-dir="0"]'));
  assert.equal(model.closing, false);
  assert.equal((await drawn(creationPanel(c)))?.querySelector("#amk-close")?.textContent, "Close my set");
  assert.deepEqual(played, []);
});

test("after Create the editor starts again from a stone not in the set and says 'Created …', not an error", async () => {
  for (const [language, created] of [
    ["en", /Created ↘1/],
    ["de", /Erschaffen: ↘1/],
  ] as const) {
    setLang(language);
    const { c, model, played } = creation(["000000"]);
    model.editor = { code: "100000", circle: "none" };
    click((await drawn(creationPanel(c)))?.querySelector("#amk-create"));
    assert.deepEqual(played, ["create 000001 n"]);
    // While the other player creates, it is still said as done.
    const waiting = await drawn(
      creationPanel({ ...c, props: { ...(c.props as object), interactive: false } as never }),
    );
    assert.match(waiting?.querySelector("#amk-created")?.textContent ?? "", created);
    assert.ok(!["000000", "000001"].includes(canonical(model.editor.code)), "a stone the set has not got");
    // The set now holds the new stone too, as the server's reply says.
    c.props = { ...(c.props as object), view: { ...(c.props as { view: object }).view } } as never;
    const view = (c.props as { view: { sets: { white: { stones: unknown[] } } } }).view;
    view.sets.white.stones = [...view.sets.white.stones, { code: "000001", circle: "none", value: 3 }];
    const panel = await drawn(creationPanel(c));
    assert.match(panel?.querySelector("#amk-created")?.textContent ?? "", created);
    assert.equal(panel?.querySelector(".amk-value .error"), null, `${language}: no error after a success`);
    assert.equal(panel?.querySelector<HTMLButtonElement>("#amk-create")?.disabled, false);
    // A change in the editor: the success line goes.
    click(panel?.querySelector('button[data-editor-dir="2"]'));
    assert.equal((await drawn(creationPanel(c)))?.querySelector("#amk-created"), null);
  }
  setLang("en");
});

test("a fresh stone is the empty one where the set has not got it, else the first one missing in any orientation", () => {
  assert.equal(freshStone([]), "000000");
  assert.equal(freshStone(["000000"]), "100000");
  // 100000 is held turned (as 000001): the next is 200000.
  assert.equal(freshStone(["000000", "000001"]), "200000");
  const held = ["000000", "100000", "200000", "300000"];
  assert.ok(!held.map(canonical).includes(canonical(freshStone(held))));
});

test("the lobby's composer does not open on a stone already in the set, and goes on to another after Add", () => {
  setLang("en");
  let form = document.createElement("form");
  const options: Record<string, string> = {};
  const entry = { name: "amakta", options: [] } as never;
  const field = (s: { name: string }) => v("label", { key: s.name });
  const draw = () => {
    const next = document.createElement("form");
    patch(next, lobbyOptions({ entry, options, t, rerender: () => {}, field }));
    form = next;
  };
  draw();
  // The default set holds 110000, the composer's first stone: switching to an own set copies it.
  const select = form.querySelector<HTMLSelectElement>('select[name="option-set"]');
  assert.ok(select);
  select.value = "custom";
  select.dispatchEvent(new window.Event("change") as unknown as Event);
  draw();
  const caption = form.querySelector("[data-editor-stone]")?.getAttribute("data-editor-stone") ?? "";
  assert.ok(caption, "the composer is drawn");
  const stones = (options.set ?? "").split(",").map(canonical);
  assert.ok(stones.includes("000011"), `the default set holds 110000: ${options.set}`);
  assert.ok(!stones.includes(caption), `the composer opens on ${caption}, not in the set`);
  assert.equal(form.querySelector("#add-stone")?.hasAttribute("disabled"), false);
  click(form.querySelector("#add-stone"));
  draw();
  const next = form.querySelector("[data-editor-stone]")?.getAttribute("data-editor-stone") ?? "";
  assert.ok(!(options.set ?? "").split(",").map(canonical).includes(next), "after Add, a stone not in the set");
});

test("the colour step asks only the chooser; the waiting player and the watchers are told who chooses", async () => {
  for (const [language, choose, wait, watch] of [
    ["en", /Choose your colour/, /Your opponent chooses a colour\. White moves first\./, /second player chooses/],
    ["de", /Wähle deine Farbe/, /Dein Gegner wählt eine Farbe\. Weiß zieht zuerst\./, /zweite Spieler wählt/],
  ] as const) {
    setLang(language);
    const view = { game: "amakta", phase: "colour", stones: [], p1_colour: null };
    const help = async (props: object) =>
      (
        await drawn(
          colourSetup({
            props: { view, legal: [], toMove: "p2", ...props } as never,
            model: newModel(true),
            t,
            actions: { play: () => {}, bid: () => {}, redraw: () => {} },
          }),
        )
      )?.querySelector("[data-colour-help]")?.textContent ?? "";
    assert.match(await help({ interactive: true, seat: "p2" }), choose);
    assert.match(await help({ interactive: false, seat: "p1" }), wait);
    assert.doesNotMatch(await help({ interactive: false, seat: "p1" }), choose);
    assert.match(await help({ interactive: false, seat: null }), watch);
  }
  setLang("en");
});

test("the bid's placeholder is the offer the hint calls fair, within the allowed offers", () => {
  assert.equal(fairOffer({ min: 0, max: 500 }, 50), 50);
  assert.equal(fairOffer({ min: 61, max: 500 }, 50), 61, "offers must rise past it");
  assert.equal(fairOffer({ min: 0, max: 30 }, 50), 30);
});

test("an abort says who aborted and when, in both languages; without a player, when only", () => {
  for (const [language, alice, you, when] of [
    [
      "en",
      "Alice aborted the game during the setup",
      "You aborted the game before the first move",
      "aborted before the second move",
    ],
    [
      "de",
      "Alice hat die Partie während der Startphase abgebrochen",
      "Du hast die Partie vor dem ersten Zug abgebrochen",
      "vor dem zweiten Zug abgebrochen",
    ],
  ] as const) {
    setLang(language);
    assert.equal(abortWords("setup", { name: "Alice", you: false }), alice);
    assert.equal(abortWords("first", { name: "Bruno", you: true }), you);
    assert.equal(abortWords("second", null), when);
  }
  assert.equal(abortedWhen({ in_setup: true, play_moves: 0 }), "setup");
  assert.equal(abortedWhen({ in_setup: false, play_moves: 0 }), "first");
  assert.equal(abortedWhen({ in_setup: false, play_moves: 1 }), "second");
  assert.equal(abortedWhen(null), null, "a game without people keeps the server's words");
  setLang("en");
});

test("the move list scrolls an entry whole below its sticky heading", () => {
  // A 20 px entry at 30 under a 24 px heading, in a 100 px list: not above 30 − 24.
  for (const [top, height, list, cover] of [
    [30, 20, 100, 24],
    [200, 20, 60, 24],
    [500, 45, 80, 20],
    [24, 20, 300, 24],
  ] as const) {
    const at = listTop(top, height, list, cover);
    assert.ok(at >= 0);
    assert.ok(top - at >= cover, `the entry at ${top} starts below the heading (scrolled to ${at})`);
    assert.ok(top + height - at <= list, "and ends in sight");
  }
  assert.equal(listTop(200, 20, 60, 0), listTop(200, 20, 60), "no heading, as before");
});
