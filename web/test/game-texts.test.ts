// The games' texts come from the server's registry: option labels and help,
// in the language of the page, with no table of their own.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./dom.js";
import type { GameEntry } from "../src/types.js";

installDom();
const { setLang, useGameTexts, optionLabel, optionHelp, choiceLabel } = await import("../src/i18n.js");

const rot = { en: "Red", de: "Rot" };
const games: GameEntry[] = [
  {
    name: "ataxx",
    title: "Ataxx",
    titles: { en: "Ataxx", de: "Ataxx" },
    board: "ataxx",
    options: [
      {
        name: "board",
        label: { en: "Board", de: "Spielplan" },
        default: "",
        choices: [],
        choice_labels: [],
        help: { en: "the board", de: "der Plan" },
      },
    ],
    players: { p1: rot, p2: { en: "Blue", de: "Blau" } },
    start_view: null,
  },
  {
    name: "amakta",
    title: "Amakta",
    titles: { en: "Amakta", de: "Amakta" },
    board: "amakta",
    options: [
      {
        name: "board",
        label: { en: "Board", de: "Spielfeld" },
        default: "hex5",
        choices: [],
        choice_labels: [],
        help: { en: "", de: "" },
      },
    ],
    players: { p1: { en: "First player", de: "Erster Spieler" }, p2: { en: "Second player", de: "Zweiter Spieler" } },
    start_view: null,
  },
];

test("option labels and help are the registry's, per game, in the page's language", () => {
  useGameTexts(games);
  setLang("de");
  assert.equal(optionLabel("board", "amakta"), "Spielfeld");
  assert.equal(optionLabel("board", "ataxx"), "Spielplan");
  assert.equal(optionLabel("unknown", "ataxx"), "unknown");
  assert.equal(optionHelp("ataxx", "board", games[0]!.options[0]!.help), "der Plan");
  setLang("en");
  assert.equal(optionLabel("board", "amakta"), "Board");
});

test("a choice shows its label in the page's language, else its value", () => {
  const spec = { choices: ["seed", "community"], choice_labels: [{ en: "Original", de: "Original (de)" }] };
  setLang("de");
  assert.equal(choiceLabel(spec, 0), "Original (de)");
  setLang("en");
  assert.equal(choiceLabel(spec, 0), "Original");
  assert.equal(choiceLabel(spec, 1), "community", "an unlabelled choice shows its value");
});
