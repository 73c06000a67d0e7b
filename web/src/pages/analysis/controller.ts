// The analysis board of a game (/analysis/<id>): the game's own board to
// play variations on, an evaluation bar, the engine's three best lines with
// arrows on the board, the evaluation graph over the whole game and the
// tree of the main line and its variations. Open for finished and imported
// games and in games against the engine; the server refuses it in a running
// game between people. The controller keeps the tree, the engine's stream,
// the evaluation's progress, the timers and observers and draws the page
// as vnodes (view.ts: the frame, the panel, the engine's box; graph.ts: the
// evaluation graph); the board, the bar, the engine's box, the chart and
// the coach draw into hosts of their own, and arrows.ts the engine's
// arrows into a layer of the board's drawing.

import { t, lang } from "../../i18n.js";
import { host, patch, v } from "../../vdom.js";
import { api } from "../../api.js";
import { boardModule } from "../../boards.js";
import { node, depth, path, route, positionQuery, within, treeView } from "../../analysis/tree.js";
import { EvalBar, boardFrame, measureCrop, resultScore, scoreLabel } from "../../analysis/bar.js";
import { EvalGraph, graphLaterView, graphNoMovesView, graphView } from "../../analysis/graph.js";
import { alternatingMover, judge, thresholdsOf } from "../../analysis/judgement.js";
import { firstPlayerScore, readAnalysis } from "../../analysis/stream.js";
import { MistakeCoach } from "../../analysis/coach.js";
import { loadSeat } from "../../seats.js";
import "../../analysis/texts.js";
import type { UiError } from "../../i18n.js";
import type { Board, BoardModule, View } from "../../board-types.js";
import type { TreeNode } from "../../analysis/tree.js";
import type { ExploreReply } from "../../contract/ExploreReply.js";
import type { EvaluationReply } from "../../contract/EvaluationReply.js";
import type { StudySides } from "../../contract/StudySides.js";
import type { JudgedMove } from "../../analysis/judgement.js";
import type { AnalysisInfo } from "../../contract/AnalysisInfo.js";
import type { Link, Page, SeatName } from "../../types.js";
import { orientation } from "../../game/orientation.js";
import { drawArrows, isArrowsMutation } from "./arrows.js";
import { analysisOpens, emptyPanelView, engineView, frameView, notFoundView, panelView, runningView } from "./view.js";
import type { PanelContext, Step } from "./view.js";
import { positionProps } from "../study.js";
import type { Seat } from "../../contract/Seat.js";
import type { GraphState } from "../../analysis/graph.js";
import type { VNode } from "../../vdom.js";

/** The engine's analysis of a position: its lines, its best move at the end, whether it runs, a failure. */
interface Analysis {
  node: TreeNode;
  lines: AnalysisInfo[];
  best: string | null;
  running: boolean;
  error: UiError | null;
}

/** What the analysis board needs of a game's state. */
interface AnalysedGame {
  title: string;
  game: string;
  moves: string[];
  ply: number;
  outcome?: unknown;
  opponent: string;
  seats: Seat[];
  view: View;
  side_to_move: SeatName | null;
  /** The signed-in viewer's seat, when they played the game. */
  you?: SeatName;
}

/** Engine lines asked for. */
const LINES = 3;
/** How long the engine looks at a position, ms. */
const MOVETIME_MS = 1500;
/** A position must be shown this long before the engine starts on it (stepping through plies stays cheap). */
const SETTLE_MS = 300;
/** How often the page asks for the evaluation graph's progress, ms. */
const POLL_MS = 1000;
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
  evaluation: EvaluationReply | null = null;
  /** The seats' names in both languages, from the last position explored. */
  sides: StudySides | null = null;
  pollTimer: ReturnType<typeof setTimeout> | undefined;
  /** Whether asking for the evaluation's progress failed (the graph stays as far as it went). */
  evaluationFailed = false;
  destroyed = false;
  /** The board's host (made by the page's view, handed over by `attachBoard`). */
  boardHost: HTMLElement | null = null;
  /** The engine's box (a host of the page's view), which `renderEngine` draws into as the engine reports. */
  engineBox: Element | null = null;
  /** The game could not be loaded: the page says why. */
  missing: UiError | null = null;
  readonly bar = new EvalBar();
  readonly graph = new EvalGraph();
  /** The moves of the main line judged from the evaluation graph, by ply. */
  judged = new Map<number, JudgedMove>();
  /** The moves as the game writes them in words, by tree node id (where the game does). */
  words = new Map<number, string>();

  /** "Learn from your mistakes": the walk through a side's mistakes and blunders (see `analysis/coach.ts`). */
  readonly coach: MistakeCoach = new MistakeCoach({
    gameId: () => this.id,
    game: () => this.state?.game ?? "",
    names: () => this.names(),
    mainNode: (ply) => this.mainNode(ply),
    select: (n) => this.select(n),
    playAt: (from, move) => this.playAt(from, move),
    remove: (n) => this.remove(n),
    words: (at, move) => this.lineText([move], at),
    label: (n) => this.label(n),
    changed: (seat) => {
      // The side walked through nearest the viewer: its colour's side in Amakta (`game/orientation.ts`).
      if (seat) {
        const view = this.state?.view;
        const near = view && this.renderer?.nearSeat ? this.renderer.nearSeat(view) : "p1";
        this.flipped = orientation(seat, near, false).flipped;
        this.words.clear();
      }
      this.scheduleAnalysis();
      this.render();
      // A walk begun below the board (on a phone) brings the board and its task back into view.
      if (seat && (this.boardHost?.getBoundingClientRect().top ?? 0) < 0) window.scrollTo({ top: 0 });
    },
  });

  // A renderer draws its board anew, or changes it, on every change (a selected piece, too): the
  // arrows follow, while the arrows' own drawing is left alone (else each drawing of the arrows
  // would call for the next, without end).
  readonly observer = new MutationObserver((mutations) => {
    if (mutations.every(isArrowsMutation)) return;
    this.drawArrows();
    this.fitBar();
  });

  /** Keeps the bar as tall as the board when the board's size changes (the window, the phone turned). */
  readonly resized = new ResizeObserver(() => this.fitBar());

  /** Measures the board's margins (cut off on a phone) and sets the evaluation bar beside the board's frame, exactly as tall as it. */
  readonly fitBar = () => {
    const row = this.bar.element?.parentElement;
    const board = this.boardHost;
    if (board) measureCrop(board);
    if (row && board) this.bar.fit(row.getBoundingClientRect(), board.getBoundingClientRect(), boardFrame(board));
  };

  /** The main line's node at `ply` (or its last). */
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
        n.data = await api<ExploreReply>("GET", `/api/games/${this.id}/explore?${positionQuery(n)}`);
        this.sides = n.data.sides;
        this.error = null;
      } catch (e) {
        this.error = e as UiError;
      }
      if (this.selected !== n) return;
    }
    this.render();
    this.scheduleAnalysis();
  };

  /** Plays `move` from `from` and shows the position after it: an existing branch with that move, else a new variation. */
  readonly playAt = async (from: TreeNode, move: string): Promise<TreeNode> => {
    let next = from.children.find((c) => c.move === move);
    if (!next) {
      next = node(move, from, false);
      from.children.push(next);
    }
    await this.select(next);
    return next;
  };

  /** Plays `move` from the selected position (a move answering the coach's question is judged). */
  readonly play = async (move: string) => {
    const from = this.selected;
    if (!from) return;
    const next = await this.playAt(from, move);
    this.coach.played(from, next);
  };

  /** Deletes the variation starting at `n`; a position shown inside it gives way to where it branched off. */
  readonly remove = (n: TreeNode) => {
    const parent = n.parent;
    if (!parent) return;
    parent.children = parent.children.filter((c) => c !== n);
    if (within(this.selected, n)) this.select(parent);
    else this.render();
  };

  /** Stops the engine's look at a position (and one about to start). */
  readonly stopAnalysis = () => {
    clearTimeout(this.settleTimer);
    this.controller?.abort();
    this.controller = null;
    if (this.analysis) this.analysis.running = false;
  };

  /** Lets the engine look at the selected position once it was shown for a moment (unless off or quiet). */
  readonly scheduleAnalysis = () => {
    this.stopAnalysis();
    this.analysis = null;
    const n = this.selected;
    if (!this.engineOn || this.coach.quiet || !n?.data || n.data.at.outcome) return;
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
      const done = await readAnalysis(
        `/api/games/${this.id}/analysis?${positionQuery(n)}&lines=${LINES}&movetime=${MOVETIME_MS}`,
        this.controller.signal,
        (info) => {
          current.lines[(info.multipv || 1) - 1] = info;
          if (this.analysis === current) this.renderEngine();
        },
      );
      current.best = done?.best ?? null;
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
    return this.analysis.lines
      .filter(Boolean)
      .map((info) => ({ ...info, first: firstPlayerScore(info.score, data.at.side_to_move) }));
  };

  /** The evaluation of the selected position from the first player's view: the engine's best line, else the graph's. */
  readonly currentScore = (): number | null => {
    // A position the game is over in scores its result, even while the coach keeps quiet.
    const over = resultScore(this.selected?.data?.result);
    if (over !== null) return over;
    if (this.coach.quiet) return null;
    const best = this.shownLines()[0];
    if (best) return best.first;
    const at = this.selected;
    if (at && (at.main || at === this.root))
      return this.evaluation?.plies.find((p) => p.ply === depth(at))?.score ?? null;
    return null;
  };

  /** Asks for the evaluation graph (the server starts it once) and follows its progress. */
  readonly followEvaluation = async () => {
    if (!this.state || (!this.state.outcome && this.state.opponent !== "record")) return;
    try {
      this.evaluation = await api<EvaluationReply>(
        this.evaluation ? "GET" : "POST",
        `/api/games/${this.id}/evaluation`,
        this.evaluation ? undefined : {},
      );
    } catch (e) {
      this.error = e as UiError;
      this.evaluationFailed = true;
    }
    if (this.destroyed) return;
    this.render();
    if (this.evaluation && this.evaluation.done < this.evaluation.total)
      this.pollTimer = setTimeout(this.followEvaluation, POLL_MS);
  };

  // ------------------------------------------------------------ drawing

  /** Draws the first move of each engine line on the board: the best line's strongest, on top. */
  readonly drawArrows = () => {
    const geometry = this.renderer?.moveGeometry;
    const view = this.selected?.data?.at.view;
    const moves = this.shownLines().map((line) => line.pv?.[0]);
    if (this.boardHost) drawArrows(this.boardHost, geometry && view ? (move) => geometry(view, move) : null, moves);
  };

  /** The players' names, by seat. */
  readonly names = (): Record<SeatName, string> => {
    const sides = this.sides;
    return { p1: sides?.p1[lang()] ?? "", p2: sides?.p2[lang()] ?? "" };
  };

  /** Shows the selected position's evaluation on the bar. */
  readonly renderBar = () => {
    const score = this.selected ? this.currentScore() : null;
    const names = this.names();
    this.bar.show({
      score,
      names: { first: names.p1, second: names.p2 },
      flipped: this.flipped,
      label: t("ab.evalFor", { name: names.p1 }),
      caption: t("ab.barCaption", { name: names.p1 }),
    });
  };

  /** Draws the engine's part: the bar, the arrows, and the box with the switch, the score and the lines. */
  readonly renderEngine = () => {
    this.renderBar();
    this.drawArrows();
    if (!this.selected || !this.engineBox) return;
    const mine = this.analysis?.node === this.selected ? this.analysis : null;
    const score = this.currentScore();
    const lines = this.shownLines();
    patch(
      this.engineBox,
      ...engineView({
        engineOn: this.engineOn,
        quiet: this.coach.quiet,
        over: Boolean(this.selected.data?.at.outcome),
        running: Boolean(this.analysis?.running),
        error: mine?.error ?? null,
        lines,
        best: !lines.length ? (mine?.best ?? null) : null,
        // "…" while the engine is about to tell it, nothing when it keeps quiet.
        score: score !== null ? scoreLabel(score) : mine?.running ? "…" : null,
        lineText: (moves) => this.lineText(moves),
        pvText: (moves) => (this.renderer?.moveWords ? this.lineText(moves) : moves.join(" ")),
        toggle: () => {
          this.engineOn = !this.engineOn;
          this.scheduleAnalysis();
          this.renderEngine();
        },
        play: (move) => void this.play(move),
      }),
    );
  };

  /** Judges the main line's moves from the evaluation graph (see `analysis/judgement.ts`). */
  readonly judgeMoves = () => {
    if (!this.state) return [];
    const scores = new Map((this.evaluation?.plies ?? []).map((p) => [p.ply, p.score]));
    const mover = alternatingMover(
      this.state.side_to_move ?? (this.state.moves.length % 2 ? "p2" : "p1"),
      this.state.moves.length,
    );
    const judged = judge(scores, mover, thresholdsOf(this.state.game));
    this.judged = new Map(judged.map((m) => [m.ply, m]));
    return judged;
  };

  /** Whether the game has an evaluation graph: once it is over, and for an imported record. */
  readonly evaluated = (state: AnalysedGame) => Boolean(state.outcome) || state.opponent === "record";

  /** Gives the coach the mistakes of the moves `judged` from the evaluation graph (once it has begun). */
  readonly offerMistakes = (state: AnalysedGame, judged: JudgedMove[]) => {
    const evaluation = this.evaluation;
    if (!evaluation) return;
    const settled = evaluation.done >= evaluation.total || this.evaluationFailed;
    this.coach.update({ judged, plies: evaluation.plies, moves: state.moves, settled });
  };

  /**
   * The evaluation graph's box (or why there is none yet, or that the game has no moves), null while
   * the coach's walk takes its place.
   */
  graphPart(state: AnalysedGame, judged: JudgedMove[]): VNode | null {
    if (this.coach.session) return null;
    if (!this.evaluated(state)) return graphLaterView();
    if (!state.moves.length) return graphNoMovesView(this.evaluation?.done ?? 0, this.evaluation?.total ?? 1);
    const graph: GraphState = {
      game: state.game,
      gameTitle: state.title,
      names: this.names(),
      evaluation: this.evaluation,
      total: this.evaluation?.total ?? state.ply + 1,
      judged,
      now: this.selected ? route(this.selected).base : 0,
      pick: (ply) => this.select(this.mainNode(ply)),
    };
    return graphView(graph, this.graph.host(graph));
  }

  /** Moves from the position `at` (the selected one) in words where the game writes them so (Amakta), else as played. */
  readonly lineText = (moves: string[], at: TreeNode | null = this.selected): string => {
    const view = at?.data?.at.view;
    const words = view && this.renderer?.lineWords?.(view, moves, { t, flipped: this.flipped });
    return (words ?? moves).join(words ? "; " : " ");
  };

  /** A move in the game's words where its module writes them, else as the move's text. */
  readonly label = (n: TreeNode): string => {
    const cached = this.words.get(n.id);
    if (cached) return cached;
    const words = this.renderer?.moveWords;
    const view = n.main ? this.state?.view : n.data?.at.view;
    if (!words || !view || !this.state) return n.move ?? "";
    const moves = n.main ? this.state.moves : path(n);
    const written = words(moves, view, { t, flipped: this.flipped });
    if (!written) return n.move ?? "";
    if (n.main) {
      for (let m: TreeNode | undefined = this.root.children[0], i = 0; m?.main; m = m.children[0], i++) {
        const text = written[i];
        if (text) this.words.set(m.id, text);
      }
    } else {
      const text = written[written.length - 1];
      if (text) this.words.set(n.id, text);
    }
    return this.words.get(n.id) ?? n.move ?? "";
  };

  /** The tree of the main line and its variations. */
  treePart(): VNode {
    const tree = treeView({
      root: this.root,
      selected: this.selected,
      label: this.label,
      t,
      mark: (n) => this.judged.get(depth(n))?.kind ?? null,
      select: this.select,
      remove: this.remove,
    });
    return v("section", { key: "tree", class: "ab-tree-box" }, [tree]);
  }

  /** Draws the page, then the board, the engine's part and the tree's scroll. */
  readonly render = () => {
    if (this.destroyed) return;
    const state = this.state;
    const judged = state && this.evaluated(state) ? this.judgeMoves() : [];
    if (state && this.evaluated(state)) this.offerMistakes(state, judged);
    patch(this.main, this.view(judged));
    const data = this.selected?.data;
    if (data && this.board) {
      this.board.update(
        positionProps(data.at, { last: data.last_move, flipped: this.flipped, open: this.coach.allowsMove() }),
      );
    }
    if (!state) return;
    this.renderEngine();
    this.keepCurrentInTree();
  };

  /** The page: the game that cannot be analysed, else the frame with the board, the bar and the panel (empty until the game is loaded). */
  view(judged: JudgedMove[]): VNode {
    if (this.missing) return notFoundView(this.missing, this.link);
    if (this.state && !analysisOpens(this.state))
      return runningView(this.state.title, this.state.moves, `/play/${this.id}`, this.link);
    const board = host("div", { key: "board", class: "board-host", id: "board" }, this.attachBoard);
    const bar = host("div", { key: "bar", class: "ab-bar-box" }, this.bar.attach);
    return frameView(board, bar, this.state ? panelView(this.panelContext(this.state, judged)) : emptyPanelView());
  }

  /** What the panel is drawn from: the game, where the board is, its parts and the actions. */
  panelContext(state: AnalysedGame, judged: JudgedMove[]): PanelContext {
    return {
      id: this.id,
      title: state.title,
      where: this.selected ? route(this.selected) : { base: 0, moves: [] },
      error: this.error,
      link: this.link,
      learning: Boolean(this.coach.session),
      engine: host("section", { key: "engine", class: "ab-engine", id: "ab-engine", "aria-live": "polite" }, (box) => {
        this.engineBox = box;
      }),
      tree: this.treePart(),
      coach: host(
        "section",
        { key: "learn", class: "ab-learn", id: "ab-learn", "aria-live": "polite" },
        this.coach.attach,
      ),
      graph: this.graphPart(state, judged),
      go: (to) => {
        const n = this.stepTo(to);
        if (n) this.select(n);
      },
      flip: () => {
        this.flipped = !this.flipped;
        // The moves' arrows in words are written as the board draws them.
        this.words.clear();
        this.render();
      },
    };
  }

  /**
   * Takes the board's host from the page's view: the observers watch it, and the game's board is
   * made in it (once the game is loaded, see `makeBoard`).
   */
  readonly attachBoard = (element: Element) => {
    if (element === this.boardHost || !(element instanceof HTMLElement)) return;
    this.boardHost = element;
    this.observer.disconnect();
    this.resized.disconnect();
    // A board that keeps its elements (a vnode view) moves its cells by their transform when turned.
    this.observer.observe(element, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ["transform"],
    });
    this.resized.observe(element);
    this.makeBoard();
  };

  /** Makes the game's board in its host, once both the host and the game's board module are there. */
  makeBoard() {
    if (this.renderer && this.boardHost)
      this.board = this.renderer.createBoard(this.boardHost, { submit: this.play, t });
  }

  /** The node a step of the navigation leads to from the selected one. */
  stepTo(to: Step): TreeNode | null | undefined {
    if (to === "first") return this.root;
    if (to === "back") return this.selected?.parent;
    if (to === "forward") return this.selected?.children[0];
    return this.state && this.mainNode(this.state.ply);
  }

  /**
   * Scrolls the tree (only the tree: scrollIntoView would scroll the window too, and cut the board
   * off) so that the current move is in its view.
   */
  keepCurrentInTree() {
    const list = this.main.querySelector<HTMLElement>(".ab-tree");
    const current = list?.querySelector<HTMLElement>(".current");
    if (!list || !current) return;
    const top = current.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
    if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top - list.clientHeight / 2;
    }
  }

  /**
   * The tree's keys, as on the game page and lichess: ← and → a move back and on, ↑ or Home the
   * start, ↓ or End the end of the line shown (the window does not scroll with them).
   */
  readonly keys = (event: KeyboardEvent) => {
    const typing =
      event.target instanceof HTMLInputElement ||
      event.target instanceof HTMLTextAreaElement ||
      event.target instanceof HTMLSelectElement;
    const node = this.selected;
    if (typing || !node || event.altKey || event.ctrlKey || event.metaKey) return;
    const end = () => {
      let last = node;
      while (last.children[0]) last = last.children[0];
      return last;
    };
    const to: Record<string, () => TreeNode | null | undefined> = {
      ArrowLeft: () => node.parent,
      ArrowRight: () => node.children[0],
      ArrowUp: () => this.root,
      Home: () => this.root,
      ArrowDown: end,
      End: end,
    };
    const go = to[event.key];
    if (!go) return;
    event.preventDefault();
    const next = go();
    if (next && next !== node) this.select(next);
  };

  /** Loads the game, builds its main line and board, and shows its current position. */
  readonly start = async () => {
    // The frame first, while the game loads.
    this.render();
    let loaded: AnalysedGame;
    try {
      loaded = await api<AnalysedGame>("GET", `/api/games/${this.id}`);
      this.state = loaded;
    } catch (e) {
      this.missing = e as UiError;
      this.render();
      return;
    }
    if (this.destroyed) return;
    // A running game between people: its page says why it waits (asking the server would be refused).
    if (!analysisOpens(loaded)) return this.render();
    this.root = node(null, null, true);
    let n = this.root;
    for (const move of loaded.moves) {
      const next = node(move, n, true);
      n.children.push(next);
      n = next;
    }
    this.coach.own = loaded.opponent === "record" ? null : (loaded.you ?? loadSeat(this.id)?.seat ?? null);
    this.renderer = boardModule(loaded.game);
    this.makeBoard();
    document.addEventListener("keydown", this.keys);
    await this.select(this.mainNode(loaded.ply));
    this.followEvaluation();
  };

  constructor(main: HTMLElement, id: string, options: { link: Link }) {
    this.main = main;
    this.id = id;
    this.link = options.link;
    this.start();
  }

  /** Draws anew after a change of language or theme: the board, the words of the moves and the graph. */
  redraw() {
    this.board?.refresh?.();
    this.words.clear();
    this.graph.remake();
    this.render();
  }

  /** Stops the engine, the timers, the observers and the keys. */
  destroy() {
    this.destroyed = true;
    this.stopAnalysis();
    this.coach.destroy();
    this.graph.destroy();
    clearTimeout(this.pollTimer);
    this.observer.disconnect();
    this.resized.disconnect();
    document.removeEventListener("keydown", this.keys);
  }
}
