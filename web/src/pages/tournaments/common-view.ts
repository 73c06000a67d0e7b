// What both tournament pages show of a tournament: its terms (kind, game, clock or days per move,
// rounds, rating), who may join, its times, and the player cell of an arena's or a Swiss's standings.

import "./texts.js";
import { lang, t } from "../../i18n.js";
import { daysText } from "../../correspondence.js";
import { v } from "../../vdom.js";
import type { VNode } from "../../vdom.js";
import type { Link } from "../../types.js";
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
  const timing = tour.days_per_move !== null ? daysText(tour.days_per_move) : tour.clock;
  const parts = [tour.title[lang()], timing, tour.rated ? t("tour.rated") : t("tour.casual")];
  if (tour.rounds !== null) parts.unshift(t("tour.swissRounds", { rounds: tour.rounds }));
  if (tour.min_rating !== null || tour.max_rating !== null) {
    parts.push(t("tour.range", { low: tour.min_rating ?? "–", high: tour.max_rating ?? "–" }));
  }
  return parts.join(" · ");
}

/** Who may join the tournament, in words: people only, people and bots, or bots only. */
export function joinersText(tour: TournamentSummary): string {
  return `${t("tour.bots")}: ${t(`tour.bots.${tour.bots}`)}`;
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

/** What a standings line of an arena or a Swiss tells of its player. */
export interface PlayerOfLine {
  name: string;
  /** The rating the player joined with. */
  rating: number;
  withdrawn: boolean;
  playing: boolean;
}

/**
 * The player cell of a standings row: the name linked to the profile, the rating at joining, the
 * kind's own `mark` (an arena's flame, a Swiss's byes), and whether the player withdrew or plays now.
 */
export function playerCell(line: PlayerOfLine, link: Link, mark: VNode | null | (VNode | null)[] = null): VNode {
  return v("td", { class: "player" }, [
    link(`/@/${line.name}`, line.name),
    " ",
    v("span", { class: "rating", title: t("tour.ratingAtJoin") }, String(Math.round(line.rating))),
    ...(Array.isArray(mark) ? mark : [mark]),
    line.withdrawn ? v("small", { class: "muted" }, ` (${t("tour.withdrawnMark")})`) : null,
    line.playing ? v("small", { class: "muted" }, ` (${t("tour.playingMark")})`) : null,
  ]);
}
