// The search's day fields: typed as YYYY-MM-DD or as Germans write it, kept as the API takes it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { dayField, dayText, parseDay } from "../src/pages/search/dates.js";

test("a day is read from YYYY-MM-DD and from D.M.YYYY, and only if it exists", () => {
  assert.equal(parseDay("2026-12-03"), "2026-12-03");
  assert.equal(parseDay(" 3.12.2026 "), "2026-12-03");
  assert.equal(parseDay("03.12.2026"), "2026-12-03");
  assert.equal(parseDay("2026-2-9"), "2026-02-09");
  assert.equal(parseDay("29.02.2024"), "2024-02-29");
  assert.equal(parseDay("29.02.2026"), null);
  assert.equal(parseDay("2026-13-01"), null);
  assert.equal(parseDay("12/03/2026"), null);
  assert.equal(parseDay(""), null);
});

test("the field shows a day as the page's language writes it, other text as it is", () => {
  assert.equal(dayField("2026-12-03", "de"), "03.12.2026");
  assert.equal(dayField("2026-12-03", "en"), "2026-12-03");
  assert.equal(dayField("", "de"), "");
  assert.equal(dayField("gestern", "de"), "gestern");
});

test("a found game's day is its day in UTC, written as the fields write days, with leading zeros", () => {
  const ms = Date.UTC(2026, 2, 4, 23, 30);
  assert.equal(dayText(ms, "en"), "2026-03-04");
  assert.equal(dayText(ms, "de"), "04.03.2026");
});
