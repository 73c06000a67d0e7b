// Amakta's setup flow (review 13): the circle step shows where it stands and every stone with its
// circle so far, and says why the assigner should stay fair; the lobby says who assigns and who
// chooses the colour, names the stones of the stone-by-stone grid under a heading per colour, and
// keeps a number option's help (Infinit's arrow cap and ply limit) in sight under its own field;
// during a setup Abort is the only action; a rematch's open seat shows no invite hints.
import { test } from "node:test";
import assert from "node:assert/strict";
import { drawn, installDom } from "./dom.js";
import type { GameEntry, OptionSpec } from "../src/types.js";

installDom();
await import("../src/games/amakta.js");
const { setLang, t } = await import("../src/i18n.js");
const { circleSetup } = await import("../src/games/amakta-setup.js");
import { inventoryStone } from "./amakta-fixture.js";
const { newModel } = await import("../src/games/amakta-model.js");
const { lobbyOptions } = await import("../src/games/amakta-lobby.js");
const { helpFolded } = await import("../src/pages/lobby/view.js");
const gameView = await import("../src/game/view.js");
const { patch, v } = await import("../src/vdom.js");

const stone = inventoryStone;

/** Two stones a colour: White's two given (damage, none), Black's first next. */
const view = {
  game: "amakta",
  phase: "circles",
  next_circle: "b:100000",
  stones: [
    stone("white", "100000", "damage"),
    stone("white", "200000", "none"),
    stone("black", "100000", "none"),
    stone("black", "200000", "none"),
  ],
};
const actions = { play: () => {}, bid: () => {}, redraw: () => {} };
const legal = ["circle b:100000=n", "circle b:100000=r", "circle b:100000=d", "circles none"];

test("the circle step: 'stone 3 of 4', every stone with its circle so far, the next marked, and why to stay fair", async () => {
  for (const [language, progress, fair, wait] of [
    ["en", "Stone 3 of 4", /opponent chooses a colour/, /other player then chooses a colour/],
    ["de", "Stein 3 von 4", /wählt dein Gegner eine Farbe/, /Der andere wählt danach eine Farbe/],
  ] as const) {
    setLang(language);
    for (const [interactive, premove] of [
      [true, null],
      [false, "p2"],
    ] as const) {
      const props = { view, interactive, premove, legal } as never;
      const panel = await drawn(circleSetup({ props, model: newModel(false), t, actions }));
      assert.equal(panel?.querySelector("#amk-circle-progress")?.textContent, progress, `${language} ${interactive}`);
      assert.match(panel?.querySelector("#amk-circle-fair")?.textContent ?? "", interactive ? fair : wait);
      const states = [...(panel?.querySelectorAll("[data-overview-stone]") ?? [])].map((e) => [
        e.getAttribute("data-overview-stone"),
        e.getAttribute("data-overview-state"),
        e.querySelector(".amk-circle-given")?.textContent,
      ]);
      assert.deepEqual(states, [
        ["w:100000", "done", t("amk.circle.damage")],
        ["w:200000", "done", t("amk.circle.none")],
        ["b:100000", "next", t("amk.circleNext")],
        ["b:200000", "pending", t("amk.circlePending")],
      ]);
      const rows = [...(panel?.querySelectorAll("[data-overview-of] h4") ?? [])].map((h) => h.textContent);
      assert.deepEqual(rows, [t("amk.white"), t("amk.black")], "a row per colour, named");
      assert.equal(panel?.querySelectorAll("[data-circle-choice]").length, interactive ? 3 : 0);
    }
  }
  setLang("en");
});

/** Draws Amakta's lobby fields with `options` into a fresh form. */
function lobby(options: Record<string, string>): HTMLElement {
  const entry = { name: "amakta", options: [] } as unknown as GameEntry;
  const element = document.createElement("form");
  const field = (s: OptionSpec) => v("label", { key: s.name });
  patch(element, lobbyOptions({ entry, options, t, rerender: () => {}, field }));
  return element;
}

test("the lobby says the first player assigns and the second chooses the colour; the circle choices are short", () => {
  for (const [language, words] of [
    ["en", /first player gives each stone a circle.*second player chooses a colour.*White moves first/],
    ["de", /erste Spieler gibt jedem Stein einen Kreis.*zweite Spieler eine Farbe.*Weiß zieht zuerst/],
  ] as const) {
    setLang(language);
    const form = lobby({});
    const select = form.querySelector('select[name="option-circles"]');
    assert.match(select?.parentElement?.textContent ?? "", words);
    for (const option of select?.querySelectorAll("option") ?? [])
      assert.ok((option.textContent ?? "").length <= 30, `${language}: "${option.textContent}" fits a narrow select`);
  }
  setLang("en");
});

test("the stone-by-stone grid: a heading per colour, each stone's name beside its icon", () => {
  for (const [language, white, black] of [
    ["en", "White's stones", "Black's stones"],
    ["de", "Steine von Weiß", "Steine von Schwarz"],
  ] as const) {
    setLang(language);
    const form = lobby({});
    const circles = form.querySelector<HTMLSelectElement>('select[name="option-circles"]');
    assert.ok(circles);
    circles.value = "assign";
    circles.dispatchEvent(new window.Event("change"));
    const again = lobby({});
    const headings = [...again.querySelectorAll("[data-assign-colour] h4")].map((h) => h.textContent);
    assert.deepEqual(headings, [white, black]);
    const names = [...again.querySelectorAll('[data-assign-colour="w"] .amk-assign-name')].map((n) => n.textContent);
    assert.equal(names.length, 10, "the default set's ten stones");
    assert.ok(names.every((name) => name && name.length > 0));
    assert.ok(names.includes("↘1"), `${names}`);
  }
  setLang("en");
});

test("a number option's help stays under its own field; a choice's long help folds away", () => {
  const number = { name: "arrow-cap", default: "0", choices: [] } as unknown as OptionSpec;
  const choice = { name: "rules", default: "a", choices: ["a", "b"] } as unknown as OptionSpec;
  const long = "amendment against bunkers: no stone may be created with more arrows than this; 0 means no cap";
  assert.equal(helpFolded(number, "Arrow cap", long), false);
  assert.equal(helpFolded(choice, "Rules", long), true);
  assert.equal(helpFolded(choice, "Rules", "short"), false);
});

const people = (abortable: boolean, inSetup: boolean, playMoves: number) => ({
  abortable,
  in_setup: inSetup,
  play_moves: playMoves,
  first_move_ms: null,
  takebacks: true,
  takeback_offer: null,
  draw_declined: null,
  presence: [],
});

test("during a setup (and until both sides made a move of play) Abort is the only action", () => {
  const state = (ply: number, p: ReturnType<typeof people>) => ({ ply, people: p }) as never;
  assert.equal(gameView.settingUp(state(0, people(true, true, 0))), true, "in the setup");
  assert.equal(gameView.settingUp(state(21, people(true, false, 0))), true, "the setup over, no move of play");
  assert.equal(gameView.settingUp(state(22, people(true, false, 1))), true, "one move of play");
  assert.equal(gameView.settingUp(state(23, people(false, false, 2))), false, "begun");
  assert.equal(gameView.settingUp(state(1, people(true, false, 1))), false, "a game without a setup is as before");
});
