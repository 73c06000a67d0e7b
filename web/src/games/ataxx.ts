// Ataxx: 7×7 squares; click a stone, then a target (clone targets are
// filled dots, jump targets rings), or an empty clone target directly; or
// drag a stone to its target.

import {
  svg,
  boardRoot,
  coordinates,
  squareName,
  squares,
  positionTracker,
  keyboardCells,
  slideIn,
  growIn,
} from "../svg.js";
import { addTexts, t } from "../i18n.js";
import { cellFromPoint, enableDrag } from "../drag.js";
import type { Translate } from "../i18n.js";
import type { Board, BoardContext, BoardProps, MoveGeometry } from "../board-types.js";
import type { Thresholds } from "../analysis/judgement.js";
import "./ataxx.css";

/** The analysis's marks: the scores swing with every capture (the evaluation counts stones), so larger drops count. */
export const thresholds: Thresholds = { mistake: 0.15, blunder: 0.3 };

import type { AtaxxView } from "../contract/games/AtaxxView.js";

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: { "ataxx.red": "Red", "ataxx.blue": "Blue" },
  de: { "ataxx.red": "Rot", "ataxx.blue": "Blau" },
});

function parse(view: AtaxxView): Map<string, string> {
  const ranks = view.ranks;
  const cells = new Map<string, string>();
  view.board.forEach((row, i) => {
    [...row].forEach((c, f) => {
      cells.set(squareName(f, ranks - i), c);
    });
  });
  return cells;
}

function distance(a: string, b: string): number {
  const df = Math.abs(a.charCodeAt(0) - b.charCodeAt(0));
  const dr = Math.abs(Number(a.slice(1)) - Number(b.slice(1)));
  return Math.max(df, dr);
}

/**
 * The move of the stone on `from` to `to` among the moves `offers` (clones by their target,
 * jumps from-to): a clone to a neighbouring square, a jump two squares away, else null.
 */
export function moveFrom(from: string, to: string, offers: string[]): string | null {
  if (distance(from, to) === 1 && offers.includes(to)) return to;
  return offers.includes(from + to) ? from + to : null;
}

/** Whether `after` shows a stone of one colour where `before` showed one of the other: stones taken over. */
export function captures(before: AtaxxView, after: AtaxxView): boolean {
  const was = parse(before);
  for (const [square, c] of parse(after)) {
    const old = was.get(square);
    if ((c === "x" || c === "o") && (old === "x" || old === "o") && old !== c) return true;
  }
  return false;
}

/** Where square `sq` is drawn: [x, y] in board units. */
function at(sq: string, files: number, ranks: number, flipped: boolean): [number, number] {
  const f = sq.charCodeAt(0) - 97;
  const r = Number(sq.slice(1));
  return flipped ? [files - 1 - f, r - 1] : [f, ranks - r];
}

/** Stone counts per seat, shown next to the players. */
export function seatInfo(view: AtaxxView, t: Translate): string[] | null {
  return view.counts.map((count) => `${t("stones")}: ${count}`);
}

/** The cells of `move` for the analysis board's arrows: a clone marks its target, a jump goes from its stone. */
export function moveGeometry(_view: AtaxxView, move: string): MoveGeometry | null {
  const [from, to] = squares(move);
  if (!from || move === "0000") return null;
  return to ? { from, to } : { to: from };
}

/** Moves may be chosen while the opponent is to move (`props.premove`): the page plays them when they are legal then. */
export const premoves = true;

/** Draws Ataxx boards into `host`; `submit(move)` plays a move. */
export function createBoard(host: HTMLElement, context: BoardContext): Board {
  return new AtaxxBoard(host, context);
}

/** The board's state and drawing (see `createBoard`). */
class AtaxxBoard implements Board {
  readonly host: HTMLElement;
  readonly submit: BoardContext["submit"];
  props!: BoardProps<AtaxxView>;
  selected: string | null = null;
  readonly newPosition = positionTracker();
  readonly show: ReturnType<typeof keyboardCells>;
  readonly mine = () => ((this.props.premove || this.props.toMove) === "p1" ? "x" : "o");

  /** The moves offered: the legal ones, or for a premove every step or jump of a stone to an empty square. */
  readonly offered = (cells: Map<string, string>): string[] => {
    if (!this.props.premove) return this.props.legal;
    const moves = new Set<string>();
    for (const [from, c] of cells) {
      if (c !== this.mine()) continue;
      for (const [to, d] of cells) {
        const n = d === "." ? distance(from, to) : 0;
        if (n === 1) moves.add(to);
        if (n === 2) moves.add(from + to);
      }
    }
    return [...moves];
  };

  /** Plays `move`: the selection goes with it (a premove leaves the position as it is). */
  readonly play = (move: string) => {
    this.selected = null;
    return this.submit(move);
  };

  /** Selects the stone on `square` (or none), drawn. */
  readonly choose = (square: string | null) => {
    this.selected = square;
    this.draw();
  };

  readonly click = (square: string) => {
    const cells = parse(this.props.view);
    const offers = this.offered(cells);
    if (cells.get(square) === this.mine()) return this.choose(this.selected === square ? null : square);
    const move = this.selected ? moveFrom(this.selected, square, offers) : null;
    if (move) return this.play(move);
    if (offers.includes(square)) return this.play(square);
    this.choose(null);
  };

  /** The stone of `from` dragged onto `to`: its move there, else the selection goes. */
  readonly drop = (from: string, to: string) => {
    const move = moveFrom(from, to, this.offered(parse(this.props.view)));
    return move ? this.play(move) : this.choose(null);
  };

  readonly draw = () => {
    const { view, flipped, last } = this.props;
    const files = view.files;
    const ranks = view.ranks;
    const cells = parse(view);
    const root = boardRoot(files, ranks, "Ataxx");
    const offers = this.offered(cells);
    const clones = new Set(offers.filter((m) => m.length === 2));
    const jumps = offers.filter((m) => m.length === 4);
    const lastSquares = last && last !== "0000" ? squares(last) : [];
    const queued = this.props.queued ? squares(this.props.queued) : [];
    for (const [square, c] of cells) {
      const [x, y] = at(square, files, ranks, flipped);
      const f = square.charCodeAt(0) - 97;
      const r = Number(square.slice(1));
      const stone = c === "x" ? t("ataxx.red") : c === "o" ? t("ataxx.blue") : null;
      const group = svg(
        "g",
        {
          "data-square": square,
          class: "square",
          transform: `translate(${x} ${y})`,
          "aria-label": stone ? `${square} ${stone}` : square,
        },
        [svg("rect", { width: 1, height: 1, class: `sq ${c === "-" ? "blocked" : (f + r) % 2 ? "" : "dark"}` })],
      );
      if (lastSquares.includes(square))
        group.append(svg("rect", { x: 0.06, y: 0.06, width: 0.88, height: 0.88, class: "last" }));
      if (c === "x" || c === "o") {
        const draggable = this.props.interactive && c === this.mine();
        group.append(
          svg("g", { class: "stone-g", "data-drag": draggable ? square : null }, [
            svg("circle", { cx: 0.5, cy: 0.5, r: 0.38, class: `stone ${c}`, "data-stone": c }),
            svg("text", { x: 0.5, y: 0.6, class: "stone-letter" }, c === "x" ? "×" : "○"),
          ]),
        );
      }
      if (queued.includes(square))
        group.append(
          svg("rect", { x: 0.1, y: 0.1, width: 0.8, height: 0.8, class: "premove", "data-premove": square }),
        );
      if (square === this.selected)
        group.append(svg("rect", { x: 0.04, y: 0.04, width: 0.92, height: 0.92, class: "selected" }));
      if (this.selected && this.props.interactive) {
        if (clones.has(square) && distance(this.selected, square) === 1) {
          group.append(svg("circle", { cx: 0.5, cy: 0.5, r: 0.16, class: "target clone", "data-target": "clone" }));
        } else if (jumps.includes(this.selected + square)) {
          group.append(svg("circle", { cx: 0.5, cy: 0.5, r: 0.2, class: "target jump", "data-target": "jump" }));
        }
      }
      if (this.props.interactive) group.addEventListener("click", () => this.click(square));
      root.append(group);
    }
    root.append(coordinates(files, ranks, flipped));
    this.show(root);
  };

  /** Slides the stone of a jump in from where it came; a cloned one grows. */
  readonly animate = () => {
    const { last, view, flipped } = this.props;
    if (!last || last === "0000") return;
    const [from = "", to] = squares(last);
    const stone = (sq: string) => this.host.querySelector(`[data-square="${sq}"] .stone-g`);
    if (!to) return growIn([stone(from)]);
    const [fx, fy] = at(from, view.files, view.ranks, flipped);
    const [tx, ty] = at(to, view.files, view.ranks, flipped);
    slideIn([stone(to)], fx - tx, fy - ty);
  };

  constructor(host: HTMLElement, context: BoardContext) {
    this.host = host;
    this.submit = context.submit;
    this.show = keyboardCells(this.host, "data-square");
    enableDrag(host, {
      cellAt: (x, y) => cellFromPoint(host, x, y, ["data-square"]),
      isSelected: (square) => this.selected === square,
      select: (square) => this.choose(square),
      drop: this.drop,
      cancel: () => this.choose(null),
    });
  }

  update(next: BoardProps<AtaxxView>) {
    if (this.newPosition(next)) this.selected = null;
    this.props = next;
    this.draw();
    if (next.animate) this.animate();
  }

  refresh() {
    if (this.props) this.draw();
  }
}
