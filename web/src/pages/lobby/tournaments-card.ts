// The lobby's card of tournaments, as lichess lists its tournaments beside the games: the running
// ones and the next to start (the house's arenas among them), a few, each linked to its page, with
// a link to all of them. The card asks `GET /api/tournaments` when the lobby opens and again when
// the lobby socket, which watches every tournament, says one changed (as the tournaments page does),
// or when a tournament shown starts or ends; it asks on no timer of its own.

import { t, lang, addTexts } from "../../i18n.js";
import { v } from "../../vdom.js";
import type { VNode } from "../../vdom.js";
import { api } from "../../api.js";
import { daysText } from "../../correspondence.js";
import { onTournament, watch } from "../../lobby-socket.js";
import { coalesced } from "../tournaments/live.js";
import type { Link } from "../../types.js";
import type { TournamentSummary } from "../../contract/TournamentSummary.js";
import type { TournamentsReply } from "../../contract/TournamentsReply.js";

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: {
    "lobbyTour.title": "Tournaments",
    "lobbyTour.all": "All tournaments →",
    "lobbyTour.none": "No tournament is running or about to start.",
    "lobbyTour.running": "Running, {left} left",
    "lobbyTour.startsIn": "Starts in {time}",
    "lobbyTour.players": "{count} players",
    "lobbyTour.onePlayer": "1 player",
    "lobbyTour.minutes": "{minutes} min",
    "lobbyTour.hours": "{hours} h {minutes} min",
    "lobbyTour.swissRound": "Swiss, running",
  },
  de: {
    "lobbyTour.title": "Turniere",
    "lobbyTour.all": "Alle Turniere →",
    "lobbyTour.none": "Gerade läuft kein Turnier, und keines beginnt bald.",
    "lobbyTour.running": "Läuft, noch {left}",
    "lobbyTour.startsIn": "Beginnt in {time}",
    "lobbyTour.players": "{count} Spieler",
    "lobbyTour.onePlayer": "1 Spieler",
    "lobbyTour.minutes": "{minutes} Min.",
    "lobbyTour.hours": "{hours} Std. {minutes} Min.",
    "lobbyTour.swissRound": "Schweizer System, läuft",
  },
});

/** The most tournaments the card lists. */
export const CARD_ROWS = 4;

/** A span of time, `ms`, in whole minutes (at least one): "12 min", "1 h 5 min". */
export function spanText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 60) return t("lobbyTour.minutes", { minutes });
  return t("lobbyTour.hours", { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

/** The tournaments the card lists: the running ones first (the latest start first), then the next to start, at most `CARD_ROWS`. */
export function cardTournaments(list: TournamentsReply): TournamentSummary[] {
  return [...list.running, ...list.upcoming].slice(0, CARD_ROWS);
}

/** When the tournament starts, or how long it still runs (a Swiss ends with its last round: just that it runs). */
function whenText(tour: TournamentSummary, now: number): string {
  if (tour.status === "upcoming") return t("lobbyTour.startsIn", { time: spanText(tour.starts_ms - now) });
  if (tour.rounds !== null) return t("lobbyTour.swissRound");
  return t("lobbyTour.running", { left: spanText(tour.ends_ms - now) });
}

/** One tournament: its name linked to its page; its game and clock (or days per move); when; its players. */
function tournamentRow(tour: TournamentSummary, now: number, link: Link): VNode {
  const timing = tour.days_per_move !== null ? daysText(tour.days_per_move) : tour.clock;
  const players = tour.players === 1 ? t("lobbyTour.onePlayer") : t("lobbyTour.players", { count: tour.players });
  return v("li", { key: tour.id, "data-tournament": tour.id, "data-status": tour.status }, [
    link(`/tournaments/${tour.id}`, tour.name),
    v("div", { key: "terms", class: "muted" }, `${tour.title[lang()]} ${timing} · ${players}`),
    v("div", { key: "when", class: `lobby-tour-when ${tour.status}` }, whenText(tour, now)),
  ]);
}

/** The card: its title, the tournaments (or a line saying there are none), and the link to all of them. */
export function tournamentsCardView(list: TournamentsReply | null, now: number, link: Link): VNode {
  const shown = list ? cardTournaments(list) : [];
  return v("section", { key: "tournaments-card", class: "card lobby-tournaments", id: "lobby-tournaments" }, [
    v("h2", { key: "title" }, t("lobbyTour.title")),
    shown.length
      ? v(
          "ul",
          { key: "list", class: "lobby-tour-list" },
          shown.map((tour) => tournamentRow(tour, now, link)),
        )
      : v("p", { key: "none", class: "muted", id: "lobby-tour-none" }, list ? t("lobbyTour.none") : "…"),
    link("/tournaments", t("lobbyTour.all"), { id: "lobby-tour-all", class: "lobby-tour-all" }),
  ]);
}

/** The card's list, kept up to date over the lobby socket; the lobby draws it with its own redraws. */
export class TournamentsCard {
  list: TournamentsReply | null = null;
  /** When a tournament shown starts or ends next (ms): the list is asked for again then. */
  nextChange = Number.POSITIVE_INFINITY;
  stopped = false;
  readonly load = coalesced(async () => {
    try {
      this.list = await api<TournamentsReply>("GET", "/api/tournaments");
    } catch {
      // The list stays as it was; the next change the socket tells of asks again.
    }
    if (this.stopped || !this.list) return;
    const now = Date.now();
    const times = cardTournaments(this.list)
      .map((tour) => (tour.status === "upcoming" ? tour.starts_ms : tour.ends_ms))
      .filter((ms) => ms > now);
    this.nextChange = Math.min(Number.POSITIVE_INFINITY, ...times);
    this.redraw();
  });
  readonly unwatch = watch("tournaments");
  readonly unlisten = onTournament(() => this.load());

  constructor(
    readonly link: Link,
    readonly redraw: () => void,
  ) {
    this.load();
  }

  /** The card as of now (a tournament that started or ended since the list came asks for it again). */
  view(now: number): VNode {
    if (now >= this.nextChange) {
      this.nextChange = Number.POSITIVE_INFINITY;
      this.load();
    }
    return tournamentsCardView(this.list, now, this.link);
  }

  /** Stops watching. */
  destroy() {
    this.stopped = true;
    this.unlisten();
    this.unwatch();
  }
}
