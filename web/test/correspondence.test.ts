// Correspondence in the web UI: the forms' time-control values become the request's clock or
// days per move, and the time left reads in days, hours or minutes, in both languages.
import { test } from "node:test";
import assert from "node:assert/strict";
import { drawn, installDom } from "./dom.js";

installDom();
const { setLang } = await import("../src/i18n.js");
const { timeControlRequest, timeControlSelect, leftText, correspondenceText } = await import(
  "../src/correspondence.js"
);

test("a form's time control is a clock, days per move or nothing", async () => {
  assert.deepEqual(timeControlRequest("5+3"), { clock: "5+3" });
  assert.deepEqual(timeControlRequest("days:7"), { correspondence: 7 });
  assert.deepEqual(timeControlRequest(""), {});
  const select = await drawn(timeControlSelect("clock", "days:3", "no clock", "Clock", () => {}));
  assert.ok(select);
  assert.equal(select.querySelector("option[selected]")?.getAttribute("value"), "days:3");
  assert.equal(select.querySelectorAll("optgroup").length, 2);
});

test("the time left reads in days and hours, hours and minutes, or minutes", () => {
  setLang("en");
  const hour = 3_600_000;
  assert.equal(leftText(2 * 24 * hour + 5 * hour + 59_000), "2 d 5 h");
  assert.equal(leftText(3 * hour + 7 * 60_000), "3 h 7 min");
  assert.equal(leftText(59_000), "0 min");
  assert.equal(leftText(-5), "0 min");
  assert.equal(correspondenceText({ days_per_move: 3, left_ms: 25 * hour }), "3 days per move · 1 d 1 h left");
  assert.equal(correspondenceText({ days_per_move: 1, left_ms: null }), "1 day per move");
  setLang("de");
  assert.equal(correspondenceText({ days_per_move: 3, left_ms: 25 * hour }), "3 Tage je Zug · noch 1 T 1 h");
  setLang("en");
});
