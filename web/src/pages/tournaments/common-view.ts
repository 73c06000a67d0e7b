// What both tournament pages show of an arena: its terms (game, clock, rating) and its times.

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

/** The arena's terms: game, clock, rated or casual, and its rating range if it has one. */
export function termsText(tour: TournamentSummary): string {
  const parts = [tour.title[lang()], tour.clock, tour.rated ? t("tour.rated") : t("tour.casual")];
  if (tour.min_rating !== null || tour.max_rating !== null) {
    parts.push(t("tour.range", { low: tour.min_rating ?? "–", high: tour.max_rating ?? "–" }));
  }
  return parts.join(" · ");
}

/** When the arena starts, ends or ended, as its status says. */
export function whenText(tour: TournamentSummary): string {
  switch (tour.status) {
    case "upcoming":
      return t("tour.startsAt", { time: timeText(tour.starts_ms) });
    case "running":
      return t("tour.endsAt", { time: timeText(tour.ends_ms) });
    case "ending":
      return t("tour.ending");
    case "finished":
      return t("tour.endedAt", { time: timeText(tour.ends_ms) });
  }
}
