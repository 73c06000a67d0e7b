// Die Formation's view: the props and the model as vnodes, keyed by square name (no DOM read back).

import { s, v, boardRootV, coordinatesV, onElement, slideIn, type VChild, type VNode } from "../vdom.js";
import { squareName, squares } from "../squares.js";
import { addTexts, t, type Translate } from "../i18n.js";
import type { BoardProps } from "../board-types.js";
import type { FormationView } from "../contract/games/FormationView.js";
import { COLOURS, movable, pieceAt, place, targets, type FormationModel } from "./formation-model.js";

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: { "formation.white": "White", "formation.black": "Black" },
  de: { "formation.white": "Weiß", "formation.black": "Schwarz" },
});

type Props = BoardProps<FormationView>;

/** The symbol of a square colour, centred on (0.5, 0.5) of a unit square. */
function symbol(colour: string, attrs: Record<string, unknown> = {}): VNode {
  const s2 = 0.2;
  const paths: Record<string, string> = {
    R: `M${0.5 - s2} 0.5H${0.5 + s2}M0.5 ${0.5 - s2}V${0.5 + s2}`,
    Y: `M${0.5 - s2} ${0.5 - s2}L${0.5 + s2} ${0.5 + s2}M${0.5 + s2} ${0.5 - s2}L${0.5 - s2} ${0.5 + s2}`,
    G: `M${0.5 - 0.1} ${0.5 - s2}V${0.5 + 0.1}H${0.5 + s2}`,
    B: `M0.5 ${0.5 - s2}V${0.5 + s2}M${0.5 - s2} 0.5H${0.5 + s2}M${0.5 - 0.14} ${0.5 - 0.14}L${0.5 + 0.14} ${0.5 + 0.14}M${0.5 + 0.14} ${0.5 - 0.14}L${0.5 - 0.14} ${0.5 + 0.14}`,
  };
  return s("path", { d: paths[colour], class: "fm-symbol", ...attrs });
}

/** The slide of the piece on `square` when the last move just played brought it there. */
function arrival(props: Props, square: string) {
  const [from, to] = props.last && props.last !== "0000" ? squares(props.last) : [];
  if (!from || to !== square) return undefined;
  const [fx, fy] = place(from, props.flipped);
  const [tx, ty] = place(to, props.flipped);
  return onElement((el) => slideIn([el], fx - tx, fy - ty));
}

/** The piece on `square`, draggable when it may move. */
function piece(props: Props, model: FormationModel, square: string, colour: string): VChild {
  const which = pieceAt(props.view, square);
  if (!which) return null;
  const attrs = {
    key: "piece",
    class: "piece-g",
    "data-drag": props.interactive && movable(props, square) ? square : null,
    hook: model.animate ? arrival(props, square) : undefined,
  };
  return s("g", attrs, [
    s("circle", { cx: 0.5, cy: 0.5, r: 0.3, class: `piece ${which}`, "data-piece": which }),
    symbol(colour, {
      transform: "translate(0.2 0.2) scale(0.6)",
      style: { stroke: which === "white" ? "#555" : "#ccc" },
    }),
  ]);
}

/**
 * The mover's piece as a ghost on the target of the move waiting for Play (not a premove: its position
 * is still the opponent's to change), translucent over whatever stands there.
 */
function ghost(props: Props, square: string): VChild {
  if (!props.queued || props.premove) return null;
  const [from, to] = squares(props.queued);
  const which = from ? pieceAt(props.view, from) : null;
  if (to !== square || !which) return null;
  return s("circle", { key: "ghost", cx: 0.5, cy: 0.5, r: 0.3, class: `piece ${which} ghost`, "data-ghost": which });
}

/**
 * A move's target: a ring near the square's edge on a light rim, open in the middle, so that the symbol
 * inside (how the piece moves next from there) stays readable; around a piece to take too.
 */
function targetRing(): VNode {
  return s("g", { key: "target" }, [
    s("circle", { key: "rim", cx: 0.5, cy: 0.5, r: 0.38, class: "formation-target-rim" }),
    s("circle", {
      key: "ring",
      cx: 0.5,
      cy: 0.5,
      r: 0.38,
      class: "target move formation-target",
      "data-target": "move",
    }),
  ]);
}

/** A square with its colour, symbol, piece and marks; a click goes to `click`. */
function squareView(props: Props, model: FormationModel, i: number, f: number, click: (sq: string) => unknown): VNode {
  const square = squareName(f, 8 - i);
  const colour = props.view.colors[i]?.[f] ?? "";
  const [x, y] = place(square, props.flipped);
  const which = pieceAt(props.view, square);
  const label = which ? `${square} ${t(which === "white" ? "formation.white" : "formation.black")}` : square;
  const last = props.last && props.last !== "0000" ? squares(props.last) : [];
  const queued = props.queued ? squares(props.queued) : [];
  const attrs = { key: square, "data-square": square, transform: `translate(${x} ${y})`, "aria-label": label };
  return s("g", { ...attrs, on: props.interactive ? { click: () => click(square) } : undefined }, [
    s("rect", { key: "sq", width: 1, height: 1, class: `fm ${COLOURS[colour] || ""}`, "data-colour": COLOURS[colour] }),
    symbol(colour, { key: "symbol" }),
    last.includes(square) && s("rect", { key: "last", x: 0.05, y: 0.05, width: 0.9, height: 0.9, class: "last" }),
    piece(props, model, square, colour),
    ghost(props, square),
    queued.includes(square) &&
      s("rect", { key: "premove", x: 0.1, y: 0.1, width: 0.8, height: 0.8, class: "premove", "data-premove": square }),
    square === model.selected &&
      s("rect", { key: "selected", x: 0.04, y: 0.04, width: 0.92, height: 0.92, class: "selected" }),
    targets(props, model).has(square) && targetRing(),
  ]);
}

/** The board: its squares and coordinates. */
export function board(props: Props, model: FormationModel, click: (square: string) => unknown): VNode {
  const cells: VNode[] = [];
  for (let i = 0; i < 8; i++) for (let f = 0; f < 8; f++) cells.push(squareView(props, model, i, f, click));
  return boardRootV(8, 8, "Die Formation", [...cells, coordinatesV(8, 8, props.flipped)]);
}

/** The legend below the board: how a piece leaving each colour moves. */
export function legend(tr: Translate): VNode {
  const item = (colour: string, key: "redMoves" | "yellowMoves" | "greenMoves" | "blueMoves") =>
    v("span", { key: colour }, [
      s("svg", { viewBox: "0 0 1 1" }, [
        s("rect", { width: 1, height: 1, class: `fm ${COLOURS[colour]}` }),
        symbol(colour),
      ]),
      " ",
      tr(key),
    ]);
  return v("div", { key: "legend", class: "legend formation-legend" }, [
    item("R", "redMoves"),
    item("Y", "yellowMoves"),
    item("G", "greenMoves"),
    item("B", "blueMoves"),
  ]);
}
