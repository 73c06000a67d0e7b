// The stone editor as vnodes: six direction selects around a live picture
// (a click on a direction of the picture cycles its arrows), the code, and
// optionally the circle. The lobby's set composer and Infinit's stone
// creation use it.

import { s, v, onElement, type VChild, type VNode } from "../vdom.js";
import type { Translate } from "../i18n.js";
import { CIRCLES, canonical, direction, hexPoints, stoneGlyph, type Owner } from "./amakta-stones.js";

/** Digit names for the editor's direction selects. */
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

/**
 * The editor's live picture of the stone `code` drawn with `glyph`: a click on one of its six
 * directions calls `cycle(direction)`.
 */
function editorPicture(
  code: string,
  glyph: { owner: Owner; circle: string },
  t: Translate,
  cycle: (direction: number) => void,
): VNode {
  const hits = DIRECTION_KEYS.map((key, d) => {
    const [dx, dy] = direction(d);
    return s(
      "circle",
      {
        key: `hit${d}`,
        cx: dx * 0.6,
        cy: dy * 0.6,
        r: 0.28,
        class: "amk-editor-hit",
        "data-editor-direction": d,
        on: { click: () => cycle(d) },
      },
      s("title", {}, t(key)),
    );
  });
  return s(
    "svg",
    { key: "picture", viewBox: "-1 -1 2 2", class: "amk-editor-picture", role: "img", "aria-label": code },
    [s("polygon", { key: "cell", points: hexPoints(0, 0, 0.98), class: "amk-cell" }), stoneGlyph(code, glyph), ...hits],
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
 * The stone editor: six direction selects around a live picture (click a direction of the
 * picture to cycle its arrows), the code, and with `withCircle` a circle choice. `state` =
 * { code, circle } is changed in place; `onchange()` is called after every change.
 */
export function stoneEditor(
  state: { code: string; circle: string },
  { t, withCircle = false, withCode = true, onchange, owner = "white", extra = null }: EditorOptions,
): VNode {
  const set = (d: number, digit: number) => {
    state.code = state.code.slice(0, d) + digit + state.code.slice(d + 1);
    onchange();
  };
  const picture = editorPicture(state.code, { owner, circle: withCircle ? state.circle : "none" }, t, (d) =>
    set(d, (Number(state.code[d]) + 1) % 10),
  );
  const digits = DIGIT_KEYS.map((k, digit): [string, string] => [String(digit), `${digit} ${t(k)}`]);
  const selects = DIRECTION_KEYS.map((key, d) =>
    v("label", { key: `dir${d}`, class: "amk-editor-dir", "data-dir": d }, [
      v("span", {}, t(key)),
      editorSelect(`editor-dir-${d}`, String(Number(state.code[d])), digits, (value) => set(d, Number(value))),
    ]),
  );
  const circle = withCircle
    ? v("label", { key: "circle", class: "amk-editor-dir amk-editor-circle" }, [
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
      ...selects,
      circle,
      withCode ? editorCode(state.code, t) : null,
      extra,
    ]),
  ]);
}
