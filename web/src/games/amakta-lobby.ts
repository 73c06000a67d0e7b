// The Amakta part of the lobby form: board (built-in or uploaded text),
// set (named or composed in the stone editor), circles (played in the
// setup phase, none, or assigned stone by stone) and P1's colour. Writes
// the options `board`, `set`, `circles` and `colour` of the game.

import "./amakta-flow.css";
import { onElement, v, type VChild, type VNode } from "../vdom.js";
import { addTexts } from "../i18n.js";
import { canonical, stoneIcon } from "./amakta-stones.js";
import { freshStone, stoneEditor, type EditorState } from "./amakta-editor.js";
import { stoneLabel } from "./amakta-moves.js";
import type { LobbyContext } from "../board-types.js";

const BOARDS = ["hex3", "hex4", "hex5", "hex6", "hex5-holes"] as const;
// The named sets of crates/amakta/src/sets.rs (NAMED_SETS), by name.
const SET_NAMES = ["default", "beginner", "long-range", "doubles", "fair-hex4", "fair-hex5", "fair-hex6"] as const;
const NAMED_SETS: Record<string, string> & Record<(typeof SET_NAMES)[number], string> = {
  default: "000000 100000 300000 400000 110000 101000 200200 111000 800000 100100",
  beginner: "100000 110000 101000 200000 111000 000000",
  "long-range": "300000 330000 303000 200200 500000 900000 300300 000000",
  doubles: "400000 500000 600000 404000 440000 100000 000000",
  "fair-hex4": "002203 000222 001103 000028 000131 000204 000016",
  "fair-hex5": "000036 000123 001002 001008 003007 002203 001011",
  "fair-hex6": "003013 001202 000303 000000 000206 002009 002022",
};
const MAX_SET = 32;

/**
 * This module's texts (their keys join `TextKey` through `text-keys.ts`): short choices (a long one
 * is cut in a narrow select) with the rules under them in words — who assigns the circles, who
 * chooses the colour, who moves first — and the headings of the stone-by-stone assignment.
 */
export const TEXTS = addTexts({
  en: {
    "amk.colourAutoShort": "Automatic",
    "amk.colourAutoHelp":
      "Automatic: when the circles are given in the setup phase, the second player chooses the colour; otherwise the first player plays White.",
    "amk.lobby.circlesPlay": "in the setup phase",
    "amk.lobby.circlesNone": "none (beginners)",
    "amk.lobby.circlesAssign": "set now, stone by stone",
    "amk.lobby.circlesPlayHelp":
      "Setup phase: the first player gives each stone a circle (or none), then the second player chooses a colour (unless the colour below is fixed). White moves first, so the first player need not be the one who moves first.",
    "amk.lobby.circlesAssignHelp":
      "Each stone of both colours gets its circle now; no setup phase. The first player's colour is set below (automatic: White).",
    "amk.lobby.whiteStones": "White's stones",
    "amk.lobby.blackStones": "Black's stones",
  },
  de: {
    "amk.colourAutoShort": "Automatisch",
    "amk.colourAutoHelp":
      "Automatisch: Werden die Kreise in der Startphase vergeben, wählt der zweite Spieler die Farbe; sonst spielt der erste Spieler Weiß.",
    "amk.lobby.circlesPlay": "in der Startphase",
    "amk.lobby.circlesNone": "keine (Anfänger)",
    "amk.lobby.circlesAssign": "jetzt festlegen, je Stein",
    "amk.lobby.circlesPlayHelp":
      "Startphase: Der erste Spieler gibt jedem Stein einen Kreis (oder keinen), dann wählt der zweite Spieler eine Farbe (außer die Farbe unten ist festgelegt). Weiß zieht zuerst, der erste Spieler ist also nicht unbedingt der, der zuerst zieht.",
    "amk.lobby.circlesAssignHelp":
      "Jeder Stein beider Farben bekommt jetzt seinen Kreis; keine Startphase. Die Farbe des ersten Spielers steht unten (automatisch: Weiß).",
    "amk.lobby.whiteStones": "Steine von Weiß",
    "amk.lobby.blackStones": "Steine von Schwarz",
  },
});

// The lobby re-renders the whole form on every change: the choices live here.
const state = {
  board: "hex5",
  boardText: "    . . .\n   . . . .\n  . . . . .\n   . . . .\n    . . .",
  set: "default",
  custom: ["100000", "300000", "400000"],
  editor: { code: "110000", circle: "none" } as EditorState,
  /** Whether the player changed the composer's stone since it was last set (opened, or a stone added). */
  composed: false,
  circles: "play",
  assigned: {} as Record<string, string>,
  colour: "auto",
};

function setCodes(): string[] {
  return state.set === "custom" ? state.custom : (NAMED_SETS[state.set] ?? "").split(" ");
}

function write(options: Record<string, string>): void {
  options.board =
    state.board === "custom"
      ? state.boardText
          .split("\n")
          .filter((l) => l.trim())
          .join("/")
          .replace(/ /g, "_")
      : state.board;
  options.set = state.set === "custom" ? state.custom.join(",") : state.set;
  if (state.circles === "assign") {
    const items: string[] = [];
    for (const colour of ["w", "b"]) {
      for (const code of setCodes()) {
        const circle = state.assigned[`${colour}:${canonical(code)}`] || "n";
        if (circle !== "n") items.push(`${colour}:${canonical(code)}=${circle}`);
      }
    }
    options.circles = items.length ? items.join(",") : "none";
  } else {
    options.circles = state.circles;
  }
  options.colour = state.colour;
}

/** The circle a letter of the `circles` option names. */
function circleName(letter: string | undefined): string {
  return letter === "r" ? "reinforcement" : letter === "d" ? "damage" : "none";
}

/** Writes the options from the choices and redraws the form: after a choice changed. */
function commit({ options, rerender }: LobbyContext): void {
  write(options);
  rerender();
}

/** An event handler that gives the control's value to `fn`, then commits it. */
function change(context: LobbyContext, fn: (value: string) => void): (event: Event) => void {
  return (event: Event) => {
    fn((event.target as HTMLSelectElement).value);
    commit(context);
  };
}

/** A field of the form: its label, its control and a help line under it. */
function field(label: string, control: VNode, help?: string): VNode {
  return v("label", {}, [v("span", {}, label), control, help ? v("small", { class: "muted" }, help) : null]);
}

/** A select of `choices` (value, text) with `value` selected; a choice goes to `onchange`, then is committed. */
function select(
  context: LobbyContext,
  name: string,
  value: string,
  choices: [string, string][],
  onchange: (value: string) => void,
): VNode {
  return selectOf(name, value, choices, change(context, onchange));
}

/** A select named `name` of `choices` (value, text), `value` chosen (also after a redraw), `change` its listener. */
function selectOf(name: string, value: string, choices: [string, string][], change: (event: Event) => void): VNode {
  return v(
    "select",
    {
      name,
      on: { change },
      hook: onElement((element) => {
        (element as HTMLSelectElement).value = value;
      }),
    },
    choices.map(([choice, text]) => v("option", { key: choice, value: choice, selected: choice === value }, text)),
  );
}

/** The board's fields: the board's select and, for an own board, its text and an upload of it. */
function boardFields(context: LobbyContext): VNode[] {
  const { options, t } = context;
  const board: VNode[] = [
    field(
      t("amk.board"),
      select(
        context,
        "option-board",
        state.board,
        [...BOARDS.map((b): [string, string] => [b, t(`amk.boardName.${b}`)]), ["custom", t("amk.boardCustom")]],
        (v) => {
          state.board = v;
        },
      ),
    ),
  ];
  if (state.board !== "custom") return board;
  return [
    ...board,
    v("label", {}, [
      v("span", {}, t("amk.boardText")),
      v(
        "textarea",
        {
          name: "board-text",
          rows: 7,
          on: {
            input: (e: Event) => {
              state.boardText = (e.target as HTMLTextAreaElement).value;
              write(options);
            },
          },
        },
        state.boardText,
      ),
      v("small", { class: "muted" }, t("amk.boardTextHelp")),
    ]),
    v("label", {}, [
      v("span", {}, t("amk.boardUpload")),
      v("input", {
        type: "file",
        accept: ".txt,text/plain",
        name: "board-file",
        on: {
          change: async (e: Event) => {
            const file = (e.target as HTMLInputElement).files?.[0];
            if (!file) return;
            state.boardText = await file.text();
            commit(context);
          },
        },
      }),
    ]),
  ];
}

/** The set's stones by their canonical `codes`, each with a remove button in an own set. */
function setStones(context: LobbyContext, codes: string[]): VNode {
  const { t } = context;
  return v(
    "div",
    { class: "amk-inv-list", id: "set-stones" },
    codes.map((code, i) =>
      v("span", { key: `${code}#${i}`, class: "amk-inv", "data-set-stone": code }, [
        stoneIcon(code, {}, "2rem"),
        stoneLabel(code),
        state.set === "custom"
          ? v(
              "button",
              {
                type: "button",
                class: "small",
                title: t("amk.removeStone"),
                "aria-label": t("amk.removeStone"),
                on: {
                  click: () => {
                    state.custom.splice(i, 1);
                    commit(context);
                  },
                },
              },
              "×",
            )
          : null,
      ]),
    ),
  );
}

/**
 * The composer of an own set: the stone editor with a button that adds its stone (unless already in
 * the set). It opens, and goes on after a stone is added, on a stone the set has not got.
 */
function setComposer(context: LobbyContext): VNode {
  const { t } = context;
  const held = (code: string) => state.custom.some((c) => canonical(c) === canonical(code));
  if (!state.composed && held(state.editor.code)) state.editor.code = freshStone(state.custom);
  const code = canonical(state.editor.code);
  const dup = state.custom.some((c) => canonical(c) === code);
  const add: VChild = v("div", { key: "add" }, [
    v(
      "button",
      {
        type: "button",
        id: "add-stone",
        disabled: dup || state.custom.length >= MAX_SET,
        on: {
          click: () => {
            state.custom.push(state.editor.code);
            state.composed = false;
            commit(context);
          },
        },
      },
      t("amk.addStone"),
    ),
    dup ? v("small", { class: "error" }, " " + t("amk.duplicateStone")) : null,
  ]);
  // The stone being composed is no option: the form is drawn again without writing the options.
  const changed = () => {
    state.composed = true;
    context.rerender();
  };
  const editor = stoneEditor(state.editor, { t, onchange: changed, extra: add });
  return v("div", { key: "compose", class: "amk-compose" }, [v("p", { class: "muted" }, t("amk.composeHelp")), editor]);
}

/** The set's fields: the set's select, its stones and, for an own set, the composer. */
function setFields(context: LobbyContext, codes: string[]): VNode[] {
  const { t } = context;
  const set: VNode[] = [
    field(
      t("amk.set"),
      select(
        context,
        "option-set",
        state.set,
        [...SET_NAMES.map((s): [string, string] => [s, t(`amk.setName.${s}`)]), ["custom", t("amk.setCustom")]],
        (v) => {
          if (v === "custom" && state.set !== "custom") state.custom = [...setCodes()];
          state.set = v;
        },
      ),
    ),
    setStones(context, codes),
  ];
  if (state.set === "custom") set.push(setComposer(context));
  return set;
}

/**
 * The circles assigned stone by stone: per colour a heading, then per stone of `codes` its icon, its
 * name and a select of its circle.
 */
function assignedCircles(context: LobbyContext, codes: string[]): VNode {
  const { t } = context;
  return v(
    "div",
    { class: "amk-assign" },
    (["w", "b"] as const).map((colour) =>
      v("div", { key: colour, class: "amk-assign-colour", "data-assign-colour": colour }, [
        v("h4", { key: "heading" }, t(colour === "w" ? "amk.lobby.whiteStones" : "amk.lobby.blackStones")),
        ...codes.map((code) => assignedCircle(context, colour, code)),
      ]),
    ),
  );
}

/** One stone of the stone-by-stone assignment: its icon, its name and the select of its circle. */
function assignedCircle(context: LobbyContext, colour: "w" | "b", code: string): VNode {
  const { t } = context;
  const key = `${colour}:${code}`;
  return v("label", { key, class: "amk-assign-item" }, [
    stoneIcon(code, { owner: colour === "w" ? "white" : "black", circle: circleName(state.assigned[key]) }, "1.8rem"),
    v("span", { key: "name", class: "amk-assign-name" }, stoneLabel(code)),
    selectOf(
      `circle-${key}`,
      state.assigned[key] || "n",
      [
        ["n", t("amk.circle.none")],
        ["r", t("amk.circle.reinforcement")],
        ["d", t("amk.circle.damage")],
      ],
      change(context, (value) => {
        state.assigned[key] = value;
      }),
    ),
  ]);
}

/** The circles' fields: how circles come about and, when assigned, the assignment. */
function circleFields(context: LobbyContext, codes: string[]): VNode[] {
  const { t } = context;
  const circles: VNode[] = [
    field(
      t("amk.circles"),
      select(
        context,
        "option-circles",
        state.circles,
        [
          ["play", t("amk.lobby.circlesPlay")],
          ["none", t("amk.lobby.circlesNone")],
          ["assign", t("amk.lobby.circlesAssign")],
        ],
        (v) => {
          state.circles = v;
        },
      ),
      state.circles === "play"
        ? t("amk.lobby.circlesPlayHelp")
        : state.circles === "assign"
          ? t("amk.lobby.circlesAssignHelp")
          : undefined,
    ),
  ];
  if (state.circles === "assign") circles.push(assignedCircles(context, codes));
  return circles;
}

/** The first player's colour: automatic, white or black. */
function colourField(context: LobbyContext): VNode {
  const { t } = context;
  return field(
    t("amk.p1Colour"),
    select(
      context,
      "option-colour",
      state.colour,
      [
        ["auto", t("amk.colourAutoShort")],
        ["white", t("amk.white")],
        ["black", t("amk.black")],
      ],
      (v) => {
        state.colour = v;
      },
    ),
    t("amk.colourAutoHelp"),
  );
}

/** The option fields of Amakta for the lobby form; `rerender()` redraws the form. */
export function lobbyOptions(context: LobbyContext): VNode {
  write(context.options);
  return v("div", { key: "amk-lobby-options", class: "amk-lobby-options" }, fields(context));
}

/** The fields: board, set, circles and the first player's colour. */
function fields(context: LobbyContext): VNode {
  // Stones show by their canonical codes, as in the game.
  const codes = setCodes().map(canonical);
  // "options": the lobby's fieldset look (no frame, a small capital legend), as the other games' options.
  return v("fieldset", { key: "options", class: "options amk-options" }, [
    v("legend", {}, context.t("options")),
    ...boardFields(context),
    ...setFields(context, codes),
    ...circleFields(context, codes),
    colourField(context),
  ]);
}
