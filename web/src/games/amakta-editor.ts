// The stone editor as vnodes: a live picture of the stone whose six directions
// are clicked to cycle their arrows (none, then each kind the rules allow), the
// six directions as buttons too (the keyboard's way, each saying its arrows in
// words), what the stone is in words, optionally its code and circle. The
// lobby's set composer and Infinit's stone creation use it.

import { s, v, onElement, type VChild, type VNode } from "../vdom.js";
import type { Translate } from "../i18n.js";
import { CIRCLES, canonical, direction, hexPoints, stoneGlyph, type Owner } from "./amakta-stones.js";
import { arrowsText } from "./amakta-moves.js";

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

/**
 * The editor's live picture of the stone `code` drawn with `glyph`: a click on one of its six
 * directions calls `cycle(direction)`; an empty direction shows a faint slot to click. The pointer's
 * way; the direction buttons are the keyboard's (`directionButton`).
 */
function editorPicture(
  code: string,
  glyph: { owner: Owner; circle: string },
  t: Translate,
  cycle: (direction: number) => void,
): VNode {
  const hits = DIRECTION_KEYS.map((key, d) => {
    const [dx, dy] = direction(d);
    const digit = Number(code[d]);
    return s(
      "g",
      { key: `hit${d}`, class: "amk-editor-hit", "data-editor-direction": d, on: { click: () => cycle(d) } },
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
      "aria-label": t("amk.thisStone", { stone: arrowsText(code) }),
    },
    [s("polygon", { key: "cell", points: hexPoints(0, 0, 0.98), class: "amk-cell" }), stoneGlyph(code, glyph), ...hits],
  );
}

/** The button of direction `d`: its name and its arrows in words; a press cycles them as a click on the picture does. */
function directionButton(code: string, d: number, t: Translate, cycle: (direction: number) => void): VNode {
  const name = t(DIRECTION_KEYS[d] ?? "amk.dirE");
  const digit = Number(code[d]);
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
      on: { click: () => cycle(d) },
    },
    [
      v("span", { key: "name", class: "amk-dir-name" }, name),
      v("span", { key: "arrows", class: "amk-dir-arrows" }, arrows),
    ],
  );
}

/** What the stone being built is, in words, under its picture ("This stone: →1", "This stone: empty stone"). */
function editorCaption(code: string, t: Translate): VNode {
  return v(
    "p",
    { key: "caption", class: "amk-editor-caption", "data-editor-stone": code },
    t("amk.thisStone", { stone: arrowsText(code) }),
  );
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
  /** More of the editor's fields, after the code. */
  extra?: VChild;
}

/**
 * The stone editor: a live picture whose six directions are clicked to cycle their arrows, the six
 * directions as buttons (the keyboard's way), what the stone is in words and that its direction does
 * not matter (a stone is turned when placed), the code with `withCode`, and with `withCircle` a circle
 * choice. `state` = { code, circle } is changed in place; `onchange()` is called after every change.
 */
export function stoneEditor(
  state: { code: string; circle: string },
  { t, withCircle = false, withCode = true, onchange, owner = "white", extra = null }: EditorOptions,
): VNode {
  const cycle = (d: number) => {
    const digit = (Number(state.code[d]) + 1) % DIGIT_KEYS.length;
    state.code = state.code.slice(0, d) + digit + state.code.slice(d + 1);
    onchange();
  };
  const picture = editorPicture(state.code, { owner, circle: withCircle ? state.circle : "none" }, t, cycle);
  const buttons = DIRECTION_KEYS.map((_, d) => directionButton(state.code, d, t, cycle));
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
      editorCaption(state.code, t),
      circle,
      withCode ? editorCode(state.code, t) : null,
      extra,
      v("p", { key: "free", class: "amk-editor-note muted" }, t("amk.directionFree")),
    ]),
  ]);
}
