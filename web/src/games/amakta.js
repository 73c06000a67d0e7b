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

export { lobbyOptions } from "./amakta-lobby.js";
export { moveWords, moveGeometry } from "./amakta-moves.js";

const SHADING_KEY = "spielwerk.amakta.shading";
const INFINIT_CELL = /^-?\d+,-?\d+$/;

function other(colour) {
  return colour === "white" ? "black" : "white";
}

/** Each seat's colour and stones in hand, shown next to the players. */
export function seatInfo(view, t) {
  if (!view || !view.inventories) return null;
  const colourOf = (seat) => {
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
export function createBoard(host, { submit, t }) {
  let props = null;
  let sel = null;
  const newPosition = positionTracker();
  const show = keyboardCells(host, "data-cell");
  let shading = localStorage.getItem(SHADING_KEY) !== "0";
  let camera = null;
  let userMoved = false;
  let infoCell = null;
  const editorState = { code: "100000", circle: "none" };
  let bidValue = null;

  // ------------------------------------------------------------ helpers

  const view = () => props.view;
  const infinit = () => view().game === "amakta-infinit";
  const legalSet = () => new Set(props.legal);
  // Moves are built from the view's decomposition; when the server did not list the legal moves
  // (too many), it judges the move when it is played.
  const isLegal = (move) => props.interactive && (props.legalListed === false || legalSet().has(move));
  const mover = () => view().to_move?.colour;
  const phase = () => (infinit() ? (view().stage === "play" ? "play" : view().stage) : view().phase);

  function cellMap() {
    const map = new Map();
    for (const cell of view().cells) map.set(cell.name, cell);
    return map;
  }

  function nameOf(q, r) {
    if (infinit()) return `${q},${r}`;
    return cellByQr().get(`${q},${r}`)?.name ?? null;
  }

  let qrCache = null;
  function cellByQr() {
    if (qrCache && qrCache.view === view()) return qrCache.map;
    const map = new Map();
    for (const cell of view().cells) map.set(`${cell.q},${cell.r}`, cell);
    for (const hole of view().holes || []) map.set(`${hole.q},${hole.r}`, { ...hole, hole: true });
    qrCache = { view: view(), map };
    return map;
  }

  function playable(q, r) {
    if (infinit()) return true;
    const cell = cellByQr().get(`${q},${r}`);
    return Boolean(cell && !cell.hole);
  }

  function occupied(q, r) {
    const cell = cellByQr().get(`${q},${r}`);
    return Boolean(cell && cell.stone);
  }

  function qrOf(name) {
    if (infinit()) {
      const [q, r] = name.split(",").map(Number);
      return [q, r];
    }
    const cell = cellMap().get(name);
    return cell ? [cell.q, cell.r] : null;
  }

  function pos(q, r) {
    const [x, y] = centre(q, r);
    return props.flipped ? [-x, -y] : [x, y];
  }

  const turn = () => (props.flipped ? 3 : 0);

  function stoneEntry(cell) {
    return (view().legal?.stones || []).find((s) => s.cell === cell) || null;
  }

  function pieceOf(colour, code) {
    return view().stones.find((s) => s.piece === `${colour[0]}:${code}`) || null;
  }

  /** Board arrows of the stone on `cell`: state per direction and reach. */
  function arrowStates(cell) {
    const states = new Map();
    for (const arrow of view().arrows) {
      if (arrow.from === cell) states.set(`${arrow.direction}:${arrow.distance}`, arrow.blocked ? "blocked" : null);
    }
    return (d, reach) => (states.has(`${d}:${reach}`) ? states.get(`${d}:${reach}`) : "nowhere");
  }

  /** Arrows of `code` standing on (q, r), computed here (previews): target and blocked. */
  function reachOf(q, r, code, ignore) {
    const arrows = [];
    for (let d = 0; d < 6; d++) {
      for (const reach of REACHES[Number(code[d])]) {
        const [sq, sr] = STEPS[d];
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

  function reachLines(q, r, arrows, cls) {
    const group = svg("g", { class: `amk-reach ${cls}` });
    const [x1, y1] = pos(q, r);
    for (const arrow of arrows) {
      const [x2, y2] = pos(arrow.q, arrow.r);
      group.append(svg("line", { x1, y1, x2, y2, stroke: ARROW_COLOURS[arrow.reach], class: arrow.blocked ? "blocked" : "" }));
      group.append(svg("circle", { cx: x2, cy: y2, r: 0.16, fill: ARROW_COLOURS[arrow.reach], class: arrow.blocked ? "blocked" : "" }));
    }
    return group;
  }

  function controlText(cell) {
    if (!cell) return "";
    const who = { white: t("amk.controlWhite"), black: t("amk.controlBlack"), tie: t("amk.controlTie"), free: t("amk.controlFree") }[cell.control];
    const counts = t("amk.counts", { w: cell.arrows.white, b: cell.arrows.black });
    const effective = cell.effective.white !== cell.arrows.white || cell.effective.black !== cell.arrows.black
      ? " " + t("amk.withCircles", { w: cell.effective.white, b: cell.effective.black }) : "";
    const stone = cell.stone ? " · " + stoneText(cell.stone) : "";
    return `${cell.name}: ${who} — ${counts}${effective}${stone}`;
  }

  function stoneText(stone) {
    const parts = [t(`amk.stoneOf.${stone.owner}`), stone.orientation];
    if (stone.circle !== "none") parts.push(t(`amk.circle.${stone.circle}`));
    if (stone.expropriated) parts.push(t("amk.expropriatedFrom", { colour: t(`amk.${stone.colour}`) }));
    if (stone.free !== null && stone.free !== undefined) parts.push(stone.free ? t("amk.free") : t("amk.bound"));
    return parts.join(", ");
  }

  /** Shows who controls `cell` in the info line (kept by name: redrawn in the page's language). */
  function showInfo(cell) {
    infoCell = cell?.name ?? null;
    const line = host.querySelector("#amk-info");
    if (line) line.textContent = controlText(cell) || t("amk.hoverHint");
  }

  // ------------------------------------------------------------ selection → move

  function orientationChoices() {
    if (!sel) return null;
    if (sel.action === "rotate") return sel.entry.rotate;
    if (sel.action === "appropriate") return sel.entry.appropriate;
    return null;
  }

  /** The move text the current selection would play, or null. */
  function pendingMove() {
    if (!sel) return null;
    const o = sel.orient;
    if (sel.from === "inventory") {
      if (!sel.target) return null;
      const cell = cellMap().get(sel.target) || view().cells.find((c) => c.name === sel.target);
      const stone = cell?.stone;
      if (!stone) return `place ${sel.code} ${sel.target} ${o}`;
      if (stone.owner === mover()) return `replace ${sel.target} ${sel.code} ${o}`;
      return `release-place ${sel.target} ${sel.code} ${o}`;
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
  function ghostCell() {
    if (!sel) return null;
    if (sel.from === "inventory") return sel.target;
    if (sel.action === "relocate") return sel.target;
    if (["rotate", "appropriate"].includes(sel.action)) return sel.cell;
    if (["replace", "release-place"].includes(sel.action) && sel.code) return sel.cell;
    return null;
  }

  function ghostCode() {
    return sel?.orient || null;
  }

  /** Cells offered for the selection (highlighted, clickable). */
  function targets() {
    const result = new Set();
    if (!sel || !props.interactive) return result;
    const legal = view().legal;
    if (sel.from === "inventory") {
      for (const cell of legal.place?.cells || []) result.add(cell);
      for (const entry of legal.stones || []) {
        if (entry.replace || entry.release_place) result.add(entry.cell);
      }
    } else if (!sel.action || sel.action === "relocate") {
      for (const cell of sel.entry.relocate) result.add(cell);
    }
    return result;
  }

  function turnOrientation(fn) {
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

  function selectInventory(code) {
    if (sel?.from === "board" && ["replace", "release-place"].includes(sel.action)) {
      sel.code = code;
      sel.orient = code;
    } else if (sel?.from === "inventory" && sel.code === code) {
      sel = null;
    } else {
      sel = { from: "inventory", code, orient: code, target: sel?.from === "inventory" ? sel.target : null };
    }
    draw();
  }

  function clickCell(cell) {
    const info = cellMap().get(cell);
    showInfo(info);
    if (!props.interactive || phase() !== "play") return;
    if (sel && sel.target === cell && ghostCell() === cell) return confirm();
    if (sel && targets().has(cell)) {
      if (sel.from === "board") {
        sel.action = "relocate";
        if (!sel.orient) sel.orient = info?.stone?.orientation || cellMap().get(sel.cell).stone.orientation;
      }
      sel.target = cell;
      return draw();
    }
    const entry = stoneEntry(cell);
    if (entry && !(sel?.from === "board" && sel.cell === cell)) {
      sel = { from: "board", cell, entry, action: null, target: null, code: null, orient: cellMap().get(cell).stone.orientation };
      return draw();
    }
    sel = null;
    draw();
  }

  function startAction(action) {
    const entry = sel.entry;
    const stone = cellMap().get(sel.cell).stone;
    sel.action = action;
    sel.target = null;
    sel.code = null;
    if (action === "rotate") sel.orient = entry.rotate[0];
    else if (action === "appropriate") sel.orient = entry.appropriate[0];
    else sel.orient = stone.orientation;
    draw();
  }

  function keydown(event) {
    if (!host.isConnected) {
      document.removeEventListener("keydown", keydown);
      return;
    }
    if (!props || !sel || ["INPUT", "TEXTAREA", "SELECT"].includes(event.target.tagName)) return;
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
    camera = { x: (Math.max(...xs) + Math.min(...xs)) / 2, y: (Math.max(...ys) + Math.min(...ys)) / 2, w: Math.min(Math.max(w, hgt / 0.7), 90) };
  }

  function viewBoxInfinit() {
    const hgt = camera.w * 0.7;
    return [camera.x - camera.w / 2, camera.y - hgt / 2, camera.w, hgt];
  }

  /** Cells of the plane to draw inside the camera (with a margin). */
  function planeCells() {
    const [vx, vy, vw, vh] = viewBoxInfinit();
    const known = cellByQr();
    const list = [];
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
        list.push(known.get(`${q},${r}`) || { q, r, name: `${q},${r}`, control: "free", arrows: { white: 0, black: 0 }, effective: { white: 0, black: 0 }, stone: null, base: null });
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
  function boundBadge(control) {
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
            const [q, r] = qrOf(a.to);
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
    for (const colour of ["white", "black"]) {
      const base = v.bases[colour];
      const [q, r] = typeof base === "string" ? qrOf(base) : [base.q, base.r];
      const outward = colour === "white" ? -1 : 1;
      const [x, y] = pos(q, r);
      const [ox] = pos(q + outward, r);
      const s = Math.sign(ox - x);
      const tip = x + s * 0.88;
      const shape = [[0, 0], [0.3, -0.22], [0.3, -0.08], [0.6, -0.08], [0.6, 0.08], [0.3, 0.08], [0.3, 0.22]]
        .map(([a, b]) => `${(tip + s * a).toFixed(3)},${(y + b).toFixed(3)}`).join(" ");
      const arrow = svg("polygon", { points: shape, class: `amk-base-arrow ${colour}`, "data-base-arrow": colour });
      arrow.append(svg("title", {}, t("amk.legendBases")));
      layer.append(arrow);
    }
    root.append(layer, stones);
    if (ghostAt && ghostCode()) {
      const [q, r] = qrOf(ghostAt);
      const [x, y] = pos(q, r);
      const owner = mover();
      const ignore = sel.from === "board" ? sel.cell : null;
      const arrows = reachOf(q, r, ghostCode(), ignore);
      root.append(reachLines(q, r, arrows, "preview"));
      const states = new Map(arrows.map((a) => [`${a.d}:${a.reach}`, a.blocked ? "blocked" : null]));
      const glyph = stoneGlyph(ghostCode(), { owner, turn: turn(), ghost: true, arrowState: (d, reach) => (states.has(`${d}:${reach}`) ? states.get(`${d}:${reach}`) : "nowhere") });
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
      const baseRow = cellMap().get(v.bases.white)?.name[0];
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
  function attachPanZoom(root) {
    root.style.touchAction = "none";
    const pointers = new Map();
    let gesture = null;
    let moved = false;
    const measure = () => {
      const points = [...pointers.values()];
      const x = points.reduce((sum, p) => sum + p.x, 0) / points.length;
      const y = points.reduce((sum, p) => sum + p.y, 0) / points.length;
      const spread = points.length > 1 ? Math.hypot(points[0].x - points[1].x, points[0].y - points[1].y) : 0;
      return { x, y, spread };
    };
    // A gesture starts anew whenever a finger comes or goes, from the camera as it is then.
    const begin = () => {
      gesture = pointers.size ? { cam: { ...camera }, ...measure() } : null;
    };
    root.addEventListener("pointerdown", (e) => {
      if (pointers.size === 0) moved = false;
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      begin();
    });
    root.addEventListener("pointermove", (e) => {
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
    const end = (e) => {
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
    for (const type of ["pointerup", "pointercancel", "pointerleave"]) root.addEventListener(type, end);
    root.addEventListener("click", (e) => {
      if (moved) {
        e.stopPropagation();
        moved = false;
      }
    }, true);
    root.addEventListener("wheel", (e) => {
      e.preventDefault();
      zoom(e.deltaY > 0 ? 1.15 : 1 / 1.15);
    }, { passive: false });
  }

  /** A camera width (in hex units) within the zoom limits. */
  function clampWidth(w) {
    return Math.min(90, Math.max(6, w));
  }

  function zoom(factor) {
    camera.w = clampWidth(camera.w * factor);
    userMoved = true;
    draw();
  }

  // ------------------------------------------------------------ panel

  function button(label, onclick, attrs = {}) {
    return h("button", { type: "button", onclick, ...attrs }, label);
  }

  function inventoryRow(colour) {
    const v = view();
    const codes = v.inventories[colour];
    const mine = props.interactive && phase() === "play" && colour === mover();
    const choosing = sel?.from === "board" && ["replace", "release-place"].includes(sel.action);
    const canPlace = (v.legal?.place?.stones || []).length > 0 || (v.legal?.stones || []).some((s) => s.replace || s.release_place);
    const items = codes.map((code) => {
      const piece = pieceOf(colour, code);
      const icon = stoneIcon(code, { owner: colour, circle: piece?.circle || "none" });
      const selected = (mine && (sel?.from === "inventory" || choosing) && sel.code === code) || (piece && piece.piece === v.next_circle);
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
        const [letter, code] = piece.split(":");
        const colour = letter === "w" ? "white" : "black";
        return h("span", { class: "amk-inv", "data-removed": piece, title: t(`amk.stoneOf.${colour}`) }, [stoneIcon(code, { owner: colour }, "1.8rem"), h("span", { class: "amk-code" }, code)]);
      })),
    ]);
  }

  function orientationControls() {
    const move = pendingMove();
    const legal = move && isLegal(move);
    const turnable = sel?.orient && (sel.from === "inventory" || ["rotate", "appropriate", "relocate", "replace", "release-place"].includes(sel.action));
    return h("div", { class: "amk-orient" }, [
      turnable ? h("span", { class: "amk-orient-icon" }, stoneIcon(sel.orient, { owner: mover() }, "2.6rem")) : null,
      turnable ? button("↺", () => turnOrientation((c) => rotate(c, 1)), { id: "amk-rotate-left", title: t("amk.rotateLeft"), "aria-label": t("amk.rotateLeft") }) : null,
      turnable ? button("↻", () => turnOrientation((c) => rotate(c, 5)), { id: "amk-rotate-right", title: t("amk.rotateRight"), "aria-label": t("amk.rotateRight") }) : null,
      turnable ? button("⇅", () => turnOrientation(mirror), { id: "amk-mirror", title: t("amk.mirror"), "aria-label": t("amk.mirror") }) : null,
      move ? h("code", { id: "amk-pending", class: legal ? "" : "illegal" }, move) : null,
      move ? button(t("amk.confirm"), confirm, { id: "amk-confirm", class: "primary", disabled: !legal }) : null,
      button(t("amk.cancel"), () => { sel = null; draw(); }, { id: "amk-cancel" }),
    ]);
  }

  function actionButtons() {
    const entry = sel.entry;
    const stone = cellMap().get(sel.cell).stone;
    const own = stone.owner === mover();
    const actions = [];
    const add = (key, enabled, onclick) => { if (enabled) actions.push(button(t(`amk.act.${key}`), onclick, { "data-action": key })); };
    add("rotate", entry.rotate.length, () => startAction("rotate"));
    add("take", entry.take, () => submit(`take ${sel.cell}`));
    add("relocate", entry.relocate.length, () => startAction("relocate"));
    add("replace", entry.replace, () => startAction("replace"));
    add("expropriate", entry.expropriate, () => submit(`expropriate ${sel.cell}`));
    add("appropriate", entry.appropriate.length, () => startAction("appropriate"));
    add("remove", entry.remove, () => submit(`remove ${sel.cell}`));
    add("release", entry.release, () => submit(`release ${sel.cell}`));
    add("release-place", entry.release_place, () => startAction("release-place"));
    return h("div", { class: "amk-actions" }, [
      h("p", {}, t(own ? "amk.ownStone" : "amk.theirStone", { cell: sel.cell })),
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
    const parts = [h("p", { class: "hint", id: "amk-hint" }, hint())];
    if (sel?.from === "board" && !sel.action) parts.push(actionButtons());
    if (sel) parts.push(orientationControls());
    if (v.legal?.pass && legalSet().has("pass")) parts.push(h("div", { class: "amk-buttons" }, button(t("pass"), () => submit("pass"), { id: "amk-pass" })));
    return h("div", { class: "amk-play" }, parts);
  }

  function circleSetup() {
    const v = view();
    const next = v.next_circle;
    const parts = [h("h3", {}, t("amk.setupCircles")), h("p", { class: "muted" }, t("amk.setupCirclesHelp"))];
    if (props.interactive && next) {
      const choice = (circle) => {
        const move = `circle ${next}=${CIRCLE_LETTERS[circle]}`;
        return button(t(`amk.circle.${circle}`), () => submit(move), { "data-circle-choice": circle, disabled: !isLegal(move) });
      };
      const [letter, code] = next.split(":");
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
    const parts = [
      h("h3", {}, t("amk.bidding")),
      h("p", {}, t("amk.biddingHelp", { points: b.white_points })),
      h("p", { id: "amk-offer" }, b.offer === null ? t("amk.noOffer") : t("amk.lastOffer", { n: b.offer })),
    ];
    if (props.interactive) {
      const range = v.legal.bid;
      if (range) {
        if (bidValue === null || bidValue < range.min || bidValue > range.max) bidValue = range.min;
        parts.push(h("form", { class: "amk-bid", onsubmit: (e) => { e.preventDefault(); submit(`bid ${bidValue}`); } }, [
          h("label", {}, [h("span", {}, t("amk.yourOffer", { min: range.min, max: range.max })),
            h("input", { type: "number", name: "bid", min: range.min, max: range.max, value: bidValue, oninput: (e) => { bidValue = Number(e.target.value); } })]),
          h("button", { type: "submit", id: "amk-bid" }, t("amk.offer")),
        ]));
      }
      if (v.legal.accept) {
        parts.push(button(t("amk.accept", { n: b.offer }), () => submit("accept"), { id: "amk-accept", class: "primary" }));
      }
    } else {
      parts.push(h("p", { class: "muted" }, t("amk.waitSetup")));
    }
    return h("div", { class: "amk-setup" }, parts);
  }

  function setSummary(colour) {
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
    const colour = mover();
    const left = v.sets[colour]?.left ?? 0;
    const parts = [h("h3", {}, t("amk.creation")), h("p", { class: "muted" }, t("amk.creationHelp"))];
    if (props.interactive) {
      const held = new Set(v.sets[colour].stones.map((s) => s.code));
      let createButton = null;
      let valueLine = null;
      const refresh = () => {
        const value = stoneValue(editorState.code, editorState.circle);
        const code = canonical(editorState.code);
        const move = `create ${code} ${CIRCLE_LETTERS[editorState.circle]}`;
        const create = v.legal.create;
        const ok = props.interactive && create !== null && !held.has(code) && value <= create.max_value;
        valueLine.replaceChildren(...[
          h("strong", { id: "amk-value", "data-value": value }, t("amk.valueIs", { value })), " · ",
          h("span", { id: "amk-left", "data-left": left - value }, t("amk.leftAfter", { left: left - value })),
          held.has(code) ? h("span", { class: "error" }, " " + t("amk.alreadyInSet")) : value > left ? h("span", { class: "error" }, " " + t("amk.tooExpensive")) : null,
        ].filter(Boolean));
        createButton.disabled = !ok;
        createButton.dataset.move = move;
      };
      valueLine = h("p", { class: "amk-value" });
      createButton = button(t("amk.create"), () => submit(createButton.dataset.move), { id: "amk-create", class: "primary" });
      const editor = stoneEditor(editorState, { t, withCircle: true, owner: colour, onchange: refresh });
      refresh();
      parts.push(h("p", {}, t("amk.pointsAvailable", { left })), editor.element, valueLine,
        h("div", { class: "amk-buttons" }, [createButton, v.legal.close ? button(t("amk.closeSet"), () => submit("close"), { id: "amk-close" }) : null]));
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
    const icon = (code, opts) => stoneIcon(code, opts, "1.6rem");
    const swatch = (cls) => h("span", { class: `amk-swatch ${cls}` });
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
    const tools = [
      h("label", { class: "amk-toggle" }, [
        h("input", { type: "checkbox", id: "amk-shading", checked: shading, onchange: (e) => {
          shading = e.target.checked;
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
    if (infinit() && (!camera || !userMoved)) fitCamera();
    const stage = phase();
    const panels = [];
    if (stage === "circles") panels.push(circleSetup());
    if (stage === "colour") panels.push(colourSetup());
    if (stage === "bidding") panels.push(biddingPanel());
    if (stage === "creation") panels.push(creationPanel());
    if (infinit() && stage !== "bidding") panels.push(setSummary("white"), setSummary("black"));
    const status = infinit() && v.quiet ? h("p", { class: "muted small" }, t("amk.quiet", { n: v.quiet.plies, limit: v.quiet.limit })) : null;
    // The stones in hand show their circles from the setup on, while the colour is chosen too.
    const inventories = ["circles", "colour", "play"].includes(stage);
    const parts = [
      drawBoard(),
      toolbar(),
      h("p", { id: "amk-info", class: "amk-info muted", "aria-live": "polite" }, controlText(infoCell && cellMap().get(infoCell)) || t("amk.hoverHint")),
      ...panels,
      playControls(),
      inventories ? inventoryRow("white") : null,
      inventories ? inventoryRow("black") : null,
      removedRow(),
      status,
      legend(),
    ];
    show(...parts.filter(Boolean));
  }

  return {
    update(next) {
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
