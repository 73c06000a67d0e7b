// Abalone: the hexagonal board of 61 holes; pick one to three of your
// marbles in a line, then a direction (a highlighted destination, the
// direction pad, or a selected marble dragged one step that way).

import { svg, h, positionTracker, keyboardCells, slideIn } from "../svg.js";
import { addTexts, t } from "../i18n.js";
import { cellFromPoint, enableDrag } from "../drag.js";
import type { Translate } from "../i18n.js";
import type { Board, BoardContext, BoardProps, MoveGeometry } from "../board-types.js";
import type { Thresholds } from "../analysis/judgement.js";
import "./abalone.css";

/** The analysis's marks: the scores move slowly (a marble is a large step), so smaller drops count. */
export const thresholds: Thresholds = { mistake: 0.08, blunder: 0.16 };
import type { AbaloneCell } from "../contract/games/AbaloneCell.js";
import type { AbaloneMove } from "../contract/games/AbaloneMove.js";
import type { AbaloneView } from "../contract/games/AbaloneView.js";

/** A direction marbles move in. */
type Direction = AbaloneMove["direction"];

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: {
    "abalone.chooseDirection": "Two moves lead there: choose {arrows} on the direction pad.",
    "abalone.black": "Black",
    "abalone.white": "White",
  },
  de: {
    "abalone.chooseDirection": "Dorthin führen zwei Züge: wähle {arrows} im Richtungsfeld.",
    "abalone.black": "Schwarz",
    "abalone.white": "Weiß",
  },
});

const DIRECTIONS: Record<Direction, [number, number]> = {
  E: [0, 1],
  W: [0, -1],
  NE: [1, 1],
  NW: [1, 0],
  SE: [-1, 0],
  SW: [-1, -1],
};
const ARROWS: Record<Direction, string> = { NW: "↖", NE: "↗", W: "←", E: "→", SW: "↙", SE: "↘" };
const OPPOSITE: Record<Direction, Direction> = { NW: "SE", NE: "SW", W: "E", E: "W", SW: "NE", SE: "NW" };
const ROW_H = Math.sqrt(3) / 2;

function cellName(row: number, diag: number): string {
  return String.fromCharCode(96 + row) + diag;
}

function step(cell: string, direction: Direction): string {
  const row = cell.charCodeAt(0) - 96;
  const diag = Number(cell.slice(1));
  const [dr, dd] = DIRECTIONS[direction];
  return cellName(row + dr, diag + dd);
}

function position(row: number, diag: number, flipped: boolean): [number, number] {
  const x = diag - row / 2;
  const y = (9 - row) * ROW_H;
  return flipped ? [5 - x, 8 * ROW_H - y] : [x, y];
}

const rowOf = (cell: string) => cell.charCodeAt(0) - 96;
const diagOf = (cell: string) => Number(cell.slice(1));

/**
 * The cells of the marbles move `text` (AbaPro: `a1b2` in line, `c3c5d4` broadside) has just
 * moved, pushed ones included, and the step [rows, diagonals] they made; `occupied(cell)` tells
 * whether a marble stands on a cell now.
 */
function movedMarbles(
  text: string,
  occupied: (cell: string) => boolean,
): { moved: string[]; step: [number, number] } | null {
  const [first, second, third] = text.match(/[a-i]\d/g) || [];
  if (!first || !second) return null;
  const to = third || second;
  const step: [number, number] = [rowOf(to) - rowOf(first), diagOf(to) - diagOf(first)];
  const moved: string[] = [];
  if (third) {
    // Broadside: each marble from the first to the second written cell steps aside.
    const dr = Math.sign(rowOf(second) - rowOf(first));
    const dd = Math.sign(diagOf(second) - diagOf(first));
    for (let r = rowOf(first), d = diagOf(first); ; r += dr, d += dd) {
      moved.push(cellName(r + step[0], d + step[1]));
      if (cellName(r, d) === second || moved.length === 3) break;
    }
  } else {
    // In line: the marbles from the destination on, up to the first empty hole, all moved.
    for (let r = rowOf(to), d = diagOf(to); occupied(cellName(r, d)); r += step[0], d += step[1])
      moved.push(cellName(r, d));
  }
  return { moved, step };
}

/**
 * The cells of the last-move mark of move `text`, drawn after it: in line, the hole the line left
 * and every cell of the mover's marbles now (pushed marbles are the opponent's and unmarked), so
 * that the mark runs from where the line started to where it ends; broadside, every marble's new cell.
 */
export function lastMoveCells(text: string, marbleAt: (cell: string) => string | null | undefined): string[] {
  const [, , third] = text.match(/[a-i]\d/g) || [];
  const move = movedMarbles(text, (cell) => Boolean(marbleAt(cell)));
  if (!move) return [];
  if (third) return move.moved;
  const mover = marbleAt(move.moved[0] ?? "");
  const own = move.moved.filter((cell) => marbleAt(cell) === mover);
  const [first] = own;
  const [dr, dd] = move.step;
  return first ? [cellName(rowOf(first) - dr, diagOf(first) - dd), ...own] : own;
}

/** The cell halfway between `a` and `b` when they are two steps apart in a line, else null. */
export function between(a: string, b: string): string | null {
  const dr = rowOf(b) - rowOf(a);
  const dd = diagOf(b) - diagOf(a);
  const inLine = dr === 0 || dd === 0 || dr === dd;
  if (!inLine || Math.max(Math.abs(dr), Math.abs(dd)) !== 2) return null;
  return cellName(rowOf(a) + dr / 2, diagOf(a) + dd / 2);
}

/** The direction in which `to` neighbours `from`, or null when it is no neighbour. */
export function directionTo(from: string, to: string): Direction | null {
  const found = (Object.keys(DIRECTIONS) as Direction[]).find((d) => step(from, d) === to);
  return found ?? null;
}

/** Whether more marbles are off the board in `after` than in `before`: a marble pushed off. */
export function captures(before: AbaloneView, after: AbaloneView): boolean {
  const off = (view: AbaloneView) => view.ejected.black + view.ejected.white;
  return off(after) > off(before);
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((m) => b.includes(m));

/** The board's hexagonal frame, tight around the cells. */
function boardFrame(): SVGElement {
  const frame = [];
  for (let k = 0; k < 6; k++) {
    const angle = (Math.PI / 3) * k;
    frame.push(`${2.5 + 4.75 * Math.cos(angle)},${4 * ROW_H + 4.75 * Math.sin(angle)}`);
  }
  return svg("polygon", { points: frame.join(" "), class: "frame" });
}

/** The row letters and diagonal numbers around the board (on the other sides when it is turned). */
function boardCoordinates(flipped: boolean): SVGElement {
  const coords = svg("g", { class: "coords" });
  for (let row = 1; row <= 9; row++) {
    const [x, y] = position(row, Math.max(1, row - 4) - 1, flipped);
    coords.append(svg("text", { x, y: y + 0.1 }, String.fromCharCode(64 + row)));
  }
  for (let diag = 1; diag <= 9; diag++) {
    const row = Math.max(0, diag - 5);
    const [x, y] = position(row, diag, flipped);
    coords.append(svg("text", { x, y: y + 0.1 }, String(diag)));
  }
  return coords;
}

/** Opponent marbles each seat has pushed off (P1 is Black). */
export function seatInfo(view: AbaloneView, t: Translate): string[] | null {
  return [`${t("ejected")}: ${view.ejected.black}`, `${t("ejected")}: ${view.ejected.white}`];
}

/**
 * The cells of `move` for the analysis board's arrows: from the first marble written to where it
 * goes (in line: the second cell; broadside: the third).
 */
export function moveGeometry(_view: AbaloneView, move: string): MoveGeometry | null {
  const [first, second, third] = move.match(/[a-i]\d/g) || [];
  return first && second ? { from: first, to: third || second } : null;
}

/** Draws Abalone boards into `host`; `submit(move)` plays a move. */
export function createBoard(host: HTMLElement, context: BoardContext): Board {
  return new AbaloneBoard(host, context);
}

/** The board's state and drawing (see `createBoard`). */
class AbaloneBoard implements Board {
  readonly host: HTMLElement;
  readonly submit: BoardContext["submit"];
  readonly t: BoardContext["t"];
  props!: BoardProps<AbaloneView>;
  selection: string[] = [];
  /** The directions of the moves leading to the dot clicked last, when there are several. */
  ambiguous: Direction[] | null = null;
  readonly newPosition = positionTracker();
  readonly show: ReturnType<typeof keyboardCells>;

  readonly legal = () => {
    const allowed = new Set(this.props.legal);
    return this.props.view.legal.filter((m) => allowed.has(m.move));
  };

  readonly candidates = () => {
    return this.selection.length ? this.legal().filter((m) => sameSet(m.marbles, this.selection)) : [];
  };

  /**
   * Adds `cell` to the selection or takes it out; a marble two steps in line from the one
   * selected selects the line between them (tail to head). A marble that fits no move with the
   * selection starts a new one.
   */
  readonly select = (cell: string) => {
    const moves = this.legal();
    const fits = (set: string[]) => set.length > 0 && moves.some((m) => set.every((c) => m.marbles.includes(c)));
    const [only] = this.selection;
    const middle = only && this.selection.length === 1 ? between(only, cell) : null;
    const line = middle ? [only ?? "", middle, cell] : null;
    const extended = this.selection.includes(cell)
      ? this.selection.filter((c) => c !== cell)
      : [...this.selection, cell];
    this.selection = line && fits(line) ? line : fits(extended) ? extended : fits([cell]) ? [cell] : [];
    this.ambiguous = null;
    this.draw();
  };

  readonly destinations = () => {
    const targets = new Map<string, AbaloneMove[]>();
    for (const move of this.candidates()) {
      for (const marble of move.marbles) {
        const to = step(marble, move.direction);
        if (this.selection.includes(to)) continue;
        targets.set(to, [...(targets.get(to) ?? []), move]);
      }
    }
    return targets;
  };

  /** A hole with its marble, marks and targets; a click selects, plays, or asks which of two moves. */
  readonly cellGroup = (
    cell: AbaloneCell,
    mine: string,
    moves: AbaloneMove[] | undefined,
    last: boolean,
  ): SVGElement => {
    const [x, y] = position(cell.row, cell.diag, this.props.flipped);
    const label = cell.marble
      ? `${cell.cell} ${t(cell.marble === "b" ? "abalone.black" : "abalone.white")}`
      : cell.cell;
    const group = svg("g", { "data-cell": cell.cell, transform: `translate(${x} ${y})`, "aria-label": label }, [
      svg("circle", { r: 0.44, class: "hole" }),
    ]);
    const draggable =
      this.props.interactive && cell.marble === mine && this.legal().some((m) => m.marbles.includes(cell.cell));
    if (cell.marble)
      group.append(
        svg("circle", {
          r: 0.42,
          class: `marble ${cell.marble}`,
          "data-marble": cell.marble,
          "data-drag": draggable ? cell.cell : null,
        }),
      );
    if (last) group.append(svg("circle", { r: 0.47, class: "last" }));
    if (this.selection.includes(cell.cell))
      group.append(svg("circle", { r: 0.3, class: "selected", style: `stroke:${mine === "b" ? "#fff" : "#000"}` }));
    if (moves)
      group.append(
        svg("circle", { r: 0.18, class: "target clone", "data-target": moves.map((m) => m.direction).join(" ") }),
      );
    if (!this.props.interactive) return group;
    group.addEventListener("click", () => {
      const [only, second] = moves ?? [];
      this.ambiguous = null;
      if (only && !second) return this.play(only.move);
      // A dot two moves lead to: the selection stays, and the pad's arrows say which.
      if (moves && second) this.ambiguous = moves.map((m) => m.direction);
      else if (cell.marble === mine) return this.select(cell.cell);
      else this.selection = [];
      this.draw();
    });
    return group;
  };

  /** Plays `move` (or hands it to the page to wait for Play): the selection goes with it. */
  readonly play = (move: string) => {
    this.selection = [];
    this.ambiguous = null;
    return this.submit(move);
  };

  /**
   * The marble of `from` dragged onto `to`: one step moves the selection that way; onto a
   * highlighted destination, as its click; else the selection goes.
   */
  readonly drop = (from: string, to: string) => {
    const direction = this.selection.includes(from) ? directionTo(from, to) : null;
    const stepped = direction && this.candidates().find((m) => m.direction === direction);
    if (stepped) return this.play(stepped.move);
    const moves = this.destinations().get(to) ?? [];
    const [only, second] = moves;
    if (only && !second) return this.play(only.move);
    this.ambiguous = second ? moves.map((m) => m.direction) : null;
    if (!second) this.selection = [];
    this.draw();
  };

  /** The hint above the direction pad: what to do, or which arrows lead to the dot clicked. */
  readonly hint = (): HTMLElement => {
    const flipped = this.props.flipped;
    const arrows = (this.ambiguous ?? []).map((d) => (flipped ? ARROWS[OPPOSITE[d]] : ARROWS[d])).join(" / ");
    return this.ambiguous
      ? h("p", { class: "hint", id: "abalone-choose", role: "status" }, this.t("abalone.chooseDirection", { arrows }))
      : h("p", { class: "hint muted" }, this.t("selectMarbles"));
  };

  readonly draw = () => {
    const { view, flipped, last } = this.props;
    const mine = this.props.toMove === "p1" ? "b" : "w";
    const targets = this.props.interactive ? this.destinations() : new Map<string, AbaloneMove[]>();
    const marbles = new Map(view.cells.map((c) => [c.cell, c.marble]));
    const lastMarbles = last ? lastMoveCells(last, (cell) => marbles.get(cell)) : [];
    // A move waiting for Play: the cells it names are marked (and the middle marble of a broadside line).
    const named = this.props.queued?.match(/[a-i]\d/g) ?? [];
    const middle = named.length === 3 ? between(named[0] ?? "", named[1] ?? "") : null;
    const queued = middle ? [...named, middle] : named;
    // Centred on the board and tight around the frame, with room for the labels outside it above
    // and below (they change sides when the board is turned).
    const root = svg("svg", {
      viewBox: `-2.8 ${4 * ROW_H - 4.65} 10.6 9.3`,
      class: "board hex-board",
      role: "img",
      "aria-label": "Abalone",
    });
    root.append(boardFrame());
    for (const cell of view.cells) {
      const group = this.cellGroup(cell, mine, targets.get(cell.cell), lastMarbles.includes(cell.cell));
      if (queued.includes(cell.cell))
        group.append(svg("circle", { r: 0.3, class: "premove", "data-premove": cell.cell }));
      root.append(group);
    }
    root.append(boardCoordinates(flipped));
    const children: Element[] = [root];
    if (this.props.interactive) children.push(this.hint(), this.directionPad());
    this.show(root, ...children.slice(1));
  };

  /**
   * The direction pad: an arrow per direction in the board's orientation, enabled where the
   * selection can go. Hidden until marbles are chosen: before that all its arrows would be dead.
   */
  readonly directionPad = (): HTMLElement => {
    const flipped = this.props.flipped;
    const available = new Map(this.candidates().map((m) => [m.direction, m]));
    const order: Direction[] = flipped ? ["SE", "SW", "E", "W", "NE", "NW"] : ["NW", "NE", "W", "E", "SW", "SE"];
    const button = (direction: Direction | undefined) => {
      if (!direction) return null;
      const move = available.get(direction);
      const shown = flipped ? ARROWS[OPPOSITE[direction]] : ARROWS[direction];
      return h(
        "button",
        {
          disabled: !move,
          "data-direction": direction,
          title: direction,
          onclick: () => move && this.play(move.move),
        },
        shown,
      );
    };
    return h(
      "div",
      { class: "dirpad", role: "group", "aria-label": this.t("direction"), hidden: this.selection.length === 0 },
      [
        h("span", {}, ""),
        button(order[0]),
        button(order[1]),
        h("span", {}, ""),
        button(order[2]),
        h("span", {}, ""),
        h("span", {}, ""),
        button(order[3]),
        h("span", {}, ""),
        button(order[4]),
        button(order[5]),
        h("span", {}, ""),
      ],
    );
  };

  /** Slides the marbles just moved (pushed ones too) in from where they were. */
  readonly animate = () => {
    const { last, view, flipped } = this.props;
    const marbles = new Map(view.cells.map((c) => [c.cell, c.marble]));
    const move = last && movedMarbles(last, (cell) => Boolean(marbles.get(cell)));
    if (!move) return;
    const [dr, dd] = move.step;
    for (const cell of move.moved) {
      const [x, y] = position(rowOf(cell), diagOf(cell), flipped);
      const [fx, fy] = position(rowOf(cell) - dr, diagOf(cell) - dd, flipped);
      slideIn([this.host.querySelector(`[data-cell="${cell}"] .marble`)], fx - x, fy - y);
    }
  };

  constructor(host: HTMLElement, context: BoardContext) {
    this.host = host;
    this.submit = context.submit;
    this.t = context.t;
    this.show = keyboardCells(this.host, "data-cell");
    enableDrag(host, {
      cellAt: (x, y) => cellFromPoint(host, x, y, ["data-cell"]),
      isSelected: (cell) => this.selection.includes(cell),
      select: this.select,
      drop: this.drop,
      cancel: () => {
        this.selection = [];
        this.ambiguous = null;
        this.draw();
      },
    });
  }

  update(next: BoardProps<AbaloneView>) {
    if (this.newPosition(next)) {
      this.selection = [];
      this.ambiguous = null;
    }
    this.props = next;
    this.draw();
    if (next.animate) this.animate();
  }

  refresh() {
    if (this.props) this.draw();
  }
}
