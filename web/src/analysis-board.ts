// The analysis board of a game (/analysis/<id>): the game's own board to
// play variations on, an evaluation bar, the engine's three best lines with
// arrows on the board, the evaluation graph over the whole game and the
// tree of the main line and its variations. Open for finished and imported
// games and in games against the engine; the server refuses it in a running
// game between people.

import { t, lang, addTexts, errorText, playerName } from "./i18n.js";
import { h, svg, patch } from "./svg.js";
import { api } from "./api.js";
import { boardModule } from "./boards.js";
import type { UiError } from "./i18n.js";
import type { Board, BoardModule, View } from "./board-types.js";
import type { Link, Page, SeatName, SeatState } from "./types.js";

/** A position the server explored: the view, its legal moves, the last move and who is to move. */
interface Explored {
  view: View;
  legal_moves: string[];
  legal_moves_count: number;
  last_move: string | null;
  side_to_move: SeatName;
  outcome?: unknown;
}

/** One position of the tree: the move leading to it, whether it is on the game's main line, and its position once loaded. */
interface TreeNode {
  move: string | null;
  parent: TreeNode | null;
  main: boolean;
  children: TreeNode[];
  data: Explored | null;
  id: number;
}

/** An engine line as the analysis stream reports it. */
interface EngineLine {
  multipv?: number;
  score: string;
  depth: number;
  pv: string[];
}

/** The engine's analysis of a position: its lines, its best move at the end, whether it runs, a failure. */
interface Analysis {
  node: TreeNode;
  lines: EngineLine[];
  best: string | null;
  running: boolean;
  error: UiError | null;
}

/** The evaluation graph's progress: the plies scored so far. */
interface Evaluation {
  done: number;
  total: number;
  plies: { ply: number; score: number }[];
}

/** What the analysis board needs of a game's state. */
interface AnalysedGame {
  title: string;
  game: string;
  moves: string[];
  ply: number;
  outcome?: unknown;
  opponent: string;
  seats: SeatState[];
}

/** A point of a board drawing with the size of the cell there. */
interface Place {
  x: number;
  y: number;
  size: number;
}

addTexts({
  en: {
    "ab.title": "Analysis board",
    "ab.open": "Analysis board",
    "ab.backToGame": "Back to the game",
    "ab.start": "Start position",
    "ab.afterPly": "After ply {ply}",
    "ab.inVariationOne": "Variation: 1 move from ply {ply}",
    "ab.inVariation": "Variation: {moves} moves from ply {ply}",
    "ab.engine": "Engine",
    "ab.depth": "depth {depth}",
    "ab.thinking": "The engine is thinking…",
    "ab.engineOff": "The engine is off.",
    "ab.lineHint": "Click a line to play its first move.",
    "ab.gameOver": "The game is over in this position.",
    "ab.graph": "Evaluation graph",
    "ab.evaluating": "Evaluating… {done}/{total}",
    "ab.evaluated": "{total} positions evaluated",
    "ab.graphLater": "The evaluation graph is made once the game is over.",
    "ab.graphHint": "Click the graph to go to a ply.",
    "ab.graphPly": "Ply {ply}: {score}",
    "ab.tree": "Moves and variations",
    "ab.deleteVariation": "Delete variation",
    "ab.evalFor": "Evaluation for {name}",
    "ab.line": "Line {n}",
    "ab.bestOnly": "Best move: {move}",
  },
  de: {
    "ab.title": "Analysebrett",
    "ab.open": "Analysebrett",
    "ab.backToGame": "Zurück zur Partie",
    "ab.start": "Ausgangsstellung",
    "ab.afterPly": "Nach Halbzug {ply}",
    "ab.inVariationOne": "Variante: 1 Zug ab Halbzug {ply}",
    "ab.inVariation": "Variante: {moves} Züge ab Halbzug {ply}",
    "ab.engine": "Engine",
    "ab.depth": "Tiefe {depth}",
    "ab.thinking": "Die Engine rechnet…",
    "ab.engineOff": "Die Engine ist aus.",
    "ab.lineHint": "Klicke eine Zugfolge an, um ihren ersten Zug zu spielen.",
    "ab.gameOver": "In dieser Stellung ist die Partie vorbei.",
    "ab.graph": "Bewertungskurve",
    "ab.evaluating": "Bewerte… {done}/{total}",
    "ab.evaluated": "{total} Stellungen bewertet",
    "ab.graphLater": "Die Bewertungskurve entsteht, wenn die Partie vorbei ist.",
    "ab.graphHint": "Klicke in die Kurve, um zu einem Halbzug zu gehen.",
    "ab.graphPly": "Halbzug {ply}: {score}",
    "ab.tree": "Züge und Varianten",
    "ab.deleteVariation": "Variante löschen",
    "ab.evalFor": "Bewertung für {name}",
    "ab.line": "Zugfolge {n}",
    "ab.bestOnly": "Bester Zug: {move}",
  },
});

/** Engine lines asked for. */
const LINES = 3;
/** How long the engine looks at a position, ms. */
const MOVETIME_MS = 1500;
/** A position must be shown this long before the engine starts on it (stepping through plies stays cheap). */
const SETTLE_MS = 300;
/** How often the page asks for the evaluation graph's progress, ms. */
const POLL_MS = 1000;
/** The server's score of a decided position (see evaluation.rs); beyond half of it a score is a win. */
const DECIDED = 10000;
/** The graph's drawing size in its own units. */
const GRAPH_W = 600;
const GRAPH_H = 120;

/** The share of the first player (0 to 1) for a score from the first player's view. */
function share(score: number): number {
  if (score >= DECIDED / 2) return 1;
  if (score <= -DECIDED / 2) return 0;
  return 1 / (1 + Math.exp(-score / 250));
}

/**
 * A score from the first player's view as text: `+0.35` (`+0,35` in German), `#3` for a win in
 * 3 plies, `#-2` for a loss in 2, `1–0` or `0–1` for a game over.
 */
function scoreLabel(score: number): string {
  if (Math.abs(score) >= DECIDED) return score > 0 ? "1–0" : "0–1";
  if (Math.abs(score) >= DECIDED / 2) return `#${score > 0 ? "" : "-"}${DECIDED - Math.abs(score)}`;
  const pawns = (Math.abs(score) / 100).toLocaleString(lang(), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${score < 0 ? "−" : "+"}${pawns}`;
}

/** A UCI-style engine score (`cp 35`, `mate 3`, `mate -2`, for the side to move `toMove`) from the first player's view. */
function firstPlayerScore(uci: string, toMove: SeatName): number {
  const [kind, value] = uci.split(" ");
  const n = Number(value);
  const forMover = kind === "mate" ? Math.sign(n) * (DECIDED - Math.max(0, 2 * Math.abs(n) - 1)) : n;
  return toMove === "p2" ? -forMover : forMover;
}

/** How many tree nodes were made: each gets the next number as its id. */
let nodesMade = 0;

/** One position of the tree: the move leading to it, whether it is on the game's main line, and its position once loaded. */
function node(move: string | null, parent: TreeNode | null, main: boolean): TreeNode {
  nodesMade += 1;
  return { move, parent, main, children: [], data: null, id: nodesMade };
}

/** The number of moves from the start to `n`. */
function depth(n: TreeNode): number {
  let plies = 0;
  for (let p: TreeNode | null = n; p?.parent; p = p.parent) plies++;
  return plies;
}

/** The moves from the start to `n`, split into the main-line ply it leaves from and the variation's moves. */
function route(n: TreeNode): { base: number; moves: string[] } {
  const moves: string[] = [];
  let base = 0;
  for (let p: TreeNode | null = n; p?.parent; p = p.parent) {
    if (p.main) base++;
    else moves.unshift(p.move ?? "");
  }
  return { base, moves };
}

/** The query of a position: `ply=N` and the variation (`;`-separated: Amakta Infinit's cells have commas). */
function positionQuery(n: TreeNode): string {
  const { base, moves } = route(n);
  return `ply=${base}${moves.length ? `&moves=${encodeURIComponent(moves.join(";") + ";")}` : ""}`;
}

/** Whether `n` lies in the subtree of `top`. */
function within(n: TreeNode | null, top: TreeNode): boolean {
  for (let p = n; p; p = p.parent) if (p === top) return true;
  return false;
}

/** The cell named `name` in the board drawn in `host`: the renderers name their cells by `data-square` or `data-cell`. */
function cellNamed(host: Element, name: string): Element | null {
  return host.querySelector(`[data-square="${CSS.escape(name)}"], [data-cell="${CSS.escape(name)}"]`);
}

/** The centre of `cell` and its size, in the units of the drawing `root` it is part of. */
function cellCentre(root: SVGSVGElement, cell: Element | null): Place | null {
  const matrix = root.getScreenCTM?.();
  if (!cell || !matrix) return null;
  const box = cell.getBoundingClientRect();
  if (!box.width) return null;
  const inverse = matrix.inverse();
  const centre = new DOMPoint(box.x + box.width / 2, box.y + box.height / 2).matrixTransform(inverse);
  const corner = new DOMPoint(box.x, box.y).matrixTransform(inverse);
  return { x: centre.x, y: centre.y, size: 2 * Math.min(Math.abs(centre.x - corner.x), Math.abs(centre.y - corner.y)) };
}

/** An arrow from `from` to `to` (centres with sizes), `rank` 1 the strongest, or a ring on `to` without `from`. */
function arrowShape(from: Place | null, to: Place, rank: number): SVGElement {
  const width = to.size * (rank === 1 ? 0.16 : 0.1);
  if (!from) return svg("circle", { cx: to.x, cy: to.y, r: to.size * 0.38, class: `ab-arrow ab-arrow-${rank}`, "data-arrow": rank, "stroke-width": width, fill: "none" });
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const length = Math.hypot(dx, dy) || 1;
  const [ux, uy] = [dx / length, dy / length];
  const head = width * 2.6;
  const tip = { x: to.x - ux * to.size * 0.2, y: to.y - uy * to.size * 0.2 };
  const base = { x: tip.x - ux * head, y: tip.y - uy * head };
  const start = { x: from.x + ux * from.size * 0.2, y: from.y + uy * from.size * 0.2 };
  const side = (k: number) => `${base.x - uy * head * k * 0.6},${base.y + ux * head * k * 0.6}`;
  return svg("g", { class: `ab-arrow ab-arrow-${rank}`, "data-arrow": rank }, [
    svg("line", { x1: start.x, y1: start.y, x2: base.x, y2: base.y, "stroke-width": width }),
    svg("polygon", { points: `${tip.x},${tip.y} ${side(1)} ${side(-1)}` }),
  ]);
}

/**
 * The analysis board page of game `id` in `main`; `loadRenderer(game)` gives a game's board
 * module, `link(path, text, attrs)` a link within the app. Returns `{render, destroy}`.
 */
export function analysisPage(main: HTMLElement, id: string, { link }: { link: Link }): Page {
  const page = new AnalysisBoardPage(main, id, { link });
  return { render: () => page.redraw(), destroy: () => page.destroy() };
}

/** The page's state and drawing (see `analysisPage`). */
class AnalysisBoardPage {
  readonly main: HTMLElement;
  readonly id: string;
  readonly link: Link;
  state: AnalysedGame | null = null;
  renderer: BoardModule | null = null;
  board: Board | null = null;
  root: TreeNode = node(null, null, true);
  selected: TreeNode | null = null;
  flipped = false;
  error: UiError | null = null;
  engineOn = true;

  // The engine's analysis of the selected position: { node, lines, best, running, error } (`best`
  // from the end of the search, for positions the engine reports no lines for, as in Amakta's setup).
  analysis: Analysis | null = null;
  controller: AbortController | null = null;
  settleTimer: ReturnType<typeof setTimeout> | undefined;

  // The evaluation graph: { requested, done, total, plies } once asked for.
  evaluation: Evaluation | null = null;
  pollTimer: ReturnType<typeof setTimeout> | undefined;
  destroyed = false;
  readonly boardHost = h("div", { class: "board-host", id: "board" });
  readonly barFill = h("div", { class: "ab-bar-fill" });
  readonly barText = h("span", { class: "ab-bar-text", id: "ab-eval-text" });
  readonly evalBar = h("div", { class: "ab-bar", id: "ab-evalbar", role: "img" }, [this.barFill, this.barText]);
  readonly panel = h("aside", { class: "panel ab-panel" });

  // A renderer draws its board anew, or changes it, on every change (a selected piece, too): the
  // arrows follow, while the arrows' own coming and going is left alone.
  readonly ours = (mutation: MutationRecord) => [...mutation.addedNodes, ...mutation.removedNodes].every((n) => n instanceof Element && n.classList.contains("ab-arrows"));

  readonly observer = new MutationObserver((mutations) => {
    if (!mutations.every(this.ours)) this.drawArrows();
  });

  readonly mainNode = (ply: number) => {
    let n = this.root;
    for (let i = 0; i < ply; i++) {
      const next = n.children[0];
      if (!next?.main) break;
      n = next;
    }
    return n;
  };

  /** Shows `n`: loads its position if needed, draws it, and lets the engine look at it. */
  readonly select = async (n: TreeNode) => {
    this.selected = n;
    this.render();
    if (!n.data) {
      try {
        n.data = await api<Explored>("GET", `/api/games/${this.id}/explore?${positionQuery(n)}`);
        this.error = null;
      } catch (e) {
        this.error = e as UiError;
      }
      if (this.selected !== n) return;
    }
    this.render();
    this.scheduleAnalysis();
  };

  /** Plays `move` from the selected position: into an existing branch with that move, else a new variation. */
  readonly play = (move: string) => {
    const from = this.selected;
    if (!from) return;
    let next = from.children.find((c) => c.move === move);
    if (!next) {
      next = node(move, from, false);
      from.children.push(next);
    }
    this.select(next);
  };

  /** Deletes the variation starting at `n`; a position shown inside it gives way to where it branched off. */
  readonly remove = (n: TreeNode) => {
    const parent = n.parent;
    if (!parent) return;
    parent.children = parent.children.filter((c) => c !== n);
    if (within(this.selected, n)) this.select(parent);
    else this.render();
  };

  readonly stopAnalysis = () => {
    clearTimeout(this.settleTimer);
    this.controller?.abort();
    this.controller = null;
    if (this.analysis) this.analysis.running = false;
  };

  readonly scheduleAnalysis = () => {
    this.stopAnalysis();
    this.analysis = null;
    const n = this.selected;
    if (!this.engineOn || !n?.data || n.data.outcome) return;
    // Until the engine starts, the page says it is about to think.
    this.analysis = { node: n, lines: [], best: null, running: true, error: null };
    this.settleTimer = setTimeout(() => this.analyse(n), SETTLE_MS);
  };

  /** Reads the engine's event stream for `n`, keeping the latest report of each line. */
  readonly analyse = async (n: TreeNode) => {
    this.controller = new AbortController();
    const current: Analysis = { node: n, lines: [], best: null, running: true, error: null };
    this.analysis = current;
    this.renderEngine();
    try {
      const response = await fetch(`/api/games/${this.id}/analysis?${positionQuery(n)}&lines=${LINES}&movetime=${MOVETIME_MS}`, { signal: this.controller.signal });
      if (!response.ok) {
        const data = await response.json().catch(() => ({}));
        throw Object.assign(new Error(data.error || `${response.status}`), { text: data.message });
      }
      if (!response.body) throw new Error(`${response.status}`);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const name = block.match(/^event: ?(.*)$/m)?.[1];
          const data = block.match(/^data: ?(.*)$/m)?.[1];
          if (name === "info" && data) {
            const info: EngineLine = JSON.parse(data);
            current.lines[(info.multipv || 1) - 1] = info;
            if (this.analysis === current) this.renderEngine();
          }
          if (name === "done" && data) current.best = JSON.parse(data).best;
        }
      }
    } catch (e) {
      if (e instanceof DOMException && e.name === "AbortError") return;
      current.error = e as UiError;
    }
    current.running = false;
    if (this.analysis === current) this.renderEngine();
  };

  /** The engine's lines of the selected position, best first, with scores from the first player's view. */
  readonly shownLines = () => {
    const data = this.selected?.data;
    if (!this.analysis || this.analysis.node !== this.selected || !data) return [];
    return this.analysis.lines.filter(Boolean).map((info) => ({ ...info, first: firstPlayerScore(info.score, data.side_to_move) }));
  };

  /** The evaluation of the selected position from the first player's view: the engine's best line, else the graph's. */
  readonly currentScore = (): number | null => {
    const best = this.shownLines()[0];
    if (best) return best.first;
    const at = this.selected;
    if (at && (at.main || at === this.root)) return this.evaluation?.plies.find((p) => p.ply === depth(at))?.score ?? null;
    return null;
  };

  /** Asks for the evaluation graph (the server starts it once) and follows its progress. */
  readonly followEvaluation = async () => {
    if (!this.state || (!this.state.outcome && this.state.opponent !== "record")) return;
    try {
      this.evaluation = await api<Evaluation>(this.evaluation ? "GET" : "POST", `/api/games/${this.id}/evaluation`, this.evaluation ? undefined : {});
    } catch (e) {
      this.error = e as UiError;
    }
    if (this.destroyed) return;
    this.renderGraph();
    this.renderBar();
    if (this.evaluation && this.evaluation.done < this.evaluation.total) this.pollTimer = setTimeout(this.followEvaluation, POLL_MS);
  };

  // ------------------------------------------------------------ drawing

  /** Draws the first move of each engine line on the board: the best line's strongest, on top. */
  readonly drawArrows = () => {
    for (const old of this.boardHost.querySelectorAll(".ab-arrows")) old.remove();
    const geometry = this.renderer?.moveGeometry;
    const view = this.selected?.data?.view;
    if (!geometry || !view) return;
    const groups = new Map<SVGSVGElement, SVGElement>();
    this.shownLines().forEach((line, index) => {
      const move = line.pv?.[0];
      const places = move ? geometry(view, move) : null;
      const target = places ? cellNamed(this.boardHost, places.to) : null;
      const drawing = target?.closest("svg");
      if (!drawing) return;
      const to = cellCentre(drawing, target);
      const from = places?.from ? cellCentre(drawing, cellNamed(this.boardHost, places.from)) : null;
      if (!to) return;
      const group = groups.get(drawing) ?? svg("g", { class: "ab-arrows", "aria-hidden": "true" });
      groups.set(drawing, group);
      group.prepend(arrowShape(from, to, index + 1));
    });
    for (const [drawing, group] of groups) drawing.append(group);
  };

  readonly renderBar = () => {
    const score = this.selected ? this.currentScore() : null;
    const first = this.state?.seats?.[0]?.name;
    const fraction = score === null ? 0.5 : share(score);
    this.barFill.style.height = `${(fraction * 100).toFixed(1)}%`;
    this.barText.textContent = score === null ? "–" : scoreLabel(score);
    this.evalBar.dataset.score = score === null ? "" : String(score);
    this.evalBar.setAttribute("aria-label", `${t("ab.evalFor", { name: first ? playerName(first) : "" })}: ${this.barText.textContent}`);
    this.evalBar.classList.toggle("flipped", this.flipped);
  };

  readonly engineBox = h("section", { class: "ab-engine", id: "ab-engine", "aria-live": "polite" });
  readonly graphBox = h("section", { class: "ab-graph-box", id: "ab-graph-box" });
  readonly treeBox = h("section", { class: "ab-tree-box" });

  readonly renderEngine = () => {
    this.renderBar();
    this.drawArrows();
    if (!this.selected) return;
    const lines = this.shownLines();
    const best = !lines.length && this.analysis?.node === this.selected ? this.analysis?.best ?? null : null;
    const over = this.selected.data?.outcome;
    const status = !this.engineOn ? t("ab.engineOff") : over ? t("ab.gameOver") : this.analysis?.running ? t("ab.thinking") : "";
    patch(this.engineBox, ...[
      h("div", { class: "ab-engine-head" }, [
        h("button", { id: "ab-engine-toggle", class: "toggle", "aria-pressed": String(this.engineOn), onclick: () => { this.engineOn = !this.engineOn; this.scheduleAnalysis(); this.renderEngine(); } }, t("ab.engine")),
        lines[0] ? h("span", { class: "muted", id: "ab-depth" }, t("ab.depth", { depth: lines[0].depth })) : null,
      ]),
      status ? h("p", { class: "muted" }, status) : null,
      this.analysis?.error && this.analysis.node === this.selected ? h("p", { class: "error", role: "alert" }, errorText(this.analysis.error)) : null,
      lines.length ? h("ol", { class: "ab-lines", id: "ab-lines", title: t("ab.lineHint") }, lines.map((line, index) =>
        h("li", {}, h("button", { class: "ab-line", "data-line": index + 1, "aria-label": `${t("ab.line", { n: index + 1 })}: ${scoreLabel(line.first)} ${this.lineText(line.pv)}`, onclick: () => line.pv[0] && this.play(line.pv[0]) }, [
          h("strong", { class: "ab-line-score" }, scoreLabel(line.first)), " ", h("span", { class: "pv", title: line.pv.join(" ") }, this.lineText(line.pv)),
        ])))) : null,
      best ? h("button", { class: "ab-line", id: "ab-best", title: best, onclick: () => this.play(best) }, t("ab.bestOnly", { move: this.lineText([best]) })) : null,
    ].filter(Boolean));
  };

  readonly renderGraph = () => {
    if (!this.state) return;
    if (!this.state.outcome && this.state.opponent !== "record") {
      this.graphBox.replaceChildren(h("h2", {}, t("ab.graph")), h("p", { class: "muted" }, t("ab.graphLater")));
      return;
    }
    const total = this.evaluation?.total ?? this.state.ply + 1;
    const plies = this.evaluation?.plies ?? [];
    const x = (ply: number) => (total > 1 ? (ply / (total - 1)) * GRAPH_W : GRAPH_W / 2);
    const y = (score: number) => (1 - share(score)) * GRAPH_H;
    const drawing = svg("svg", { viewBox: `0 0 ${GRAPH_W} ${GRAPH_H}`, preserveAspectRatio: "none", class: "ab-graph", id: "ab-graph", role: "img", "aria-label": t("ab.graph") });
    drawing.append(svg("rect", { width: GRAPH_W, height: GRAPH_H, class: "ab-graph-back" }));
    const [firstPly] = plies;
    const last = plies[plies.length - 1];
    if (firstPly && last) {
      const points = plies.map((p) => `${x(p.ply).toFixed(1)},${y(p.score).toFixed(1)}`);
      drawing.append(
        svg("path", { class: "ab-graph-area", d: `M${x(firstPly.ply).toFixed(1)},${GRAPH_H} L${points.join(" L")} L${x(last.ply).toFixed(1)},${GRAPH_H} Z` }),
        svg("polyline", { class: "ab-graph-line", points: points.join(" "), "data-points": plies.length }),
      );
    }
    drawing.append(svg("line", { x1: 0, y1: GRAPH_H / 2, x2: GRAPH_W, y2: GRAPH_H / 2, class: "ab-graph-mid" }));
    if (this.selected) {
      const { base } = route(this.selected);
      drawing.append(svg("line", { x1: x(base), y1: 0, x2: x(base), y2: GRAPH_H, class: "ab-graph-now", "data-ply": base }));
    }
    // One strip per ply to click on.
    const width = total > 1 ? GRAPH_W / (total - 1) : GRAPH_W;
    for (let ply = 0; ply < total; ply++) {
      const score = plies.find((p) => p.ply === ply)?.score;
      const strip = svg("rect", { x: Math.max(0, x(ply) - width / 2), y: 0, width, height: GRAPH_H, class: "ab-graph-hit", "data-ply": ply }, [
        svg("title", {}, t("ab.graphPly", { ply, score: score === undefined ? "–" : scoreLabel(score) })),
      ]);
      strip.addEventListener("click", () => this.select(this.mainNode(ply)));
      drawing.append(strip);
    }
    const done = this.evaluation?.done ?? 0;
    this.graphBox.replaceChildren(
      h("h2", {}, t("ab.graph")),
      drawing,
      h("p", { class: "muted", id: "ab-progress", "data-done": done, "data-total": total }, [
        done < total ? t("ab.evaluating", { done, total }) : t("ab.evaluated", { total }), " · ", t("ab.graphHint"),
      ]),
    );
  };

  /** Moves from the selected position in words where the game writes them so (Amakta), else as played. */
  readonly lineText = (moves: string[]): string => {
    const view = this.selected?.data?.view;
    const words = view && this.renderer?.lineWords?.(view, moves, { t, flipped: this.flipped });
    return (words ?? moves).join(words ? "; " : " ");
  };

  /** The move leading to `n` in words where the game writes them so, else as played. */
  readonly moveText = (n: TreeNode): string => {
    const move = n.move ?? "";
    const view = n.parent?.data?.view;
    const context = { t, flipped: this.flipped };
    if (view) return this.renderer?.lineWords?.(view, [move], context)?.[0] ?? move;
    // A position not loaded yet: the moves from the start, the first player's first.
    const path: string[] = [];
    for (let p: TreeNode | null = n; p?.parent; p = p.parent) path.unshift(p.move ?? "");
    return this.renderer?.moveWords?.(path, {}, context)?.at(-1) ?? move;
  };

  /** The moves from `first` on along first children, each followed by the other branches of its position, indented. */
  readonly lineOf = (first: TreeNode, container: HTMLElement) => {
    for (let n: TreeNode | undefined = first; n; n = n.children[0]) {
      const shown: TreeNode = n;
      const ply = depth(n);
      container.append(h("button", { class: `ab-move${n === this.selected ? " current" : ""}${n.main ? "" : " ab-var-move"}`, "data-node": n.id, "data-ply": ply, "aria-current": n === this.selected ? "true" : null, title: n.move, onclick: () => this.select(shown) }, [
        h("small", { class: "muted" }, `${ply}.`), " ", this.moveText(n),
      ]));
      const siblings: TreeNode[] = n.parent?.children ?? [];
      if (siblings[0] !== n || siblings.length < 2) continue;
      for (const branch of siblings.slice(1)) {
        const block = h("div", { class: "ab-variation", "data-variation": branch.id }, [
          h("button", { class: "ab-delete", title: t("ab.deleteVariation"), "aria-label": t("ab.deleteVariation"), onclick: () => this.remove(branch) }, "×"),
        ]);
        this.lineOf(branch, block);
        container.append(block);
      }
    }
  };

  readonly renderTree = () => {
    const tree = h("div", { class: "ab-tree", id: "ab-tree" }, [
      h("button", { class: `ab-move${this.selected === this.root ? " current" : ""}`, "data-node": this.root.id, "data-ply": 0, onclick: () => this.select(this.root) }, t("ab.start")),
    ]);
    if (this.root.children[0]) this.lineOf(this.root.children[0], tree);
    patch(this.treeBox, h("h2", {}, t("ab.tree")), tree);
    tree.querySelector(".current")?.scrollIntoView?.({ block: "nearest" });
  };

  readonly render = () => {
    if (!this.state) return;
    const data = this.selected?.data;
    if (data && this.board) {
      this.board.update({ view: data.view, legal: data.legal_moves, legalListed: data.legal_moves.length === data.legal_moves_count, last: data.last_move, flipped: this.flipped,
        interactive: !data.outcome && data.legal_moves_count > 0, toMove: data.side_to_move, animate: false, premove: null, queued: null });
    }
    const { base, moves } = this.selected ? route(this.selected) : { base: 0, moves: [] as string[] };
    const where = moves.length ? t(moves.length === 1 ? "ab.inVariationOne" : "ab.inVariation", { moves: moves.length, ply: base }) : base ? t("ab.afterPly", { ply: base }) : t("ab.start");
    patch(this.panel, ...[
      h("h1", {}, [this.state.title, " ", h("small", { class: "muted" }, t("ab.title"))]),
      h("p", {}, this.link(`/play/${this.id}`, t("ab.backToGame"), { id: "ab-back" })),
      h("p", { class: "status", id: "ab-where", role: "status" }, where),
      h("div", { class: "nav" }, [
        h("button", { title: t("first"), "aria-label": t("first"), "data-nav": "first", onclick: () => this.select(this.root) }, "«"),
        h("button", { title: t("back"), "aria-label": t("back"), "data-nav": "back", onclick: () => this.selected?.parent && this.select(this.selected.parent) }, "‹"),
        h("button", { title: t("forward"), "aria-label": t("forward"), "data-nav": "forward", onclick: () => this.selected?.children[0] && this.select(this.selected.children[0]) }, "›"),
        h("button", { title: t("last"), "aria-label": t("last"), "data-nav": "last", onclick: () => this.state && this.select(this.mainNode(this.state.ply)) }, "»"),
        h("button", { id: "ab-flip", onclick: () => { this.flipped = !this.flipped; this.render(); } }, t("flip")),
      ]),
      this.error ? h("p", { class: "error", role: "alert", id: "ab-error" }, errorText(this.error)) : null,
      this.engineBox,
      this.graphBox,
      this.treeBox,
    ].filter(Boolean));
    this.renderEngine();
    this.renderGraph();
    this.renderTree();
  };

  readonly keys = (event: KeyboardEvent) => {
    const typing = event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement || event.target instanceof HTMLSelectElement;
    if (typing || !this.selected) return;
    if (event.key === "ArrowLeft" && this.selected.parent) this.select(this.selected.parent);
    if (event.key === "ArrowRight" && this.selected.children[0]) this.select(this.selected.children[0]);
  };

  readonly start = async () => {
    this.main.replaceChildren(h("div", { class: "game ab-page", id: "analysis-board" }, [h("div", { class: "board-area ab-board-area" }, [this.evalBar, this.boardHost]), this.panel]));
    let loaded: AnalysedGame;
    try {
      loaded = await api<AnalysedGame>("GET", `/api/games/${this.id}`);
      this.state = loaded;
    } catch (e) {
      this.main.replaceChildren(h("div", { class: "page card", id: "not-found" }, [h("h1", {}, errorText(e as UiError)), h("p", {}, this.link("/", t("backToLobby")))]));
      return;
    }
    if (this.destroyed) return;
    this.root = node(null, null, true);
    let n = this.root;
    for (const move of loaded.moves) {
      const next = node(move, n, true);
      n.children.push(next);
      n = next;
    }
    this.renderer = boardModule(loaded.game);
    this.board = this.renderer.createBoard(this.boardHost, { submit: this.play, t });
    document.addEventListener("keydown", this.keys);
    await this.select(this.mainNode(loaded.ply));
    this.followEvaluation();
  };

  constructor(main: HTMLElement, id: string, options: { link: Link }) {
    this.main = main;
    this.id = id;
    this.link = options.link;
    this.observer.observe(this.boardHost, { childList: true, subtree: true });
    this.start();
  }

  redraw() {
    this.board?.refresh?.();
    this.render();
  }

  destroy() {
    this.destroyed = true;
    this.stopAnalysis();
    clearTimeout(this.pollTimer);
    this.observer.disconnect();
    document.removeEventListener("keydown", this.keys);
  }
}

