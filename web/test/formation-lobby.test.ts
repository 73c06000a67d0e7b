// Die Formation's lobby fields: the board chosen in words becomes the `board` option's value.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./dom.js";
import type { GameEntry, OptionSpec } from "../src/types.js";

installDom();
const { lobbyOptions } = await import("../src/games/formation-lobby.js");
const { t } = await import("../src/i18n.js");
const { patch, v } = await import("../src/vdom.js");

const spec = (name: string): OptionSpec =>
  ({ name, default: "", choices: [], help: { en: "", de: "" } }) as unknown as OptionSpec;
const entry = { name: "formation", options: [spec("board"), spec("first"), spec("plylimit")] } as unknown as GameEntry;

/** Draws the fields into a fresh form; returns it with the options written and the fields the lobby drew. */
function draw(options: Record<string, string>, rerender = () => {}) {
  const drawn: string[] = [];
  const field = (s: OptionSpec) => {
    drawn.push(s.name);
    return v("label", { key: s.name });
  };
  const element = document.createElement("form");
  patch(element, lobbyOptions({ entry, options, t, rerender, field }));
  return { element, drawn };
}

/** Chooses `kind` in the board's select, as a player does. */
function choose(element: HTMLElement, kind: string) {
  const select = element.querySelector<HTMLSelectElement>('select[name="option-board-kind"]');
  assert.ok(select);
  select.value = kind;
  select.dispatchEvent(new window.Event("change"));
}

test("the standard board, a random board by number and tiles of one's own each write the board option", () => {
  const options: Record<string, string> = {};
  let { element, drawn } = draw(options);
  assert.equal(options.board, "default");
  assert.deepEqual(drawn, ["first", "plylimit"], "the board is the game's own field, the others the lobby's");

  choose(element, "random");
  ({ element } = draw(options));
  assert.match(options.board ?? "", /^random:\d+$/);
  const number = element.querySelector<HTMLInputElement>('input[name="option-board-number"]');
  assert.ok(number);
  number.value = "7";
  number.dispatchEvent(new window.Event("input"));
  assert.equal(options.board, "random:7");

  choose(element, "tiles");
  ({ element } = draw(options));
  const tiles = element.querySelector<HTMLInputElement>('input[name="option-board"]');
  assert.ok(tiles);
  tiles.value = " 2b1 1a0 3a2 4b3 ";
  tiles.dispatchEvent(new window.Event("input"));
  assert.equal(options.board, "2b1 1a0 3a2 4b3");
});
