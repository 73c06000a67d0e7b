// Abalone's view: the props and the model as vnodes, the holes keyed by cell name (no DOM read back).

import { s, v, onElement, slideIn, type VChild, type VNode } from "../vdom.js";
import { addTexts, t, type Translate } from "../i18n.js";
import type { BoardProps } from "../board-types.js";
import type { AbaloneCell } from "../contract/games/AbaloneCell.js";
import type { AbaloneMove } from "../contract/games/AbaloneMove.js";
import type { AbaloneView } from "../contract/games/AbaloneView.js";
import {
  ARROWS,
  OPPOSITE,
  ROW_H,
  between,
  candidates,
  destinations,
  diagOf,
  ghostCells,
  lastMoveCells,
  legalMoves,
  mine,
  movedMarbles,
  position,
  rowOf,
  type AbaloneModel,
  type Direction,
} from "./abalone-model.js";

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: {
    "abalone.chooseDirection": "Two moves lead there: choose {arrows} on the direction pad.",
    "abalone.black": "Black",
    "abalone.white": "White",
    "abalone.move.NW": "Move north-west",
    "abalone.move.NE": "Move north-east",
    "abalone.move.W": "Move west",
    "abalone.move.E": "Move east",
    "abalone.move.SW": "Move south-west",
    "abalone.move.SE": "Move south-east",
    "abalone.notation":
      "A move names the marble at the line's back and where it goes: b3c3 moves the marbles from b3 on one step towards c3 (pushing any in front). Three cells are a sideways move: c3c5d3 moves the line c3–c5 one step sideways, c3 going to d3.",
    "abalone.mv.one": "the marble on {cell}",
    "abalone.mv.line": "the marbles {from}–{to}",
    "abalone.mv.pushedOne": "the {colour} marble on {cell}",
    "abalone.mv.pushedLine": "the {colour} marbles {from}–{to}",
    "abalone.mv.black": "black",
    "abalone.mv.white": "white",
    "abalone.mv.inLine": "{who} moves {marbles} {direction}",
    "abalone.mv.sideways": "{who} moves {marbles} sideways {direction}",
    "abalone.mv.push": "{who} moves {marbles} {direction}, pushing {pushed}",
    "abalone.mv.pushOff": "{who} moves {marbles} {direction}, pushing {pushed} off the board",
    "abalone.dir.E": "east",
    "abalone.dir.W": "west",
    "abalone.dir.NE": "north-east",
    "abalone.dir.NW": "north-west",
    "abalone.dir.SE": "south-east",
    "abalone.dir.SW": "south-west",
  },
  de: {
    "abalone.chooseDirection": "Dorthin führen zwei Züge: wähle {arrows} im Richtungsfeld.",
    "abalone.black": "Schwarz",
    "abalone.white": "Weiß",
    "abalone.move.NW": "Nach Nordwesten ziehen",
    "abalone.move.NE": "Nach Nordosten ziehen",
    "abalone.move.W": "Nach Westen ziehen",
    "abalone.move.E": "Nach Osten ziehen",
    "abalone.move.SW": "Nach Südwesten ziehen",
    "abalone.move.SE": "Nach Südosten ziehen",
    "abalone.notation":
      "Ein Zug nennt die hinterste Kugel der Reihe und wohin sie geht: b3c3 schiebt die Kugeln ab b3 einen Schritt in Richtung c3 (und vor ihnen liegende mit). Drei Felder sind ein Seitwärtszug: c3c5d3 setzt die Reihe c3–c5 einen Schritt seitwärts, c3 geht nach d3.",
    "abalone.mv.one": "die Kugel auf {cell}",
    "abalone.mv.line": "die Kugeln {from}–{to}",
    "abalone.mv.pushedOne": "die {colour} Kugel auf {cell}",
    "abalone.mv.pushedLine": "die {colour}n Kugeln {from}–{to}",
    "abalone.mv.black": "schwarze",
    "abalone.mv.white": "weiße",
    "abalone.mv.inLine": "{who} zieht {marbles} {direction}",
    "abalone.mv.sideways": "{who} zieht {marbles} seitwärts {direction}",
    "abalone.mv.push": "{who} zieht {marbles} {direction} und schiebt {pushed}",
    "abalone.mv.pushOff": "{who} zieht {marbles} {direction} und schiebt {pushed} vom Brett",
    "abalone.dir.E": "nach Osten",
    "abalone.dir.W": "nach Westen",
    "abalone.dir.NE": "nach Nordosten",
    "abalone.dir.NW": "nach Nordwesten",
    "abalone.dir.SE": "nach Südosten",
    "abalone.dir.SW": "nach Südwesten",
  },
});

type Props = BoardProps<AbaloneView>;

/** What the view's clicks call: a hole (with the moves leading there, if it is a destination), or a direction. */
export interface AbaloneActions {
  cell: (cell: string, moves?: AbaloneMove[]) => unknown;
  direction: (move: string) => unknown;
}

/** The board's hexagonal frame, tight around the cells. */
function boardFrame(): VNode {
  const frame = [];
  for (let k = 0; k < 6; k++) {
    const angle = (Math.PI / 3) * k;
    frame.push(`${2.5 + FRAME * Math.cos(angle)},${4 * ROW_H + FRAME * Math.sin(angle)}`);
  }
  return s("polygon", { key: "frame", points: frame.join(" "), class: "frame" });
}

/**
 * The row letters and diagonal numbers on the frame's rim, as lichess draws coordinates on the board
 * (on the other sides when it is turned): each [`LABEL_STEP`] of a cell out from the row's or
 * diagonal's edge cell.
 */
function boardCoordinates(flipped: boolean): VNode {
  const texts: VNode[] = [];
  for (let row = 1; row <= 9; row++) {
    const [x, y] = position(row, Math.max(1, row - 4) - LABEL_STEP, flipped);
    texts.push(s("text", { key: `r${row}`, x, y: y + 0.1 }, String.fromCharCode(64 + row)));
  }
  for (let diag = 1; diag <= 9; diag++) {
    const row = Math.max(1, diag - 4) - LABEL_STEP;
    const [x, y] = position(row, diag, flipped);
    texts.push(s("text", { key: `d${diag}`, x, y: y + 0.1 }, String(diag)));
  }
  return s("g", { key: "coords", class: "coords" }, texts);
}

/** The slides of the marbles the last move just moved (pushed ones too), by cell. */
function arrivals(props: Props): Map<string, [number, number]> {
  const { last, view, flipped } = props;
  const marbles = new Map(view.cells.map((c) => [c.cell, c.marble]));
  const move = last && movedMarbles(last, (cell) => Boolean(marbles.get(cell)));
  const slides = new Map<string, [number, number]>();
  if (!move) return slides;
  const [dr, dd] = move.step;
  for (const cell of move.moved) {
    const [x, y] = position(rowOf(cell), diagOf(cell), flipped);
    const [fx, fy] = position(rowOf(cell) - dr, diagOf(cell) - dd, flipped);
    slides.set(cell, [fx - x, fy - y]);
  }
  return slides;
}

/** What a hole shows besides its marble. */
interface Marks {
  moves: AbaloneMove[] | undefined;
  last: boolean;
  queued: boolean;
  /** A ghost of the mover's marble: where it would stand after the move waiting for Play. */
  ghost: boolean;
  slide: [number, number] | undefined;
}

/** A hole with its marble, marks and targets; a click goes to `actions.cell`. */
function cellView(props: Props, model: AbaloneModel, cell: AbaloneCell, marks: Marks, actions: AbaloneActions): VNode {
  const [x, y] = position(cell.row, cell.diag, props.flipped);
  const own = mine(props);
  const label = cell.marble ? `${cell.cell} ${t(cell.marble === "b" ? "abalone.black" : "abalone.white")}` : cell.cell;
  const draggable =
    props.interactive && cell.marble === own && legalMoves(props).some((m) => m.marbles.includes(cell.cell));
  const slide = marks.slide;
  const attrs = { key: cell.cell, "data-cell": cell.cell, transform: `translate(${x} ${y})`, "aria-label": label };
  const on = props.interactive ? { click: () => actions.cell(cell.cell, marks.moves) } : undefined;
  return s("g", { ...attrs, on }, [
    s("circle", { key: "hole", r: 0.44, class: "hole" }),
    cell.marble &&
      s("circle", {
        key: "marble",
        r: 0.42,
        class: `marble ${cell.marble}`,
        "data-marble": cell.marble,
        "data-drag": draggable ? cell.cell : null,
        hook: slide ? onElement((el) => slideIn([el], slide[0], slide[1])) : undefined,
      }),
    marks.last && s("circle", { key: "last", r: 0.47, class: "last" }),
    model.selection.includes(cell.cell) &&
      s("circle", { key: "selected", r: 0.3, class: "selected", style: { stroke: own === "b" ? "#fff" : "#000" } }),
    marks.moves &&
      s("circle", {
        key: "target",
        r: 0.18,
        class: "target clone",
        "data-target": marks.moves.map((m) => m.direction).join(" "),
      }),
    marks.ghost && s("circle", { key: "ghost", r: 0.42, class: `marble ${own} ghost`, "data-ghost": own }),
    marks.queued && s("circle", { key: "premove", r: 0.3, class: "premove", "data-premove": cell.cell }),
  ]);
}

/** The frame's radius in cells (the holes' hexagon has 4): its rim carries the coordinates. */
const FRAME = 5;

/** How far out from the edge cell a coordinate stands, in cells: on the frame's rim, inside its edge. */
const LABEL_STEP = 0.8;

/** The board: frame, holes and coordinates. */
export function board(props: Props, model: AbaloneModel, actions: AbaloneActions): VNode {
  const { view, last } = props;
  const targets = props.interactive ? destinations(props, model) : new Map<string, AbaloneMove[]>();
  const marbles = new Map(view.cells.map((c) => [c.cell, c.marble]));
  const lastMarbles = last ? lastMoveCells(last, (cell) => marbles.get(cell)) : [];
  // A move waiting for Play: the cells it names are marked (and the middle marble of a broadside line).
  const named = props.queued?.match(/[a-i]\d/g) ?? [];
  const middle = named.length === 3 ? between(named[0] ?? "", named[1] ?? "") : null;
  const queued = middle ? [...named, middle] : named;
  // A move waiting for Play (not a premove: the position is not yet the player's) shows its marbles' ghosts.
  const own = mine(props);
  const ghosts =
    props.queued && !props.premove && own ? ghostCells(props.queued, (cell) => marbles.get(cell), own) : [];
  const slides = model.animate ? arrivals(props) : new Map<string, [number, number]>();
  const cells = view.cells.map((cell) =>
    cellView(
      props,
      model,
      cell,
      {
        moves: targets.get(cell.cell),
        last: lastMarbles.includes(cell.cell),
        queued: queued.includes(cell.cell),
        ghost: ghosts.includes(cell.cell) && marbles.get(cell.cell) !== own,
        slide: slides.get(cell.cell),
      },
      actions,
    ),
  );
  // Centred on the board and tight around the frame (the labels are on its rim): the frame spans
  // the board's width, as the other games' boards do.
  const half = FRAME * ROW_H + 0.02;
  const root = {
    key: "board",
    viewBox: `${2.5 - FRAME - 0.02} ${4 * ROW_H - half} ${2 * FRAME + 0.04} ${2 * half}`,
    class: "board hex-board",
    role: "img",
    "aria-label": "Abalone",
  };
  return s("svg", root, [boardFrame(), ...cells, boardCoordinates(props.flipped)]);
}

/** The hint above the direction pad: what to do, or which arrows lead to the dot clicked. */
export function hint(props: Props, model: AbaloneModel, tr: Translate): VNode {
  const arrows = (model.ambiguous ?? []).map((d) => (props.flipped ? ARROWS[OPPOSITE[d]] : ARROWS[d])).join(" / ");
  return model.ambiguous
    ? v(
        "p",
        { key: "choose", class: "hint", id: "abalone-choose", role: "status" },
        tr("abalone.chooseDirection", { arrows }),
      )
    : v("p", { key: "hint", class: "hint muted" }, tr("selectMarbles"));
}

/**
 * The direction pad: an arrow per direction in the board's orientation, enabled where the
 * selection can go, each named by the direction it moves on the screen ("Move north-west").
 * Hidden until marbles are chosen: before that all its arrows would be dead.
 */
export function directionPad(props: Props, model: AbaloneModel, tr: Translate, play: (move: string) => unknown): VNode {
  const flipped = props.flipped;
  const available = new Map(candidates(props, model).map((m) => [m.direction, m]));
  const order: Direction[] = flipped ? ["SE", "SW", "E", "W", "NE", "NW"] : ["NW", "NE", "W", "E", "SW", "SE"];
  const button = (direction: Direction | undefined): VChild => {
    if (!direction) return null;
    const move = available.get(direction);
    // The direction as the player sees it on the screen (the board turned: the opposite one).
    const onScreen = flipped ? OPPOSITE[direction] : direction;
    const name = tr(`abalone.move.${onScreen}`);
    const on = { click: () => move && play(move.move) };
    const attrs = { key: direction, disabled: !move, "data-direction": direction, title: name, "aria-label": name };
    return v("button", { ...attrs, on }, v("span", { "aria-hidden": "true" }, ARROWS[onScreen]));
  };
  const gap = (n: number) => v("span", { key: `gap${n}` }, "");
  const attrs = { key: "dirpad", class: "dirpad", role: "group", "aria-label": tr("direction") };
  return v("div", { ...attrs, hidden: model.selection.length === 0 }, [
    gap(0),
    button(order[0]),
    button(order[1]),
    gap(1),
    button(order[2]),
    gap(2),
    gap(3),
    button(order[3]),
    gap(4),
    button(order[4]),
    button(order[5]),
    gap(5),
  ]);
}
