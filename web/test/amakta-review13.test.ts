// Issue 50, review 13 of the Amakta game page: Infinit's stone editor (built by clicking its picture, from
// the empty stone, saying what is built), the empty stone in words, one German verb for creating stones,
// the move about to be played written as the viewer's board draws it, the standard board's cell names at
// any size, no keys named on touch screens, and what the cells' numbers mean beside the legend.
import { test } from "node:test";
import assert from "node:assert/strict";
import { drawn, installDom } from "./dom.js";

installDom();
await import("../src/games/amakta.js");
const { setLang, t } = await import("../src/i18n.js");
const { stoneEditor } = await import("../src/games/amakta-editor.js");
const { newModel } = await import("../src/games/amakta-model.js");
const { arrowsText, drawnArrowsText, lineWords, moveWords } = await import("../src/games/amakta-moves.js");
const { AMAKTA_DE } = await import("../src/games/amakta-texts.js");
const { keysHint } = await import("../src/games/amakta-panels.js");
const { legend } = await import("../src/games/amakta-legend.js");
const { cellsNamed } = await import("../src/games/amakta.js");
const { stoneValue } = await import("../src/games/amakta-stones.js");

type View = Parameters<typeof lineWords>[0];

test("Infinit's stone editor starts from the empty stone, is built by clicking the picture's directions or their buttons, and says what it builds, without codes", async () => {
  for (const [language, empty, east, free] of [
    // East's blue arrow named as built (as the picture shows it, review 17), then as the set lists the
    // stone (its one name there, review 14), ↘1.
    ["en", /This stone: empty stone/, /This stone: →1in your set: ↘1 \(the same stone, turned\)/, /orientation/],
    [
      "de",
      /Dieser Stein: leerer Stein/,
      /Dieser Stein: →1in deinem Satz: ↘1 \(derselbe Stein, gedreht\)/,
      /Ausrichtung/,
    ],
  ] as const) {
    setLang(language);
    const state = newModel(true).editor;
    assert.equal(state.code, "000000", `${language}: the editor starts from the empty stone`);
    assert.equal(stoneValue(state.code, state.circle), 2, "worth what the rules give it");
    const draw = () => drawn(stoneEditor(state, { t, withCircle: true, withCode: false, onchange: () => {} }));
    let editor = await draw();
    assert.match(editor?.querySelector("[data-editor-stone]")?.textContent ?? "", empty);
    assert.match(
      editor?.querySelector(".amk-editor-note")?.textContent ?? "",
      free,
      `${language}: the direction does not matter`,
    );
    assert.equal(editor?.querySelectorAll('select[name^="editor-dir"]').length, 0, "no selects for the directions");
    // A click on the picture's east opens its choice of arrows (review 14): blue is picked directly.
    (editor?.querySelector('[data-editor-direction="0"]') as SVGElement | null)?.dispatchEvent(
      new window.Event("click"),
    );
    editor = await draw();
    (editor?.querySelector('[data-choice="1"]') as HTMLElement | null)?.dispatchEvent(new window.Event("click"));
    assert.equal(state.code, "100000");
    editor = await draw();
    assert.match(editor?.querySelector("[data-editor-stone]")?.textContent ?? "", east);
    // The keyboard's way: a button per direction that names it and its arrows, and opens its choice too.
    const button = editor?.querySelector('button[data-editor-dir="0"]') as HTMLButtonElement | null;
    assert.ok(button, "a button for the east");
    assert.match(button.getAttribute("aria-label") ?? "", new RegExp(t("amk.dirE")));
    assert.equal(button.getAttribute("data-digit"), "1");
    button.dispatchEvent(new window.Event("click"));
    editor = await draw();
    (editor?.querySelector('[data-choice="2"]') as HTMLElement | null)?.dispatchEvent(new window.Event("click"));
    assert.equal(state.code, "200000");
    assert.equal(editor?.querySelectorAll("button[data-editor-dir]").length, 6);
    // No stone code nor digit shows: the choices are words.
    editor = await draw();
    assert.doesNotMatch(editor?.textContent ?? "", /\b\d (none|blue|green|red|keiner|blau|grün|rot)/);
    assert.doesNotMatch(editor?.textContent ?? "", /\d{6}/);
  }
});

test("the empty stone is named in words, in the move list and the labels, in both languages", () => {
  // After White's move, Black is to move.
  const view = { game: "amakta", to_move: { colour: "black" }, phase: "play", p1_colour: "white" } as unknown as View;
  for (const [language, label, inMove] of [
    ["en", "empty stone", /White places empty stone on e1/],
    ["de", "leerer Stein", /Weiß setzt leeren Stein auf e1/],
  ] as const) {
    setLang(language);
    assert.equal(arrowsText("000000"), label);
    assert.equal(drawnArrowsText("000000", 3), label);
    const [words] = moveWords(["place 000000 e1 000000"], view, { t });
    assert.match(words ?? "", inMove);
    assert.doesNotMatch(words ?? "", /○/);
  }
});

test("German uses one verb for creating stones: erschaffen, never kreieren", () => {
  const texts = Object.values(AMAKTA_DE).join("\n");
  assert.doesNotMatch(texts, /kreier/i);
  assert.match(AMAKTA_DE["amk.creation"], /Erschaffe/);
  assert.match(AMAKTA_DE["amk.create"], /erschaffen/);
});

test("the move about to be played reads as the turned board draws it, as the stones in hand do", () => {
  setLang("en");
  const view = { game: "amakta", to_move: { colour: "black" }, phase: "play", p1_colour: "white" } as unknown as View;
  const move = "place 300100 e9 100300";
  const [turned] = lineWords(view, [move], { t, turn: 3 });
  assert.equal(turned, `Black places ${drawnArrowsText("100300", 3)} on e9`);
  assert.equal(turned, "Black places →3←1 on e9");
  const [white] = lineWords(view, [move], { t });
  assert.equal(white, "Black places →1←3 on e9");
  assert.match(t("amk.turnedNote"), /Arrows are written as your board shows them/);
});

test("the standard board names its cells at any size (a phone's too); Infinit's plane where its zoom lets them be read", () => {
  // 390 px for a hex5 board of about 19 hex units: some 20 px a unit.
  assert.equal(cellsNamed(false, 20), true);
  assert.equal(cellsNamed(false, 32), true);
  assert.equal(cellsNamed(true, 20), false);
  assert.equal(cellsNamed(true, 40), true);
});

test("the hints name no keys; the keys come in a part of their own that only a screen with a keyboard shows", async () => {
  for (const language of ["en", "de"] as const) {
    setLang(language);
    for (const hint of ["amk.hintTarget", "amk.hintConfirm"] as const) {
      assert.doesNotMatch(t(hint), /Shift|Umschalt|\bR\b|\bM\b|Enter/, `${language}: ${hint}`);
      const keys = await drawn(keysHint(hint, t));
      assert.equal(keys?.className, "amk-keys");
      assert.match(keys?.textContent ?? "", hint === "amk.hintTarget" ? /R.*M/ : /Enter/);
    }
  }
});

test("what the cells' numbers mean is said in a line always shown, with the legend folded under it", async () => {
  for (const [language, words] of [
    ["en", /What the numbers mean: "1:0"/],
    ["de", /Was die Zahlen bedeuten: „1:0“/],
  ] as const) {
    setLang(language);
    const part = await drawn(legend(t));
    assert.match(part?.querySelector("#amk-numbers")?.textContent ?? "", words);
    assert.ok(part?.querySelector("details.amk-legend"), `${language}: the legend still folds`);
  }
});
