// Amakta and Amakta Infinit: the hex board (or the pannable plane) with
// stones, arrows, circles, bases and control shading; moves by pointing
// (inventory stone → orientation → cell; board stone → action, or dragged
// to the cell it relocates to); the setup
// phase (circles, colour) and the Infinit start (bidding, stone creation).
// Only legal choices are offered: targets come from the view's decomposed
// `legal` object, every built move is checked against the legal move list
// (stone creation, whose list is too long to send, against the decomposition).

import { svg, h, positionTracker } from "../svg.js";
import { keyboardCellsDom } from "../vdom.js";
import { loadSettings } from "../settings.js";
import { cellFromPoint, enableDrag } from "../drag.js";
import {
  REACHES,
  ARROW_COLOURS,
  STEPS,
  rotate,
  mirror,
  centre,
  hexPoints,
  stoneGlyph,
  stoneIcon,
} from "./amakta-stones.js";
import type { ArrowState, Owner } from "./amakta-stones.js";
import { boundBadge, legend } from "./amakta-legend.js";
import { attachPanZoom, clampWidth } from "./amakta-camera.js";
import type { Camera } from "./amakta-camera.js";
import { holesOf, infinitView, phaseOf } from "./amakta-view.js";
import type { AmaktaBoardView, BoardSelection, Cell, Hole, PlacedStone, Selection } from "./amakta-view.js";
import type { Translate } from "../i18n.js";
import { lang } from "../i18n.js";
import type { Board, BoardContext, BoardProps } from "../board-types.js";

export { lobbyOptions } from "./amakta-lobby.js";
import { arrowsText, lineWords, stoneLabel } from "./amakta-moves.js";
import { circleSetup, colourSetup, biddingPanel, setSummary, creationPanel } from "./amakta-setup.js";
import "./amakta.css";

export { moveWords, lineWords, moveGeometry } from "./amakta-moves.js";

/** The actions on a stone the board offers as buttons (`amk.act.*`). */
type ActionKey =
  | "rotate"
  | "take"
  | "relocate"
  | "replace"
  | "expropriate"
  | "appropriate"
  | "remove"
  | "release"
  | "release-place";

/** An arrow of a stone previewed on a cell: its direction, reach, target cell and whether it is blocked. */
interface Reach {
  d: number;
  reach: number;
  q: number;
  r: number;
  blocked: boolean;
}

const SHADING_KEY = "spielwerk.amakta.shading";
const INFINIT_CELL = /^-?\d+,-?\d+$/;

function other(colour: Owner): Owner {
  return colour === "white" ? "black" : "white";
}

/** Each seat's colour and stones in hand, shown next to the players. */
export function seatInfo(view: AmaktaBoardView, t: Translate): string[] | null {
  const colourOf = (seat: string) => {
    if (!view.p1_colour) return null;
    return seat === "p1" ? view.p1_colour : other(view.p1_colour);
  };
  return ["p1", "p2"].map((seat) => {
    const colour = colourOf(seat);
    if (!colour) return t("amk.colourOpen");
    return `${t(`amk.${colour}`)} · ${t("amk.inHand", { n: view.inventories[colour].length })}`;
  });
}

/**
 * Whether the moves from `before` to `after` took something of the opponent of the one who was to
 * move: a stone expropriated, released or removed, i.e. fewer of the opponent's stones on the
 * board, or more stones out of the game.
 */
export function captures(before: AmaktaBoardView, after: AmaktaBoardView): boolean {
  const mover = before.to_move.colour;
  if (!mover) return false;
  const theirs = (view: AmaktaBoardView) =>
    view.cells.filter((cell) => cell.stone && cell.stone.owner !== mover).length;
  return theirs(after) < theirs(before) || after.removed.length > before.removed.length;
}

/** Placing and relocating are previewed, and played on a second click or Play when the setting asks for it. */
export const confirmsMoves = true;

/** Draws Amakta boards into `host`; `submit(move)` plays a move. */
export function createBoard(host: HTMLElement, context: BoardContext): Board {
  return new AmaktaBoard(host, context);
}

/** The board's state and drawing (see `createBoard`). */
class AmaktaBoard implements Board {
  readonly host: HTMLElement;
  readonly submit: BoardContext["submit"];
  readonly t: BoardContext["t"];
  props!: BoardProps<AmaktaBoardView>;
  sel: Selection | null = null;
  readonly newPosition = positionTracker();
  readonly show: ReturnType<typeof keyboardCellsDom>;
  shading = localStorage.getItem(SHADING_KEY) !== "0";
  camera: Camera = { x: 0, y: 0, w: 12 };
  cameraSet = false;
  userMoved = false;
  infoCell: string | null = null;
  readonly editorState = { code: "100000", circle: "none" };
  bidValue: number | null = null;

  // ------------------------------------------------------------ helpers

  readonly view = () => this.props.view;
  readonly infinit = () => this.view().game === "amakta-infinit";
  readonly legalSet = () => new Set(this.props.legal);

  // Moves are built from the view's decomposition; when the server did not list the legal moves
  // (too many), it judges the move when it is played.
  readonly isLegal = (move: string) =>
    this.props.interactive && (this.props.legalListed === false || this.legalSet().has(move));
  readonly mover = () => this.view().to_move.colour ?? undefined;
  readonly phase = () => phaseOf(this.view());

  readonly cellMap = (): Map<string, Cell> => {
    const map = new Map<string, Cell>();
    for (const cell of this.view().cells) map.set(cell.name, cell);
    return map;
  };

  readonly nameOf = (q: number, r: number): string | null => {
    if (this.infinit()) return `${q},${r}`;
    return this.cellByQr().get(`${q},${r}`)?.name ?? null;
  };

  qrCache: {
    view: AmaktaBoardView;
    map: Map<string, (Cell & { hole?: false }) | (Hole & { hole: true; stone?: undefined })>;
  } | null = null;

  readonly cellByQr = () => {
    if (this.qrCache && this.qrCache.view === this.view()) return this.qrCache.map;
    const map: NonNullable<typeof this.qrCache>["map"] = new Map();
    for (const cell of this.view().cells) map.set(`${cell.q},${cell.r}`, cell);
    for (const hole of holesOf(this.view())) map.set(`${hole.q},${hole.r}`, { ...hole, hole: true as const });
    this.qrCache = { view: this.view(), map };
    return map;
  };

  readonly playable = (q: number, r: number): boolean => {
    if (this.infinit()) return true;
    const cell = this.cellByQr().get(`${q},${r}`);
    return Boolean(cell && !cell.hole);
  };

  readonly occupied = (q: number, r: number): boolean => {
    const cell = this.cellByQr().get(`${q},${r}`);
    return Boolean(cell?.stone);
  };

  readonly qrOf = (name: string): [number, number] | null => {
    if (this.infinit()) {
      const [q = 0, r = 0] = name.split(",").map(Number);
      return [q, r];
    }
    const cell = this.cellMap().get(name);
    return cell ? [cell.q, cell.r] : null;
  };

  readonly pos = (q: number, r: number): [number, number] => {
    const [x, y] = centre(q, r);
    return this.props.flipped ? [-x, -y] : [x, y];
  };

  readonly turn = () => (this.props.flipped ? 3 : 0);

  readonly stoneEntry = (cell: string) => {
    return this.view().legal.stones.find((s) => s.cell === cell) || null;
  };

  readonly pieceOf = (colour: Owner, code: string) => {
    return this.view().stones.find((s) => s.piece === `${colour[0] ?? ""}:${code}`) || null;
  };

  /** Board arrows of the stone on `cell`: state per direction and reach. */
  readonly arrowStates = (cell: string): ((d: number, reach: number) => ArrowState) => {
    const states = new Map<string, ArrowState>();
    for (const arrow of this.view().arrows) {
      if (arrow.from === cell) states.set(`${arrow.direction}:${arrow.distance}`, arrow.blocked ? "blocked" : null);
    }
    return (d, reach) => states.get(`${d}:${reach}`) ?? (states.has(`${d}:${reach}`) ? null : "nowhere");
  };

  /** Arrows of `code` standing on (q, r), computed here (previews): target and blocked. */
  readonly reachOf = (q: number, r: number, code: string, ignore: string | null): Reach[] => {
    const arrows: Reach[] = [];
    for (let d = 0; d < 6; d++) {
      for (const reach of REACHES[Number(code[d])] ?? []) {
        const [sq, sr] = STEPS[d] ?? [0, 0];
        const tq = q + sq * reach;
        const tr = r + sr * reach;
        if (!this.playable(tq, tr)) continue;
        let blocked = false;
        for (let j = 1; j < reach; j++) {
          const cq = q + sq * j;
          const cr = r + sr * j;
          if (!this.playable(cq, cr) || (this.occupied(cq, cr) && this.nameOf(cq, cr) !== ignore)) blocked = true;
        }
        arrows.push({ d, reach, q: tq, r: tr, blocked });
      }
    }
    return arrows;
  };

  readonly reachLines = (q: number, r: number, arrows: Omit<Reach, "d">[], cls: string): SVGElement => {
    const group = svg("g", { class: `amk-reach ${cls}` });
    const [x1, y1] = this.pos(q, r);
    for (const arrow of arrows) {
      const [x2, y2] = this.pos(arrow.q, arrow.r);
      group.append(
        svg("line", { x1, y1, x2, y2, stroke: ARROW_COLOURS[arrow.reach], class: arrow.blocked ? "blocked" : "" }),
      );
      group.append(
        svg("circle", {
          cx: x2,
          cy: y2,
          r: 0.16,
          fill: ARROW_COLOURS[arrow.reach],
          class: arrow.blocked ? "blocked" : "",
        }),
      );
    }
    return group;
  };

  readonly controlText = (cell: Cell | null | undefined): string => {
    if (!cell) return "";
    const who: string = {
      white: this.t("amk.controlWhite"),
      black: this.t("amk.controlBlack"),
      tie: this.t("amk.controlTie"),
      free: this.t("amk.controlFree"),
    }[cell.control];
    const counts = this.t("amk.counts", { w: cell.arrows.white, b: cell.arrows.black });
    const effective =
      cell.effective.white !== cell.arrows.white || cell.effective.black !== cell.arrows.black
        ? " " + this.t("amk.withCircles", { w: cell.effective.white, b: cell.effective.black })
        : "";
    const stone = cell.stone ? " · " + this.stoneText(cell.stone) : "";
    return `${cell.name}: ${who} — ${counts}${effective}${stone}`;
  };

  readonly stoneText = (stone: NonNullable<Cell["stone"]>): string => {
    const parts = [this.t(`amk.stoneOf.${stone.owner}`), arrowsText(stone.orientation, this.turn())];
    if (stone.circle !== "none") parts.push(this.t(`amk.circle.${stone.circle}`));
    if (stone.expropriated) parts.push(this.t("amk.expropriatedFrom", { colour: this.t(`amk.${stone.colour}`) }));
    if (stone.free !== null && stone.free !== undefined)
      parts.push(stone.free ? this.t("amk.free") : this.t("amk.bound"));
    return parts.join(", ");
  };

  /** Shows who controls `cell` in the info line (kept by name: redrawn in the page's language). */
  readonly showInfo = (cell: Cell | null | undefined) => {
    this.infoCell = cell?.name ?? null;
    const line = this.host.querySelector("#amk-info");
    if (line) line.textContent = this.controlText(cell) || this.t("amk.hoverHint");
  };

  // ------------------------------------------------------------ selection → move

  readonly orientationChoices = (): string[] | null => {
    if (this.sel?.from !== "board") return null;
    if (this.sel.action === "rotate") return this.sel.entry.rotate;
    if (this.sel.action === "appropriate") return this.sel.entry.appropriate;
    return null;
  };

  /** The move text the current selection would play, or null. */
  readonly pendingMove = (): string | null => {
    if (!this.sel) return null;
    const o = this.sel.orient;
    if (this.sel.from === "inventory") {
      const target = this.sel.target;
      if (!target) return null;
      const stone = this.cellMap().get(target)?.stone;
      if (!stone) return `place ${this.sel.code} ${target} ${o}`;
      if (stone.owner === this.mover()) return `replace ${target} ${this.sel.code} ${o}`;
      return `release-place ${target} ${this.sel.code} ${o}`;
    }
    switch (this.sel.action) {
      case "rotate":
        return `rotate ${this.sel.cell} ${o}`;
      case "appropriate":
        return `appropriate ${this.sel.cell} ${o}`;
      case "relocate":
        return this.sel.target ? `relocate ${this.sel.cell} ${this.sel.target} ${o}` : null;
      case "replace":
        return this.sel.code ? `replace ${this.sel.cell} ${this.sel.code} ${o}` : null;
      case "release-place":
        return this.sel.code ? `release-place ${this.sel.cell} ${this.sel.code} ${o}` : null;
      default:
        return null;
    }
  };

  /** Where the selection's stone would stand (for the preview), or null. */
  readonly ghostCell = (): string | null => {
    if (!this.sel) return null;
    if (this.sel.from === "inventory") return this.sel.target;
    if (this.sel.action === "relocate") return this.sel.target;
    if (this.sel.action === "rotate" || this.sel.action === "appropriate") return this.sel.cell;
    if ((this.sel.action === "replace" || this.sel.action === "release-place") && this.sel.code) return this.sel.cell;
    return null;
  };

  readonly ghostCode = (): string | null => {
    return this.sel?.orient || null;
  };

  /** Cells offered for the selection (highlighted, clickable). */
  readonly targets = (): Set<string> => {
    const result = new Set<string>();
    if (!this.sel || !this.props.interactive) return result;
    const legal = this.view().legal;
    if (this.sel.from === "inventory") {
      for (const cell of legal.place.cells) result.add(cell);
      for (const entry of legal.stones) {
        if (entry.replace || entry.release_place) result.add(entry.cell);
      }
    } else if (!this.sel.action || this.sel.action === "relocate") {
      for (const cell of this.sel.entry.relocate) result.add(cell);
    }
    return result;
  };

  readonly turnOrientation = (fn: (code: string) => string) => {
    if (!this.sel?.orient) return;
    const choices = this.orientationChoices();
    let next = fn(this.sel.orient);
    if (choices) {
      // Rotate and appropriate must change the orientation: skip the current one.
      let guard = 0;
      while (!choices.includes(next) && guard++ < 12) next = fn(next);
      if (!choices.includes(next)) return;
    }
    this.sel.orient = next;
    this.draw();
  };

  readonly confirm = () => {
    const move = this.pendingMove();
    if (move && this.isLegal(move)) {
      this.sel = null;
      this.submit(move);
    }
  };

  readonly selectInventory = (code: string) => {
    if (this.sel?.from === "board" && (this.sel.action === "replace" || this.sel.action === "release-place")) {
      this.sel.code = code;
      this.sel.orient = code;
    } else if (this.sel?.from === "inventory" && this.sel.code === code) {
      this.sel = null;
    } else {
      this.sel = {
        from: "inventory",
        code,
        orient: code,
        target: this.sel?.from === "inventory" ? this.sel.target : null,
      };
    }
    this.draw();
  };

  readonly clickCell = (cell: string) => {
    const info = this.cellMap().get(cell);
    this.showInfo(info);
    if (!this.props.interactive || this.phase() !== "play") return;
    if (this.sel && this.sel.target === cell && this.ghostCell() === cell) return this.confirm();
    if (this.sel && this.targets().has(cell)) {
      if (this.sel.from === "board") {
        this.sel.action = "relocate";
        if (!this.sel.orient)
          this.sel.orient = info?.stone?.orientation || this.cellMap().get(this.sel.cell)?.stone?.orientation || null;
      }
      this.sel.target = cell;
      // Without confirmation a click on a target plays, placing and relocating alike.
      const move = this.pendingMove();
      if (!loadSettings().confirmMoves && move && this.isLegal(move)) return this.confirm();
      return this.draw();
    }
    const entry = this.stoneEntry(cell);
    const orient = info?.stone?.orientation;
    if (entry && orient && !(this.sel?.from === "board" && this.sel.cell === cell)) {
      this.sel = { from: "board", cell, entry, action: null, target: null, code: null, orient };
      return this.draw();
    }
    this.sel = null;
    this.draw();
  };

  /** Whether the stone on `cell` may be dragged to a cell it relocates to (a press on a target stays a click). */
  readonly draggable = (cell: string): boolean => {
    if (!this.props.interactive || this.phase() !== "play" || (this.sel && this.targets().has(cell))) return false;
    return Boolean(this.stoneEntry(cell)?.relocate.length);
  };

  /** The stone of `from` dragged onto `to`: relocated there as a click on the target does, else the selection goes. */
  readonly drop = (from: string, to: string) => {
    if (this.sel?.from === "board" && this.sel.cell === from && this.targets().has(to)) return this.clickCell(to);
    this.sel = null;
    this.draw();
  };

  readonly startAction = (action: string) => {
    if (this.sel?.from !== "board") return;
    const entry = this.sel.entry;
    const stone = this.cellMap().get(this.sel.cell)?.stone;
    this.sel.action = action;
    this.sel.target = null;
    this.sel.code = null;
    if (action === "rotate") this.sel.orient = entry.rotate[0] ?? null;
    else if (action === "appropriate") this.sel.orient = entry.appropriate[0] ?? null;
    else this.sel.orient = stone?.orientation ?? null;
    this.draw();
  };

  readonly keydown = (event: KeyboardEvent) => {
    if (!this.host.isConnected) {
      document.removeEventListener("keydown", this.keydown);
      return;
    }
    const typing =
      event.target instanceof HTMLInputElement ||
      event.target instanceof HTMLTextAreaElement ||
      event.target instanceof HTMLSelectElement;
    if (!this.props || !this.sel || typing) return;
    const key = event.key.toLowerCase();
    if (key === "r") this.turnOrientation((c) => rotate(c, event.shiftKey ? 1 : 5));
    else if (key === "m") this.turnOrientation(mirror);
    else if (event.key === "Enter") this.confirm();
    else if (event.key === "Escape") {
      this.sel = null;
      this.draw();
    } else return;
    event.preventDefault();
  };

  // ------------------------------------------------------------ board drawing

  readonly boundsStandard = () => {
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const cell of [...this.view().cells, ...holesOf(this.view())]) {
      const [x, y] = this.pos(cell.q, cell.r);
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
    return [x0 - 1.6, y0 - 1.1, x1 - x0 + 3.2, y1 - y0 + 2.2];
  };

  readonly fitCamera = () => {
    const vp = infinitView(this.view())?.viewport;
    if (!vp) return;
    const corners = [];
    for (const r of vp.rows) {
      for (const x of vp.columns) corners.push(this.pos((x - r) / 2, r));
    }
    const xs = corners.map((c) => c[0]);
    const ys = corners.map((c) => c[1]);
    const w = Math.max(Math.max(...xs) - Math.min(...xs) + 4, 12);
    const hgt = Math.max(...ys) - Math.min(...ys) + 4;
    this.cameraSet = true;
    this.camera = {
      x: (Math.max(...xs) + Math.min(...xs)) / 2,
      y: (Math.max(...ys) + Math.min(...ys)) / 2,
      w: Math.min(Math.max(w, hgt / 0.7), 90),
    };
  };

  readonly viewBoxInfinit = (): [number, number, number, number] => {
    const hgt = this.camera.w * 0.7;
    return [this.camera.x - this.camera.w / 2, this.camera.y - hgt / 2, this.camera.w, hgt];
  };

  /** Cells of the plane to draw inside the camera (with a margin). */
  readonly planeCells = () => {
    const [vx, vy, vw, vh] = this.viewBoxInfinit();
    const known = this.cellByQr();
    const list: Cell[] = [];
    const sign = this.props.flipped ? -1 : 1;
    const ya = sign * vy;
    const yb = sign * (vy + vh);
    const r0 = Math.floor(Math.min(ya, yb) / 1.5) - 1;
    const r1 = Math.ceil(Math.max(ya, yb) / 1.5) + 1;
    const xa = sign * vx;
    const xb = sign * (vx + vw);
    for (let r = r0; r <= r1; r++) {
      const q0 = Math.floor(Math.min(xa, xb) / Math.sqrt(3) - r / 2) - 1;
      const q1 = Math.ceil(Math.max(xa, xb) / Math.sqrt(3) - r / 2) + 1;
      for (let q = q0; q <= q1; q++) {
        const cell = known.get(`${q},${r}`);
        list.push(
          cell && !cell.hole
            ? cell
            : {
                q,
                r,
                name: `${q},${r}`,
                control: "free",
                arrows: { white: 0, black: 0 },
                effective: { white: 0, black: 0 },
                stone: null,
                base: null,
              },
        );
      }
    }
    return list;
  };

  readonly lastCells = () => {
    if (!this.props.last) return new Set();
    const names = this.cellMap();
    return new Set(this.props.last.split(/\s+/).filter((w) => names.has(w) || INFINIT_CELL.test(w)));
  };

  readonly defs = () => {
    return svg("defs", {}, [
      svg(
        "pattern",
        { id: "amk-tie", width: 0.4, height: 0.4, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
        [
          svg("rect", { width: 0.4, height: 0.4, fill: "#f3eee2" }),
          svg("rect", { width: 0.2, height: 0.4, fill: "#59616b" }),
        ],
      ),
      svg(
        "pattern",
        { id: "amk-hole", width: 0.3, height: 0.3, patternUnits: "userSpaceOnUse", patternTransform: "rotate(-45)" },
        [
          svg("rect", { width: 0.3, height: 0.3, fill: "#5b4a36" }),
          svg("rect", { width: 0.08, height: 0.3, fill: "#7a654a" }),
        ],
      ),
    ]);
  };

  readonly drawBoard = () => {
    const v = this.view();
    const root = svg("svg", {
      class: `board amk-board${this.infinit() ? " amk-plane" : ""}${this.shading ? " shaded" : ""}`,
      role: "img",
      "aria-label": this.infinit() ? "Amakta Infinit" : "Amakta",
    });
    root.append(this.defs());
    const box = this.infinit() ? this.viewBoxInfinit() : this.boundsStandard();
    root.setAttribute("viewBox", box.map((n) => n.toFixed(3)).join(" "));
    const layer = svg("g", { class: "amk-cells" });
    const stones = svg("g", { class: "amk-stones" });
    for (const hole of holesOf(v)) layer.append(this.holeShape(hole));
    const offered = this.targets();
    const lastSet = this.lastCells();
    const ghostAt = this.ghostCell();
    for (const cell of this.infinit() ? this.planeCells() : v.cells) {
      const [x, y] = this.pos(cell.q, cell.r);
      layer.append(this.cellShape(cell, lastSet.has(cell.name)));
      if (cell.stone && ghostAt !== cell.name) stones.append(this.placedStone(root, cell, cell.stone));
      if (offered.has(cell.name)) {
        layer.append(
          svg("circle", {
            cx: x,
            cy: y,
            r: cell.stone ? 0.92 : 0.3,
            class: `amk-target${cell.stone ? " ring" : ""}`,
            "data-target": cell.name,
            "pointer-events": "none",
          }),
        );
      }
    }
    for (const colour of ["white", "black"] as const) layer.append(this.baseArrow(colour));
    root.append(layer, stones);
    if (ghostAt) this.drawGhost(root, ghostAt);
    if (!this.infinit()) root.append(this.rowLetters());
    else attachPanZoom(this, root);
    return root;
  };

  /** A hole of the board. */
  readonly holeShape = (hole: Hole): SVGElement => {
    const [x, y] = this.pos(hole.q, hole.r);
    const g = svg("g", { "data-hole": hole.name, class: "amk-hole" }, [
      svg("polygon", { points: hexPoints(x, y, 0.97), fill: "url(#amk-hole)" }),
    ]);
    g.append(svg("title", {}, this.t("amk.hole", { cell: hole.name })));
    return g;
  };

  /** A cell: its control shading, base, name, arrow counts and the last move's mark. */
  readonly cellShape = (cell: Cell, last: boolean): SVGElement => {
    const [x, y] = this.pos(cell.q, cell.r);
    const group = svg("g", {
      "data-cell": cell.name,
      "data-control": cell.control,
      "data-arrows": `${cell.arrows.white}:${cell.arrows.black}`,
      class: "amk-cellg",
    });
    group.append(svg("polygon", { points: hexPoints(x, y, 0.97), class: `amk-cell ctl-${cell.control}` }));
    if (cell.base) {
      group.append(
        svg("polygon", { points: hexPoints(x, y, 0.84), class: "amk-base-edge" }),
        svg("polygon", { points: hexPoints(x, y, 0.84), class: `amk-base ${cell.base}`, "data-base": cell.base }),
      );
    }
    if (!cell.stone) {
      group.append(svg("text", { x, y: y - 0.5, class: "amk-name" }, cell.name));
      if (cell.base)
        group.append(
          svg("text", { x, y: y + 0.22, class: `amk-base-label ${cell.base}` }, this.t(`amk.baseShort.${cell.base}`)),
        );
    }
    if (this.shading && (cell.effective.white || cell.effective.black)) {
      group.append(
        svg("text", { x, y: y + 0.72, class: "amk-counts" }, `${cell.effective.white}:${cell.effective.black}`),
      );
    }
    if (last) group.append(svg("polygon", { points: hexPoints(x, y, 0.9), class: "last" }));
    group.append(svg("title", {}, this.controlText(cell)));
    group.addEventListener("pointerenter", () => this.showInfo(cell));
    group.addEventListener("click", () => this.clickCell(cell.name));
    return group;
  };

  /** The stone on `cell`, with its reach shown in `root` while the pointer is on it. */
  readonly placedStone = (root: SVGElement, cell: Cell, stone: PlacedStone): SVGElement => {
    const [x, y] = this.pos(cell.q, cell.r);
    const glyph = stoneGlyph(stone.orientation, {
      owner: stone.owner,
      circle: stone.circle,
      expropriated: stone.expropriated,
      colour: stone.colour,
      arrowState: this.arrowStates(cell.name),
      turn: this.turn(),
    });
    const selected = this.sel?.from === "board" && this.sel.cell === cell.name;
    const actionable = this.props.interactive && this.phase() === "play" && this.stoneEntry(cell.name);
    const g = svg(
      "g",
      {
        transform: `translate(${x.toFixed(3)} ${y.toFixed(3)})`,
        "data-stone": cell.name,
        "data-free": stone.free,
        "data-drag": this.draggable(cell.name) ? cell.name : null,
        class: `amk-placed${selected ? " selected-stone" : ""}${actionable ? " actionable" : ""}`,
      },
      [glyph],
    );
    if (stone.free === false) g.append(boundBadge(this.t, cell.control));
    g.addEventListener("pointerenter", () => {
      this.showInfo(cell);
      const lines = this.reachLines(
        cell.q,
        cell.r,
        this.view()
          .arrows.filter((a) => a.from === cell.name)
          .map((a) => {
            const [q, r] = this.qrOf(a.to) ?? [0, 0];
            return { q, r, reach: a.distance, blocked: a.blocked };
          }),
        "hover",
      );
      lines.setAttribute("id", "amk-hover-reach");
      root.querySelector("#amk-hover-reach")?.remove();
      root.append(lines);
    });
    g.addEventListener("pointerleave", () => root.querySelector("#amk-hover-reach")?.remove());
    g.addEventListener("click", () => this.clickCell(cell.name));
    return g;
  };

  /** The permanent base arrow of `colour`: from outside the board towards its base. */
  readonly baseArrow = (colour: Owner): SVGElement => {
    const base = this.view().bases[colour];
    const [q, r] = (typeof base === "string" ? this.qrOf(base) : [base.q, base.r]) ?? [0, 0];
    const outward = colour === "white" ? -1 : 1;
    const [x, y] = this.pos(q, r);
    const [ox] = this.pos(q + outward, r);
    const s = Math.sign(ox - x);
    const tip = x + s * 0.88;
    const shape = [
      [0, 0],
      [0.3, -0.22],
      [0.3, -0.08],
      [0.6, -0.08],
      [0.6, 0.08],
      [0.3, 0.08],
      [0.3, 0.22],
    ]
      .map(([a = 0, b = 0]) => `${(tip + s * a).toFixed(3)},${(y + b).toFixed(3)}`)
      .join(" ");
    const arrow = svg("polygon", { points: shape, class: `amk-base-arrow ${colour}`, "data-base-arrow": colour });
    arrow.append(svg("title", {}, this.t("amk.legendBases")));
    return arrow;
  };

  /** The stone the selection would put on `ghostAt`, faded, with its reach. */
  readonly drawGhost = (root: SVGElement, ghostAt: string) => {
    const ghostStone = this.ghostCode();
    const ghostQr = this.qrOf(ghostAt);
    if (!ghostStone || !ghostQr) return;
    const [q, r] = ghostQr;
    const [x, y] = this.pos(q, r);
    const ignore = this.sel?.from === "board" ? this.sel.cell : null;
    const arrows = this.reachOf(q, r, ghostStone, ignore);
    root.append(this.reachLines(q, r, arrows, "preview"));
    const states = new Map(
      arrows.map((a): [string, ArrowState] => [`${a.d}:${a.reach}`, a.blocked ? "blocked" : null]),
    );
    const glyph = stoneGlyph(ghostStone, {
      owner: this.mover(),
      turn: this.turn(),
      ghost: true,
      arrowState: (d, reach) => states.get(`${d}:${reach}`) ?? (states.has(`${d}:${reach}`) ? null : "nowhere"),
    });
    const g = svg(
      "g",
      { transform: `translate(${x.toFixed(3)} ${y.toFixed(3)})`, class: "amk-ghost", "data-ghost": ghostAt },
      [glyph],
    );
    g.addEventListener("click", () => this.clickCell(ghostAt));
    root.append(g);
  };

  /** The row letters left of each row (not the base row's). */
  readonly rowLetters = (): SVGElement => {
    const v = this.view();
    const rows = new Map<string, { q: number; r: number }>();
    for (const cell of [...v.cells, ...holesOf(v)]) {
      const letter = cell.name[0] ?? "";
      const known = rows.get(letter);
      if (!known || cell.q < known.q) rows.set(letter, cell);
    }
    const coords = svg("g", { class: "coords amk-coords" });
    const whiteBase = v.bases.white;
    const baseRow = typeof whiteBase === "string" ? this.cellMap().get(whiteBase)?.name[0] : undefined;
    for (const [letter, cell] of rows) {
      if (letter === baseRow) continue;
      const [x, y] = this.pos(cell.q, cell.r);
      coords.append(svg("text", { x: x + (this.props.flipped ? 1.25 : -1.25), y: y + 0.12 }, letter));
    }
    return coords;
  };

  // ------------------------------------------------------------ pan and zoom (Infinit)

  readonly zoom = (factor: number) => {
    this.camera.w = clampWidth(this.camera.w * factor);
    this.userMoved = true;
    this.draw();
  };

  // ------------------------------------------------------------ panel

  readonly button = (label: string, onclick: () => unknown, attrs: Record<string, unknown> = {}): HTMLButtonElement => {
    return h("button", { type: "button", onclick, ...attrs }, label);
  };

  readonly inventoryRow = (colour: Owner): HTMLElement => {
    const v = this.view();
    const codes = v.inventories[colour];
    const mine = this.props.interactive && this.phase() === "play" && colour === this.mover();
    const choosing =
      this.sel?.from === "board" && (this.sel.action === "replace" || this.sel.action === "release-place");
    const canPlace = v.legal.place.stones.length > 0 || v.legal.stones.some((s) => s.replace || s.release_place);
    const items = codes.map((code) => {
      const piece = this.pieceOf(colour, code);
      const icon = stoneIcon(code, { owner: colour, circle: piece?.circle || "none" });
      const selected =
        (mine && (this.sel?.from === "inventory" || choosing) && this.sel?.code === code) ||
        (piece && v.game === "amakta" && piece.piece === v.next_circle);
      const label = stoneLabel(code);
      const title = `${arrowsText(code)} (${code})${piece && piece.circle !== "none" ? " · " + this.t(`amk.circle.${piece.circle}`) : ""}`;
      if (mine && (canPlace || choosing)) {
        return h(
          "button",
          {
            type: "button",
            class: `amk-inv${selected ? " selected" : ""}`,
            "data-inventory": code,
            title,
            onclick: () => this.selectInventory(code),
          },
          [icon, label],
        );
      }
      return h("span", { class: `amk-inv${selected ? " selected" : ""}`, "data-stock": `${colour}:${code}`, title }, [
        icon,
        label,
      ]);
    });
    return h("div", { class: "amk-inventory", "data-colour": colour }, [
      h("h3", {}, this.t(`amk.inventoryOf.${colour}`, { n: codes.length })),
      items.length ? h("div", { class: "amk-inv-list" }, items) : h("p", { class: "muted" }, this.t("amk.empty")),
    ]);
  };

  readonly removedRow = () => {
    const removed = this.view().removed;
    if (!removed.length) return null;
    return h("div", { class: "amk-inventory amk-removed" }, [
      h("h3", {}, this.t("amk.removed", { n: removed.length })),
      h(
        "div",
        { class: "amk-inv-list" },
        removed.map((piece) => {
          const [letter, code = ""] = piece.split(":");
          const colour = letter === "w" ? "white" : "black";
          return h("span", { class: "amk-inv", "data-removed": piece, title: this.t(`amk.stoneOf.${colour}`) }, [
            stoneIcon(code, { owner: colour }, "1.8rem"),
            stoneLabel(code),
          ]);
        }),
      ),
    ]);
  };

  readonly orientationControls = () => {
    const move = this.pendingMove();
    const legal = move && this.isLegal(move);
    const orient = this.sel?.orient;
    const turnable =
      orient &&
      (this.sel?.from === "inventory" ||
        ["rotate", "appropriate", "relocate", "replace", "release-place"].includes(this.sel?.action ?? ""));
    return h("div", { class: "amk-orient" }, [
      turnable ? h("span", { class: "amk-orient-icon" }, stoneIcon(orient, { owner: this.mover() }, "2.6rem")) : null,
      turnable
        ? this.button("↺", () => this.turnOrientation((c) => rotate(c, 1)), {
            id: "amk-rotate-left",
            title: this.t("amk.rotateLeft"),
            "aria-label": this.t("amk.rotateLeft"),
          })
        : null,
      turnable
        ? this.button("↻", () => this.turnOrientation((c) => rotate(c, 5)), {
            id: "amk-rotate-right",
            title: this.t("amk.rotateRight"),
            "aria-label": this.t("amk.rotateRight"),
          })
        : null,
      turnable
        ? this.button("⇅", () => this.turnOrientation(mirror), {
            id: "amk-mirror",
            title: this.t("amk.mirror"),
            "aria-label": this.t("amk.mirror"),
          })
        : null,
      move
        ? h(
            "span",
            { id: "amk-pending", class: legal ? "" : "illegal", title: move, "data-move": move },
            lineWords(this.view(), [move], { t: this.t, flipped: this.props.flipped })[0] ?? move,
          )
        : null,
      move
        ? this.button(this.t("amk.confirm"), this.confirm, { id: "amk-confirm", class: "primary", disabled: !legal })
        : null,
    ]);
  };

  readonly actionButtons = (picked: BoardSelection): HTMLElement => {
    const { entry, cell } = picked;
    const own = this.cellMap().get(cell)?.stone?.owner === this.mover();
    const actions: HTMLElement[] = [];
    const add = (key: ActionKey, enabled: unknown, onclick: () => unknown) => {
      if (enabled) actions.push(this.button(this.t(`amk.act.${key}`), onclick, { "data-action": key }));
    };
    add("rotate", entry.rotate.length, () => this.startAction("rotate"));
    add("take", entry.take, () => this.submit(`take ${cell}`));
    add("relocate", entry.relocate.length, () => this.startAction("relocate"));
    add("replace", entry.replace, () => this.startAction("replace"));
    add("expropriate", entry.expropriate, () => this.submit(`expropriate ${cell}`));
    add("appropriate", entry.appropriate.length, () => this.startAction("appropriate"));
    add("remove", entry.remove, () => this.submit(`remove ${cell}`));
    add("release", entry.release, () => this.submit(`release ${cell}`));
    add("release-place", entry.release_place, () => this.startAction("release-place"));
    return h("div", { class: "amk-actions" }, [
      h("p", {}, this.t(own ? "amk.ownStone" : "amk.theirStone", { cell })),
      h("div", { class: "amk-buttons" }, actions),
    ]);
  };

  readonly hint = () => {
    if (!this.sel) return this.t("amk.hintPick");
    if (this.sel.from === "inventory") return this.sel.target ? this.t("amk.hintConfirm") : this.t("amk.hintTarget");
    switch (this.sel.action) {
      case "relocate":
        return this.sel.target ? this.t("amk.hintConfirm") : this.t("amk.hintRelocate");
      case "replace":
      case "release-place":
        return this.sel.code ? this.t("amk.hintConfirm") : this.t("amk.hintChooseStone");
      case "rotate":
      case "appropriate":
        return this.t("amk.hintConfirm");
      default:
        return this.t("amk.hintAction");
    }
  };

  readonly playControls = () => {
    const v = this.view();
    if (!this.props.interactive || this.phase() !== "play") return null;
    const parts: HTMLElement[] = [h("p", { class: "hint", id: "amk-hint" }, this.hint())];
    if (this.sel?.from === "board" && !this.sel.action) parts.push(this.actionButtons(this.sel));
    if (this.sel) parts.push(this.orientationControls());
    if (v.legal.pass && this.legalSet().has("pass"))
      parts.push(
        h(
          "div",
          { class: "amk-buttons" },
          this.button(this.t("pass"), () => this.submit("pass"), { id: "amk-pass" }),
        ),
      );
    return h("div", { class: "amk-play" }, parts);
  };

  readonly toolbar = () => {
    const tools: HTMLElement[] = [
      h("label", { class: "amk-toggle" }, [
        h("input", {
          type: "checkbox",
          id: "amk-shading",
          checked: this.shading,
          onchange: (e: Event) => {
            this.shading = (e.target as HTMLInputElement).checked;
            localStorage.setItem(SHADING_KEY, this.shading ? "1" : "0");
            this.draw();
          },
        }),
        " ",
        this.t("amk.showControl"),
      ]),
    ];
    if (this.infinit()) {
      tools.push(
        this.button("+", () => this.zoom(1 / 1.25), {
          id: "amk-zoom-in",
          title: this.t("amk.zoomIn"),
          "aria-label": this.t("amk.zoomIn"),
        }),
        this.button("−", () => this.zoom(1.25), {
          id: "amk-zoom-out",
          title: this.t("amk.zoomOut"),
          "aria-label": this.t("amk.zoomOut"),
        }),
        this.button(
          this.t("amk.fit"),
          () => {
            this.userMoved = false;
            this.fitCamera();
            this.draw();
          },
          { id: "amk-fit" },
        ),
      );
    }
    return h("div", { class: "amk-toolbar" }, tools);
  };

  readonly draw = () => {
    const v = this.view();
    if (this.infinit() && (!this.cameraSet || !this.userMoved)) this.fitCamera();
    const stage = this.phase();
    const panels = [];
    if (stage === "circles") panels.push(circleSetup(this));
    if (stage === "colour") panels.push(colourSetup(this));
    if (stage === "bidding") panels.push(biddingPanel(this));
    if (stage === "creation") panels.push(creationPanel(this));
    if (this.infinit() && stage !== "bidding") panels.push(setSummary(this, "white"), setSummary(this, "black"));
    const status = quietLine(infinitView(v)?.quiet, this.t);
    // The stones in hand show their circles from the setup on, while the colour is chosen too.
    const inventories = ["circles", "colour", "play"].includes(stage ?? "");
    // What the player acts with comes right below the board, the board kept small enough for it
    // to show without scrolling; the mover's stones in hand first.
    const controls = this.playControls();
    const board = this.drawBoard();
    if (this.props.interactive && (controls || panels.length)) board.classList.add("compact");
    const first = this.mover() === "black" ? "black" : "white";
    const parts = [
      ...panels,
      controls,
      inventories ? this.inventoryRow(first) : null,
      inventories ? this.inventoryRow(first === "white" ? "black" : "white") : null,
      this.toolbar(),
      h(
        "p",
        { id: "amk-info", class: "amk-info muted", "aria-live": "polite" },
        this.controlText(this.infoCell ? this.cellMap().get(this.infoCell) : null) || this.t("amk.hoverHint"),
      ),
      this.removedRow(),
      status,
      legend(this.t),
    ];
    this.show(board, ...parts.filter((part): part is HTMLElement => Boolean(part)));
  };

  constructor(host: HTMLElement, context: BoardContext) {
    this.host = host;
    this.submit = context.submit;
    this.t = context.t;
    this.show = keyboardCellsDom(this.host, "data-cell");
    document.addEventListener("keydown", this.keydown);
    enableDrag(host, {
      cellAt: (x, y) => cellFromPoint(host, x, y, ["data-cell", "data-stone", "data-ghost"]),
      isSelected: (cell) => this.sel?.from === "board" && this.sel.cell === cell,
      select: this.clickCell,
      drop: this.drop,
      cancel: () => {
        this.sel = null;
        this.draw();
      },
    });
  }

  update(next: BoardProps<AmaktaBoardView>) {
    if (this.newPosition(next)) {
      this.sel = null;
      this.infoCell = null;
    }
    this.props = next;
    this.draw();
  }

  refresh() {
    if (this.props) this.draw();
  }
}

/**
 * The count of moves without expropriation or release, only once the limit that ends the game
 * draws near (the last tenth, at least 20 moves), with the numbers written as in the page's language.
 */
export function quietLine(
  quiet: { plies: number; limit: number } | null | undefined,
  t: Translate,
): HTMLElement | null {
  if (!quiet || quiet.limit - quiet.plies > Math.max(20, quiet.limit / 10)) return null;
  const number = (n: number) => n.toLocaleString(lang());
  return h(
    "p",
    { class: "muted small amk-quiet" },
    t("amk.quiet", { n: number(quiet.plies), limit: number(quiet.limit) }),
  );
}
