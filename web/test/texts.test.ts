// The UI's dictionary: `t` takes only keys that have a text (the type check says so), in both
// languages, Amakta's among them; a module's texts join it once, and a key with no text throws.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./dom.js";

installDom();
const { t, setLang, addTexts } = await import("../src/i18n.js");

test("a key gives its text in the page's language, placeholders filled, Amakta's too", () => {
  setLang("de");
  assert.equal(t("wins", { name: "Rot" }), "Rot gewinnt");
  assert.equal(t("amk.white"), "Weiß");
  setLang("en");
  assert.equal(t("wins", { name: "Red" }), "Red wins");
  assert.equal(t("amk.white"), "White");
});

test("a key with no text fails the type check, and throws rather than showing the key", () => {
  // @ts-expect-error: not a key of the dictionary
  assert.throws(() => t("no.such.key"), /no text no\.such\.key/);
});

test("a module's texts join the dictionary once: added again, a key throws", () => {
  const texts = { en: { "texts.test": "English" }, de: { "texts.test": "Deutsch" } };
  assert.equal(addTexts(texts), texts);
  assert.throws(() => addTexts(texts), /defined twice/);
});
