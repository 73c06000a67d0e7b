// The analysis board's evaluation graph box: the chart (uPlot, loaded on demand, drawn into a host
// that survives the page's redraws), its progress, the mistake and blunder thresholds in words,
// and each player's accuracy, mistakes and blunders.

import { host, v } from "../vdom.js";
import type { VNode } from "../vdom.js";
import { t } from "../i18n.js";
import { loadCharts } from "../chart-loader.js";
import { share, summarise, thresholdsOf } from "./judgement.js";
import { scoreLabel } from "./bar.js";
import type { JudgedMove } from "./judgement.js";
import type { Charts } from "../chart-loader.js";
import type { SeatName } from "../types.js";
import type { EvaluationReply } from "../contract/EvaluationReply.js";

/** What the graph box draws. */
export interface GraphState {
  game: string;
  gameTitle: string;
  /** The players' names, by seat. */
  names: Record<SeatName, string>;
  evaluation: EvaluationReply | null;
  /** The number of positions of the main line. */
  total: number;
  judged: JudgedMove[];
  /** The main-line ply shown. */
  now: number;
  pick: (ply: number) => void;
}

/** The evaluation chart: drawn into its host (see `host`) once the charts bundle is loaded, updated on every redraw. */
export class EvalGraph {
  /** The chart's host, as the page's redraws hand it on. */
  element: HTMLElement | null = null;
  chart: ReturnType<Charts["evalChart"]> | null = null;
  /** The labels the chart was made with (the players' names, the language): new ones make it anew. */
  labels = "";
  charts: Charts | null = null;
  state: GraphState | null = null;

  constructor() {
    loadCharts().then((charts) => {
      this.charts = charts;
      this.draw();
    });
  }

  /**
   * The vnode of the chart's host for `state`: the page's redraws leave the chart in it alone,
   * and the chart is drawn again from `state` (made anew in a new host).
   */
  host(state: GraphState): VNode {
    this.state = state;
    return host(
      "div",
      {
        key: "chart",
        class: "ab-graph",
        id: "ab-graph",
        role: "img",
        "aria-label": t("ab.graph"),
        "data-points": state.evaluation?.plies.length ?? 0,
        "data-now": state.now,
        "data-total": state.total,
      },
      this.attach,
    );
  }

  /** Takes the chart's host from the page's view and draws the chart into it. */
  readonly attach = (element: Element) => {
    if (!(element instanceof HTMLElement)) return;
    if (element !== this.element) {
      this.chart?.destroy();
      this.chart = null;
      this.element = element;
    }
    this.draw();
  };

  /** The chart's data from the state. */
  spec(state: GraphState) {
    const plies = Array.from({ length: state.total }, (_, i) => i);
    const scores = new Map((state.evaluation?.plies ?? []).map((p) => [p.ply, p.score]));
    const first = state.names.p1;
    return {
      plies,
      values: plies.map((ply) => (scores.has(ply) ? Math.round(share(scores.get(ply) ?? 0) * 1000) / 10 : null)),
      marks: state.judged.filter((m) => m.kind).map((m) => ({ ply: m.ply, kind: m.kind ?? "mistake" })),
      now: state.now,
      xLabel: t("ab.graphX"),
      yLabel: t("ab.graphY", { name: first }),
      yAxis: t("ab.graphAxis", { name: first }),
      mistakeLabel: t("ab.mistake"),
      blunderLabel: t("ab.blunder"),
      valueText: (ply: number) => {
        const score = scores.get(ply);
        // In the axis's unit (per cent), the engine's score after it.
        return score === undefined ? "–" : `${Math.round(share(score) * 100)} % (${scoreLabel(score)})`;
      },
      onPick: state.pick,
    };
  }

  /**
   * Draws the chart into its host: made on the first call with the bundle loaded and whenever its
   * labels change (the players' names arrive with the first position, the language changes),
   * updated with the new data otherwise.
   */
  draw() {
    const { charts, element, state } = this;
    if (!charts || !element?.isConnected || !state) return;
    const spec = this.spec(state);
    const labels = [spec.xLabel, spec.yLabel, spec.yAxis, spec.mistakeLabel, spec.blunderLabel].join("\n");
    if (this.chart && labels === this.labels) {
      this.chart.update(spec);
      return;
    }
    this.chart?.destroy();
    this.chart = charts.evalChart(element, spec);
    this.labels = labels;
  }

  /** A page drawn again in another language or theme: the chart is made anew, in the new words and colours. */
  remake() {
    this.chart?.destroy();
    this.chart = null;
  }

  destroy() {
    this.chart?.destroy();
  }
}

/** The graph's box: its heading, the chart's host `chart`, the progress, the players' summary and the thresholds. */
export function graphView(state: GraphState, chart: VNode): VNode {
  const done = state.evaluation?.done ?? 0;
  const limits = thresholdsOf(state.game);
  return v("section", { key: "graph", class: "ab-graph-box", id: "ab-graph-box" }, [
    v("h2", { key: "title" }, t("ab.graph")),
    chart,
    v("p", { key: "progress", class: "muted", id: "ab-progress", "data-done": done, "data-total": state.total }, [
      progressText(done, state.total),
      " · ",
      t("ab.graphHint"),
    ]),
    summaryTable(state),
    v(
      "p",
      { key: "thresholds", class: "muted ab-thresholds", id: "ab-thresholds" },
      t("ab.thresholds", {
        mistake: Math.round(limits.mistake * 100),
        blunder: Math.round(limits.blunder * 100),
        game: state.gameTitle,
      }),
    ),
  ]);
}

/** The graph's box in a game not over yet: why there is no graph. */
export function graphLaterView(): VNode {
  return v("section", { key: "graph", class: "ab-graph-box", id: "ab-graph-box" }, [
    v("h2", { key: "title" }, t("ab.graph")),
    v("p", { key: "later", class: "muted" }, t("ab.graphLater")),
  ]);
}

/**
 * The graph's box of a game without moves: one line saying so (no chart of a lone point, no heading
 * over it), with how far the evaluation of its one position is (`done` of `total`) as the progress line has it.
 */
export function graphNoMovesView(done: number, total: number): VNode {
  return v("section", { key: "graph", class: "ab-graph-box", id: "ab-graph-box" }, [
    v(
      "p",
      { key: "no-moves", class: "muted", id: "ab-no-moves", "data-done": done, "data-total": total },
      t("ab.noMoves"),
    ),
  ]);
}

/** The graph's progress line: "Evaluating… done/total", then how many positions were evaluated (one: singular). */
function progressText(done: number, total: number): string {
  if (done < total) return t("ab.evaluating", { done, total });
  return total === 1 ? t("ab.evaluatedOne") : t("ab.evaluated", { total });
}

/** Each player's accuracy, mistakes and blunders. */
function summaryTable(state: GraphState): VNode {
  const summary = summarise(state.judged);
  return v("table", { key: "summary", class: "ab-summary", id: "ab-summary" }, [
    v(
      "thead",
      { key: "head" },
      v(
        "tr",
        {},
        [t("ab.player"), t("ab.accuracy"), t("ab.mistakes"), t("ab.blunders")].map((c, i) => v("th", { key: i }, c)),
      ),
    ),
    v(
      "tbody",
      { key: "body" },
      (["p1", "p2"] as const).map((seat) => {
        const s = summary[seat];
        return v("tr", { key: seat, "data-seat": seat }, [
          v("th", { key: "name" }, state.names[seat]),
          v(
            "td",
            { key: "accuracy", "data-accuracy": s.accuracy === null ? "" : s.accuracy.toFixed(1) },
            s.accuracy === null ? "–" : `${Math.round(s.accuracy)} %`,
          ),
          v("td", { key: "mistakes", "data-mistakes": s.mistakes }, String(s.mistakes)),
          v("td", { key: "blunders", "data-blunders": s.blunders }, String(s.blunders)),
        ]);
      }),
    ),
  ]);
}
