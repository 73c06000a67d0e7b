// A player's rating history: one chart, a line per game (each in a colour of its own), the rating
// after each rated game. Games spread over days stand on a time axis ticked by whole days; games all
// on one day stand side by side, numbered in the order they were played.

import type uPlot from "uplot";
import { axis, cssColour, mount } from "./common.js";
import type { ChartHandle } from "./common.js";

/** One game's line: its name, when each rated game ended (ms, oldest first), the rating after it, its colour. */
export interface RatingSeries {
  label: string;
  times: number[];
  ratings: number[];
  /** The custom property of its colour, e.g. "--series-1" (the page's legend uses the same). */
  colour: string;
  /** The rating before its first game (1500), drawn just before it so that one game is a line; null: not known. */
  start?: number | null;
}

/** What the rating chart draws. */
export interface RatingChartSpec {
  series: RatingSeries[];
  /** The x-axis's label on a time axis ("Date"). */
  xLabel: string;
  /** The x-axis's label when all games were played on the day `day` ("Rated games on {day}"). */
  indexLabel: (day: string) => string;
  /** The rating axis's label. */
  yAxis: string;
  /** The page's language, for dates (e.g. "en", "de"). */
  locale: string;
  height?: number;
}

/** The chart's data: the x values (seconds, or game numbers from 1) and per series its rating at each x, or null. */
export interface RatingData {
  /** Whether x counts the games (all on one day) instead of seconds. */
  byGame: boolean;
  /** How many rated games the x-axis holds (the starts not counted). */
  games: number;
  x: number[];
  ys: (number | null)[][];
}

/** The day of `ms` in `locale`, e.g. "Dec 3" / "3. Dez.". */
function dayText(ms: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { day: "numeric", month: "short" }).format(new Date(ms));
}

/**
 * The series merged onto one x-axis: every rated game a point in the order they ended, at its time in
 * seconds, or (all of them on one day in `locale`) at its number from 1. A series's start (the rating
 * before its first game) stands just before that game: a second before it, or at game 0.
 */
export function ratingData(
  series: (Pick<RatingSeries, "times" | "ratings"> & { start?: number | null })[],
  locale: string,
): RatingData {
  const games = series
    .flatMap((s, line) => s.times.map((ms, i) => ({ ms, line, rating: s.ratings[i] ?? null, start: false })))
    .sort((a, b) => a.ms - b.ms);
  const byGame = new Set(games.map((p) => dayText(p.ms, locale))).size <= 1;
  const starts = series.flatMap((s, line) => {
    const first = s.times[0];
    return s.start === null || s.start === undefined || first === undefined
      ? []
      : [{ ms: byGame ? Number.NEGATIVE_INFINITY : first - 1000, line, rating: s.start, start: true }];
  });
  const points = [...starts, ...games].sort((a, b) => a.ms - b.ms);
  let number = 0;
  const x = points.map((p) => (byGame ? (p.start ? 0 : ++number) : p.ms / 1000));
  // On the axis of games, every start shares the one place 0.
  const merged = byGame && starts.length > 1 ? x.slice(starts.length - 1) : x;
  const rows = byGame && starts.length > 1 ? points.slice(starts.length - 1) : points;
  const ys = series.map((_, line) =>
    rows.map((p, i) => {
      if (merged[i] === 0 && byGame) return starts.find((s) => s.line === line)?.rating ?? null;
      return p.line === line ? p.rating : null;
    }),
  );
  return { byGame, games: games.length, x: merged, ys };
}

/** Whole days and their multiples: a time axis never ticks at hours or seconds. */
const DAY_STEPS = [1, 2, 7, 14, 30, 61, 91, 182, 365, 730].map((days) => days * 86400);

/** The x-axis: game numbers (whole ones only), else days (month and year beyond ten months). */
function xAxis(spec: RatingChartSpec, data: RatingData, host: HTMLElement): { scale: uPlot.Scale; axis: uPlot.Axis } {
  const record = (texts: string[]) => {
    // The canvas has no text: the host keeps what the axis reads.
    host.dataset.xTicks = texts.filter(Boolean).join(" | ");
    return texts;
  };
  if (data.byGame) {
    const first = spec.series.flatMap((s) => s.times)[0] ?? 0;
    const count = data.games;
    // A start stands at 0, before the first game; it is no game and has no tick.
    const from = data.x[0] === 0 ? -0.5 : 0.5;
    return {
      scale: { time: false, range: () => [from, count + 0.5] },
      axis: axis(host, spec.indexLabel(dayText(first, spec.locale)), {
        splits: () => data.x.filter((n) => n > 0 && (n - 1) % Math.ceil(count / 8) === 0),
        values: (_u, splits) => record(splits.map((n) => String(n))),
      }),
    };
  }
  const day = new Intl.DateTimeFormat(spec.locale, { day: "numeric", month: "short" });
  const month = new Intl.DateTimeFormat(spec.locale, { month: "short", year: "numeric" });
  return {
    scale: { time: true },
    axis: axis(host, spec.xLabel, {
      incrs: DAY_STEPS,
      values: (u, splits) => {
        const shown = (u.scales.x?.max ?? 0) - (u.scales.x?.min ?? 0);
        return record(splits.map((s) => (shown < 300 * 86400 ? day : month).format(new Date(s * 1000))));
      },
    }),
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

/** The rating history chart in `host` (no legend of uPlot's: the page names the lines beside it). */
export function ratingChart(host: HTMLElement, spec: RatingChartSpec): ChartHandle {
  const data = ratingData(spec.series, spec.locale);
  const x = xAxis(spec, data, host);
  const all = spec.series.flatMap((s) => [
    ...s.ratings,
    ...(s.start === null || s.start === undefined ? [] : [s.start]),
  ]);
  const low = Math.min(...all);
  const high = Math.max(...all);
  // At least 100 points of rating in view, so that a small change does not look large.
  const pad = Math.max(20, (100 - (high - low)) / 2);
  const options: Omit<uPlot.Options, "width"> = {
    height: spec.height ?? 200,
    scales: { x: x.scale, y: { range: [Math.floor((low - pad) / 10) * 10, Math.ceil((high + pad) / 10) * 10] } },
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    series: [
      {},
      ...spec.series.map((s) => {
        const stroke = () => cssColour(host, [s.colour, "--accent"], "#2f6b4f");
        return { label: s.label, stroke, width: 2, spanGaps: true, points: { show: true, size: 7, fill: stroke } };
      }),
    ],
    axes: [x.axis, axis(host, spec.yAxis, { size: 56, values: (_u, splits) => ratingTicks(splits, spec.locale) })],
  };
  return mount(host, options, [data.x, ...data.ys] as uPlot.AlignedData);
}
