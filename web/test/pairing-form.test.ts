// The pairing form of seeks and challenges: "Takebacks" follows "Rated" (on in casual games, off in
// rated ones, as lichess) until the player sets it; the request body says what the form shows; the
// seek list's note names takebacks in both languages.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./dom.js";

const window = installDom();
const { setLang } = await import("../src/i18n.js");
const { patch } = await import("../src/vdom.js");
const { newPairingForm, pairingBody, pairingFields, takebacksMark } = await import(
  "../src/pages/lobby/pairing-form.js"
);
type Registry = import("../src/types.js").Registry;

/** A vnode drawn into an element of its own, to read as the page shows it. */
function drawn(node: import("../src/vdom.js").VNode): HTMLElement {
  const holder = document.createElement("div");
  patch(holder, node);
  return holder.firstElementChild as HTMLElement;
}

const registry: Registry = {
  games: [
    {
      name: "toy",
      title: "Toy",
      titles: { en: "Toy", de: "Spielzeug" },
      board: "toy",
      options: [],
      players: { p1: { en: "Red", de: "Rot" }, p2: { en: "Blue", de: "Blau" } },
      start_view: null,
    },
  ],
  levels: { min: 1, max: 8, default: 4 },
};

test("takebacks follow the rating until the player sets them", () => {
  const form = newPairingForm(registry);
  assert.deepEqual([pairingBody(form).rated, pairingBody(form).takebacks], [true, false], "rated: off");
  form.rated = false;
  assert.equal(pairingBody(form).takebacks, true, "casual: on");
  form.rated = true;
  form.clock = "";
  assert.deepEqual([pairingBody(form).rated, pairingBody(form).takebacks], [false, true], "no clock is casual: on");
  form.clock = "5+3";
  form.takebacks = true;
  assert.deepEqual([pairingBody(form).rated, pairingBody(form).takebacks], [true, true], "set on in a rated game");
  form.rated = false;
  form.takebacks = false;
  assert.equal(pairingBody(form).takebacks, false, "set off in a casual game");
});

test("the checkbox shows the rating's default, redraws with it, and once clicked keeps the player's choice", () => {
  setLang("en");
  const form = newPairingForm(registry);
  const host = document.createElement("form");
  document.body.append(host);
  const draw = () => patch(host, ...pairingFields(registry, form, "seek", draw).map((field) => field.control));
  draw();
  const box = (name: string) => host.querySelector<HTMLInputElement>(`input[name="seek-${name}"]`)!;
  const click = (name: string) => {
    box(name).checked = !box(name).checked;
    box(name).dispatchEvent(new window.Event("change") as unknown as Event);
  };
  assert.equal(box("takebacks").checked, false, "rated by default: no takebacks");
  assert.match(box("takebacks").parentElement!.textContent ?? "", /Takebacks/);
  click("rated");
  assert.equal(form.rated, false);
  assert.equal(box("takebacks").checked, true, "unrated: takebacks follow");
  click("takebacks");
  click("rated");
  assert.deepEqual([form.rated, form.takebacks, box("takebacks").checked], [true, false, false]);
  click("takebacks");
  assert.deepEqual([form.takebacks, box("takebacks").checked, pairingBody(form).takebacks], [true, true, true]);
  click("rated");
  click("rated");
  assert.equal(box("takebacks").checked, true, "the player's choice stays whatever the rating");
  host.remove();
});

test("the seek list's note says takebacks are allowed, in both languages, and nothing when not", () => {
  assert.equal(takebacksMark(false), null);
  setLang("en");
  const en = drawn(takebacksMark(true)!);
  assert.deepEqual([en.textContent, en.title], ["takebacks", "The players may ask each other to take a move back"]);
  setLang("de");
  const de = drawn(takebacksMark(true)!);
  assert.deepEqual(
    [de.textContent, de.title],
    ["Rücknahmen", "Die Spieler dürfen einander bitten, einen Zug zurückzunehmen"],
  );
  setLang("en");
});

test("a guest's quick tile signs in first and comes back into the tile's pool", async () => {
  const { quickSignInPath } = await import("../src/pages/lobby/controller.js");
  const path = quickSignInPath("ataxx", "5+3");
  const next = new URLSearchParams(path.split("?")[1]).get("next");
  assert.ok(path.startsWith("/login?"), path);
  assert.equal(next, "/?quick=ataxx+5%2B3");
  assert.equal(new URLSearchParams(next?.split("?")[1]).get("quick"), "ataxx 5+3");
});
