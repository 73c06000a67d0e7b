// Amakta and Amakta Infinit: the hex board (or the pannable plane) with
// stones, arrows, circles, bases and control shading; moves by pointing
// (inventory stone → orientation → cell; board stone → action); the setup
// phase (circles, colour) and the Infinit start (bidding, stone creation).
// Only legal choices are offered: targets come from the view's decomposed
// `legal` object, every built move is checked against the legal move list
// (stone creation, whose list is too long to send, against the decomposition).

import { svg, h, positionTracker, keyboardCells } from "../svg.js";
import {
  REACHES, ARROW_COLOURS, STEPS, CIRCLE_LETTERS, rotate, mirror, canonical, stoneValue, centre, hexPoints,
  stoneGlyph, stoneIcon, stoneEditor,
} from "./amakta-stones.js";
import type { ArrowState, GlyphOptions, Owner } from "./amakta-stones.js";
import type { AmaktaView, BoardSelection, Cell, Hole, Selection } from "./amakta-view.js";
import type { Translate } from "../i18n.js";
import type { Board, BoardContext, BoardProps } from "../board-types.js";

export { lobbyOptions } from "./amakta-lobby.js";
export { moveWords, moveGeometry } from "./amakta-moves.js";

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
export function seatInfo(view: AmaktaView, t: Translate): string[] | null {
  if (!view || !view.inventories) return null;
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

/** Draws Amakta boards into `host`; `submit(move)` plays a move. */
export function createBoard(host: HTMLElement, { submit, t }: BoardContext): Board {
  let props!: BoardProps<AmaktaView>;
  let sel: Selection | null = null;
  const newPosition = positionTracker();
  const show = keyboardCells(host, "data-cell");
  let shading = localStorage.getItem(SHADING_KEY) !== "0";
  let camera: { x: number; y: number; w: number } = { x: 0, y: 0, w: 12 };
  let cameraSet = false;
  let userMoved = false;
  let infoCell: string | null = null;
  const editorState = { code: "100000", circle: "none" };
  let bidValue: number | null = null;

  // ------------------------------------------------------------ helpers

  const view = () => props.view;
  const infinit = () => view().game === "amakta-infinit";
  const legalSet = () => new Set(props.legal);
  // Moves are built from the view's decomposition; when the server did not list the legal moves
  // (too many), it judges the move when it is played.
  const isLegal = (move: string) => props.interactive && (props.legalListed === false || legalSet().has(move));
  const mover = () => view().to_move?.colour;
  const phase = () => (infinit() ? (view().stage === "play" ? "play" : view().stage) : view().phase);

  function cellMap(): Map<string, Cell> {
    const map = new Map<string, Cell>();
    for (const cell of view().cells) map.set(cell.name, cell);
    return map;
  }

  function nameOf(q: number, r: number): string | null {
    if (infinit()) return `${q},${r}`;
    return cellByQr().get(`${q},${r}`)?.name ?? null;
  }

  let qrCache: { view: AmaktaView; map: Map<string, (Cell & { hole?: false }) | (Hole & { hole: true; stone?: undefined })> } | null = null;
  function cellByQr() {
    if (qrCache && qrCache.view === view()) return qrCache.map;
    const map: NonNullable<typeof qrCache>["map"] = new Map();
    for (const cell of view().cells) map.set(`${cell.q},${cell.r}`, cell);
    for (const hole of view().holes || []) map.set(`${hole.q},${hole.r}`, { ...hole, hole: true as const });
    qrCache = { view: view(), map };
    return map;
  }

  function playable(q: number, r: number): boolean {
    if (infinit()) return true;
    const cell = cellByQr().get(`${q},${r}`);
    return Boolean(cell && !cell.hole);
  }

  function occupied(q: number, r: number): boolean {
    const cell = cellByQr().get(`${q},${r}`);
    return Boolean(cell && cell.stone);
  }

  function qrOf(name: string): [number, number] | null {
    if (infinit()) {
      const [q = 0, r = 0] = name.split(",").map(Number);
      return [q, r];
    }
    const cell = cellMap().get(name);
    return cell ? [cell.q, cell.r] : null;
  }

  function pos(q: number, r: number): [number, number] {
    const [x, y] = centre(q, r);
    return props.flipped ? [-x, -y] : [x, y];
  }

  const turn = () => (props.flipped ? 3 : 0);

  function stoneEntry(cell: string) {
    return (view().legal?.stones || []).find((s) => s.cell === cell) || null;
  }

  function pieceOf(colour: Owner, code: string) {
    return view().stones.find((s) => s.piece === `${colour[0] ?? ""}:${code}`) || null;
  }

  /** Board arrows of the stone on `cell`: state per direction and reach. */
  function arrowStates(cell: string): (d: number, reach: number) => ArrowState {
    const states = new Map<string, ArrowState>();
    for (const arrow of view().arrows) {
      if (arrow.from === cell) states.set(`${arrow.direction}:${arrow.distance}`, arrow.blocked ? "blocked" : null);
    }
    return (d, reach) => states.get(`${d}:${reach}`) ?? (states.has(`${d}:${reach}`) ? null : "nowhere");
  }

  /** Arrows of `code` standing on (q, r), computed here (previews): target and blocked. */
  function reachOf(q: number, r: number, code: string, ignore: string | null): Reach[] {
    const arrows: Reach[] = [];
    for (let d = 0; d < 6; d++) {
      for (const reach of REACHES[Number(code[d])] ?? []) {
        const [sq, sr] = STEPS[d] ?? [0, 0];
        const tq = q + sq * reach;
        const tr = r + sr * reach;
        if (!playable(tq, tr)) continue;
        let blocked = false;
        for (let j = 1; j < reach; j++) {
          const cq = q + sq * j;
          const cr = r + sr * j;
          if (!playable(cq, cr) || (occupied(cq, cr) && nameOf(cq, cr) !== ignore)) blocked = true;
        }
        arrows.push({ d, reach, q: tq, r: tr, blocked });
      }
    }
    return arrows;
  }

  function reachLines(q: number, r: number, arrows: Omit<Reach, "d">[], cls: string): SVGElement {
    const group = svg("g", { class: `amk-reach ${cls}` });
    const [x1, y1] = pos(q, r);
    for (const arrow of arrows) {
      const [x2, y2] = pos(arrow.q, arrow.r);
      group.append(svg("line", { x1, y1, x2, y2, stroke: ARROW_COLOURS[arrow.reach], class: arrow.blocked ? "blocked" : "" }));
      group.append(svg("circle", { cx: x2, cy: y2, r: 0.16, fill: ARROW_COLOURS[arrow.reach], class: arrow.blocked ? "blocked" : "" }));
    }
    return group;
  }

  function controlText(cell: Cell | null | undefined): string {
    if (!cell) return "";
    const who: string = { white: t("amk.controlWhite"), black: t("amk.controlBlack"), tie: t("amk.controlTie"), free: t("amk.controlFree") }[cell.control];
    const counts = t("amk.counts", { w: cell.arrows.white, b: cell.arrows.black });
    const effective = cell.effective.white !== cell.arrows.white || cell.effective.black !== cell.arrows.black
      ? " " + t("amk.withCircles", { w: cell.effective.white, b: cell.effective.black }) : "";
    const stone = cell.stone ? " · " + stoneText(cell.stone) : "";
    return `${cell.name}: ${who} — ${counts}${effective}${stone}`;
  }

  function stoneText(stone: NonNullable<Cell["stone"]>): string {
    const parts = [t(`amk.stoneOf.${stone.owner}`), stone.orientation];
    if (stone.circle !== "none") parts.push(t(`amk.circle.${stone.circle}`));
    if (stone.expropriated) parts.push(t("amk.expropriatedFrom", { colour: t(`amk.${stone.colour}`) }));
    if (stone.free !== null && stone.free !== undefined) parts.push(stone.free ? t("amk.free") : t("amk.bound"));
    return parts.join(", ");
  }

  /** Shows who controls `cell` in the info line (kept by name: redrawn in the page's language). */
  function showInfo(cell: Cell | null | undefined) {
    infoCell = cell?.name ?? null;
    const line = host.querySelector("#amk-info");
    if (line) line.textContent = controlText(cell) || t("amk.hoverHint");
  }

  // ------------------------------------------------------------ selection → move

  function orientationChoices(): string[] | null {
    if (sel?.from !== "board") return null;
    if (sel.action === "rotate") return sel.entry.rotate;
    if (sel.action === "appropriate") return sel.entry.appropriate;
    return null;
  }

  /** The move text the current selection would play, or null. */
  function pendingMove(): string | null {
    if (!sel) return null;
    const o = sel.orient;
    if (sel.from === "inventory") {
      const target = sel.target;
      if (!target) return null;
      const stone = cellMap().get(target)?.stone;
      if (!stone) return `place ${sel.code} ${target} ${o}`;
      if (stone.owner === mover()) return `replace ${target} ${sel.code} ${o}`;
      return `release-place ${target} ${sel.code} ${o}`;
    }
    switch (sel.action) {
      case "rotate": return `rotate ${sel.cell} ${o}`;
      case "appropriate": return `appropriate ${sel.cell} ${o}`;
      case "relocate": return sel.target ? `relocate ${sel.cell} ${sel.target} ${o}` : null;
      case "replace": return sel.code ? `replace ${sel.cell} ${sel.code} ${o}` : null;
      case "release-place": return sel.code ? `release-place ${sel.cell} ${sel.code} ${o}` : null;
      default: return null;
    }
  }

  /** Where the selection's stone would stand (for the preview), or null. */
  function ghostCell(): string | null {
    if (!sel) return null;
    if (sel.from === "inventory") return sel.target;
    if (sel.action === "relocate") return sel.target;
    if (sel.action === "rotate" || sel.action === "appropriate") return sel.cell;
    if ((sel.action === "replace" || sel.action === "release-place") && sel.code) return sel.cell;
    return null;
  }

  function ghostCode(): string | null {
    return sel?.orient || null;
  }

  /** Cells offered for the selection (highlighted, clickable). */
  function targets(): Set<string> {
    const result = new Set<string>();
    if (!sel || !props.interactive) return result;
    const legal = view().legal;
    if (sel.from === "inventory") {
      for (const cell of legal?.place?.cells || []) result.add(cell);
      for (const entry of legal?.stones || []) {
        if (entry.replace || entry.release_place) result.add(entry.cell);
      }
    } else if (!sel.action || sel.action === "relocate") {
      for (const cell of sel.entry.relocate) result.add(cell);
    }
    return result;
  }

  function turnOrientation(fn: (code: string) => string) {
    if (!sel?.orient) return;
    const choices = orientationChoices();
    let next = fn(sel.orient);
    if (choices) {
      // Rotate and appropriate must change the orientation: skip the current one.
      let guard = 0;
      while (!choices.includes(next) && guard++ < 12) next = fn(next);
      if (!choices.includes(next)) return;
    }
    sel.orient = next;
    draw();
  }

  function confirm() {
    const move = pendingMove();
    if (move && isLegal(move)) {
      sel = null;
      submit(move);
    }
  }

  function selectInventory(code: string) {
    if (sel?.from === "board" && (sel.action === "replace" || sel.action === "release-place")) {
      sel.code = code;
      sel.orient = code;
    } else if (sel?.from === "inventory" && sel.code === code) {
      sel = null;
    } else {
      sel = { from: "inventory", code, orient: code, target: sel?.from === "inventory" ? sel.target : null };
    }
    draw();
  }

  function clickCell(cell: string) {
    const info = cellMap().get(cell);
    showInfo(info);
    if (!props.interactive || phase() !== "play") return;
    if (sel && sel.target === cell && ghostCell() === cell) return confirm();
    if (sel && targets().has(cell)) {
      if (sel.from === "board") {
        sel.action = "relocate";
        if (!sel.orient) sel.orient = info?.stone?.orientation || cellMap().get(sel.cell)?.stone?.orientation || null;
      }
      sel.target = cell;
      return draw();
    }
    const entry = stoneEntry(cell);
    const orient = info?.stone?.orientation;
    if (entry && orient && !(sel?.from === "board" && sel.cell === cell)) {
      sel = { from: "board", cell, entry, action: null, target: null, code: null, orient };
      return draw();
    }
    sel = null;
    draw();
  }

  function startAction(action: string) {
    if (sel?.from !== "board") return;
    const entry = sel.entry;
    const stone = cellMap().get(sel.cell)?.stone;
    sel.action = action;
    sel.target = null;
    sel.code = null;
    if (action === "rotate") sel.orient = entry.rotate[0] ?? null;
    else if (action === "appropriate") sel.orient = entry.appropriate[0] ?? null;
    else sel.orient = stone?.orientation ?? null;
    draw();
  }

  function keydown(event: KeyboardEvent) {
    if (!host.isConnected) {
      document.removeEventListener("keydown", keydown);
      return;
    }
    const typing = event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement || event.target instanceof HTMLSelectElement;
    if (!props || !sel || typing) return;
    const key = event.key.toLowerCase();
    if (key === "r") turnOrientation((c) => rotate(c, event.shiftKey ? 1 : 5));
    else if (key === "m") turnOrientation(mirror);
    else if (event.key === "Enter") confirm();
    else if (event.key === "Escape") {
      sel = null;
      draw();
    } else return;
    event.preventDefault();
  }
  document.addEventListener("keydown", keydown);

  // ------------------------------------------------------------ board drawing

  function boundsStandard() {
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const cell of [...view().cells, ...(view().holes || [])]) {
      const [x, y] = pos(cell.q, cell.r);
      x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
    }
    return [x0 - 1.6, y0 - 1.1, x1 - x0 + 3.2, y1 - y0 + 2.2];
  }

  function fitCamera() {
    const vp = view().viewport;
    const corners = [];
    for (const r of vp.rows) {
      for (const x of vp.columns) corners.push(pos((x - r) / 2, r));
    }
    const xs = corners.map((c) => c[0]);
    const ys = corners.map((c) => c[1]);
    const w = Math.max(Math.max(...xs) - Math.min(...xs) + 4, 12);
    const hgt = Math.max(...ys) - Math.min(...ys) + 4;
    cameraSet = true;
    camera = { x: (Math.max(...xs) + Math.min(...xs)) / 2, y: (Math.max(...ys) + Math.min(...ys)) / 2, w: Math.min(Math.max(w, hgt / 0.7), 90) };
  }

  function viewBoxInfinit(): [number, number, number, number] {
    const hgt = camera.w * 0.7;
    return [camera.x - camera.w / 2, camera.y - hgt / 2, camera.w, hgt];
  }

  /** Cells of the plane to draw inside the camera (with a margin). */
  function planeCells() {
    const [vx, vy, vw, vh] = viewBoxInfinit();
    const known = cellByQr();
    const list: Cell[] = [];
    const sign = props.flipped ? -1 : 1;
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
        list.push(cell && !cell.hole ? cell : { q, r, name: `${q},${r}`, control: "free", arrows: { white: 0, black: 0 }, effective: { white: 0, black: 0 }, stone: null, base: null });
      }
    }
    return list;
  }

  function lastCells() {
    if (!props.last) return new Set();
    const names = cellMap();
    return new Set(props.last.split(/\s+/).filter((w) => names.has(w) || INFINIT_CELL.test(w)));
  }

  function defs() {
    return svg("defs", {}, [
      svg("pattern", { id: "amk-tie", width: 0.4, height: 0.4, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }, [
        svg("rect", { width: 0.4, height: 0.4, fill: "#f3eee2" }),
        svg("rect", { width: 0.2, height: 0.4, fill: "#59616b" }),
      ]),
      svg("pattern", { id: "amk-hole", width: 0.3, height: 0.3, patternUnits: "userSpaceOnUse", patternTransform: "rotate(-45)" }, [
        svg("rect", { width: 0.3, height: 0.3, fill: "#5b4a36" }),
        svg("rect", { width: 0.08, height: 0.3, fill: "#7a654a" }),
      ]),
    ]);
  }

  /** The lock on a bound stone, in the corner between two arrow directions, coloured by who holds the cell. */
  function boundBadge(control: string): SVGElement {
    const badge = svg("g", { class: `amk-bound ctl-${control}`, transform: "translate(0.69 0.4)", "data-bound": control }, [
      svg("circle", { r: 0.25 }),
      svg("path", { d: "M-0.08 -0.02 v-0.06 a0.08 0.08 0 0 1 0.16 0 v0.06", class: "amk-shackle" }),
      svg("rect", { x: -0.12, y: -0.03, width: 0.24, height: 0.16, rx: 0.02, class: "amk-lock" }),
    ]);
    badge.append(svg("title", {}, t("amk.bound")));
    return badge;
  }

  function drawBoard() {
    const v = view();
    const root = svg("svg", { class: `board amk-board${infinit() ? " amk-plane" : ""}${shading ? " shaded" : ""}`, role: "img", "aria-label": infinit() ? "Amakta Infinit" : "Amakta" });
    root.append(defs());
    const offered = targets();
    const lastSet = lastCells();
    const ghostAt = ghostCell();
    const cells = infinit() ? planeCells() : v.cells;
    if (infinit()) root.setAttribute("viewBox", viewBoxInfinit().map((n) => n.toFixed(3)).join(" "));
    else root.setAttribute("viewBox", boundsStandard().map((n) => n.toFixed(3)).join(" "));
    const layer = svg("g", { class: "amk-cells" });
    const stones = svg("g", { class: "amk-stones" });
    for (const hole of v.holes || []) {
      const [x, y] = pos(hole.q, hole.r);
      const g = svg("g", { "data-hole": hole.name, class: "amk-hole" }, [svg("polygon", { points: hexPoints(x, y, 0.97), fill: "url(#amk-hole)" })]);
      g.append(svg("title", {}, t("amk.hole", { cell: hole.name })));
      layer.append(g);
    }
    for (const cell of cells) {
      const [x, y] = pos(cell.q, cell.r);
      const group = svg("g", { "data-cell": cell.name, "data-control": cell.control, "data-arrows": `${cell.arrows.white}:${cell.arrows.black}`, class: "amk-cellg" });
      group.append(svg("polygon", { points: hexPoints(x, y, 0.97), class: `amk-cell ctl-${cell.control}` }));
      if (cell.base) {
        group.append(svg("polygon", { points: hexPoints(x, y, 0.84), class: "amk-base-edge" }),
          svg("polygon", { points: hexPoints(x, y, 0.84), class: `amk-base ${cell.base}`, "data-base": cell.base }));
      }
      if (!cell.stone) {
        group.append(svg("text", { x, y: y - 0.5, class: "amk-name" }, cell.name));
        if (cell.base) group.append(svg("text", { x, y: y + 0.22, class: `amk-base-label ${cell.base}` }, t(`amk.baseShort.${cell.base}`)));
      }
      if (shading && (cell.effective.white || cell.effective.black)) {
        group.append(svg("text", { x, y: y + 0.72, class: "amk-counts" }, `${cell.effective.white}:${cell.effective.black}`));
      }
      if (lastSet.has(cell.name)) group.append(svg("polygon", { points: hexPoints(x, y, 0.9), class: "last" }));
      group.append(svg("title", {}, controlText(cell)));
      group.addEventListener("pointerenter", () => showInfo(cell));
      group.addEventListener("click", () => clickCell(cell.name));
      layer.append(group);
      if (cell.stone && ghostAt !== cell.name) {
        const stone = cell.stone;
        const glyph = stoneGlyph(stone.orientation, {
          owner: stone.owner, circle: stone.circle, expropriated: stone.expropriated, colour: stone.colour,
          arrowState: arrowStates(cell.name), turn: turn(),
        });
        const selected = sel?.from === "board" && sel.cell === cell.name;
        const actionable = props.interactive && phase() === "play" && stoneEntry(cell.name);
        const g = svg("g", { transform: `translate(${x.toFixed(3)} ${y.toFixed(3)})`, "data-stone": cell.name, "data-free": stone.free, class: `amk-placed${selected ? " selected-stone" : ""}${actionable ? " actionable" : ""}` }, [glyph]);
        if (stone.free === false) g.append(boundBadge(cell.control));
        g.addEventListener("pointerenter", () => {
          showInfo(cell);
          const lines = reachLines(cell.q, cell.r, v.arrows.filter((a) => a.from === cell.name).map((a) => {
            const [q, r] = qrOf(a.to) ?? [0, 0];
            return { q, r, reach: a.distance, blocked: a.blocked };
          }), "hover");
          lines.setAttribute("id", "amk-hover-reach");
          root.querySelector("#amk-hover-reach")?.remove();
          root.append(lines);
        });
        g.addEventListener("pointerleave", () => root.querySelector("#amk-hover-reach")?.remove());
        g.addEventListener("click", () => clickCell(cell.name));
        stones.append(g);
      }
      if (offered.has(cell.name)) {
        layer.append(svg("circle", { cx: x, cy: y, r: cell.stone ? 0.92 : 0.3, class: `amk-target${cell.stone ? " ring" : ""}`, "data-target": cell.name, "pointer-events": "none" }));
      }
    }
    // Permanent base arrows: from outside the board towards each base.
    for (const colour of ["white", "black"] as const) {
      const base = v.bases[colour];
      const [q, r] = (typeof base === "string" ? qrOf(base) : [base.q, base.r]) ?? [0, 0];
      const outward = colour === "white" ? -1 : 1;
      const [x, y] = pos(q, r);
      const [ox] = pos(q + outward, r);
      const s = Math.sign(ox - x);
      const tip = x + s * 0.88;
      const shape = [[0, 0], [0.3, -0.22], [0.3, -0.08], [0.6, -0.08], [0.6, 0.08], [0.3, 0.08], [0.3, 0.22]]
        .map(([a = 0, b = 0]) => `${(tip + s * a).toFixed(3)},${(y + b).toFixed(3)}`).join(" ");
      const arrow = svg("polygon", { points: shape, class: `amk-base-arrow ${colour}`, "data-base-arrow": colour });
      arrow.append(svg("title", {}, t("amk.legendBases")));
      layer.append(arrow);
    }
    root.append(layer, stones);
    const ghostStone = ghostCode();
    const ghostQr = ghostAt ? qrOf(ghostAt) : null;
    if (ghostAt && ghostStone && ghostQr) {
      const [q, r] = ghostQr;
      const [x, y] = pos(q, r);
      const owner = mover();
      const ignore = sel?.from === "board" ? sel.cell : null;
      const arrows = reachOf(q, r, ghostStone, ignore);
      root.append(reachLines(q, r, arrows, "preview"));
      const states = new Map(arrows.map((a): [string, ArrowState] => [`${a.d}:${a.reach}`, a.blocked ? "blocked" : null]));
      const glyph = stoneGlyph(ghostStone, { owner, turn: turn(), ghost: true, arrowState: (d, reach) => states.get(`${d}:${reach}`) ?? (states.has(`${d}:${reach}`) ? null : "nowhere") });
      const g = svg("g", { transform: `translate(${x.toFixed(3)} ${y.toFixed(3)})`, class: "amk-ghost", "data-ghost": ghostAt }, [glyph]);
      g.addEventListener("click", () => clickCell(ghostAt));
      root.append(g);
    }
    if (!infinit()) {
      const rows = new Map();
      for (const cell of [...v.cells, ...(v.holes || [])]) {
        const letter = cell.name[0];
        if (!rows.has(letter) || cell.q < rows.get(letter).q) rows.set(letter, cell);
      }
      const coords = svg("g", { class: "coords amk-coords" });
      const whiteBase = v.bases.white;
      const baseRow = typeof whiteBase === "string" ? cellMap().get(whiteBase)?.name[0] : undefined;
      for (const [letter, cell] of rows) {
        if (letter === baseRow) continue;
        const [x, y] = pos(cell.q, cell.r);
        coords.append(svg("text", { x: x + (props.flipped ? 1.25 : -1.25), y: y + 0.12 }, letter));
      }
      root.append(coords);
    } else {
      attachPanZoom(root);
    }
    return root;
  }

  // ------------------------------------------------------------ pan and zoom (Infinit)

  // One pointer drags the plane; two (fingers on a phone) pinch to zoom and drag together.
  function attachPanZoom(root: SVGElement) {
    root.style.touchAction = "none";
    const pointers = new Map<number, { x: number; y: number }>();
    let gesture: { cam: typeof camera; x: number; y: number; spread: number } | null = null;
    let moved = false;
    const measure = () => {
      const points = [...pointers.values()];
      const x = points.reduce((sum, p) => sum + p.x, 0) / points.length;
      const y = points.reduce((sum, p) => sum + p.y, 0) / points.length;
      const [p0, p1] = points;
      const spread = p0 && p1 ? Math.hypot(p0.x - p1.x, p0.y - p1.y) : 0;
      return { x, y, spread };
    };
    // A gesture starts anew whenever a finger comes or goes, from the camera as it is then.
    const begin = () => {
      gesture = pointers.size ? { cam: { ...camera }, ...measure() } : null;
    };
    root.addEventListener("pointerdown", (e: PointerEvent) => {
      if (pointers.size === 0) moved = false;
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      begin();
    });
    root.addEventListener("pointermove", (e: PointerEvent) => {
      if (!pointers.has(e.pointerId) || !gesture) return;
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      const now = measure();
      const dx = now.x - gesture.x;
      const dy = now.y - gesture.y;
      const pinching = pointers.size > 1 && gesture.spread > 0 && now.spread > 0;
      if (!moved && !pinching && Math.hypot(dx, dy) < 6) return;
      moved = true;
      const w = pinching ? clampWidth(gesture.cam.w * gesture.spread / now.spread) : gesture.cam.w;
      const scale = w / root.getBoundingClientRect().width;
      camera = { x: gesture.cam.x - dx * scale, y: gesture.cam.y - dy * scale, w };
      root.setAttribute("viewBox", viewBoxInfinit().join(" "));
    });
    const end = (e: PointerEvent) => {
      if (!pointers.delete(e.pointerId)) return;
      if (pointers.size) {
        begin();
        return;
      }
      gesture = null;
      if (moved) {
        userMoved = true;
        draw();
      }
    };
    for (const type of ["pointerup", "pointercancel", "pointerleave"] as const) root.addEventListener(type, end);
    root.addEventListener("click", (e: MouseEvent) => {
      if (moved) {
        e.stopPropagation();
        moved = false;
      }
    }, true);
    root.addEventListener("wheel", (e: WheelEvent) => {
      e.preventDefault();
      zoom(e.deltaY > 0 ? 1.15 : 1 / 1.15);
    }, { passive: false });
  }

  /** A camera width (in hex units) within the zoom limits. */
  function clampWidth(w: number): number {
    return Math.min(90, Math.max(6, w));
  }

  function zoom(factor: number) {
    camera.w = clampWidth(camera.w * factor);
    userMoved = true;
    draw();
  }

  // ------------------------------------------------------------ panel

  function button(label: string, onclick: () => unknown, attrs: Record<string, unknown> = {}): HTMLButtonElement {
    return h("button", { type: "button", onclick, ...attrs }, label);
  }

  function inventoryRow(colour: Owner): HTMLElement {
    const v = view();
    const codes = v.inventories[colour];
    const mine = props.interactive && phase() === "play" && colour === mover();
    const choosing = sel?.from === "board" && (sel.action === "replace" || sel.action === "release-place");
    const canPlace = (v.legal?.place?.stones || []).length > 0 || (v.legal?.stones || []).some((s) => s.replace || s.release_place);
    const items = codes.map((code) => {
      const piece = pieceOf(colour, code);
      const icon = stoneIcon(code, { owner: colour, circle: piece?.circle || "none" });
      const selected = (mine && (sel?.from === "inventory" || choosing) && sel?.code === code) || (piece && piece.piece === v.next_circle);
      const label = h("span", { class: "amk-code" }, code);
      const title = `${code}${piece && piece.circle !== "none" ? " · " + t(`amk.circle.${piece.circle}`) : ""}`;
      if (mine && (canPlace || choosing)) {
        return h("button", { type: "button", class: `amk-inv${selected ? " selected" : ""}`, "data-inventory": code, title, onclick: () => selectInventory(code) }, [icon, label]);
      }
      return h("span", { class: `amk-inv${selected ? " selected" : ""}`, "data-stock": `${colour}:${code}`, title }, [icon, label]);
    });
    return h("div", { class: "amk-inventory", "data-colour": colour }, [
      h("h3", {}, t(`amk.inventoryOf.${colour}`, { n: codes.length })),
      items.length ? h("div", { class: "amk-inv-list" }, items) : h("p", { class: "muted" }, t("amk.empty")),
    ]);
  }

  function removedRow() {
    const removed = view().removed;
    if (!removed.length) return null;
    return h("div", { class: "amk-inventory amk-removed" }, [
      h("h3", {}, t("amk.removed", { n: removed.length })),
      h("div", { class: "amk-inv-list" }, removed.map((piece) => {
        const [letter, code = ""] = piece.split(":");
        const colour = letter === "w" ? "white" : "black";
        return h("span", { class: "amk-inv", "data-removed": piece, title: t(`amk.stoneOf.${colour}`) }, [stoneIcon(code, { owner: colour }, "1.8rem"), h("span", { class: "amk-code" }, code)]);
      })),
    ]);
  }

  function orientationControls() {
    const move = pendingMove();
    const legal = move && isLegal(move);
    const orient = sel?.orient;
    const turnable = orient && (sel?.from === "inventory" || ["rotate", "appropriate", "relocate", "replace", "release-place"].includes(sel?.action ?? ""));
    return h("div", { class: "amk-orient" }, [
      turnable ? h("span", { class: "amk-orient-icon" }, stoneIcon(orient, { owner: mover() }, "2.6rem")) : null,
      turnable ? button("↺", () => turnOrientation((c) => rotate(c, 1)), { id: "amk-rotate-left", title: t("amk.rotateLeft"), "aria-label": t("amk.rotateLeft") }) : null,
      turnable ? button("↻", () => turnOrientation((c) => rotate(c, 5)), { id: "amk-rotate-right", title: t("amk.rotateRight"), "aria-label": t("amk.rotateRight") }) : null,
      turnable ? button("⇅", () => turnOrientation(mirror), { id: "amk-mirror", title: t("amk.mirror"), "aria-label": t("amk.mirror") }) : null,
      move ? h("code", { id: "amk-pending", class: legal ? "" : "illegal" }, move) : null,
      move ? button(t("amk.confirm"), confirm, { id: "amk-confirm", class: "primary", disabled: !legal }) : null,
      button(t("amk.cancel"), () => { sel = null; draw(); }, { id: "amk-cancel" }),
    ]);
  }

  function actionButtons(picked: BoardSelection): HTMLElement {
    const { entry, cell } = picked;
    const own = cellMap().get(cell)?.stone?.owner === mover();
    const actions: HTMLElement[] = [];
    const add = (key: string, enabled: unknown, onclick: () => unknown) => { if (enabled) actions.push(button(t(`amk.act.${key}`), onclick, { "data-action": key })); };
    add("rotate", entry.rotate.length, () => startAction("rotate"));
    add("take", entry.take, () => submit(`take ${cell}`));
    add("relocate", entry.relocate.length, () => startAction("relocate"));
    add("replace", entry.replace, () => startAction("replace"));
    add("expropriate", entry.expropriate, () => submit(`expropriate ${cell}`));
    add("appropriate", entry.appropriate.length, () => startAction("appropriate"));
    add("remove", entry.remove, () => submit(`remove ${cell}`));
    add("release", entry.release, () => submit(`release ${cell}`));
    add("release-place", entry.release_place, () => startAction("release-place"));
    return h("div", { class: "amk-actions" }, [
      h("p", {}, t(own ? "amk.ownStone" : "amk.theirStone", { cell })),
      h("div", { class: "amk-buttons" }, actions),
    ]);
  }

  function hint() {
    if (!sel) return t("amk.hintPick");
    if (sel.from === "inventory") return sel.target ? t("amk.hintConfirm") : t("amk.hintTarget");
    switch (sel.action) {
      case "relocate": return sel.target ? t("amk.hintConfirm") : t("amk.hintRelocate");
      case "replace":
      case "release-place": return sel.code ? t("amk.hintConfirm") : t("amk.hintChooseStone");
      case "rotate":
      case "appropriate": return t("amk.hintConfirm");
      default: return t("amk.hintAction");
    }
  }

  function playControls() {
    const v = view();
    if (!props.interactive || phase() !== "play") return null;
    const parts: HTMLElement[] = [h("p", { class: "hint", id: "amk-hint" }, hint())];
    if (sel?.from === "board" && !sel.action) parts.push(actionButtons(sel));
    if (sel) parts.push(orientationControls());
    if (v.legal?.pass && legalSet().has("pass")) parts.push(h("div", { class: "amk-buttons" }, button(t("pass"), () => submit("pass"), { id: "amk-pass" })));
    return h("div", { class: "amk-play" }, parts);
  }

  function circleSetup() {
    const v = view();
    const next = v.next_circle;
    const parts = [h("h3", {}, t("amk.setupCircles")), h("p", { class: "muted" }, t("amk.setupCirclesHelp"))];
    if (props.interactive && next) {
      const choice = (circle: string) => {
        const move = `circle ${next}=${CIRCLE_LETTERS[circle]}`;
        return button(t(`amk.circle.${circle}`), () => submit(move), { "data-circle-choice": circle, disabled: !isLegal(move) });
      };
      const [letter, code = ""] = next.split(":");
      const colour = letter === "w" ? "white" : "black";
      parts.push(h("p", { class: "amk-next-circle" }, [t("amk.circleFor"), " ", stoneIcon(code, { owner: colour }, "1.6rem"), " ",
        t(`amk.stoneOf.${colour}`), " ", h("code", {}, code)]),
        h("div", { class: "amk-buttons" }, [choice("none"), choice("reinforcement"), choice("damage"),
          isLegal("circles none") ? button(t("amk.noMoreCircles"), () => submit("circles none"), { id: "amk-circles-none" }) : null]));
    } else {
      parts.push(h("p", { class: "muted" }, t("amk.waitSetup")));
    }
    return h("div", { class: "amk-setup" }, parts);
  }

  function colourSetup() {
    const parts = [h("h3", {}, t("amk.setupColour")), h("p", { class: "muted" }, t("amk.setupColourHelp"))];
    if (props.interactive) {
      parts.push(h("div", { class: "amk-buttons" }, ["white", "black"].map((colour) =>
        button(t(`amk.play.${colour}`), () => submit(`colour ${colour}`), { "data-colour-choice": colour, disabled: !isLegal(`colour ${colour}`) }))));
    } else {
      parts.push(h("p", { class: "muted" }, t("amk.waitSetup")));
    }
    return h("div", { class: "amk-setup" }, parts);
  }

  function biddingPanel() {
    const v = view();
    const b = v.bidding;
    const parts: HTMLElement[] = [
      h("h3", {}, t("amk.bidding")),
      h("p", {}, t("amk.biddingHelp", { points: b.white_points })),
      h("p", { id: "amk-offer" }, b.offer === null ? t("amk.noOffer") : t("amk.lastOffer", { n: b.offer })),
    ];
    if (props.interactive) {
      const range = v.legal?.bid;
      if (range) {
        if (bidValue === null || bidValue < range.min || bidValue > range.max) bidValue = range.min;
        parts.push(h("form", { class: "amk-bid", onsubmit: (e: Event) => { e.preventDefault(); submit(`bid ${bidValue}`); } }, [
          h("label", {}, [h("span", {}, t("amk.yourOffer", { min: range.min, max: range.max })),
            h("input", { type: "number", name: "bid", min: range.min, max: range.max, value: bidValue, oninput: (e: Event) => { bidValue = Number((e.target as HTMLInputElement).value); } })]),
          h("button", { type: "submit", id: "amk-bid" }, t("amk.offer")),
        ]));
      }
      if (v.legal?.accept) {
        parts.push(button(t("amk.accept", { n: b.offer ?? "" }), () => submit("accept"), { id: "amk-accept", class: "primary" }));
      }
    } else {
      parts.push(h("p", { class: "muted" }, t("amk.waitSetup")));
    }
    return h("div", { class: "amk-setup" }, parts);
  }

  function setSummary(colour: Owner): HTMLElement {
    const set = view().sets[colour];
    return h("div", { class: "amk-inventory", "data-set": colour }, [
      h("h3", {}, `${t(`amk.setOf.${colour}`)} — ${set.left === null ? "" : t("amk.pointsLeft", { left: set.left, points: set.points })}${set.closed ? " · " + t("amk.closed") : ""}`),
      h("div", { class: "amk-inv-list" }, set.stones.map((s) => h("span", { class: "amk-inv", "data-created": s.code, title: `${s.code} · ${t(`amk.circle.${s.circle}`)} · ${t("amk.value")} ${s.value}` }, [
        stoneIcon(s.code, { owner: colour, circle: s.circle }, "2rem"), h("span", { class: "amk-code" }, `${s.code} (${s.value})`),
      ]))),
    ]);
  }

  function creationPanel() {
    const v = view();
    const colour = mover() ?? "white";
    const left = v.sets[colour]?.left ?? 0;
    const parts: HTMLElement[] = [h("h3", {}, t("amk.creation")), h("p", { class: "muted" }, t("amk.creationHelp"))];
    if (props.interactive) {
      const held = new Set(v.sets[colour].stones.map((s) => s.code));
      const valueLine = h("p", { class: "amk-value" });
      const createButton = button(t("amk.create"), () => submit(createButton.dataset.move ?? ""), { id: "amk-create", class: "primary" });
      const refresh = () => {
        const value = stoneValue(editorState.code, editorState.circle);
        const code = canonical(editorState.code);
        const move = `create ${code} ${CIRCLE_LETTERS[editorState.circle]}`;
        const create = v.legal?.create;
        const ok = props.interactive && Boolean(create) && !held.has(code) && value <= (create?.max_value ?? 0);
        valueLine.replaceChildren(...[
          h("strong", { id: "amk-value", "data-value": value }, t("amk.valueIs", { value })), " · ",
          h("span", { id: "amk-left", "data-left": left - value }, t("amk.leftAfter", { left: left - value })),
          held.has(code) ? h("span", { class: "error" }, " " + t("amk.alreadyInSet")) : value > left ? h("span", { class: "error" }, " " + t("amk.tooExpensive")) : null,
        ].filter((part): part is HTMLElement | string => Boolean(part)));
        createButton.disabled = !ok;
        createButton.dataset.move = move;
      };
      const editor = stoneEditor(editorState, { t, withCircle: true, owner: colour, onchange: refresh });
      refresh();
      parts.push(h("p", {}, t("amk.pointsAvailable", { left })), editor.element, valueLine,
        h("div", { class: "amk-buttons" }, [createButton, v.legal?.close ? button(t("amk.closeSet"), () => submit("close"), { id: "amk-close" }) : null]));
    } else {
      parts.push(h("p", { class: "muted" }, t("amk.waitSetup")));
    }
    return h("div", { class: "amk-setup" }, parts);
  }

  function actionableIcon() {
    const icon = stoneIcon("100000", {}, "1.6rem");
    icon.classList.add("amk-actionable-icon");
    return icon;
  }

  function boundIcon() {
    const icon = stoneIcon("000000", {}, "1.6rem");
    icon.setAttribute("viewBox", "-0.95 -0.95 1.95 1.95");
    icon.append(boundBadge("black"));
    return icon;
  }

  function legend() {
    const icon = (code: string, opts: GlyphOptions) => stoneIcon(code, opts, "1.6rem");
    const swatch = (cls: string) => h("span", { class: `amk-swatch ${cls}` });
    return h("details", { class: "amk-legend" }, [
      h("summary", {}, t("legend")),
      h("div", { class: "legend" }, [
        h("span", {}, [icon("100000", {}), " ", t("amk.legendBlue")]),
        h("span", {}, [icon("200000", {}), " ", t("amk.legendGreen")]),
        h("span", {}, [icon("300000", {}), " ", t("amk.legendRed")]),
        h("span", {}, [icon("400000", {}), " ", t("amk.legendDouble")]),
        h("span", {}, [icon("000000", { circle: "reinforcement" }), " ", t("amk.legendReinforcement")]),
        h("span", {}, [icon("000000", { circle: "damage" }), " ", t("amk.legendDamage")]),
        h("span", {}, [icon("100000", { owner: "black", expropriated: true, colour: "white" }), " ", t("amk.legendExpropriated")]),
        h("span", {}, [icon("300000", { arrowState: () => "blocked" }), " ", t("amk.legendBlocked")]),
        h("span", {}, [boundIcon(), " ", t("amk.legendBound")]),
        h("span", {}, [actionableIcon(), " ", t("amk.legendActionable")]),
        h("span", {}, [swatch("base-white"), " ", t("amk.legendBases")]),
        h("span", {}, [swatch("ctl-white"), " ", t("amk.controlWhite")]),
        h("span", {}, [swatch("ctl-black"), " ", t("amk.controlBlack")]),
        h("span", {}, [swatch("ctl-tie"), " ", t("amk.controlTie")]),
      ]),
      h("p", { class: "muted" }, t("amk.legendControl")),
    ]);
  }

  function toolbar() {
    const tools: HTMLElement[] = [
      h("label", { class: "amk-toggle" }, [
        h("input", { type: "checkbox", id: "amk-shading", checked: shading, onchange: (e: Event) => {
          shading = (e.target as HTMLInputElement).checked;
          localStorage.setItem(SHADING_KEY, shading ? "1" : "0");
          draw();
        } }),
        " ", t("amk.showControl"),
      ]),
    ];
    if (infinit()) {
      tools.push(button("+", () => zoom(1 / 1.25), { id: "amk-zoom-in", title: t("amk.zoomIn"), "aria-label": t("amk.zoomIn") }),
        button("−", () => zoom(1.25), { id: "amk-zoom-out", title: t("amk.zoomOut"), "aria-label": t("amk.zoomOut") }),
        button(t("amk.fit"), () => { userMoved = false; fitCamera(); draw(); }, { id: "amk-fit" }));
    }
    return h("div", { class: "amk-toolbar" }, tools);
  }

  function draw() {
    const v = view();
    if (infinit() && (!cameraSet || !userMoved)) fitCamera();
    const stage = phase();
    const panels = [];
    if (stage === "circles") panels.push(circleSetup());
    if (stage === "colour") panels.push(colourSetup());
    if (stage === "bidding") panels.push(biddingPanel());
    if (stage === "creation") panels.push(creationPanel());
    if (infinit() && stage !== "bidding") panels.push(setSummary("white"), setSummary("black"));
    const status = infinit() && v.quiet ? h("p", { class: "muted small" }, t("amk.quiet", { n: v.quiet.plies, limit: v.quiet.limit })) : null;
    // The stones in hand show their circles from the setup on, while the colour is chosen too.
    const inventories = ["circles", "colour", "play"].includes(stage ?? "");
    const parts = [
      drawBoard(),
      toolbar(),
      h("p", { id: "amk-info", class: "amk-info muted", "aria-live": "polite" }, controlText(infoCell ? cellMap().get(infoCell) : null) || t("amk.hoverHint")),
      ...panels,
      playControls(),
      inventories ? inventoryRow("white") : null,
      inventories ? inventoryRow("black") : null,
      removedRow(),
      status,
      legend(),
    ];
    show(parts[0] as SVGElement, ...parts.slice(1).filter((part): part is HTMLElement => Boolean(part)));
  }

  return {
    update(next: BoardProps<AmaktaView>) {
      if (newPosition(next)) {
        sel = null;
        infoCell = null;
      }
      props = next;
      draw();
    },
    refresh() {
      if (props) draw();
    },
  };
}
