// A player's rating history in one game: the rating after each rated game over time.

import type uPlot from "uplot";
import { axis, colour, mount } from "./common.js";
import type { ChartHandle } from "./common.js";

/** What the rating chart draws. */
export interface RatingChartSpec {
  /** When each game ended, ms since the epoch, oldest first. */
  times: number[];
  /** The rating after each game. */
  ratings: number[];
  xLabel: string;
  /** The line's name in the legend (the game's, with what it shows), and the rating's shorter one on the axis. */
  yLabel: string;
  yAxis: string;
  /** The page's language, for dates (e.g. "en", "de"). */
  locale: string;
  height?: number;
}

/** How far apart (in seconds) the first and last game must be for a time axis; closer, the games stand side by side. */
const TIME_AXIS_SPAN = 2 * 86400;

/**
 * The tick texts of games close in time (`all`: every game's time, oldest first): their days, a
 * repeated day left blank; where all games are on one day, the first tick its day and time, the others
 * their times only (to the second where the minute repeats), a repeated text left blank.
 */
export function closeTexts(times: (number | undefined)[], all: number[], locale: string): string[] {
  const dayOf = new Intl.DateTimeFormat(locale, { day: "numeric", month: "short" });
  const dayText = (ms: number) => dayOf.format(new Date(ms));
  const oneDay = new Set(all.map(dayText)).size <= 1;
  const minute = new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit" });
  const second = new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  const format = (f: (ms: number) => string) => times.map((ms) => (ms === undefined ? "" : f(ms)));
  let texts = format(dayText);
  if (oneDay) {
    const coarse = format((ms) => minute.format(new Date(ms)));
    texts = new Set(coarse).size === coarse.length ? coarse : format((ms) => second.format(new Date(ms)));
    const first = times.findIndex((ms) => ms !== undefined);
    const at = times[first];
    if (at !== undefined) texts[first] = `${dayText(at)}, ${texts[first]}`;
  }
  return texts.map((text, i) => (texts.indexOf(text) < i ? "" : text));
}

/** The x-axis of the rating chart: by date, or (games within two days) one step per game, labelled with its day (or time). */
function xAxis(
  spec: RatingChartSpec,
  host: HTMLElement,
): { x: number[]; scale: uPlot.Scale; axis: uPlot.Axis; value: (v: number | null) => string } {
  const seconds = spec.times.map((t) => t / 1000);
  const full = new Intl.DateTimeFormat(spec.locale, { dateStyle: "medium", timeStyle: "short" });
  const day = new Intl.DateTimeFormat(spec.locale, { day: "numeric", month: "short" });
  const month = new Intl.DateTimeFormat(spec.locale, { month: "short", year: "numeric" });
  const span = (seconds[seconds.length - 1] ?? 0) - (seconds[0] ?? 0);
  if (span < TIME_AXIS_SPAN) {
    // Games minutes apart would stand on one vertical line of a time axis.
    const x = seconds.map((_, i) => i);
    const at = (v: number | null) => (v === null ? null : spec.times[Math.round(v)]);
    return {
      x,
      scale: { time: false, range: () => [-0.5, Math.max(0.5, x.length - 0.5)] },
      // At most about six labelled games, so that the times do not overlap.
      axis: axis(host, spec.xLabel, {
        splits: () => x.filter((i) => i % Math.ceil(x.length / 6) === 0),
        values: (_u, splits) => {
          const texts = closeTexts(
            splits.map((s) => at(s) ?? undefined),
            spec.times,
            spec.locale,
          );
          // The canvas has no text: the host keeps what the axis reads.
          host.dataset.xTicks = texts.filter(Boolean).join(" | ");
          return texts;
        },
      }),
      value: (v) => {
        const ms = at(v);
        return ms === null || ms === undefined ? "–" : full.format(new Date(ms));
      },
    };
  }
  // Ticks within ten months show the day, beyond the month and year.
  const tick = (u: uPlot, s: number) => {
    const shown = (u.scales.x?.max ?? 0) - (u.scales.x?.min ?? 0);
    return (shown < 300 * 86400 ? day : month).format(new Date(s * 1000));
  };
  return {
    x: seconds,
    scale: { time: true },
    axis: axis(host, spec.xLabel, {
      values: (u, splits) => {
        const texts = splits.map((s) => tick(u, s));
        host.dataset.xTicks = texts.join(" | ");
        return texts;
      },
    }),
    value: (v) => (v === null ? "–" : full.format(new Date(v * 1000))),
  };
}

/**
 * The rating axis's tick texts in the page's language `locale`, whole numbers without grouping, as the
 * ratings are written beside the chart ("1650", not the browser's "1,650" on a German page).
 */
export function ratingTicks(splits: number[], locale: string): string[] {
  const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0, useGrouping: false });
  return splits.map((s) => format.format(s));
}

/** The rating history chart in `host`. */
export function ratingChart(host: HTMLElement, spec: RatingChartSpec): ChartHandle {
  const x = xAxis(spec, host);
  const low = Math.min(...spec.ratings);
  const high = Math.max(...spec.ratings);
  // At least 100 points of rating in view, so that a small change does not look large.
  const pad = Math.max(20, (100 - (high - low)) / 2);
  const options: Omit<uPlot.Options, "width"> = {
    height: spec.height ?? 200,
    scales: { x: x.scale, y: { range: [Math.floor((low - pad) / 10) * 10, Math.ceil((high + pad) / 10) * 10] } },
    // The legend's swatch filled with the line's colour.
    legend: { show: true, live: true, markers: { fill: () => colour.accent(host) } },
    cursor: { drag: { x: false, y: false } },
    series: [
      { label: spec.xLabel, value: (_u, v) => x.value(v) },
      {
        label: spec.yLabel,
        stroke: () => colour.accent(host),
        width: 2,
        points: { show: true, size: 7, fill: () => colour.accent(host) },
        value: (_u, v) => (v === null ? "–" : String(Math.round(v))),
      },
    ],
    axes: [x.axis, axis(host, spec.yAxis, { size: 56, values: (_u, splits) => ratingTicks(splits, spec.locale) })],
  };
  return mount(host, options, [x.x, spec.ratings]);
}
