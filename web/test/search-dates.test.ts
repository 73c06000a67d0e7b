// The search's days: the date fields' values as the API takes them, a found game's day as the profile writes dates.
import { test } from "node:test";
import assert from "node:assert/strict";
import { dayFilter, dayText } from "../src/pages/search/dates.js";

test("a date field's value is the filter when it is a whole day, else no filter", () => {
  assert.equal(dayFilter("2026-12-03"), "2026-12-03");
  assert.equal(dayFilter(""), "");
  assert.equal(dayFilter("2026-12"), "");
});

test("a found game's day is its day in UTC, written as the profile writes dates (medium style)", () => {
  const ms = Date.UTC(2026, 2, 4, 23, 30);
  assert.equal(dayText(ms, "en"), new Intl.DateTimeFormat("en", { dateStyle: "medium" }).format(new Date(2026, 2, 4)));
  assert.equal(dayText(ms, "de"), new Intl.DateTimeFormat("de", { dateStyle: "medium" }).format(new Date(2026, 2, 4)));
  assert.match(dayText(ms, "en"), /^Mar 4, 2026$/);
  assert.match(dayText(ms, "de"), /^04\.03\.2026$/);
});
