// Amakta's board as vnodes: the hex board (or Infinit's plane) with cells keyed by their names,
// the marks inside by what they are, the stones in their own layer keyed by cell, the preview of
// the selection and the reach of the stone under the pointer. Pure functions of the props and the
// model (amakta-model.ts); the panels around it are in amakta-panels.ts.

import type { Hooks } from "snabbdom";
import { s, type VNode } from "../vdom.js";
import type { Translate } from "../i18n.js";
import { ARROW_COLOURS, hexPoints, stoneGlyph, type ArrowState, type Owner } from "./amakta-stones.js";
import { boundBadge } from "./amakta-legend.js";
import { drawnArrowsText } from "./amakta-moves.js";
import { holesOf, phaseOf } from "./amakta-types.js";
import type { Cell, Hole, PlacedStone } from "./amakta-types.js";
import {
  arrowStates,
  boundsStandard,
  cellMap,
  draggable,
  ghostCell,
  isInfinit,
  lastCells,
  moverOf,
  planeCells,
  PLANE_ASPECT,
  pos,
  previewCell,
  qrOf,
  reachOf,
  stoneEntry,
  targets,
  turnOf,
  viewBoxOf,
  type AmaktaModel,
  type AmaktaProps,
} from "./amakta-model.js";

/** What the board's pointer input calls. */
export interface BoardActions {
  /** A click on a cell, a stone or the preview. */
  cell: (name: string) => void;
  /** The pointer came onto a cell (its control goes to the info line, a target shows the stone's preview). */
  point: (name: string) => void;
  /** The pointer left the board (a target's preview goes). */
  leave: () => void;
  /** The pointer came onto a stone (its reach shows), or left it (null). */
  hover: (name: string | null) => void;
  /** Infinit's plane was drawn: its element, for panning and zooming. */
  plane: (element: SVGSVGElement) => void;
}

/** A line of who controls `cell`: its arrow counts (with circles) and its stone, its arrows as drawn turned by `turn` sixths. */
export function controlText(cell: Cell | null | undefined, t: Translate, turn = 0): string {
  if (!cell) return "";
  const who: string = {
    white: t("amk.controlWhite"),
    black: t("amk.controlBlack"),
    tie: t("amk.controlTie"),
    free: t("amk.controlFree"),
  }[cell.control];
  const counts = t("amk.counts", { w: cell.arrows.white, b: cell.arrows.black });
  const effective =
    cell.effective.white !== cell.arrows.white || cell.effective.black !== cell.arrows.black
      ? " " + t("amk.withCircles", { w: cell.effective.white, b: cell.effective.black })
      : "";
  const stone = cell.stone ? " · " + stoneText(cell.stone, t, turn) : "";
  return `${cell.name}: ${who} — ${counts}${effective}${stone}`;
}

/** A stone in words: whose, its arrows (as the board draws them, turned by `turn` sixths), its circle, expropriation and binding. */
function stoneText(stone: PlacedStone, t: Translate, turn: number): string {
  const parts = [t(`amk.stoneOf.${stone.owner}`), drawnArrowsText(stone.orientation, turn)];
  if (stone.circle !== "none") parts.push(t(`amk.circle.${stone.circle}`));
  if (stone.expropriated) parts.push(t("amk.expropriatedFrom", { colour: t(`amk.${stone.colour}`) }));
  if (stone.free !== null && stone.free !== undefined) parts.push(stone.free ? t("amk.free") : t("amk.bound"));
  return parts.join(", ");
}

/** Lines from (q, r) to the cells `arrows` reach, coloured by reach, faded when blocked. */
function reachLines(
  props: AmaktaProps,
  [q, r]: [number, number],
  arrows: { q: number; r: number; reach: number; blocked: boolean }[],
  kind: "preview" | "hover",
): VNode {
  const [x1, y1] = pos(props, q, r);
  return s(
    "g",
    { key: `reach-${kind}`, class: `amk-reach ${kind}` },
    arrows.flatMap((arrow, i) => {
      const [x2, y2] = pos(props, arrow.q, arrow.r);
      const paint = { stroke: ARROW_COLOURS[arrow.reach], class: arrow.blocked ? "blocked" : null };
      return [
        s("line", { key: `line${i}`, x1, y1, x2, y2, ...paint }),
        s("circle", { key: `end${i}`, cx: x2, cy: y2, r: 0.16, fill: ARROW_COLOURS[arrow.reach], class: paint.class }),
      ];
    }),
  );
}

/** The patterns of a tied cell and of a hole. */
function defs(): VNode {
  const stripes = (id: string, size: number, turn: string, fills: [string, string], stripe: number) =>
    s("pattern", { key: id, id, width: size, height: size, patternUnits: "userSpaceOnUse", patternTransform: turn }, [
      s("rect", { key: "ground", width: size, height: size, fill: fills[0] }),
      s("rect", { key: "stripe", width: stripe, height: size, fill: fills[1] }),
    ]);
  return s("defs", { key: "defs" }, [
    stripes("amk-tie", 0.4, "rotate(45)", ["#f3eee2", "#59616b"], 0.2),
    stripes("amk-hole", 0.3, "rotate(-45)", ["#5b4a36", "#7a654a"], 0.08),
  ]);
}

/** A hole of the board. */
function holeShape(props: AmaktaProps, hole: Hole, t: Translate): VNode {
  const [x, y] = pos(props, hole.q, hole.r);
  return s("g", { key: `hole:${hole.name}`, "data-hole": hole.name, class: "amk-hole" }, [
    s("polygon", { key: "hex", points: hexPoints(x, y, 0.97), fill: "url(#amk-hole)" }),
    s("title", { key: "title" }, t("amk.hole", { cell: hole.name })),
  ]);
}

/** The size of a cell's name, in hex units (a hex is √3 wide). */
export const NAME_SIZE = 0.32;

/** The size of an Infinit base's name, inside the base's outline. */
const BASE_NAME_SIZE = 0.2;

/** A cell: its control shading, base, name (on large hexes; always in its title), arrow counts and the last move's mark. */
function cellShape(
  props: AmaktaProps,
  model: AmaktaModel,
  cell: Cell,
  last: boolean,
  actions: BoardActions,
  t: Translate,
): VNode {
  const [x, y] = pos(props, cell.q, cell.r);
  const base = cell.base;
  return s(
    "g",
    {
      key: cell.name,
      "data-cell": cell.name,
      "data-control": cell.control,
      "data-arrows": `${cell.arrows.white}:${cell.arrows.black}`,
      class: "amk-cellg",
      on: {
        pointerenter: () => actions.point(cell.name),
        focus: () => actions.point(cell.name),
        click: () => actions.cell(cell.name),
      },
    },
    [
      s("polygon", { key: "hex", points: hexPoints(x, y, 0.97), class: `amk-cell ctl-${cell.control}` }),
      base && s("polygon", { key: "base-edge", points: hexPoints(x, y, 0.84), class: "amk-base-edge" }),
      base &&
        s("polygon", { key: "base", points: hexPoints(x, y, 0.84), class: `amk-base ${base}`, "data-base": base }),
      // No name on a stone, nor on a base of the standard board (it would run into the base's outline; the
      // base says "W" or "B", its row letter its row). Infinit's plane has no row letters: its empty bases
      // carry their names too, smaller, inside the outline.
      model.namedCells &&
        !cell.stone &&
        (!base || isInfinit(props.view)) &&
        s(
          "text",
          {
            key: "name",
            x,
            y: y - (base ? 0.56 : 0.5),
            "font-size": base ? BASE_NAME_SIZE : NAME_SIZE,
            class: base ? `amk-name on-base ${base}` : "amk-name",
          },
          cell.name,
        ),
      !cell.stone &&
        base &&
        s("text", { key: "base-label", x, y: y - 0.02, class: `amk-base-label ${base}` }, [
          t(`amk.baseShort.${base}`),
          // The standard board's base says its cell too (d1, d7: the moves name it), where there is room (amakta.css).
          !isInfinit(props.view) &&
            model.namedCells &&
            s("tspan", { key: "cell", class: "amk-base-cell" }, ` ${cell.name}`),
        ]),
      model.shading &&
        (cell.effective.white !== 0 || cell.effective.black !== 0) &&
        s(
          "text",
          // On an empty base the counts sit right under its letter, where the hex is wide enough for them at any scale.
          { key: "counts", x, y: base && !cell.stone ? y + 0.5 : y + 0.72, class: "amk-counts" },
          `${cell.effective.white}:${cell.effective.black}`,
        ),
      last && s("polygon", { key: "last", points: hexPoints(x, y, 0.9), class: "last" }),
      s("title", { key: "title" }, controlText(cell, t, turnOf(props))),
    ],
  );
}

/**
 * The mark of a cell offered to the selection: a dot on an empty cell, a ring around a stone and
 * around an empty base (a dot would cover its letter and counts).
 */
function targetMark(props: AmaktaProps, cell: Cell): VNode {
  const [x, y] = pos(props, cell.q, cell.r);
  const ring = Boolean(cell.stone || cell.base);
  return s("circle", {
    key: `target:${cell.name}`,
    cx: x,
    cy: y,
    r: ring ? 0.92 : 0.3,
    class: `amk-target${ring ? " ring" : ""}`,
    "data-target": cell.name,
    "pointer-events": "none",
  });
}

/** The stone on `cell`; the pointer on it shows its reach. */
function placedStone(
  props: AmaktaProps,
  model: AmaktaModel,
  cell: Cell,
  stone: PlacedStone,
  actions: BoardActions,
  t: Translate,
): VNode {
  const [x, y] = pos(props, cell.q, cell.r);
  const glyph = stoneGlyph(stone.orientation, {
    owner: stone.owner,
    circle: stone.circle,
    expropriated: stone.expropriated,
    colour: stone.colour,
    arrowState: arrowStates(props.view, cell.name),
    turn: turnOf(props),
  });
  const selected = model.sel?.from === "board" && model.sel.cell === cell.name;
  const actionable = props.interactive && phaseOf(props.view) === "play" && stoneEntry(props.view, cell.name);
  return s(
    "g",
    {
      key: cell.name,
      transform: `translate(${x.toFixed(3)} ${y.toFixed(3)})`,
      "data-stone": cell.name,
      "data-free": stone.free,
      "data-drag": draggable(props, model.sel, cell.name) ? cell.name : null,
      class: `amk-placed${selected ? " selected-stone" : ""}${actionable ? " actionable" : ""}`,
      on: {
        pointerenter: () => actions.hover(cell.name),
        pointerleave: () => actions.hover(null),
        click: () => actions.cell(cell.name),
      },
    },
    [glyph, stone.free === false && boundBadge(t, cell.control)],
  );
}

/** The reach of the stone under the pointer, or nothing. */
function hoverReach(props: AmaktaProps, model: AmaktaModel): VNode | null {
  const name = model.hoverStone;
  const at = name && cellMap(props.view).get(name)?.stone ? qrOf(props.view, name) : null;
  if (!name || !at) return null;
  const arrows = props.view.arrows
    .filter((a) => a.from === name)
    .map((a) => {
      const [q, r] = qrOf(props.view, a.to) ?? [0, 0];
      return { q, r, reach: a.distance, blocked: a.blocked };
    });
  return reachLines(props, at, arrows, "hover");
}

/** The permanent base arrow of `colour`: from outside the board towards its base. */
function baseArrow(props: AmaktaProps, colour: Owner, t: Translate): VNode {
  const base = props.view.bases[colour];
  const [q, r] = (typeof base === "string" ? qrOf(props.view, base) : [base.q, base.r]) ?? [0, 0];
  const outward = colour === "white" ? -1 : 1;
  const [x, y] = pos(props, q, r);
  const [ox] = pos(props, q + outward, r);
  const side = Math.sign(ox - x);
  const tip = x + side * 0.88;
  const shape = [
    [0, 0],
    [0.3, -0.22],
    [0.3, -0.08],
    [0.6, -0.08],
    [0.6, 0.08],
    [0.3, 0.08],
    [0.3, 0.22],
  ]
    .map(([a = 0, b = 0]) => `${(tip + side * a).toFixed(3)},${(y + b).toFixed(3)}`)
    .join(" ");
  return s(
    "polygon",
    { key: `base-arrow:${colour}`, points: shape, class: `amk-base-arrow ${colour}`, "data-base-arrow": colour },
    s("title", {}, t("amk.legendBases")),
  );
}

/**
 * The stone the selection would put on `at`, faded, with its reach; or nothing. The preview of the
 * move built (`ghostCell`) plays on a click; a target's under the pointer (`pointed`) only shows, the
 * click goes to its cell.
 */
function ghost(props: AmaktaProps, model: AmaktaModel, actions: BoardActions, at: string | null): VNode[] {
  const code = model.sel?.orient;
  const qr = at ? qrOf(props.view, at) : null;
  if (!at || !code || !qr) return [];
  const [x, y] = pos(props, ...qr);
  const ignore = model.sel?.from === "board" ? model.sel.cell : null;
  const arrows = reachOf(props.view, qr[0], qr[1], code, ignore);
  const states = new Map(arrows.map((a): [string, ArrowState] => [`${a.d}:${a.reach}`, a.blocked ? "blocked" : null]));
  const glyph = stoneGlyph(code, {
    owner: moverOf(props.view),
    turn: turnOf(props),
    ghost: true,
    arrowState: (d, reach) => states.get(`${d}:${reach}`) ?? (states.has(`${d}:${reach}`) ? null : "nowhere"),
  });
  const built = ghostCell(model.sel) === at;
  return [
    reachLines(props, qr, arrows, "preview"),
    s(
      "g",
      built
        ? {
            key: "ghost",
            transform: `translate(${x.toFixed(3)} ${y.toFixed(3)})`,
            class: "amk-ghost",
            "data-ghost": at,
            on: { click: () => actions.cell(at) },
          }
        : {
            key: "ghost",
            transform: `translate(${x.toFixed(3)} ${y.toFixed(3)})`,
            class: "amk-ghost pointed",
            "data-pointed-ghost": at,
            "pointer-events": "none",
          },
      glyph,
    ),
  ];
}

/** The row letters left of each row; the base row's above White's base arrow, which is where the others' stand. */
function rowLetters(props: AmaktaProps): VNode {
  const { view } = props;
  const rows = new Map<string, { q: number; r: number }>();
  for (const cell of [...view.cells, ...holesOf(view)]) {
    const letter = cell.name[0] ?? "";
    const known = rows.get(letter);
    if (!known || cell.q < known.q) rows.set(letter, cell);
  }
  const whiteBase = view.bases.white;
  const baseRow = typeof whiteBase === "string" ? cellMap(view).get(whiteBase)?.name[0] : undefined;
  return s(
    "g",
    { key: "coords", class: "coords amk-coords" },
    [...rows].map(([letter, cell]) => {
      const [x, y] = pos(props, cell.q, cell.r);
      const above = letter === baseRow;
      return s(
        "text",
        { key: letter, x: x + (props.flipped ? 1.25 : -1.25), y: y + (above ? -0.32 : 0.12), "data-row": letter },
        letter,
      );
    }),
  );
}

/** The board: cells (and holes), targets and base arrows, the stones, the preview and the row letters. */
export function boardView(
  props: AmaktaProps,
  model: AmaktaModel,
  actions: BoardActions,
  t: Translate,
  compact: boolean,
): VNode {
  const { view } = props;
  const infinit = isInfinit(view);
  const offered = targets(props, model.sel);
  const last = lastCells(props);
  const ghostAt = previewCell(props, model.sel, model.hoverCell);
  const cells = infinit ? planeCells(props, model.camera) : view.cells;
  const layer = [
    ...holesOf(view).map((hole) => holeShape(props, hole, t)),
    ...cells.flatMap((cell) => [
      cellShape(props, model, cell, last.has(cell.name), actions, t),
      offered.has(cell.name) ? targetMark(props, cell) : null,
    ]),
    baseArrow(props, "white", t),
    baseArrow(props, "black", t),
  ];
  const stones = cells.flatMap((cell) =>
    cell.stone && ghostAt !== cell.name ? [placedStone(props, model, cell, cell.stone, actions, t)] : [],
  );
  const box = infinit ? viewBoxOf(model.camera) : boundsStandard(props);
  // Infinit's plane pans and zooms: its listeners go on the element once it is made.
  const hook: Hooks | undefined = infinit
    ? { insert: (vnode) => vnode.elm instanceof SVGSVGElement && actions.plane(vnode.elm) }
    : undefined;
  return s(
    "svg",
    {
      key: infinit ? "plane" : "board",
      class: `board amk-board${infinit ? " amk-plane" : ""}${model.shading ? " shaded" : ""}${compact ? " compact" : ""}`,
      role: "img",
      "aria-label": infinit ? "Amakta Infinit" : "Amakta",
      viewBox: box.map((n) => n.toFixed(3)).join(" "),
      // One camera across the phases: where the plane is kept lower (making a stone, the panel under
      // it) it keeps its scale and top edge and shows less below, rather than shrinking (the board jumped).
      preserveAspectRatio: infinit ? "xMidYMin slice" : undefined,
      style: infinit ? { touchAction: "none", aspectRatio: `1 / ${PLANE_ASPECT}` } : undefined,
      hook,
      on: { pointerleave: actions.leave },
    },
    [
      defs(),
      s("g", { key: "cells", class: "amk-cells" }, layer),
      s("g", { key: "stones", class: "amk-stones" }, stones),
      ...ghost(props, model, actions, ghostAt),
      hoverReach(props, model),
      infinit ? null : rowLetters(props),
    ],
  );
}
