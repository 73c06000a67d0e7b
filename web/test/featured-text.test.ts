// The featured game's empty box says what a featured game is (a move in the last three minutes),
// so that it does not contradict the running games listed beside it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./dom.js";

installDom();
const { t, setLang } = await import("../src/i18n.js");
await import("../src/featured.js");

test("no featured game: the box says no game had a move lately, not that none is played", () => {
  setLang("en");
  assert.match(t("featured.none"), /^No game has had a move in the last three minutes\./);
  assert.doesNotMatch(t("featured.none"), /is being played/);
  setLang("de");
  assert.match(t("featured.none"), /^In den letzten drei Minuten wurde in keiner Partie gezogen\./);
  setLang("en");
});
