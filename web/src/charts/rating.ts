// A player's rating history in one game: the rating after each rated game over time.

import uPlot from "uplot";
import { axis, colour, mount } from "./common.js";
import type { ChartHandle } from "./common.js";

/** What the rating chart draws. */
export interface RatingChartSpec {
  /** When each game ended, ms since the epoch, oldest first. */
  times: number[];
  /** The rating after each game. */
  ratings: number[];
  xLabel: string;
  /** The rating's name in the legend, and the shorter one on the axis. */
  yLabel: string;
  yAxis: string;
  /** The page's language, for dates (e.g. "en", "de"). */
  locale: string;
  height?: number;
}

/** The rating history chart in `host`. */
export function ratingChart(host: HTMLElement, spec: RatingChartSpec): ChartHandle {
  const day = new Intl.DateTimeFormat(spec.locale, { day: "numeric", month: "short" });
  const month = new Intl.DateTimeFormat(spec.locale, { month: "short", year: "numeric" });
  const hour = new Intl.DateTimeFormat(spec.locale, { hour: "2-digit", minute: "2-digit" });
  // Ticks within two days show the time of day, within ten months the day, beyond the month and year.
  const tick = (u: uPlot, s: number) => {
    const span = (u.scales.x?.max ?? 0) - (u.scales.x?.min ?? 0);
    return (span < 2 * 86400 ? hour : span < 300 * 86400 ? day : month).format(new Date(s * 1000));
  };
  const full = new Intl.DateTimeFormat(spec.locale, { dateStyle: "medium", timeStyle: "short" });
  const low = Math.min(...spec.ratings);
  const high = Math.max(...spec.ratings);
  // At least 100 points of rating in view, so that a small change does not look large.
  const pad = Math.max(20, (100 - (high - low)) / 2);
  const options: Omit<uPlot.Options, "width"> = {
    height: spec.height ?? 200,
    // Games within one day are shown within a day around them (uPlot would spread one game over
    // years, and games minutes apart over minutes with the same label on every tick).
    scales: { x: { time: true, range: (_u, min, max) => (max - min < 86400 ? [(min + max) / 2 - 43200, (min + max) / 2 + 43200] : [min, max]) }, y: { range: [Math.floor((low - pad) / 10) * 10, Math.ceil((high + pad) / 10) * 10] } },
    legend: { show: true, live: true },
    cursor: { drag: { x: false, y: false } },
    series: [
      { label: spec.xLabel, value: (_u, v) => (v === null ? "–" : full.format(new Date(v * 1000))) },
      {
        label: spec.yLabel,
        stroke: () => colour.accent(host),
        width: 2,
        points: { show: true, size: 7, fill: () => colour.accent(host) },
        value: (_u, v) => (v === null ? "–" : String(Math.round(v))),
      },
    ],
    axes: [
      axis(host, spec.xLabel, { values: (u, splits) => splits.map((s) => tick(u, s)) }),
      axis(host, spec.yAxis, { size: 56 }),
    ],
  };
  return mount(host, options, [spec.times.map((t) => t / 1000), spec.ratings]);
}
