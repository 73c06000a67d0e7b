// The profile page's views (`/@/<name>`; profile.ts loads and keeps the filters): the name, the
// figures, the ratings with the rating history's captions, and the games, filtered and paged —
// pure functions of the controller's `ProfileContext`.

import { t, lang, addTexts } from "../../i18n.js";
import { v } from "../../vdom.js";
import type { VNode } from "../../vdom.js";
import { accountName, botMark, ratingText } from "../../account.js";
import { daysText, ratingTitle } from "../../correspondence.js";
import { chartedGames, seriesColour } from "./history.js";
import { shortClock } from "../../game/clock.js";
import type { Link, Navigate, Registry } from "../../types.js";
import type { PlayerProfile } from "../../contract/PlayerProfile.js";
import type { ProfileGame } from "../../contract/ProfileGame.js";
import type { RatingHistoryGame } from "../../contract/RatingHistoryGame.js";
import type { ProfileTournament } from "../../contract/ProfileTournament.js";
import { termsText, whenText } from "../tournaments/common-view.js";
import { pointsText } from "../tournaments/swiss-view.js";

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: {
    "acct.history": "Rating history",
    "acct.historyOf": "{count} rated games, {from} – {to}",
    "acct.historyOne": "{game}: {rating} after 1 rated game ({from})",
    "acct.historyDay": "{count} rated games, {from}",
    "acct.historyFirst": "1 rated game, {from}",
    "acct.historyX": "Date",
    "acct.historyGames": "Rated games on {day}",
    "acct.provisional": "provisional",
    "acct.deviationLong": "Rating deviation (RD)",
    "acct.ratingHelp":
      "Ratings are Glicko-2 ratings; everyone starts at 1500. The rating deviation (RD) says how sure the rating is: the player's strength lies within about two RDs of the rating. It starts at 350 and shrinks with every rated game. A rating is provisional, marked “?”, while its RD is above 110.",
    "acct.closedAccount": "closed account",
    "acct.since": "Member since {date}",
    "acct.gameCount": "{count} games",
    "acct.gameCountOne": "1 game",
    "acct.date": "Date",
    "acct.tournaments": "Tournaments",
    "acct.challenge": "Challenge",
    "acct.ownSettings": "Settings: password, recovery code, account",
    "acct.tourPlace": "Place {place} of {players}",
    "acct.tourPoints": "{count} points",
    "acct.tourPointsOne": "1 point",
  },
  de: {
    "acct.history": "Wertungsverlauf",
    "acct.historyOf": "{count} gewertete Partien, {from} – {to}",
    "acct.historyOne": "{game}: {rating} nach 1 gewerteten Partie ({from})",
    "acct.historyDay": "{count} gewertete Partien, {from}",
    "acct.historyFirst": "1 gewertete Partie, {from}",
    "acct.historyX": "Datum",
    "acct.historyGames": "Gewertete Partien am {day}",
    "acct.provisional": "vorläufig",
    "acct.deviationLong": "Wertungs\u00adabweichung (RD)",
    "acct.ratingHelp":
      "Die Wertungen sind Glicko-2-Wertungen; alle beginnen mit 1500. Die Wertungsabweichung (RD) sagt, wie sicher die Wertung ist: Die Spielstärke liegt mit großer Wahrscheinlichkeit höchstens zwei RD von der Wertung entfernt. Sie beginnt bei 350 und wird mit jeder gewerteten Partie kleiner. Eine Wertung ist vorläufig, mit „?“ markiert, solange ihre RD über 110 liegt.",
    "acct.closedAccount": "geschlossenes Konto",
    "acct.since": "Mitglied seit {date}",
    "acct.gameCount": "{count} Partien",
    "acct.gameCountOne": "1 Partie",
    "acct.date": "Datum",
    "acct.tournaments": "Turniere",
    "acct.challenge": "Herausfordern",
    "acct.ownSettings": "Einstellungen: Passwort, Wiederherstellungscode, Konto",
    "acct.tourPlace": "Platz {place} von {players}",
    "acct.tourPoints": "{count} Punkte",
    "acct.tourPointsOne": "1 Punkt",
  },
});

/** A date in the page's language, e.g. "25 Nov 2026" / "25. Nov. 2026". */
export function dateText(ms: number): string {
  return new Intl.DateTimeFormat(lang(), { dateStyle: "medium" }).format(new Date(ms));
}

/** The profile's count of games, e.g. "12 games" / "1 game". */
export function gameCountText(count: number): string {
  return count === 1 ? t("acct.gameCountOne") : t("acct.gameCount", { count });
}

/**
 * The section of the rating history, as on lichess: one chart of all games with a line (from the
 * rating they started at, 1500, so one rated game is a line already; see `chartPoints`), a legend
 * naming each line's game in its colour with the rating now, and a line of text for a game with a
 * single rated game whose start is not known (a chart of one point says nothing).
 */
export function historySection(games: RatingHistoryGame[], chartHost: () => VNode): VNode | null {
  if (!games.length) return null;
  const charted = chartedGames(games);
  const single = games.filter((g) => !charted.includes(g));
  return v("section", { key: "rating-history", class: "card rating-history", id: "rating-history" }, [
    v("h2", { key: "title" }, t("acct.history")),
    charted.length
      ? v(
          "ul",
          { key: "legend", class: "history-legend", id: "history-legend" },
          charted.map((g, i) => legendEntry(g, i)),
        )
      : null,
    charted.length ? chartHost() : null,
    ...single.map((g) => {
      const [point] = g.points;
      return v(
        "p",
        { key: `single-${g.game}`, class: "muted history-single", "data-history-game": g.game },
        t("acct.historyOne", {
          game: ratingTitle(g),
          rating: point?.rating ?? "",
          from: point ? dateText(point.time_ms) : "",
        }),
      );
    }),
  ]);
}

/** A line's entry in the history's legend: its colour, the game, the rating now and the games' count and days. */
function legendEntry(g: RatingHistoryGame, index: number): VNode {
  const first = g.points[0];
  const last = g.points[g.points.length - 1];
  const key =
    g.points.length === 1
      ? "acct.historyFirst"
      : first && last && dateText(first.time_ms) === dateText(last.time_ms)
        ? "acct.historyDay"
        : "acct.historyOf";
  const span =
    first && last ? t(key, { count: g.points.length, from: dateText(first.time_ms), to: dateText(last.time_ms) }) : "";
  return v("li", { key: g.game, "data-history-game": g.game }, [
    v("span", { class: "history-swatch", style: { background: `var(${seriesColour(index)})` } }),
    v("strong", {}, `${ratingTitle(g)} ${last?.rating ?? ""}`),
    v("span", { class: "muted" }, ` · ${span}`),
  ]);
}

/** A profile game's result, with the rating change of a rated game: "won (+12)". */
function resultCell(game: ProfileGame): string {
  const text = t(`acct.${game.result}`);
  if (game.rating_before === null || game.rating_after === null) return text;
  const diff = game.rating_after - game.rating_before;
  return `${text} (${diff >= 0 ? "+" : "−"}${Math.abs(diff)})`;
}

/** A profile game's time control: days per move, "5+3", or "–" without a clock. */
function profileClock(game: ProfileGame): string {
  if (game.correspondence) return daysText(game.correspondence);
  return game.clock ? shortClock(game.clock.initial_ms, game.clock.increment_ms) : "–";
}

/** The profile's figures: its games (unfiltered, else left out), its rated games and its best rating. */
function profileStats(profile: PlayerProfile, total: number | null): VNode | null {
  const rated = profile.ratings.reduce((sum, r) => sum + r.games, 0);
  const best = profile.ratings.length ? Math.max(...profile.ratings.map((r) => r.rating)) : null;
  const stat = (key: string, value: string, label: string) =>
    v("span", { key, class: "profile-stat" }, [v("strong", {}, value), v("small", { class: "muted" }, label)]);
  return v("p", { key: "profile-stats", class: "profile-stats", id: "profile-stats" }, [
    total === null ? null : stat("games", String(total), t(total === 1 ? "acct.statGamesOne" : "acct.statGames")),
    stat("rated", String(rated), t(rated === 1 ? "acct.statRatedOne" : "acct.statRated")),
    best === null ? null : stat("best", ratingText(best), t("acct.statBest")),
  ]);
}

/** The heading of the ratings' deviation: the short "RD" (as lichess's "±"), written out in its title and in the help under the table. */
function deviationHeading(): VNode {
  return v("abbr", { title: t("acct.deviationLong") }, "RD");
}

/**
 * The profile's ratings: a row per game (and correspondence) it has a rating in, then a muted row
 * for each other game of the site ("–", no games yet), as lichess lists every variant.
 */
function ratingsView(profile: PlayerProfile, registry: Registry): VNode {
  const rated = new Set(profile.ratings.filter((r) => !r.correspondence).map((r) => r.game));
  const unrated = registry.games.filter((g) => !rated.has(g.name));
  return v("table", { key: "ratings", class: "ratings", id: "ratings" }, [
    v(
      "thead",
      {},
      v(
        "tr",
        {},
        [t("game"), t("acct.rating"), deviationHeading(), t("acct.games")].map((c) => v("th", {}, c)),
      ),
    ),
    v("tbody", {}, [
      ...profile.ratings.map((r) =>
        v("tr", { key: ratingTitle(r), "data-game": r.game, "data-correspondence": r.correspondence ? "1" : null }, [
          v("td", {}, ratingTitle(r)),
          v("td", { class: "rating" }, [
            ratingText(r.rating, r.provisional),
            r.provisional ? v("small", { class: "provisional" }, ` (${t("acct.provisional")})`) : null,
          ]),
          v("td", { class: "deviation", "data-deviation": r.deviation }, `± ${r.deviation}`),
          v("td", {}, String(r.games)),
        ]),
      ),
      ...unrated.map((g) =>
        v("tr", { key: `unrated:${g.name}`, class: "unrated", "data-unrated": g.name }, [
          v("td", {}, g.titles[lang()]),
          v("td", { class: "rating" }, "–"),
          v("td", {}, "–"),
          v("td", {}, "0"),
        ]),
      ),
    ]),
  ]);
}

/** The profile's page of games: date, game, opponent, clock and result; a row opens its game. */
function profileGamesView(games: ProfileGame[], link: Link, navigate: Navigate): VNode {
  if (!games.length)
    return v("p", { key: "no-player-games", class: "muted", id: "no-player-games" }, t("acct.noPlayerGames"));
  const headings: [string, string?][] = [
    [t("acct.date"), "wide"],
    [t("game")],
    [t("acct.against")],
    [t("clock"), "wide"],
    [t("acct.result")],
  ];
  return v("table", { key: "player-games", class: "games", id: "player-games" }, [
    v(
      "thead",
      {},
      v(
        "tr",
        {},
        headings.map(([c, wide]) => v("th", { class: wide }, c)),
      ),
    ),
    v(
      "tbody",
      {},
      games.map((g) =>
        v(
          "tr",
          {
            key: g.id,
            "data-game": g.id,
            "data-result": g.result,
            on: { click: (e: Event) => (e.target as Element).closest("a") || navigate(`/play/${g.id}`) },
          },
          [
            v("td", { class: "wide date" }, dateText(g.created_ms)),
            v("td", {}, [
              link(`/play/${g.id}`, g.titles[lang()]),
              " ",
              v("small", { class: "muted" }, g.rated ? t("acct.rated") : t("acct.casual")),
            ]),
            v(
              "td",
              {},
              g.opponent_name
                ? link(`/@/${g.opponent_name}`, g.opponent_name)
                : g.opponent === "engine"
                  ? t("acct.engine")
                  : t("acct.guest"),
            ),
            v("td", { class: "wide" }, profileClock(g)),
            v("td", { class: `result ${g.result}` }, resultCell(g)),
          ],
        ),
      ),
    ),
  ]);
}

/** The profile's filters: what the games list shows. */
export interface ProfileFilter {
  game: string;
  result: string;
  /** `"true"`: the games aborted before their second move are listed too. */
  aborted: string;
  page: number;
}

/** A filter of the profile's games that a control sets. */
export type ProfileFilterName = "game" | "result" | "aborted";

/** The page of a name without an account: a card saying so, with the way back to the lobby. */
export function noPlayerView(link: Link): VNode {
  return v("div", { key: "not-found", class: "page card", id: "not-found" }, [
    v("h1", {}, t("acct.noPlayer")),
    v("p", {}, link("/", t("backToLobby"))),
  ]);
}

/** A filter's select with `choices` (value, text), `value` selected; a choice calls `choose(name, value)`. */
function profileSelect(
  name: "game" | "result",
  value: string,
  choices: [string, string][],
  choose: (name: ProfileFilterName, value: string) => void,
): VNode {
  return v(
    "select",
    {
      key: name,
      name,
      "aria-label": t(name),
      on: { change: (e: Event) => choose(name, (e.target as HTMLSelectElement).value) },
    },
    choices.map(([choice, text]) => v("option", { key: choice, value: choice, selected: choice === value }, text)),
  );
}

/**
 * The profile's filters: the game, the result, and whether aborted games are listed. With no game
 * listed and no filter chosen only the aborted box shows (aborted games may be all there is).
 */
function profileFilters(
  filter: ProfileFilter,
  registry: Registry,
  choose: (name: ProfileFilterName, value: string) => void,
  abortedOnly = false,
): VNode {
  const aborted = v("label", { key: "aborted", class: "check" }, [
    v("input", {
      name: "aborted",
      type: "checkbox",
      checked: filter.aborted === "true",
      on: { change: (e: Event) => choose("aborted", (e.target as HTMLInputElement).checked ? "true" : "") },
    }),
    v("span", {}, t("acct.filter.aborted")),
  ]);
  if (abortedOnly) return v("div", { key: "filters", class: "filters" }, [aborted]);
  return v("div", { key: "filters", class: "filters" }, [
    profileSelect(
      "game",
      filter.game,
      [["", t("acct.allGames")], ...registry.games.map((g): [string, string] => [g.name, g.title])],
      choose,
    ),
    profileSelect(
      "result",
      filter.result,
      [
        ["", t("acct.allResults")],
        ...(["won", "lost", "drawn", "running"] as const).map((r): [string, string] => [r, t(`acct.filter.${r}`)]),
      ],
      choose,
    ),
    aborted,
  ]);
}

/** The pager under the games: "previous", "page 2 of 5", "next"; a button calls `turn(-1)` or `turn(1)`. */
function profilePager(profile: PlayerProfile, page: number, turn: (step: number) => void): VNode {
  return v("div", { key: "pager", class: "pager" }, [
    v(
      "button",
      { key: "previous", disabled: page <= 1, "data-page": "previous", on: { click: () => turn(-1) } },
      t("acct.previous"),
    ),
    v("span", { key: "page", class: "muted" }, t("acct.page", { page: profile.page, pages: profile.pages })),
    v(
      "button",
      { key: "next", disabled: page >= profile.pages, "data-page": "next", on: { click: () => turn(1) } },
      t("acct.next"),
    ),
  ]);
}

/**
 * Challenge: opens the challenge dialog for `name`, for a signed-in visitor of another player's profile;
 * on one's own profile, the way to the settings (password, recovery code, closing the account), which
 * the header offers only as a bare ⚙.
 */
function challengeButton(name: string, open: () => void): VNode | null {
  const me = accountName();
  if (me && me === name)
    return v(
      "a",
      { key: "profile-settings", id: "profile-settings", class: "button profile-settings", href: "/settings" },
      t("acct.ownSettings"),
    );
  if (!me) return null;
  return v(
    "button",
    {
      key: "profile-challenge",
      type: "button",
      id: "profile-challenge",
      class: "profile-challenge",
      "aria-haspopup": "dialog",
      on: { click: open },
    },
    t("acct.challenge"),
  );
}

/** The profile's first card: name, member since, figures and ratings (with their help). */
function profileCard({ profile, filter, registry, openChallenge }: ProfileContext & { profile: PlayerProfile }): VNode {
  return v("section", { key: "profile-card", class: "card" }, [
    v("h1", { key: "name" }, profile.bot ? [botMark(true), " ", profile.name] : profile.name),
    profile.closed_ms === null
      ? challengeButton(profile.name, openChallenge)
      : v("p", { key: "closed", class: "profile-closed", id: "profile-closed" }, t("acct.closedAccount")),
    v(
      "p",
      { key: "member-since", class: "muted", id: "member-since" },
      t("acct.since", { date: dateText(profile.created_ms) }),
    ),
    profileStats(profile, filter.game || filter.result ? null : profile.total),
    v("h2", { key: "ratings-title" }, t("acct.ratings")),
    ratingsView(profile, registry),
    profile.ratings.length
      ? v("p", { key: "rating-help", class: "muted rating-help", id: "rating-help" }, t("acct.ratingHelp"))
      : v("p", { key: "no-ratings", class: "muted", id: "no-ratings" }, t("acct.noRatings")),
  ]);
}

/** What the profile page's views need: the loaded profile, the filters, the history and the actions. */
export interface ProfileContext {
  /** The profile with the page of games, once loaded. */
  profile: PlayerProfile | null;
  /** The filters and the page of the games. */
  filter: ProfileFilter;
  /** The rated games per game (empty until loaded). */
  history: RatingHistoryGame[];
  /** The registry, for the filter of games. */
  registry: Registry;
  /** Links and navigation inside the app. */
  link: Link;
  navigate: Navigate;
  /** The rating history chart's host (kept by the controller across redraws). */
  chartHost: () => VNode;
  /** Filters the games anew. */
  choose: (name: ProfileFilterName, value: string) => void;
  /** Goes `step` pages on. */
  turn: (step: number) => void;
  /** Opens the challenge dialog (Challenge). */
  openChallenge: () => void;
  /** The challenge dialog while it is open, else null. */
  challengeDialog: VNode | null;
}

/**
 * The tournaments the player joined, the latest first: each with its place, points and games (so
 * far, while it runs), its terms and its time, linked to its page; none when there are none.
 */
export function tournamentsSection(joined: ProfileTournament[], link: Link): VNode | null {
  if (joined.length === 0) return null;
  return v("section", { key: "tournaments-card", class: "card player-tournaments", id: "player-tournaments" }, [
    v("h2", { key: "title" }, t("acct.tournaments")),
    v(
      "ul",
      { key: "list" },
      joined.map(({ tournament: tour, place, points: counted, games }) => {
        // A Swiss's points come doubled (a win 2, a draw 1): shown as points, with halves.
        const points = tour.rounds !== null ? pointsText(counted / 2) : String(counted);
        return v("li", { key: tour.id, class: "player-tournament" }, [
          link(`/tournaments/${tour.id}`, tour.name),
          v("div", { class: "player-tournament-place" }, [
            v("strong", {}, t("acct.tourPlace", { place, players: tour.players })),
            ` · ${points === "1" ? t("acct.tourPointsOne") : t("acct.tourPoints", { count: points })} · ${gameCountText(games)}`,
          ]),
          v("div", { class: "muted" }, `${termsText(tour)} · ${whenText(tour)}`),
        ]);
      }),
    ),
  ]);
}

/**
 * The profile: its card at the left; at the right (under it on a phone) the rating history's card
 * and the games with their filters and pager — the charts in the wide column, as lichess.
 */
export function profileView(ctx: ProfileContext & { profile: PlayerProfile }): VNode {
  const { profile, filter, registry, link, navigate } = ctx;
  return v("div", { key: "profile", class: "profile", id: "profile" }, [
    profileCard(ctx),
    v("div", { key: "wide", class: "profile-wide" }, [
      historySection(ctx.history, ctx.chartHost),
      v("section", { key: "games-card", class: "card player-games-card" }, [
        v("h2", { key: "title" }, [
          t("acct.games"),
          " ",
          // Without any game the line under the title says so: no count, and of the filters only the
          // aborted box.
          profile.total > 0 ? v("small", { class: "muted", id: "game-count" }, gameCountText(profile.total)) : null,
        ]),
        profileFilters(
          filter,
          registry,
          ctx.choose,
          !(profile.total > 0 || filter.game || filter.result || filter.aborted),
        ),
        profileGamesView(profile.games, link, navigate),
        profile.pages > 1 ? profilePager(profile, filter.page, ctx.turn) : null,
      ]),
      tournamentsSection(profile.tournaments, link),
    ]),
    ctx.challengeDialog,
  ]);
}
