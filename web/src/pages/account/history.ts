// The profile's rating history: per game the rated games from `/api/players/<name>/ratings`, and
// a chart (uPlot, loaded on demand) in a host that survives the page's redraws. The captions and
// the section around the hosts are profile-view.ts's `historySection`.

import { t, lang } from "../../i18n.js";
import { host } from "../../vdom.js";
import type { VNode } from "../../vdom.js";
import { loadCharts } from "../../chart-loader.js";
import type { Charts } from "../../chart-loader.js";
import { ratingTitle } from "../../correspondence.js";
import type { RatingHistory as RatingHistoryReply } from "../../contract/RatingHistory.js";
import type { RatingHistoryGame } from "../../contract/RatingHistoryGame.js";

/** The rating history of one player: loaded once, drawn into hosts that survive the page's redraws. */
export class RatingHistory {
  /** The rated games per game, once loaded. */
  games: RatingHistoryGame[] = [];
  /** Each game's chart host, as the page's redraws hand it on (see `host`). */
  readonly hosts = new Map<string, Element>();
  /** The charts drawn, by game. */
  readonly charts = new Map<string, { destroy(): void }>();
  /** The charts bundle, once loaded. */
  module: Charts | null = null;
  /** The language the charts were drawn in (null: not drawn). */
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
   * The vnode of the chart host of `game`: the page's redraws leave the chart in it alone; a new
   * element (a redraw that made it anew) gets the charts drawn again by `draw`.
   */
  host(game: string, points: number): VNode {
    const shown = this.games.find((g) => g.game === game);
    return host(
      "div",
      {
        key: `chart-${game}`,
        class: "chart",
        "data-history-game": game,
        "data-points": points,
        role: "img",
        "aria-label": `${t("acct.history")}: ${shown ? ratingTitle(shown) : game}`,
      },
      (element) => {
        if (this.hosts.get(game) === element) return;
        this.hosts.set(game, element);
        this.drawnIn = null;
      },
    );
  }

  /** Draws the charts into the hosts now in the page (again after a change of language). */
  draw() {
    if (!this.module || this.drawnIn === lang()) return;
    this.destroy();
    for (const g of this.games) {
      const host = this.hosts.get(g.game);
      if (!(host instanceof HTMLElement) || !host.isConnected) continue;
      this.charts.set(
        g.game,
        this.module.ratingChart(host, {
          times: g.points.map((p) => p.time_ms),
          ratings: g.points.map((p) => p.rating),
          xLabel: t("acct.historyX"),
          yLabel: t("acct.historyY", { game: ratingTitle(g) }),
          yAxis: t("acct.rating"),
          locale: lang(),
        }),
      );
    }
    this.drawnIn = lang();
  }

  /** Removes the charts. */
  destroy() {
    for (const chart of this.charts.values()) chart.destroy();
    this.charts.clear();
    this.drawnIn = null;
  }
}
