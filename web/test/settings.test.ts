// The settings kept per browser: defaults, broken values, saving and what the page root shows.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./dom.js";

const window = installDom();
(globalThis as unknown as { matchMedia: unknown }).matchMedia = window.matchMedia.bind(window);
const { loadSettings, saveSettings } = await import("../src/settings.js");

test("settings start at their defaults, survive a save, and a broken value falls back alone", () => {
  localStorage.clear();
  assert.deepEqual(loadSettings(), {
    theme: "auto",
    coordinates: true,
    sound: true,
    confirmMoves: false,
    boardTheme: "classic",
  });
  saveSettings({ theme: "dark", coordinates: false, sound: false, confirmMoves: true, boardTheme: "wood" });
  assert.deepEqual(JSON.parse(localStorage.getItem("spielwerk-settings") ?? ""), {
    theme: "dark",
    coordinates: false,
    sound: false,
    confirmMoves: true,
    boardTheme: "wood",
  });
  assert.deepEqual(loadSettings(), {
    theme: "dark",
    coordinates: false,
    sound: false,
    confirmMoves: true,
    boardTheme: "wood",
  });
  const root = document.documentElement;
  assert.equal(root.getAttribute("data-theme"), "dark");
  assert.equal(root.getAttribute("data-board-theme"), "wood");
  assert.equal(root.getAttribute("data-coords"), "off");
  localStorage.setItem(
    "spielwerk-settings",
    JSON.stringify({ theme: "purple", coordinates: "yes", confirmMoves: true, boardTheme: "nonsense" }),
  );
  assert.deepEqual(loadSettings(), {
    theme: "auto",
    coordinates: true,
    sound: false,
    confirmMoves: true,
    boardTheme: "classic",
  });
  localStorage.setItem("spielwerk-settings", "{not json");
  assert.equal(loadSettings().theme, "auto");
});
