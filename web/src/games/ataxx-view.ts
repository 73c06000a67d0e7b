// Ataxx's view: the props and the model as vnodes, keyed by square name (no DOM read back).

import { s, boardRootV, coordinatesV, onElement, slideIn, growIn, type VChild, type VNode } from "../vdom.js";
import { squares } from "../squares.js";
import { addTexts, t } from "../i18n.js";
import type { BoardProps } from "../board-types.js";
import type { AtaxxView } from "../contract/games/AtaxxView.js";
import { at, distance, mine, offered, parse, type AtaxxModel } from "./ataxx-model.js";

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: { "ataxx.red": "Red", "ataxx.blue": "Blue" },
  de: { "ataxx.red": "Rot", "ataxx.blue": "Blau" },
});

/** What one square shows besides its stone. */
interface Marks {
  last: boolean;
  queued: boolean;
  /** The mover's stone as a ghost: the target of the move waiting for Play. */
  ghost: string | null;
  selected: boolean;
  target: "clone" | "jump" | null;
}

/** The animation of the stone on `square`, when the last move just played brought it: a jump slides, a clone grows. */
function arrival(props: BoardProps<AtaxxView>, square: string) {
  const { last, view, flipped } = props;
  if (!last || last === "0000") return undefined;
  const [from = "", to] = squares(last);
  if (!to) return from === square ? onElement((el) => growIn([el])) : undefined;
  if (to !== square) return undefined;
  const [fx, fy] = at(from, view.files, view.ranks, flipped);
  const [tx, ty] = at(to, view.files, view.ranks, flipped);
  return onElement((el) => slideIn([el], fx - tx, fy - ty));
}

/** The stone on `square`, draggable when it is the player's. */
function stone(props: BoardProps<AtaxxView>, model: AtaxxModel, square: string, c: string): VChild {
  if (c !== "x" && c !== "o") return null;
  const draggable = props.interactive && c === mine(props);
  const hook = model.animate ? arrival(props, square) : undefined;
  return s("g", { key: "stone", class: "stone-g", "data-drag": draggable ? square : null, hook }, [
    s("circle", { cx: 0.5, cy: 0.5, r: 0.38, class: `stone ${c}`, "data-stone": c }),
    s("text", { x: 0.5, y: 0.6, class: "stone-letter" }, c === "x" ? "×" : "○"),
  ]);
}

/** A square with its stone and marks; a click goes to `click`. */
function squareView(
  props: BoardProps<AtaxxView>,
  model: AtaxxModel,
  square: string,
  c: string,
  marks: Marks,
  click: (square: string) => unknown,
): VNode {
  const { view, flipped } = props;
  const [x, y] = at(square, view.files, view.ranks, flipped);
  const dark = (square.charCodeAt(0) - 97 + Number(square.slice(1))) % 2 ? "" : "dark";
  const name = c === "x" ? t("ataxx.red") : c === "o" ? t("ataxx.blue") : null;
  const on = props.interactive ? { click: () => click(square) } : undefined;
  return s(
    "g",
    {
      key: square,
      "data-square": square,
      class: "square",
      transform: `translate(${x} ${y})`,
      "aria-label": name ? `${square} ${name}` : square,
      on,
    },
    [
      s("rect", { key: "sq", width: 1, height: 1, class: `sq ${c === "-" ? "blocked" : dark}` }),
      marks.last && s("rect", { key: "last", width: 1, height: 1, class: "last tint" }),
      stone(props, model, square, c),
      marks.ghost &&
        s("circle", {
          key: "ghost",
          cx: 0.5,
          cy: 0.5,
          r: 0.38,
          class: `stone ${marks.ghost} ghost`,
          "data-ghost": marks.ghost,
        }),
      marks.queued &&
        s("rect", {
          key: "premove",
          x: 0.1,
          y: 0.1,
          width: 0.8,
          height: 0.8,
          class: "premove",
          "data-premove": square,
        }),
      marks.selected && s("rect", { key: "selected", x: 0.04, y: 0.04, width: 0.92, height: 0.92, class: "selected" }),
      marks.target === "clone" &&
        s("circle", { key: "clone", cx: 0.5, cy: 0.5, r: 0.16, class: "target clone", "data-target": "clone" }),
      marks.target === "jump" &&
        s("circle", { key: "jump", cx: 0.5, cy: 0.5, r: 0.2, class: "target jump", "data-target": "jump" }),
    ],
  );
}

/** The board: its squares and coordinates. */
export function view(props: BoardProps<AtaxxView>, model: AtaxxModel, click: (square: string) => unknown): VNode {
  const { view, last } = props;
  const cells = parse(view);
  const offers = offered(props, cells);
  const clones = new Set(offers.filter((m) => m.length === 2));
  const jumps = new Set(offers.filter((m) => m.length === 4));
  const lastSquares = last && last !== "0000" ? squares(last) : [];
  const queued = props.queued ? squares(props.queued) : [];
  // A move waiting for Play (not a premove) shows the mover's stone, translucent, on its target.
  const ghostAt = props.queued && !props.premove ? queued[queued.length - 1] : undefined;
  const from = props.interactive ? model.selected : null;
  const target = (square: string) =>
    !from
      ? null
      : clones.has(square) && distance(from, square) === 1
        ? "clone"
        : jumps.has(from + square)
          ? "jump"
          : null;
  const squaresShown = [...cells].map(([square, c]) =>
    squareView(
      props,
      model,
      square,
      c,
      {
        last: lastSquares.includes(square),
        queued: queued.includes(square),
        ghost: square === ghostAt && c === "." ? mine(props) : null,
        selected: square === model.selected,
        target: target(square),
      },
      click,
    ),
  );
  return boardRootV(view.files, view.ranks, "Ataxx", [
    ...squaresShown,
    coordinatesV(view.files, view.ranks, props.flipped),
  ]);
}
