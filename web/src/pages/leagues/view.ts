// The views of the league pages (controller.ts keeps the state): `/leagues`, one card per game with
// its running season and the season open for sign-up; `/leagues/{game}`, the season with its
// divisions (each one group), their tables with the promotion and relegation zones marked and
// their games, and the sign-up for the next season — pure functions of the replies.

import "./texts.js";
import { errorText, lang, t } from "../../i18n.js";
import type { UiError } from "../../i18n.js";
import { v } from "../../vdom.js";
import type { VNode } from "../../vdom.js";
import type { Link, Registry } from "../../types.js";
import type { LeagueDivision } from "../../contract/LeagueDivision.js";
import type { LeagueGame } from "../../contract/LeagueGame.js";
import type { LeagueReply } from "../../contract/LeagueReply.js";
import type { LeagueSummary } from "../../contract/LeagueSummary.js";
import type { LeagueTableLine } from "../../contract/LeagueTableLine.js";
import type { LeaguesReply } from "../../contract/LeaguesReply.js";
import { pointsText } from "../tournaments/swiss-view.js";
import { timeText } from "../tournaments/common-view.js";

/** A game's title in the page's language (its registered name when the registry lacks it). */
export function gameTitle(registry: Registry, game: string): string {
  return registry.games.find((g) => g.name === game)?.titles[lang()] ?? game;
}

/** When the season open for sign-up starts: at a time, or a sign-up period after the running one. */
export function startText(starts: number | null): string {
  return starts === null ? t("league.startsAfter") : t("league.startsAt", { time: timeText(starts) });
}

/** What the list page's view needs. */
export interface LeaguesContext {
  registry: Registry;
  /** The last reply, if any. */
  list: LeaguesReply | null;
  /** Why loading failed, if it did. */
  error: UiError | null;
  link: Link;
}

/** One game's league as a card: its running season and the season open for sign-up. */
function leagueCard(league: LeagueSummary, ctx: LeaguesContext): VNode {
  const title = gameTitle(ctx.registry, league.game);
  const facts = [
    league.running !== null
      ? t("league.seasonRunning", { season: league.running, count: league.playing })
      : t("league.noSeason"),
    league.signup !== null
      ? `${t("league.signupOpen", { season: league.signup, count: league.signed_up })} · ${startText(league.starts_ms)}`
      : null,
  ].filter((fact): fact is string => fact !== null);
  return v("section", { key: league.game, class: "card league-card", "data-league": league.game }, [
    v("h2", {}, ctx.link(`/leagues/${league.game}`, t("league.titleOf", { game: title }))),
    ...facts.map((fact) => v("p", { class: "muted" }, fact)),
  ]);
}

/** The page `/leagues`: what a league is, then one card per game. */
export function leaguesView(ctx: LeaguesContext): VNode {
  const days = ctx.list?.days_per_move ?? 3;
  return v("div", { key: "leagues", class: "page league-page" }, [
    v("section", { key: "head", class: "card" }, [
      v("h1", {}, t("league.title")),
      v("p", { class: "muted" }, t("league.intro", { days })),
      ctx.error ? v("p", { class: "error", role: "alert", id: "league-error" }, errorText(ctx.error)) : null,
    ]),
    v("div", { key: "cards", class: "league-cards", id: "league-cards" }, [
      ...(ctx.list?.leagues ?? []).map((league) => leagueCard(league, ctx)),
    ]),
  ]);
}

/** What one league's view needs: the controller's state and its actions. */
export interface LeagueContext {
  registry: Registry;
  game: string;
  /** The last reply, if any. */
  league: LeagueReply | null;
  error: UiError | null;
  /** Whether an account is signed in. */
  signedIn: boolean;
  /** Whether a sign-up or leave is under way. */
  busy: boolean;
  link: Link;
  join: () => void;
  leave: () => void;
}

/** A table's line: place, player, W–D–L, played, the tie-breaks and points; its zone marked. */
function tableLine(line: LeagueTableLine, link: Link): VNode {
  const mark = line.zone === "promotion" ? "▲" : line.zone === "relegation" ? "▼" : "";
  const zoneText = line.zone === "promotion" ? t("league.promotion") : t("league.relegation");
  return v("tr", { key: line.name, class: `zone-${line.zone}`, "data-player": line.name }, [
    v("td", { class: "place" }, [
      String(line.place),
      mark ? v("span", { class: "zone-mark", role: "img", title: zoneText, "aria-label": zoneText }, ` ${mark}`) : null,
    ]),
    v("td", { class: "player" }, link(`/@/${line.name}`, line.name)),
    v("td", { class: "wdl" }, `${line.wins}–${line.draws}–${line.losses}`),
    v("td", { class: "played" }, String(line.played)),
    v("td", { class: "h2h" }, pointsText(line.head_to_head)),
    v("td", { class: "sb" }, pointsText(line.sonneborn_berger)),
    v("td", { class: "points" }, v("strong", {}, pointsText(line.points))),
  ]);
}

/** A division's table, first place first. */
export function leagueTable(lines: LeagueTableLine[], link: Link): VNode {
  const heads: [string, string, string][] = [
    ["place", t("league.place"), ""],
    ["player", t("league.player"), ""],
    ["wdl", t("league.wdl"), ""],
    ["played", t("league.played"), ""],
    ["h2h", t("league.headToHead"), t("league.headToHeadTitle")],
    ["sb", t("league.sonneborn"), t("league.sonnebornTitle")],
    ["points", t("league.points"), ""],
  ];
  return v("table", { class: "league-table" }, [
    v(
      "thead",
      {},
      v(
        "tr",
        {},
        heads.map(([column, head, title]) => v("th", { class: column, scope: "col", title }, head)),
      ),
    ),
    v(
      "tbody",
      {},
      lines.map((line) => tableLine(line, link)),
    ),
  ]);
}

/** A game of a division: its round, players and result (or that it runs), with its link. */
function gameItem(game: LeagueGame, link: Link): VNode {
  const result = game.result ?? t("league.running.game");
  return v("li", { key: game.id, "data-game": game.id }, [
    v("span", { class: "muted" }, `${t("league.round", { round: game.round })}: `),
    link(`/play/${game.id}`, `${game.white} – ${game.black}`),
    " ",
    v("strong", {}, result),
  ]);
}

/** A division: its heading, table and games (the games folded away under their count). */
export function divisionCard(division: LeagueDivision, mine: boolean, link: Link): VNode {
  return v(
    "section",
    {
      key: `division-${division.number}`,
      class: `card league-division${mine ? " mine" : ""}`,
      "data-division": String(division.number),
    },
    [
      v("h2", {}, t("league.division", { number: division.number })),
      leagueTable(division.table, link),
      v("details", { class: "league-games" }, [
        v("summary", {}, `${t("league.games")} (${division.games.length})`),
        v(
          "ul",
          {},
          division.games.map((game) => gameItem(game, link)),
        ),
      ]),
    ],
  );
}

/** The sign-up for the next season: when it starts, who signed up, and the button. */
function signupCard(ctx: LeagueContext): VNode | null {
  const signup = ctx.league?.signup;
  if (!signup) return null;
  const me = ctx.league?.me;
  const action = !ctx.signedIn
    ? v("p", { class: "muted" }, ctx.link("/login", t("league.signIn")))
    : me?.signed_up
      ? v("p", { class: "league-me" }, [
          t("league.youAre", { season: signup.number }),
          " ",
          v("button", { id: "league-leave", disabled: ctx.busy, on: { click: ctx.leave } }, t("league.leave")),
        ])
      : v("p", { class: "league-me" }, [
          t("league.invite", { season: signup.number }),
          " ",
          v(
            "button",
            { id: "league-join", class: "primary", disabled: ctx.busy, on: { click: ctx.join } },
            t("league.join"),
          ),
        ]);
  return v("section", { key: "signup", class: "card", id: "league-signup" }, [
    v("h2", {}, `${t("league.next")}: ${t("league.season", { season: signup.number })}`),
    v("p", { class: "muted" }, `${startText(signup.starts_ms)}. ${t("league.minimum")}`),
    action,
    v("h3", {}, t("league.signedUp", { count: signup.players.length })),
    signup.players.length
      ? v("p", { class: "league-players" }, signup.players.join(", "))
      : v("p", { class: "muted" }, t("league.nobody")),
  ]);
}

/** The page `/leagues/{game}`: the season with its divisions, and the sign-up for the next one. */
export function leagueView(ctx: LeagueContext): VNode {
  const league = ctx.league;
  const season = league?.season ?? null;
  const days = league?.days_per_move ?? 3;
  const status = season ? (season.status === "running" ? t("league.running") : t("league.finished")) : "";
  return v("div", { key: `league-${ctx.game}`, class: "page league-page" }, [
    v("section", { key: "head", class: "card" }, [
      v("h1", {}, t("league.titleOf", { game: gameTitle(ctx.registry, ctx.game) })),
      v("p", { class: "muted" }, t("league.intro", { days })),
      season
        ? v(
            "p",
            { id: "league-season" },
            v("strong", {}, `${t("league.season", { season: season.number })} · ${status}`),
          )
        : v("p", { class: "muted", id: "league-season" }, t("league.noSeason")),
      league?.me?.division
        ? v("p", { id: "league-mine" }, t("league.yourDivision", { number: league.me.division }))
        : null,
      ctx.error ? v("p", { class: "error", role: "alert", id: "league-error" }, errorText(ctx.error)) : null,
    ]),
    signupCard(ctx),
    ...(season?.divisions ?? []).map((division) =>
      divisionCard(division, league?.me?.division === division.number, ctx.link),
    ),
  ]);
}
