// The profile's rating history: per game the rated games from `/api/players/<name>/ratings`, and
// one chart of them all (uPlot, loaded on demand) in a host that survives the page's redraws. The
// legend, the lines of games with a single rated game and the section around the host are
// profile-view.ts's `historySection`.

import { t, lang } from "../../i18n.js";
import { host } from "../../vdom.js";
import type { VNode } from "../../vdom.js";
import { loadCharts } from "../../chart-loader.js";
import type { Charts } from "../../chart-loader.js";
import { ratingTitle } from "../../correspondence.js";
import type { RatingHistory as RatingHistoryReply } from "../../contract/RatingHistory.js";
import type { RatingHistoryGame } from "../../contract/RatingHistoryGame.js";

/** How many colours the lines have (`--series-1` … in analysis.css); more games take them again. */
const COLOURS = 6;

/**
 * A game's points as the chart draws them: its start (the rating before its first rated game, 1500)
 * first, at the time of that game, so that one game draws a line from 1500; then the rating after
 * each game.
 */
export function chartPoints(game: RatingHistoryGame): { time_ms: number; rating: number }[] {
  const first = game.points[0];
  const start = game.start !== null && first ? [{ time_ms: first.time_ms, rating: game.start }] : [];
  return [...start, ...game.points];
}

/** The games with a line in the chart (two points or more, the start counted), in the reply's order. */
export function chartedGames(games: RatingHistoryGame[]): RatingHistoryGame[] {
  return games.filter((g) => chartPoints(g).length >= 2);
}

/** The custom property of the colour of the `index`th line of the chart. */
export function seriesColour(index: number): string {
  return `--series-${(index % COLOURS) + 1}`;
}

/** The rating history of one player: loaded once, drawn into a host that survives the page's redraws. */
export class RatingHistory {
  /** The rated games per game, once loaded. */
  games: RatingHistoryGame[] = [];
  /** The chart's host, as the page's redraws hand it on (see `host`). */
  chartHost: Element | null = null;
  /** The chart drawn. */
  chart: { destroy(): void } | null = null;
  /** The charts bundle, once loaded. */
  module: Charts | null = null;
  /** The language the chart was drawn in (null: not drawn). */
  drawnIn: string | null = null;

  /** Loads the history of `name`, then calls `loaded` (the page draws again). */
  constructor(name: string, loaded: () => void) {
    Promise.all([
      fetch(`/api/players/${encodeURIComponent(name)}/ratings`).then((r) => (r.ok ? r.json() : { name, games: [] })),
      loadCharts(),
    ])
      .then(([history, module]: [RatingHistoryReply, Charts]) => {
        // A game's correspondence rating has a history of its own.
        this.games = history.games.map((g) => (g.correspondence ? { ...g, game: `${g.game}:correspondence` } : g));
        this.module = module;
        loaded();
      })
      .catch(() => {});
  }

  /**
   * The vnode of the chart's host: the page's redraws leave the chart in it alone; a new element (a
   * redraw that made it anew) gets the chart drawn again by `draw`.
   */
  host(): VNode {
    const games = chartedGames(this.games);
    return host(
      "div",
      {
        key: "rating-chart",
        class: "chart",
        id: "rating-chart",
        "data-games": games.map((g) => g.game).join(" "),
        "data-points": games.reduce((sum, g) => sum + g.points.length, 0),
        role: "img",
        "aria-label": `${t("acct.history")}: ${games.map(ratingTitle).join(", ")}`,
      },
      (element) => {
        if (this.chartHost === element) return;
        this.chartHost = element;
        this.drawnIn = null;
      },
    );
  }

  /** Draws the chart into its host now in the page (again after a change of language). */
  draw() {
    const host = this.chartHost;
    if (!this.module || this.drawnIn === lang() || !(host instanceof HTMLElement) || !host.isConnected) return;
    this.destroy();
    this.chart = this.module.ratingChart(host, {
      series: chartedGames(this.games).map((g, i) => ({
        label: ratingTitle(g),
        times: g.points.map((p) => p.time_ms),
        ratings: g.points.map((p) => p.rating),
        start: g.start,
        colour: seriesColour(i),
      })),
      xLabel: t("acct.historyX"),
      indexLabel: (day) => t("acct.historyGames", { day }),
      yAxis: t("acct.rating"),
      locale: lang(),
    });
    this.drawnIn = lang();
  }

  /** Removes the chart. */
  destroy() {
    this.chart?.destroy();
    this.chart = null;
    this.drawnIn = null;
  }
}
