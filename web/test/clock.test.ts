// The clock's text and warning classes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { clockClass, formatClock, shortClock } from "../src/game/clock.js";

test("formatClock rounds up to the second and never goes below zero", () => {
  assert.equal(formatClock(0), "0:00");
  assert.equal(formatClock(1), "0:01");
  assert.equal(formatClock(59_001), "1:00");
  assert.equal(formatClock(600_000), "10:00");
  assert.equal(formatClock(-5_000), "0:00");
});

test("a clock is low below 20 s or a tenth of the base time, and pulses only while running", () => {
  assert.equal(clockClass(25_000, 180_000, true), "clock");
  assert.equal(clockClass(19_000, 180_000, false), "clock low");
  assert.equal(clockClass(19_000, 180_000, true), "clock low pulse");
  assert.equal(clockClass(500_000, 6_000_000, true), "clock low pulse");
});

test("a short time control is in minutes, under a minute in seconds", () => {
  assert.equal(shortClock(300_000, 3_000), "5+3");
  assert.equal(shortClock(90_000, 0), "1.5+0");
  assert.equal(shortClock(18_000, 0), "18s+0");
});
