// What both tournament pages show of a tournament: its terms (kind, game, clock or days per move,
// rounds, rating) and its times.

import "./texts.js";
import { lang, t } from "../../i18n.js";
import type { TournamentSummary } from "../../contract/TournamentSummary.js";

/** A time as the page's language writes it: the day and the time of day. */
export function timeText(ms: number): string {
  return new Date(ms).toLocaleString(lang() === "de" ? "de-DE" : "en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
  });
}

/**
 * The tournament's terms: a Swiss's kind and rounds, the game, the clock or days per move, rated or
 * casual, and its rating range if it has one.
 */
export function termsText(tour: TournamentSummary): string {
  const timing = tour.days_per_move !== null ? t("tour.daysOption", { days: tour.days_per_move }) : tour.clock;
  const parts = [tour.title[lang()], timing, tour.rated ? t("tour.rated") : t("tour.casual")];
  if (tour.rounds !== null) parts.unshift(t("tour.swissRounds", { rounds: tour.rounds }));
  if (tour.min_rating !== null || tour.max_rating !== null) {
    parts.push(t("tour.range", { low: tour.min_rating ?? "–", high: tour.max_rating ?? "–" }));
  }
  return parts.join(" · ");
}

/** When the tournament starts, ends or ended, as its status says (a Swiss ends with its last round). */
export function whenText(tour: TournamentSummary): string {
  switch (tour.status) {
    case "upcoming":
      return t("tour.startsAt", { time: timeText(tour.starts_ms) });
    case "running":
      return tour.rounds !== null
        ? t("tour.startedAt", { time: timeText(tour.starts_ms) })
        : t("tour.endsAt", { time: timeText(tour.ends_ms) });
    case "ending":
      return t("tour.ending");
    case "finished":
      return tour.rounds !== null ? t("tour.over") : t("tour.endedAt", { time: timeText(tour.ends_ms) });
  }
}
