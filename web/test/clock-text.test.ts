// The time control in words under the game's title: minutes, and seconds under a minute.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./dom.js";

installDom();
const { setLang } = await import("../src/i18n.js");
const { clockText } = await import("../src/game/view.js");

test("a time control of a minute or more is in minutes, a shorter one in seconds", () => {
  setLang("en");
  assert.equal(clockText(300_000, 3_000), "5 min + 3 s per move");
  assert.equal(clockText(90_000, 0), "1.5 min + 0 s per move");
  assert.equal(clockText(18_000, 0), "18 s + 0 s per move");
  setLang("de");
  assert.equal(clockText(90_000, 2_000), "1,5 min + 2 s pro Zug");
  assert.equal(clockText(18_000, 1_000), "18 s + 1 s pro Zug");
});
