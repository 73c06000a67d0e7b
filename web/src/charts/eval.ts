// The evaluation graph of a game: the first player's expected score (0–100 %) after each ply, an
// area above or below the even line, mistakes and blunders marked, the position shown marked by a
// vertical line, and a click choosing a ply.

import type uPlot from "uplot";
import { axis, colour, mount, translucent } from "./common.js";
import type { ChartHandle } from "./common.js";

/** A ply marked on the graph. */
export interface EvalMark {
  ply: number;
  kind: "mistake" | "blunder";
}

/** What the evaluation graph draws. */
export interface EvalChartSpec {
  /** The plies of the game, 0 (the start) to the last. */
  plies: number[];
  /** The first player's expected score in % at each ply, null where not evaluated yet. */
  values: (number | null)[];
  marks: EvalMark[];
  /** The ply shown on the board (a vertical line), or null. */
  now: number | null;
  xLabel: string;
  /** The value's name in the legend, and the shorter one on the axis. */
  yLabel: string;
  yAxis: string;
  /** Legend names of the marks. */
  mistakeLabel: string;
  blunderLabel: string;
  /** The text of a point for the cursor's readout (e.g. "+0.35"), by ply. */
  valueText: (ply: number) => string;
  /** Called with the ply clicked on. */
  onPick: (ply: number) => void;
  height?: number;
}

/** The marks of one kind as a series: the value at each marked ply, null elsewhere. */
function markSeries(spec: EvalChartSpec, kind: EvalMark["kind"]): (number | null)[] {
  const marked = new Set(spec.marks.filter((m) => m.kind === kind).map((m) => m.ply));
  return spec.plies.map((ply, i) => (marked.has(ply) ? (spec.values[i] ?? null) : null));
}

/** A series of points only. */
function points(label: string, stroke: () => string, size: number): uPlot.Series {
  return {
    label,
    stroke,
    fill: stroke,
    width: 0,
    paths: () => null,
    points: { show: true, size, stroke, fill: stroke },
  };
}

/** Draws the vertical line of the ply shown. */
function nowLine(host: HTMLElement, now: () => number | null) {
  return (u: uPlot) => {
    const ply = now();
    if (ply === null) return;
    const x = Math.round(u.valToPos(ply, "x", true));
    const { top, height } = u.bbox;
    u.ctx.save();
    u.ctx.strokeStyle = colour.marker(host);
    u.ctx.lineWidth = 2 * devicePixelRatio;
    u.ctx.beginPath();
    u.ctx.moveTo(x, top);
    u.ctx.lineTo(x, top + height);
    u.ctx.stroke();
    u.ctx.restore();
  };
}

/** The evaluation graph in `host` (see `EvalChartSpec`); `update` draws new data or a new ply shown. */
export function evalChart(
  host: HTMLElement,
  first: EvalChartSpec,
): ChartHandle & { update(spec: EvalChartSpec): void } {
  let spec = first;
  const data = (): uPlot.AlignedData => [
    spec.plies,
    spec.values,
    markSeries(spec, "mistake"),
    markSeries(spec, "blunder"),
  ];
  const options: Omit<uPlot.Options, "width"> = {
    height: spec.height ?? 200,
    scales: { x: { time: false }, y: { range: [0, 100] } },
    legend: { show: true, live: true },
    cursor: { drag: { x: false, y: false }, points: { size: 8 } },
    series: [
      { label: spec.xLabel, value: (_u, v) => (v === null ? "–" : String(Math.ceil(v / 2))) },
      {
        label: spec.yLabel,
        stroke: () => colour.accent(host),
        width: 2,
        fill: () => translucent(colour.accent(host)),
        fillTo: 50,
        spanGaps: false,
        value: (_u, v, _s, i) => (v === null || i === null ? "–" : spec.valueText(spec.plies[i] ?? 0)),
      },
      points(spec.mistakeLabel, () => colour.marker(host), 9),
      points(spec.blunderLabel, () => colour.red(host), 11),
    ],
    axes: [
      // Ticks on whole moves: ply 2n is the end of move n.
      axis(host, spec.xLabel, {
        incrs: [2, 4, 10, 20, 40, 100, 200, 400],
        values: (_u, splits) => splits.map((v) => String(v / 2)),
      }),
      axis(host, spec.yAxis, {
        size: 52,
        splits: () => [0, 25, 50, 75, 100],
        values: (_u, splits) => splits.map((v) => `${v} %`),
      }),
    ],
    hooks: { draw: [nowLine(host, () => spec.now)] },
  };
  const chart = mount(host, options, data());
  chart.plot.over.addEventListener("click", () => {
    const index = chart.plot.cursor.idx;
    const ply = index === null || index === undefined ? undefined : spec.plies[index];
    if (ply !== undefined) spec.onPick(ply);
  });
  return {
    ...chart,
    update(next: EvalChartSpec) {
      spec = next;
      chart.plot.setData(data());
    },
  };
}
