// Die Formation's part of the lobby form: the board in words — the standard board, a random one
// (by its number), or four tiles of one's own — written as the `board` option's values `default`,
// `random:N` and tile text; the game's other options as the lobby draws them.

import { v } from "../vdom.js";
import type { VNode } from "../vdom.js";
import { addTexts } from "../i18n.js";
import type { LobbyContext } from "../board-types.js";

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: {
    "fm.board": "Board",
    "fm.board.default": "The standard board",
    "fm.board.random": "A random board",
    "fm.board.tiles": "Four tiles of my choice",
    "fm.board.number": "Board number",
    "fm.board.another": "Another one",
    "fm.board.randomHelp":
      "One of the 98,304 ways to lay the four double-sided tiles; the same number always gives the same board.",
    "fm.board.tilesLabel": "Tiles",
    "fm.board.tilesHelp":
      "Top left, top right, bottom left, bottom right; each a tile number 1–4, its side a or b, and quarter turns 0–3, e.g. 1a0 2a0 3a0 4a0.",
  },
  de: {
    "fm.board": "Spielplan",
    "fm.board.default": "Der Standard-Spielplan",
    "fm.board.random": "Ein zufälliger Spielplan",
    "fm.board.tiles": "Vier Tableaus nach Wahl",
    "fm.board.number": "Spielplan Nummer",
    "fm.board.another": "Ein anderer",
    "fm.board.randomHelp":
      "Eine der 98.304 Arten, die vier doppelseitigen Tableaus zu legen; dieselbe Nummer gibt immer denselben Spielplan.",
    "fm.board.tilesLabel": "Tableaus",
    "fm.board.tilesHelp":
      "Oben links, oben rechts, unten links, unten rechts; je Tableau-Nummer 1–4, Seite a oder b und Vierteldrehungen 0–3, z. B. 1a0 2a0 3a0 4a0.",
  },
});

/** The lobby re-renders the whole form on every change: the choice lives here. */
const state = { kind: "default", number: newNumber(), tiles: "1a0 2a0 3a0 4a0" };

/** A board number for "a random board". */
function newNumber(): number {
  return Math.floor(Math.random() * 100000);
}

/** The `board` option's value for the choice. */
function boardValue(): string {
  if (state.kind === "random") return `random:${state.number}`;
  return state.kind === "tiles" ? state.tiles.trim() : "default";
}

/** The field under the board's select: the random board's number, or the tiles; none for the standard board. */
function boardDetail({ options, t, rerender }: LobbyContext): VNode | null {
  return state.kind === "random"
    ? v("label", { key: "board-number" }, [
        v("span", { key: "label" }, t("fm.board.number")),
        v("span", { key: "controls", class: "fm-board-number" }, [
          v("input", {
            key: "input",
            name: "option-board-number",
            type: "number",
            min: "0",
            value: String(state.number),
            on: {
              input: (e: Event) => {
                state.number = Math.max(0, Math.floor(Number((e.target as HTMLInputElement).value) || 0));
                options.board = boardValue();
              },
            },
          }),
          v(
            "button",
            {
              key: "another",
              type: "button",
              id: "fm-another-board",
              on: {
                click: () => {
                  state.number = newNumber();
                  rerender();
                },
              },
            },
            t("fm.board.another"),
          ),
        ]),
        v("small", { key: "help", class: "muted" }, t("fm.board.randomHelp")),
      ])
    : state.kind === "tiles"
      ? v("label", { key: "board-tiles" }, [
          v("span", { key: "label" }, t("fm.board.tilesLabel")),
          v("input", {
            key: "input",
            name: "option-board",
            value: state.tiles,
            on: {
              input: (e: Event) => {
                state.tiles = (e.target as HTMLInputElement).value;
                options.board = boardValue();
              },
            },
          }),
          v("small", { key: "help", class: "muted" }, t("fm.board.tilesHelp")),
        ])
      : null;
}

/** The option fields of Die Formation for the lobby form; `rerender()` redraws the form. */
export function lobbyOptions(context: LobbyContext): VNode {
  const { entry, options, t, rerender, field } = context;
  options.board = boardValue();
  const kinds = (["default", "random", "tiles"] as const).map((kind) =>
    v("option", { key: kind, value: kind, selected: kind === state.kind }, t(`fm.board.${kind}`)),
  );
  return v("fieldset", { key: "fm-options" }, [
    v("legend", { key: "legend" }, t("options")),
    v("label", { key: "board-kind" }, [
      v("span", { key: "label" }, t("fm.board")),
      v(
        "select",
        {
          key: "select",
          name: "option-board-kind",
          on: {
            change: (e: Event) => {
              state.kind = (e.target as HTMLSelectElement).value;
              rerender();
            },
          },
        },
        kinds,
      ),
    ]),
    boardDetail(context),
    ...entry.options.filter((o) => o.name !== "board").map(field),
  ]);
}
