// The profile's rating part: each game's rating explained in words (provisional, rating
// deviation), and a rating-history chart per game from `/api/players/<name>/ratings` (uPlot,
// loaded on demand).

import { t, lang, addTexts } from "./i18n.js";
import { h } from "./svg.js";
import { loadCharts } from "./chart-loader.js";
import type { Charts } from "./chart-loader.js";
import { ratingTitle } from "./correspondence.js";
import type { RatingHistory as RatingHistoryReply } from "./contract/RatingHistory.js";
import type { RatingHistoryGame } from "./contract/RatingHistoryGame.js";

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: {
    "acct.history": "Rating history",
    "acct.historyOf": "{game}: {count} rated games, {from} – {to}",
    "acct.historyOne": "{game}: 1 rated game, {from}",
    "acct.historyDay": "{game}: {count} rated games, {from}",
    "acct.historyX": "Date",
    "acct.historyY": "Rating after the game",
    "acct.provisional": "provisional",
    "acct.deviationLong": "Rating deviation (RD)",
    "acct.ratingHelp":
      "Ratings are Glicko-2 ratings; everyone starts at 1500. The rating deviation (RD) says how sure the rating is: the player's strength lies within about two RDs of the rating. It starts at 350 and shrinks with every rated game. A rating is provisional, marked “?”, while its RD is above 110.",
    "acct.since": "Member since {date}",
    "acct.gameCount": "{count} games",
    "acct.gameCountOne": "1 game",
    "acct.date": "Date",
  },
  de: {
    "acct.history": "Wertungsverlauf",
    "acct.historyOf": "{game}: {count} gewertete Partien, {from} – {to}",
    "acct.historyOne": "{game}: 1 gewertete Partie, {from}",
    "acct.historyDay": "{game}: {count} gewertete Partien, {from}",
    "acct.historyX": "Datum",
    "acct.historyY": "Wertung nach der Partie",
    "acct.provisional": "vorläufig",
    "acct.deviationLong": "Wertungsabweichung (RD)",
    "acct.ratingHelp":
      "Die Wertungen sind Glicko-2-Wertungen; alle beginnen mit 1500. Die Wertungsabweichung (RD) sagt, wie sicher die Wertung ist: Die Spielstärke liegt mit großer Wahrscheinlichkeit höchstens zwei RD von der Wertung entfernt. Sie beginnt bei 350 und wird mit jeder gewerteten Partie kleiner. Eine Wertung ist vorläufig, mit „?“ markiert, solange ihre RD über 110 liegt.",
    "acct.since": "Mitglied seit {date}",
    "acct.gameCount": "{count} Partien",
    "acct.gameCountOne": "1 Partie",
    "acct.date": "Datum",
  },
});

/** The fewest rated games of a game whose history is drawn as a chart (fewer: the caption alone). */
const MIN_CHART_POINTS = 3;

/** A date in the page's language, e.g. "25 Nov 2026" / "25. Nov. 2026". */
export function dateText(ms: number): string {
  return new Intl.DateTimeFormat(lang(), { dateStyle: "medium" }).format(new Date(ms));
}

/** The profile's count of games, e.g. "12 games" / "1 game". */
export function gameCountText(count: number): string {
  return count === 1 ? t("acct.gameCountOne") : t("acct.gameCount", { count });
}

/** The rating history of one player: loaded once, drawn into hosts that survive the page's redraws. */
export class RatingHistory {
  games: RatingHistoryGame[] = [];
  readonly hosts = new Map<string, HTMLElement>();
  readonly charts = new Map<string, { destroy(): void }>();
  module: Charts | null = null;
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

  /** The section of the history: per game a caption and (from three games on) a chart host. */
  section(): HTMLElement | null {
    if (!this.games.length) return null;
    return h("div", { class: "rating-history", id: "rating-history" }, [
      h("h3", {}, t("acct.history")),
      ...this.games.flatMap((g) => {
        const first = g.points[0];
        const last = g.points[g.points.length - 1];
        const caption =
          g.points.length === 1 || !first || !last
            ? t("acct.historyOne", { game: ratingTitle(g), from: first ? dateText(first.time_ms) : "" })
            : t(dateText(first.time_ms) === dateText(last.time_ms) ? "acct.historyDay" : "acct.historyOf", {
                game: ratingTitle(g),
                count: g.points.length,
                from: dateText(first.time_ms),
                to: dateText(last.time_ms),
              });
        // A line through one or two games says nothing: the chart from three games on.
        return [
          h("p", { class: "muted" }, caption),
          g.points.length >= MIN_CHART_POINTS ? this.host(g.game, g.points.length) : null,
        ];
      }),
    ]);
  }

  /** The chart host of `game`, the same element on every redraw. */
  host(game: string, points: number): HTMLElement {
    let host = this.hosts.get(game);
    if (!host) {
      host = h("div", { class: "chart", "data-history-game": game, role: "img" });
      this.hosts.set(game, host);
    }
    host.dataset.points = String(points);
    const shown = this.games.find((g) => g.game === game);
    host.setAttribute("aria-label", `${t("acct.history")}: ${shown ? ratingTitle(shown) : game}`);
    return host;
  }

  /** Draws the charts into the hosts now in the page (again after a change of language). */
  draw() {
    if (!this.module || this.drawnIn === lang()) return;
    this.destroy();
    for (const g of this.games) {
      const host = this.hosts.get(g.game);
      if (!host?.isConnected) continue;
      this.charts.set(
        g.game,
        this.module.ratingChart(host, {
          times: g.points.map((p) => p.time_ms),
          ratings: g.points.map((p) => p.rating),
          xLabel: t("acct.historyX"),
          yLabel: t("acct.historyY"),
          yAxis: t("acct.rating"),
          locale: lang(),
        }),
      );
    }
    this.drawnIn = lang();
  }

  destroy() {
    for (const chart of this.charts.values()) chart.destroy();
    this.charts.clear();
    this.drawnIn = null;
  }
}
