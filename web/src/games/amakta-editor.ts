// The stone editor as vnodes: a live picture of the stone whose six directions
// are clicked to pick their arrows, the six directions as buttons too (each
// saying its arrows in words); a direction clicked opens a small choice of its
// ten states (none and each kind the rules allow, drawn as the arrows they are)
// to pick one directly. What the stone is, in words, is written as the set
// lists it (one orientation), with its picture; optionally its code and
// circle. The picture and the directions are drawn turned by `turn` sixths as
// the page's board (3 on Black's turned board): what is built is written as
// that board draws it. The lobby's set composer and Infinit's stone creation
// use it.

import { s, v, onElement, type VChild, type VNode } from "../vdom.js";
import type { Translate } from "../i18n.js";
import { CIRCLES, canonical, direction, hexPoints, stoneGlyph, stoneIcon, type Owner } from "./amakta-stones.js";
import { drawnArrowsText } from "./amakta-moves.js";

/** The arrows of each code digit in words (0 none … 9 green+red), for the direction buttons. */
const DIGIT_KEYS = [
  "amk.none",
  "amk.blue",
  "amk.green",
  "amk.red",
  "amk.blueBlue",
  "amk.greenGreen",
  "amk.redRed",
  "amk.blueGreen",
  "amk.blueRed",
  "amk.greenRed",
] as const;
const DIRECTION_KEYS = ["amk.dirE", "amk.dirNE", "amk.dirNW", "amk.dirW", "amk.dirSW", "amk.dirSE"] as const;

/** The arrows of the code digit `digit` in words. */
function digitWords(digit: number, t: Translate): string {
  return t(DIGIT_KEYS[digit] ?? "amk.none");
}

/** The state the stone editor changes in place: the stone's code (the record's), its circle, the direction whose choice is open. */
export interface EditorState {
  code: string;
  circle: string;
  /** The direction (as drawn) whose choice of arrows is open, if any. */
  picking?: number | null;
}

/** The record's direction of the direction `drawn` on a picture turned by `turn` sixths. */
function recordDirection(drawn: number, turn: number): number {
  return (((drawn - turn) % 6) + 6) % 6;
}

/** The code digit of the drawn direction `drawn` of `code` turned by `turn` sixths. */
function digitAt(code: string, drawn: number, turn: number): number {
  return Number(code[recordDirection(drawn, turn)] ?? 0);
}

/**
 * The editor's live picture of the stone `code` drawn with `glyph`, turned by `turn` sixths: a click
 * on one of its six directions calls `pick(direction)` (the direction as drawn); an empty direction
 * shows a faint slot to click. The pointer's way; the direction buttons are the keyboard's.
 */
function editorPicture(
  code: string,
  glyph: { owner: Owner; circle: string; turn: number },
  t: Translate,
  pick: (direction: number) => void,
): VNode {
  const hits = DIRECTION_KEYS.map((key, d) => {
    const [dx, dy] = direction(d);
    const digit = digitAt(code, d, glyph.turn);
    return s(
      "g",
      { key: `hit${d}`, class: "amk-editor-hit", "data-editor-direction": d, on: { click: () => pick(d) } },
      [
        digit === 0 ? s("circle", { key: "slot", cx: dx * 0.6, cy: dy * 0.6, r: 0.1, class: "amk-editor-slot" }) : null,
        s("circle", { key: "zone", cx: dx * 0.6, cy: dy * 0.6, r: 0.3, class: "amk-editor-zone" }),
        s("title", { key: "title" }, t("amk.editorDirectionHelp", { direction: t(key), arrows: digitWords(digit, t) })),
      ],
    );
  });
  return s(
    "svg",
    {
      key: "picture",
      viewBox: "-1 -1 2 2",
      class: "amk-editor-picture",
      role: "img",
      "aria-label": t("amk.thisStone", { stone: drawnArrowsText(code, glyph.turn) }),
    },
    [s("polygon", { key: "cell", points: hexPoints(0, 0, 0.98), class: "amk-cell" }), stoneGlyph(code, glyph), ...hits],
  );
}

/** The button of the drawn direction `d`: its name and its arrows in words; a press opens (or closes) its choice. */
function directionButton(state: EditorState, d: number, turn: number, t: Translate, pick: (d: number) => void): VNode {
  const name = t(DIRECTION_KEYS[d] ?? "amk.dirE");
  const digit = digitAt(state.code, d, turn);
  const arrows = digitWords(digit, t);
  return v(
    "button",
    {
      key: `dir${d}`,
      type: "button",
      class: `amk-editor-dir${digit ? " set" : ""}`,
      "data-dir": d,
      "data-editor-dir": d,
      "data-digit": digit,
      "aria-label": t("amk.editorDirectionHelp", { direction: name, arrows }),
      "aria-expanded": state.picking === d ? "true" : "false",
      "aria-controls": "amk-editor-choice",
      on: { click: () => pick(d) },
    },
    [
      v("span", { key: "name", class: "amk-dir-name" }, name),
      v("span", { key: "arrows", class: "amk-dir-arrows" }, arrows),
    ],
  );
}

/**
 * The choice of the arrows of the drawn direction `d`: its ten states (none and the nine kinds), each
 * a button drawn as the arrows it gives (a stone with only these), named in words for screen readers;
 * the current one pressed and focused when the choice opens. A choice sets the direction and closes;
 * Escape closes it.
 */
function directionChoice(
  state: EditorState,
  d: number,
  { owner, turn, t, choose }: { owner: Owner; turn: number; t: Translate; choose: (digit: number | null) => void },
): VNode {
  const current = digitAt(state.code, d, turn);
  const direction = t(DIRECTION_KEYS[d] ?? "amk.dirE");
  return v(
    "div",
    {
      key: `choice${d}`,
      class: "amk-editor-choice",
      id: "amk-editor-choice",
      role: "group",
      "aria-label": t("amk.choiceOf", { direction }),
      "data-choice-dir": d,
      on: {
        keydown: (e: KeyboardEvent) => {
          if (e.key !== "Escape") return;
          e.preventDefault();
          choose(null);
        },
      },
    },
    DIGIT_KEYS.map((key, digit) => {
      const code = "000000".slice(0, d) + digit + "000000".slice(d + 1);
      return v(
        "button",
        {
          key: `digit${digit}`,
          type: "button",
          class: `amk-choice${digit === current ? " current" : ""}`,
          "data-choice": digit,
          "aria-label": t(key),
          "aria-pressed": digit === current ? "true" : "false",
          title: t(key),
          on: { click: () => choose(digit) },
          hook:
            digit === current
              ? { insert: (vnode: { elm?: Node }) => (vnode.elm as HTMLElement | undefined)?.focus() }
              : {},
        },
        [stoneIcon(code, { owner }, "1.9rem")],
      );
    }),
  );
}

/**
 * What the stone being built is, in words, under its picture: as built, so that the words agree with
 * the picture and the direction buttons ("This stone: ↗3↙1"; "This stone: empty stone"), drawn turned by
 * `turn` sixths as the page's board. Where the set lists it in another orientation (its canonical one,
 * which the inventory and the move list use), that name follows: "in your set: ↖1↘3".
 */
function editorCaption(code: string, owner: Owner, turn: number, t: Translate): VNode {
  const listed = canonical(code);
  const built = drawnArrowsText(code, turn);
  const asListed = drawnArrowsText(listed, turn);
  return v("p", { key: "caption", class: "amk-editor-caption", "data-editor-stone": listed }, [
    stoneIcon(code, { owner, turn }, "1.4rem"),
    v("span", { key: "words" }, [
      v("span", { key: "built", "data-stone-built": built }, t("amk.thisStone", { stone: built })),
      asListed !== built
        ? v(
            "span",
            { key: "listed", class: "amk-editor-listed muted", "data-stone-listed": asListed },
            t("amk.inYourSet", { stone: asListed }),
          )
        : null,
    ]),
  ]);
}

/** The editor's line of the stone's code, with its canonical form when that differs. */
function editorCode(code: string, t: Translate): VNode {
  return v("p", { key: "code", class: "amk-editor-code" }, [
    t("amk.code"),
    ": ",
    v("code", { "data-editor-code": code }, code),
    code !== canonical(code) ? v("span", { class: "muted" }, ` (${t("amk.canonical")} ${canonical(code)})`) : null,
  ]);
}

/** What the circle `circle` does, in words (the circle's select says its name only). */
function circleHint(circle: string, t: Translate): string {
  return circle === "reinforcement" || circle === "damage" || circle === "none" ? t(`amk.circleHint.${circle}`) : "";
}

/** A select of the editor named `name`: its `choices` (value, text), `value` chosen; a choice goes to `choose`. */
function editorSelect(
  name: string,
  value: string,
  choices: [string, string][],
  choose: (value: string) => void,
): VNode {
  return v(
    "select",
    {
      name,
      on: { change: (e: Event) => choose((e.target as HTMLSelectElement).value) },
      // The choice shown is the state's, also after a click on the picture changed it.
      hook: onElement((element) => {
        (element as HTMLSelectElement).value = value;
      }),
    },
    choices.map(([option, text]) => v("option", { key: option, value: option, selected: option === value }, text)),
  );
}

/**
 * A stone to start the editor from that the set `held` (codes, in any orientation) has not got: the
 * empty stone where it can, else the first of "100000", "200000", … "010000", "110000", ….
 */
export function freshStone(held: Iterable<string>): string {
  const taken = new Set([...held].map(canonical));
  for (let n = 0; n < 1000000; n++) {
    const code = String(n).padStart(6, "0").split("").reverse().join("");
    if (!taken.has(canonical(code))) return code;
  }
  return "000000";
}

/** What the stone editor is given besides its state. */
export interface EditorOptions {
  t: Translate;
  /** Whether the stone's circle is chosen too. */
  withCircle?: boolean;
  /** Whether the stone's code is shown (the lobby's set composer: codes are what a set is written in); a player making a stone needs none. */
  withCode?: boolean;
  /** Called after every change of the state (the caller draws again). */
  onchange: () => void;
  owner?: Owner;
  /** The sixths the page's board is turned by (3 on Black's turned board): the picture and its words are turned alike. */
  turn?: number;
  /** More of the editor's fields, after the code. */
  extra?: VChild;
}

/**
 * The stone editor: a live picture whose six directions are clicked to open their choice of arrows,
 * the six directions as buttons (the keyboard's way), what the stone is in words as the set lists it
 * and that its direction does not matter (a stone is turned when placed), the code with `withCode`,
 * and with `withCircle` a circle choice. `state` is changed in place; `onchange()` is called after
 * every change.
 */
export function stoneEditor(
  state: EditorState,
  { t, withCircle = false, withCode = true, onchange, owner = "white", turn = 0, extra = null }: EditorOptions,
): VNode {
  const pick = (d: number) => {
    state.picking = state.picking === d ? null : d;
    onchange();
  };
  const choose = (digit: number | null) => {
    const d = state.picking;
    state.picking = null;
    if (digit !== null && d !== null && d !== undefined) {
      const at = recordDirection(d, turn);
      state.code = state.code.slice(0, at) + digit + state.code.slice(at + 1);
    }
    onchange();
    // Back to the direction's button: the keyboard goes on from where it was.
    if (d !== null && d !== undefined)
      queueMicrotask(() => document.querySelector<HTMLElement>(`[data-editor-dir="${d}"]`)?.focus());
  };
  const picture = editorPicture(state.code, { owner, circle: withCircle ? state.circle : "none", turn }, t, pick);
  const buttons = DIRECTION_KEYS.map((_, d) => directionButton(state, d, turn, t, pick));
  const open = state.picking ?? null;
  const choice = open === null ? null : directionChoice(state, open, { owner, turn, t, choose });
  const circle = withCircle
    ? v("label", { key: "circle", class: "amk-editor-circle" }, [
        v("span", {}, t("amk.circle")),
        editorSelect(
          "editor-circle",
          state.circle,
          CIRCLES.map((c): [string, string] => [c, t(`amk.circle.${c}`)]),
          (value) => {
            state.circle = value;
            onchange();
          },
        ),
        v("small", { key: "hint", class: "muted", "data-circle-hint": state.circle }, circleHint(state.circle, t)),
      ])
    : null;
  return v("div", { key: "editor", class: "amk-editor" }, [
    picture,
    v("div", { key: "fields", class: "amk-editor-fields" }, [
      ...buttons,
      choice,
      editorCaption(state.code, owner, turn, t),
      circle,
      withCode ? editorCode(state.code, t) : null,
      extra,
      v("p", { key: "free", class: "amk-editor-note muted" }, t("amk.directionFree")),
    ]),
  ]);
}
