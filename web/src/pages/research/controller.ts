// The research page (/research/amakta): loads the committed `spielwerk amakta balance` summaries
// and the recommended sets with the charts bundle, draws the page (view.ts, vnodes) and each board's plot
// into the host element the view gives it.

import { loadCharts } from "../../chart-loader.js";
import type { Charts } from "../../chart-loader.js";
import type { Page } from "../../types.js";
import { lang } from "../../i18n.js";
import { patch } from "../../vdom.js";
import { BOARDS, number, researchView, tr } from "./view.js";
import type { Recommended, ResearchData, ResearchState, Row } from "./view.js";

/** The rows of a summary.csv of `spielwerk amakta balance` as objects. */
function parseCsv(text: string): Row[] {
  const [header = "", ...lines] = text.trim().split("\n");
  const keys = header.split(",");
  return lines.map((line) => Object.fromEntries(line.split(",").map((value, i) => [keys[i] ?? String(i), value])));
}

/** Fetches the recommended sets and every board's summary. */
async function load(): Promise<ResearchData> {
  const get = async (path: string) => {
    const response = await fetch(path);
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    return response;
  };
  const [recommended, ...summaries] = await Promise.all([
    get("/assets/research/recommended.json").then((r) => r.json() as Promise<Recommended>),
    ...BOARDS.map((board) => get(`/assets/research/${board}.csv`).then((r) => r.text())),
  ]);
  return { recommended, summaries: Object.fromEntries(BOARDS.map((b, i) => [b, parseCsv(summaries[i] ?? "")])) };
}

/** A board's plot as drawn: into which element, in which language, and the chart to destroy. */
interface Plot {
  element: Element;
  language: string;
  chart: { destroy(): void };
}

/** Draws board `board`'s plot into `host` from its rows. */
function drawPlot(host: HTMLElement, charts: Charts, rows: Row[]): { destroy(): void } {
  const column = (name: string) => rows.map((row) => Number(row[name]));
  return charts.researchChart(host, {
    score: column("score"),
    low: column("score_low"),
    high: column("score_high"),
    decisive: column("decisive_rate"),
    xLabel: tr("plotX"),
    yLabel: tr("plotY"),
    scoreLabel: tr("plotScore"),
    lowLabel: tr("plotLow"),
    highLabel: tr("plotHigh"),
    decisiveLabel: tr("plotDecisive"),
    fairLabel: tr("plotFair"),
    number: (v) => number(v, 2),
  });
}

/** The research page: loads, then draws the page; a plot is drawn anew when its host or the language changed. */
export function researchPage(main: HTMLElement): Page {
  const state: ResearchState = { data: null, failed: false };
  let closed = false;
  let charts: Charts | null = null;
  const plots = new Map<string, Plot>();
  function attachPlot(board: string, element: Element) {
    const rows = state.data?.summaries[board] ?? [];
    const drawn = plots.get(board);
    if (!charts || !rows.length || !(element instanceof HTMLElement)) return;
    if (drawn && drawn.element === element && drawn.language === lang()) return;
    drawn?.chart.destroy();
    plots.set(board, { element, language: lang(), chart: drawPlot(element, charts, rows) });
  }
  function render() {
    if (closed) return;
    patch(main, researchView(state, attachPlot));
  }
  Promise.all([load(), loadCharts()])
    .then(([loaded, module]) => {
      state.data = loaded;
      charts = module;
      render();
    })
    .catch(() => {
      state.failed = true;
      render();
    });
  return {
    render,
    destroy() {
      closed = true;
      for (const plot of plots.values()) plot.chart.destroy();
    },
  };
}
