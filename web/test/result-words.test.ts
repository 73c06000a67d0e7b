// A finished game's result in words: an aborted game says so, and no result shows no "(*)".
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./dom.js";

installDom();
const { setLang } = await import("../src/i18n.js");
const { resultNotation, resultWords } = await import("../src/result-words.js");

test("an aborted game reads 'Game aborted' in both languages, another game without a result 'No result'", () => {
  setLang("en");
  assert.equal(resultWords("*", "aborted", null, "Draw"), "Game aborted");
  assert.equal(resultWords("*", "abandoned", null, "Draw"), "No result");
  setLang("de");
  assert.equal(resultWords("*", "aborted", null, "Remis"), "Partie abgebrochen");
  setLang("en");
});

test("a win and a draw keep their words, and only a real result shows its notation", () => {
  assert.equal(resultWords("1-0", "resignation", "Red wins", "Draw"), "Red wins");
  assert.equal(resultWords("1/2-1/2", "agreement", null, "Draw"), "Draw");
  assert.equal(resultNotation("1-0"), " (1-0)");
  assert.equal(resultNotation("*"), "");
});
