// Die Formation on the Katarenga board: coloured squares with symbols for
// how a piece leaving them moves; click a piece, then a target, or drag it there.

import {
  svg,
  h,
  boardRoot,
  coordinates,
  squareName,
  squares,
  positionTracker,
  keyboardCells,
  slideIn,
} from "../svg.js";
import { addTexts, t } from "../i18n.js";
import { cellFromPoint, enableDrag } from "../drag.js";
import type { Board, BoardContext, BoardProps, MoveGeometry } from "../board-types.js";
import "./formation.css";
import type { FormationView } from "../contract/games/FormationView.js";

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: { "formation.white": "White", "formation.black": "Black" },
  de: { "formation.white": "Weiß", "formation.black": "Schwarz" },
});

export { lobbyOptions } from "./formation-lobby.js";

const COLOURS: Record<string, string> = { R: "red", Y: "yellow", G: "green", B: "blue" };
const WHITE = new Set(["W", "O"]);
const BLACK = new Set(["B", "X"]);

/** The symbol of a square colour, centred on (0.5, 0.5) of a unit square. */
function symbol(colour: string): SVGElement {
  const s = 0.2;
  const paths: Record<string, string> = {
    R: `M${0.5 - s} 0.5H${0.5 + s}M0.5 ${0.5 - s}V${0.5 + s}`,
    Y: `M${0.5 - s} ${0.5 - s}L${0.5 + s} ${0.5 + s}M${0.5 + s} ${0.5 - s}L${0.5 - s} ${0.5 + s}`,
    G: `M${0.5 - 0.1} ${0.5 - s}V${0.5 + 0.1}H${0.5 + s}`,
    B: `M0.5 ${0.5 - s}V${0.5 + s}M${0.5 - s} 0.5H${0.5 + s}M${0.5 - 0.14} ${0.5 - 0.14}L${0.5 + 0.14} ${0.5 + 0.14}M${0.5 + 0.14} ${0.5 - 0.14}L${0.5 - 0.14} ${0.5 + 0.14}`,
  };
  return svg("path", { d: paths[colour], class: "fm-symbol" });
}

/** No captures in Die Formation. */
export function seatInfo(): null {
  return null;
}

/** The cells of `move` for the analysis board's arrows: from the piece to its target. */
export function moveGeometry(_view: FormationView, move: string): MoveGeometry | null {
  const [from, to] = squares(move);
  return from && to ? { from, to } : null;
}

/** Moves may be chosen while the opponent is to move (`props.premove`): the page plays them when they are legal then. */
export const premoves = true;

/** Draws Formation boards into `host`; `submit(move)` plays a move. */
export function createBoard(host: HTMLElement, context: BoardContext): Board {
  return new FormationBoard(host, context);
}

/** The board's state and drawing (see `createBoard`). */
class FormationBoard implements Board {
  readonly host: HTMLElement;
  readonly submit: BoardContext["submit"];
  readonly t: BoardContext["t"];
  props!: BoardProps<FormationView>;
  selected: string | null = null;
  readonly newPosition = positionTracker();
  readonly show: ReturnType<typeof keyboardCells>;

  readonly pieceAt = (view: FormationView, square: string): "white" | "black" | null => {
    const f = square.charCodeAt(0) - 97;
    const r = Number(square.slice(1));
    const c = view.pieces[8 - r]?.[f] ?? ".";
    return WHITE.has(c) ? "white" : BLACK.has(c) ? "black" : null;
  };

  /** Whether the piece on `square` is the mover's (the premover's, while the opponent is to move). */
  readonly own = (square: string) =>
    this.pieceAt(this.props.view, square) === ((this.props.premove || this.props.toMove) === "p1" ? "white" : "black");

  /** Whether the piece on `square` may be picked up: an own piece with a move (a premove: any own piece). */
  readonly movable = (square: string) =>
    this.own(square) && (Boolean(this.props.premove) || this.props.legal.some((m) => m.startsWith(square)));

  /**
   * The move of the piece on `from` to `to`, or null. A premove goes from any own piece to any
   * square without one; the page checks it when the turn comes.
   */
  readonly moveTo = (from: string, to: string): string | null => {
    return (this.props.premove ? !this.own(to) : this.props.legal.includes(from + to)) ? from + to : null;
  };

  /** Plays `move`: the selection goes with it (a premove leaves the position as it is). */
  readonly play = (move: string) => {
    this.selected = null;
    return this.submit(move);
  };

  /** Selects the piece on `square` (or none), drawn. */
  readonly choose = (square: string | null) => {
    this.selected = square;
    this.draw();
  };

  readonly click = (square: string) => {
    const move = this.selected && this.moveTo(this.selected, square);
    if (move) return this.play(move);
    this.choose(this.movable(square) && this.selected !== square ? square : null);
  };

  /** The piece of `from` dragged onto `to`: its move there, else the selection goes. */
  readonly drop = (from: string, to: string) => {
    const move = this.moveTo(from, to);
    return move ? this.play(move) : this.choose(null);
  };

  readonly draw = () => {
    const { view, flipped, last } = this.props;
    const root = boardRoot(8, 8, "Die Formation");
    const lastSquares = last && last !== "0000" ? squares(last) : [];
    const queued = this.props.queued ? squares(this.props.queued) : [];
    const from = this.selected;
    const targets = new Set(from ? this.props.legal.filter((m) => m.startsWith(from)).map((m) => m.slice(2)) : []);
    for (let i = 0; i < 8; i++) {
      for (let f = 0; f < 8; f++) {
        const r = 8 - i;
        const square = squareName(f, r);
        const colour = view.colors[i]?.[f] ?? "";
        const x = flipped ? 7 - f : f;
        const y = flipped ? 7 - i : i;
        const piece = this.pieceAt(view, square);
        const label = piece ? `${square} ${t(piece === "white" ? "formation.white" : "formation.black")}` : square;
        const group = svg("g", { "data-square": square, transform: `translate(${x} ${y})`, "aria-label": label }, [
          svg("rect", { width: 1, height: 1, class: `fm ${COLOURS[colour] || ""}`, "data-colour": COLOURS[colour] }),
          symbol(colour),
        ]);
        if (lastSquares.includes(square))
          group.append(svg("rect", { x: 0.05, y: 0.05, width: 0.9, height: 0.9, class: "last" }));
        if (piece) {
          const mark = symbol(colour);
          mark.setAttribute("transform", "translate(0.2 0.2) scale(0.6)");
          mark.style.cssText = `stroke:${piece === "white" ? "#555" : "#ccc"}`;
          group.append(
            svg(
              "g",
              { class: "piece-g", "data-drag": this.props.interactive && this.movable(square) ? square : null },
              [svg("circle", { cx: 0.5, cy: 0.5, r: 0.3, class: `piece ${piece}`, "data-piece": piece }), mark],
            ),
          );
        }
        if (queued.includes(square))
          group.append(
            svg("rect", { x: 0.1, y: 0.1, width: 0.8, height: 0.8, class: "premove", "data-premove": square }),
          );
        if (square === this.selected)
          group.append(svg("rect", { x: 0.04, y: 0.04, width: 0.92, height: 0.92, class: "selected" }));
        if (targets.has(square))
          group.append(
            svg("circle", { cx: 0.5, cy: 0.5, r: 0.2, class: "target move formation-target", "data-target": "move" }),
          );
        if (this.props.interactive) group.addEventListener("click", () => this.click(square));
        root.append(group);
      }
    }
    root.append(coordinates(8, 8, flipped));
    const legendItem = (colour: string, key: "redMoves" | "yellowMoves" | "greenMoves" | "blueMoves") =>
      h("span", {}, [
        (() => {
          const icon = svg("svg", { viewBox: "0 0 1 1" }, [
            svg("rect", { width: 1, height: 1, class: `fm ${COLOURS[colour]}` }),
            symbol(colour),
          ]);
          return icon;
        })(),
        " ",
        this.t(key),
      ]);
    this.show(
      root,
      h("div", { class: "legend formation-legend" }, [
        legendItem("R", "redMoves"),
        legendItem("Y", "yellowMoves"),
        legendItem("G", "greenMoves"),
        legendItem("B", "blueMoves"),
      ]),
    );
  };

  /** Slides the piece just moved in from where it came. */
  readonly animate = () => {
    const { last, flipped } = this.props;
    if (!last || last === "0000") return;
    const [from, to] = squares(last);
    if (!from || !to) return;
    const place = (sq: string): [number, number] => {
      const f = sq.charCodeAt(0) - 97;
      const r = Number(sq.slice(1));
      return flipped ? [7 - f, r - 1] : [f, 8 - r];
    };
    const [fx, fy] = place(from);
    const [tx, ty] = place(to);
    slideIn([this.host.querySelector(`[data-square="${to}"] .piece-g`)], fx - tx, fy - ty);
  };

  constructor(host: HTMLElement, context: BoardContext) {
    this.host = host;
    this.submit = context.submit;
    this.t = context.t;
    this.show = keyboardCells(this.host, "data-square");
    enableDrag(host, {
      cellAt: (x, y) => cellFromPoint(host, x, y, ["data-square"]),
      isSelected: (square) => this.selected === square,
      select: (square) => this.choose(square),
      drop: this.drop,
      cancel: () => this.choose(null),
    });
  }

  update(next: BoardProps<FormationView>) {
    if (this.newPosition(next)) this.selected = null;
    this.props = next;
    this.draw();
    if (next.animate) this.animate();
  }

  refresh() {
    if (this.props) this.draw();
  }
}
