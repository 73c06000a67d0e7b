// The analysis board's views (controller.ts keeps the state): the page's frame, the panel with
// its heading and navigation, and the engine's box with its lines — pure functions of what the
// controller gives them, as vnodes with keys of their own. The parts that draw themselves (the
// board, the bar, the engine's box, the chart, the coach) come as hosts (see vdom.ts's `host`).

import { t, addTexts, errorText } from "../../i18n.js";
import type { UiError } from "../../i18n.js";
import { v } from "../../vdom.js";
import type { VChild, VNode } from "../../vdom.js";
import { scoreLabel } from "../../analysis/bar.js";
import type { Link } from "../../types.js";
import type { AnalysisInfo } from "../../contract/AnalysisInfo.js";

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: {
    "ab.title": "Analysis board",
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
    "ab.evaluatedOne": "1 position evaluated",
    "ab.graphLater": "The evaluation graph is made once the game is over.",
    "ab.runningTitle": "{game}: the game is still being played",
    "ab.running":
      "The analysis board and the engine open when this game between two people is over, so that nobody is helped while playing.",
    "ab.toGame": "Watch the game",
    "ab.movesSoFar": "Moves so far: {moves}",
    "ab.noMovesYet": "No move has been played yet.",
    "ab.graphHint": "Click the graph to go to a ply.",
    "ab.noMoves": "No moves yet",
    "ab.tree": "Moves and variations",
    "ab.deleteVariation": "Delete variation",
    "ab.evalFor": "Evaluation for {name}",
    "ab.line": "Line {n}",
    "ab.bestOnly": "Best move: {move}",
  },
  de: {
    "ab.title": "Analysebrett",
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
    "ab.evaluatedOne": "1 Stellung bewertet",
    "ab.graphLater": "Die Bewertungskurve entsteht, wenn die Partie vorbei ist.",
    "ab.runningTitle": "{game}: die Partie läuft noch",
    "ab.running":
      "Das Analysebrett und der Computer öffnen, wenn diese Partie zwischen zwei Menschen vorbei ist, damit niemandem beim Spielen geholfen wird.",
    "ab.toGame": "Zur Partie",
    "ab.movesSoFar": "Bisherige Züge: {moves}",
    "ab.noMovesYet": "Noch wurde kein Zug gespielt.",
    "ab.graphHint": "Klicke in die Kurve, um zu einem Halbzug zu gehen.",
    "ab.noMoves": "Noch keine Züge",
    "ab.tree": "Züge und Varianten",
    "ab.deleteVariation": "Variante löschen",
    "ab.evalFor": "Bewertung für {name}",
    "ab.line": "Zugfolge {n}",
    "ab.bestOnly": "Bester Zug: {move}",
  },
});

/** An engine line as shown: its report and its score from the first player's view. */
export type ShownLine = AnalysisInfo & { first: number };

/** What the engine's box shows, and what its buttons do. */
export interface EngineContext {
  /** Whether the engine is switched on. */
  engineOn: boolean;
  /** Whether the engine keeps quiet (while the coach asks a question). */
  quiet: boolean;
  /** Whether the game is over in the position shown. */
  over: boolean;
  /** Whether the engine is thinking (or about to). */
  running: boolean;
  /** The engine's failure on the position shown. */
  error: UiError | null;
  /** The engine's lines of the position shown, best first. */
  lines: ShownLine[];
  /** The best move, where the engine reported no lines. */
  best: string | null;
  /** The evaluation of the position shown as text (the bar's score), null when it is not shown. */
  score: string | null;
  /** Moves from the position shown in words where the game writes them so. */
  lineText: (moves: string[]) => string;
  /**
   * An engine line as the line shows it: in the move list's own writing (words where the game lists its
   * moves in words, Amakta; else its notation, which fits a line and matches the move list).
   */
  pvText: (moves: string[]) => string;
  /** Switches the engine on or off. */
  toggle: () => void;
  /** Plays a move from the position shown. */
  play: (move: string) => void;
}

/** What the engine says it is doing: quiet, off, nothing to do in a finished game, or thinking. */
function engineStatus({ quiet, engineOn, over, running }: EngineContext): string {
  if (quiet) return t("ml.engineQuiet");
  if (!engineOn) return t("ab.engineOff");
  if (over) return t("ab.gameOver");
  return running ? t("ab.thinking") : "";
}

/** The engine's lines, each a button that plays its first move. */
function engineLines(ctx: EngineContext): VNode | null {
  if (!ctx.lines.length) return null;
  return v(
    "ol",
    { key: "lines", class: "ab-lines", id: "ab-lines", title: t("ab.lineHint") },
    ctx.lines.map((line, index) =>
      v("li", { key: `line-${index + 1}` }, [
        v(
          "button",
          {
            class: "ab-line",
            "data-line": index + 1,
            "aria-label": `${t("ab.line", { n: index + 1 })}: ${scoreLabel(line.first)} ${ctx.lineText(line.pv)}`,
            on: { click: () => line.pv[0] && ctx.play(line.pv[0]) },
          },
          [
            v("strong", { key: "score", class: "ab-line-score" }, scoreLabel(line.first)),
            " ",
            v(
              "span",
              { key: "pv", class: "pv", title: pvTitle(ctx, line.pv), "data-moves": line.pv.join(" ") },
              ctx.pvText(line.pv),
            ),
          ],
        ),
      ]),
    ),
  );
}

/** The engine's box: its switch, the score and depth, what it does, a failure, its lines or its best move. */
export function engineView(ctx: EngineContext): VChild[] {
  const status = engineStatus(ctx);
  const { best, lines } = ctx;
  return [
    v("div", { key: "head", class: "ab-engine-head" }, [
      v(
        "button",
        {
          key: "toggle",
          id: "ab-engine-toggle",
          class: "toggle",
          "aria-pressed": String(ctx.engineOn),
          on: { click: ctx.toggle },
        },
        t("ab.engine"),
      ),
      // The score as a number: "…" while the engine is about to tell it, hidden when it keeps quiet.
      v(
        "strong",
        { key: "score", class: "ab-bar-text", id: "ab-eval-text", hidden: ctx.score === null },
        ctx.score ?? "…",
      ),
      lines[0]
        ? v("span", { key: "depth", class: "muted", id: "ab-depth" }, t("ab.depth", { depth: lines[0].depth }))
        : null,
    ]),
    status ? v("p", { key: "status", class: "muted" }, status) : null,
    ctx.error ? v("p", { key: "error", class: "error", role: "alert" }, errorText(ctx.error)) : null,
    engineLines(ctx),
    best
      ? v(
          "button",
          { key: "best", class: "ab-line", id: "ab-best", title: best, on: { click: () => ctx.play(best) } },
          t("ab.bestOnly", { move: ctx.lineText([best]) }),
        )
      : null,
  ];
}

/** A step of the navigation: to the start, a move back, a move on, the end. */
export type Step = "first" | "back" | "forward" | "last";

/** What the panel is drawn from: the game, where the board is, its parts and the actions. */
export interface PanelContext {
  /** The game's id and title. */
  id: string;
  title: string;
  /** Where the board is: the main line's ply and the moves of a variation from it. */
  where: { base: number; moves: string[] };
  /** A failure to load a position or the evaluation. */
  error: UiError | null;
  link: Link;
  /** Whether the coach's walk is on (on a phone, it comes first). */
  learning: boolean;
  /** The engine's box and the coach's box (hosts that draw themselves), the tree. */
  engine: VNode;
  tree: VNode;
  coach: VNode;
  /** The graph's box, or null while the coach's walk takes its place. */
  graph: VNode | null;
  /** Goes a step through the moves. */
  go: (to: Step) => void;
  /** Turns the board. */
  flip: () => void;
}

/** The panel's title, the way back to the game and where in the tree the board is. */
function heading({ id, title, where, link }: PanelContext): VNode[] {
  const { base, moves } = where;
  const place = moves.length
    ? t(moves.length === 1 ? "ab.inVariationOne" : "ab.inVariation", { moves: moves.length, ply: base })
    : base
      ? t("ab.afterPly", { ply: base })
      : t("ab.start");
  return [
    v("h1", { key: "title", class: "ab-title" }, [
      title,
      " ",
      v("small", { key: "what", class: "muted" }, t("ab.title")),
    ]),
    v("p", { key: "sub", class: "ab-sub" }, [
      v("span", { key: "where", class: "status", id: "ab-where", role: "status" }, place),
      link(`/play/${id}`, t("ab.backToGame"), { key: "back", id: "ab-back" }),
    ]),
  ];
}

/** The buttons to the start, a move back, a move on, the end, and to turn the board. */
function navigation({ go, flip }: PanelContext): VNode {
  const step = (key: Step, glyph: string) =>
    v("button", { key, title: t(key), "aria-label": t(key), "data-nav": key, on: { click: () => go(key) } }, glyph);
  return v("div", { key: "nav", class: "nav ab-nav" }, [
    step("first", "«"),
    step("back", "‹"),
    step("forward", "›"),
    step("last", "»"),
    v("button", { key: "flip", id: "ab-flip", on: { click: flip } }, t("flip")),
  ]);
}

/**
 * The panel, as on lichess: the title, the engine, the moves, the buttons to step through them,
 * then the walk through the mistakes, the graph and the players' accuracy. While the walk is on,
 * it takes the graph's place (no heading over an empty box; the graph is back with the analysis).
 */
export function panelView(ctx: PanelContext): VNode {
  return v("aside", { key: "panel", class: ctx.learning ? "panel ab-panel ab-learning" : "panel ab-panel" }, [
    ...heading(ctx),
    ctx.engine,
    ctx.error ? v("p", { key: "error", class: "error", role: "alert", id: "ab-error" }, errorText(ctx.error)) : null,
    ctx.tree,
    navigation(ctx),
    // The graph on the first screen (under the moves), the offer of mistakes to learn from under
    // it; a walk through the mistakes comes first.
    ...(ctx.learning ? [ctx.coach, ctx.graph] : [ctx.graph, ctx.coach]),
  ]);
}

/** The panel before the game is loaded: empty. */
export function emptyPanelView(): VNode {
  return v("aside", { key: "panel", class: "panel ab-panel" });
}

/** The page's frame: the board (a host) with the evaluation bar (a host) beside it, and the panel. */
export function frameView(board: VNode, bar: VNode, panel: VNode): VNode {
  return v("div", { key: "analysis-board", class: "game ab-page", id: "analysis-board" }, [
    v("div", { key: "board-area", class: "board-area ab-board-area" }, [board, bar]),
    panel,
  ]);
}

/** The page of a game that cannot be analysed (unknown, or refused): why, and the way to the lobby. */
export function notFoundView(error: UiError, link: Link): VNode {
  return v("div", { key: "not-found", class: "page card", id: "not-found" }, [
    v("h1", { key: "why" }, errorText(error)),
    v("p", { key: "back" }, link("/", t("backToLobby"))),
  ]);
}

/** Whether a game may be analysed now: unless it is a game between two people that is not over (the server refuses those). */
export function analysisOpens(game: { opponent: string; outcome?: unknown }): boolean {
  return game.opponent !== "human" || Boolean(game.outcome);
}

/** A running game between people: why the board and the engine wait, its moves so far, and the way to the game. */
export function runningView(title: string, moves: string[], gamePath: string, link: Link): VNode {
  const numbered = moves.map((move, i) => (i % 2 ? move : `${i / 2 + 1}. ${move}`)).join(" ");
  return v("div", { key: "running", class: "page card", id: "ab-running" }, [
    v("h1", { key: "title" }, t("ab.runningTitle", { game: title })),
    v("p", { key: "why" }, t("ab.running")),
    v(
      "p",
      { key: "moves", class: "muted" },
      moves.length ? t("ab.movesSoFar", { moves: numbered }) : t("ab.noMovesYet"),
    ),
    v("p", { key: "go" }, link(gamePath, t("ab.toGame"), { id: "ab-to-game", class: "button primary" })),
  ]);
}

/** The title of an engine line: what its text does not say already (the words, or the notation). */
function pvTitle(ctx: EngineContext, moves: string[]): string {
  const shown = ctx.pvText(moves);
  const words = ctx.lineText(moves);
  return shown === words ? moves.join(" ") : words;
}
