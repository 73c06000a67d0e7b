// The analysis board's evaluation graph box: the chart (uPlot, loaded on demand), its progress,
// the mistake and blunder thresholds in words, and each player's accuracy, mistakes and blunders.

import { h, patch } from "../svg.js";
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

/** The chart's host and the box around it; the chart is drawn once the charts bundle is loaded. */
export class GraphBox {
  readonly host = h("div", { class: "ab-graph", id: "ab-graph", role: "img" });
  readonly box = h("section", { class: "ab-graph-box", id: "ab-graph-box" });
  chart: ReturnType<Charts["evalChart"]> | null = null;
  charts: Charts | null = null;
  state: GraphState | null = null;

  constructor() {
    loadCharts().then((charts) => {
      this.charts = charts;
      if (this.state) this.draw(this.state);
    });
  }

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
        return score === undefined ? "–" : scoreLabel(score);
      },
      onPick: state.pick,
    };
  }

  /** Draws the chart (made on the first call with the bundle loaded, updated after). */
  draw(state: GraphState) {
    this.state = state;
    const done = state.evaluation?.done ?? 0;
    Object.assign(this.host.dataset, {
      points: String(state.evaluation?.plies.length ?? 0),
      now: String(state.now),
      total: String(state.total),
    });
    this.host.setAttribute("aria-label", t("ab.graph"));
    const limits = thresholdsOf(state.game);
    patch(
      this.box,
      h("h2", {}, t("ab.graph")),
      this.host,
      h("p", { class: "muted", id: "ab-progress", "data-done": done, "data-total": state.total }, [
        progressText(done, state.total),
        " · ",
        t("ab.graphHint"),
      ]),
      summaryTable(state),
      h(
        "p",
        { class: "muted ab-thresholds", id: "ab-thresholds" },
        t("ab.thresholds", {
          mistake: Math.round(limits.mistake * 100),
          blunder: Math.round(limits.blunder * 100),
          game: state.gameTitle,
        }),
      ),
    );
    if (this.charts && this.host.isConnected) {
      if (this.chart) this.chart.update(this.spec(state));
      else this.chart = this.charts.evalChart(this.host, this.spec(state));
    }
  }

  /** A page drawn again in another language: the chart is made anew with the new labels. */
  relabel() {
    this.chart?.destroy();
    this.chart = null;
  }

  destroy() {
    this.chart?.destroy();
  }
}

/** The graph's progress line: "Evaluating… done/total", then how many positions were evaluated (one: singular). */
function progressText(done: number, total: number): string {
  if (done < total) return t("ab.evaluating", { done, total });
  return total === 1 ? t("ab.evaluatedOne") : t("ab.evaluated", { total });
}

/** Each player's accuracy, mistakes and blunders. */
function summaryTable(state: GraphState): HTMLElement {
  const summary = summarise(state.judged);
  return h("table", { class: "ab-summary", id: "ab-summary" }, [
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        [t("ab.player"), t("ab.accuracy"), t("ab.mistakes"), t("ab.blunders")].map((c) => h("th", {}, c)),
      ),
    ),
    h(
      "tbody",
      {},
      (["p1", "p2"] as const).map((seat) => {
        const s = summary[seat];
        return h("tr", { "data-seat": seat }, [
          h("th", {}, state.names[seat]),
          h(
            "td",
            { "data-accuracy": s.accuracy === null ? "" : s.accuracy.toFixed(1) },
            s.accuracy === null ? "–" : `${Math.round(s.accuracy)} %`,
          ),
          h("td", { "data-mistakes": s.mistakes }, String(s.mistakes)),
          h("td", { "data-blunders": s.blunders }, String(s.blunders)),
        ]);
      }),
    ),
  ]);
}
