// A research plot of one board: per measured set (numbered as the table's rows), the first
// player's score with its 95 % interval as a band, the share of decisive games, and the fair 0.5.

import type uPlot from "uplot";
import { axis, colour, mount, translucent } from "./common.js";
import type { ChartHandle } from "./common.js";

/** What a research plot draws, one entry per set. */
export interface ResearchChartSpec {
  score: number[];
  low: number[];
  high: number[];
  decisive: number[];
  xLabel: string;
  yLabel: string;
  scoreLabel: string;
  lowLabel: string;
  highLabel: string;
  decisiveLabel: string;
  fairLabel: string;
  /** Numbers as the page writes them (decimal comma in German). */
  number: (value: number) => string;
  height?: number;
}

/** The research plot in `host`. */
export function researchChart(host: HTMLElement, spec: ResearchChartSpec): ChartHandle {
  const sets = spec.score.map((_, i) => i + 1);
  const value = (_u: uPlot, v: number | null) => (v === null ? "–" : spec.number(v));
  const faint = { stroke: () => colour.accent(host), width: 1, dash: [4, 3], points: { show: false }, value };
  const options: Omit<uPlot.Options, "width"> = {
    height: spec.height ?? 240,
    scales: { x: { time: false, range: [0.5, sets.length + 0.5] }, y: { range: [0, 1] } },
    legend: { show: true, live: true },
    cursor: { drag: { x: false, y: false } },
    series: [
      { label: spec.xLabel, value: (_u, v) => (v === null ? "–" : `#${v}`) },
      {
        label: spec.scoreLabel,
        stroke: () => colour.accent(host),
        width: 2,
        points: { show: true, size: 9, fill: () => colour.accent(host) },
        value,
      },
      { label: spec.lowLabel, ...faint },
      { label: spec.highLabel, ...faint },
      {
        label: spec.decisiveLabel,
        stroke: () => colour.blue(host),
        width: 0,
        paths: () => null,
        points: { show: true, size: 9, fill: () => colour.blue(host) },
        value,
      },
      {
        label: spec.fairLabel,
        stroke: () => colour.muted(host),
        width: 1,
        dash: [2, 4],
        points: { show: false },
        value,
      },
    ],
    bands: [{ series: [3, 2], fill: () => translucent(colour.accent(host)) }],
    axes: [
      axis(host, spec.xLabel, {
        incrs: [1, 2, 5, 10],
        values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? `#${s}` : "")),
      }),
      axis(host, spec.yLabel, {
        size: 52,
        splits: () => [0, 0.25, 0.5, 0.75, 1],
        values: (_u, splits) => splits.map((s) => spec.number(s)),
      }),
    ],
  };
  return mount(host, options, [sets, spec.score, spec.low, spec.high, spec.decisive, sets.map(() => 0.5)]);
}
