// The views of a tournament's page `/tournaments/{id}` (controller.ts keeps the state): its terms
// and times, the join or pause button, the player's running game, an arena's standings with each
// game's points and the streak's flame (a Swiss's standings and rounds from swiss-view.ts), the
// running games and the latest results, the winner at the end, and the chat — pure functions of
// the controller's `ArenaContext`. A finished tournament shows no running games: an arena lists
// its games with their results instead (as lichess's finished arena shows no games in play), a
// Swiss its rounds (every game with its result).

import { errorText, t } from "../../i18n.js";
import type { UiError } from "../../i18n.js";
import { v } from "../../vdom.js";
import type { VNode } from "../../vdom.js";
import type { Link } from "../../types.js";
import type { StandingLine } from "../../contract/StandingLine.js";
import type { TournamentChatLine } from "../../contract/TournamentChatLine.js";
import type { TournamentGame } from "../../contract/TournamentGame.js";
import type { TournamentReply } from "../../contract/TournamentReply.js";
import { joinersText, playerCell, termsText, whenText } from "./common-view.js";
import { countdownText, myPart } from "./model.js";
import { roundLine, swissRounds, swissStandings } from "./swiss-view.js";

/** What the arena page's views need: the controller's state and its actions. */
export interface ArenaContext {
  /** The last reply, if any. */
  arena: TournamentReply | null;
  /** Why loading, joining or leaving failed, if it did. */
  error: UiError | null;
  /** Whether an account is signed in. */
  signedIn: boolean;
  /** The signed-in account's name (null when nobody is signed in). */
  name: string | null;
  /** The server's time now, ms since the epoch, as the last reply and the time since tell it. */
  now: number;
  /** Whether a join or leave is under way. */
  busy: boolean;
  link: Link;
  /** Every game of a finished tournament (`GET /api/tournaments/{id}/games`); null until fetched. */
  games: TournamentGame[] | null;
  /** Joins (or joins again). */
  join: () => void;
  /** Pauses (withdraws). */
  leave: () => void;
  /** The message being typed. */
  draft: string;
  /** Sets the message being typed. */
  setDraft: (text: string) => void;
  /** Sends the message typed. */
  say: () => void;
}

/** The page: the head with the winner or the player's part, the standings and the games. */
export function arenaView(ctx: ArenaContext): VNode {
  const { arena, error } = ctx;
  const errorLine = error ? v("p", { class: "error", role: "alert", id: "tour-error" }, errorText(error)) : null;
  if (!arena)
    return v("div", { key: "arena", class: "page tour-page" }, [v("section", { class: "card" }, [errorLine])]);
  const tour = arena.tournament;
  const swiss = arena.swiss;
  const running = tour.status === "running" && swiss;
  return v("div", { key: "arena", class: "page tour-page", "data-status": tour.status }, [
    v("section", { key: "head", class: "card", id: "tour-head" }, [
      ctx.link("/tournaments", `← ${t("tour.back")}`, { class: "muted" }),
      v("h1", { id: "tour-name" }, tour.name),
      v("p", { class: "muted" }, `${termsText(tour)} · ${whenText(tour)}`),
      v("p", { key: "bots", class: "muted", id: "tour-bots", "data-bots": tour.bots }, joinersText(tour)),
      running ? roundLine(swiss, tour.rounds ?? 0) : countdown(tour.status, tour.starts_ms, tour.ends_ms, ctx.now),
      tour.status === "finished" ? winnerLine(tour.winner, swiss !== null) : playerPart(ctx, arena),
      errorLine,
    ]),
    v("section", { key: "standings", class: "card" }, [
      v("h2", {}, t("tour.standings")),
      swiss
        ? swissStandings(withoutMarks(swiss.standings, tour.status), ctx.link)
        : standingsTable(withoutMarks(arena.standings, tour.status), ctx.link),
    ]),
    swiss
      ? v("section", { key: "rounds", class: "card" }, [v("h2", {}, t("tour.rounds")), swissRounds(swiss, ctx.link)])
      : null,
    ...gameCards(ctx, arena),
    v("section", { key: "chat", class: "card" }, [v("h2", {}, t("tour.chat")), chatPart(ctx, arena.chat)]),
  ]);
}

/**
 * The cards of the games: while the tournament is under way, the running games and the latest
 * results; once it has finished, an arena's games with their results (a Swiss's rounds show its
 * games already), and no running games.
 */
function gameCards(ctx: ArenaContext, arena: TournamentReply): (VNode | null)[] {
  if (arena.tournament.status === "finished") {
    if (arena.swiss) return [];
    const played = (ctx.games ?? arena.recent).filter((game) => game.result !== null);
    return [
      v("section", { key: "all-games", class: "card" }, [
        v("h2", {}, t("tour.allGames")),
        gameList("tour-games", played, ctx.link, t("tour.noGamePlayed")),
      ]),
    ];
  }
  return [
    v("section", { key: "running", class: "card" }, [
      v("h2", {}, t("tour.runningGames")),
      gameList("tour-running", arena.running, ctx.link),
    ]),
    v("section", { key: "recent", class: "card" }, [
      v("h2", {}, t("tour.recent")),
      gameList("tour-recent", arena.recent, ctx.link),
    ]),
  ];
}

/** The time left to the start of an upcoming tournament or to the end of a running arena, ticking. */
function countdown(status: string, starts: number, ends: number, now: number): VNode | null {
  const [key, until] =
    status === "upcoming"
      ? (["tour.startsIn", starts] as const)
      : status === "running"
        ? (["tour.endsIn", ends] as const)
        : [null, 0];
  if (!key) return null;
  const left = countdownText(until - now);
  return v("p", { key: "countdown", class: "tour-countdown", id: "tour-countdown" }, [
    `${t(key)} `,
    v("strong", { role: "timer" }, left),
  ]);
}

/** The winner at the end (or that nobody played) of an arena or a Swiss (`swiss`). */
function winnerLine(winner: string | null, swiss: boolean): VNode {
  const won = swiss ? t("tour.winnerIsSwiss", { name: winner ?? "" }) : t("tour.winnerIs", { name: winner ?? "" });
  return v("p", { key: "winner", class: "tour-winner", id: "tour-winner" }, winner ? won : t("tour.noWinner"));
}

/** What the player's part says: in, invited (before the start or after it) — an arena's or a Swiss's words. */
function partTexts(swiss: boolean, upcoming: boolean): { joined: string; invite: string } {
  if (swiss) {
    return {
      joined: t("tour.swissJoined"),
      invite: upcoming ? t("tour.swissInviteUpcoming") : t("tour.swissInvite"),
    };
  }
  return { joined: t("tour.joined"), invite: upcoming ? t("tour.inviteUpcoming") : t("tour.invite") };
}

/** The signed-in player's part: joined or paused, the join or pause button, and the running game. */
function playerPart(ctx: ArenaContext, arena: TournamentReply): VNode {
  if (!ctx.signedIn) return v("p", { key: "me", class: "muted" }, ctx.link("/login", t("tour.signIn")));
  const me = arena.me;
  const joined = me?.joined ?? false;
  const ended = arena.tournament.status === "ending";
  const button = joined
    ? v("button", { key: "leave", id: "tour-leave", disabled: ctx.busy, on: { click: ctx.leave } }, t("tour.leave"))
    : v(
        "button",
        { key: "join", id: "tour-join", class: "primary", disabled: ctx.busy || ended, on: { click: ctx.join } },
        t("tour.join"),
      );
  const part = myPart(joined, ctx.name, arena.swiss?.standings ?? arena.standings);
  const texts = partTexts(arena.swiss !== null, arena.tournament.status === "upcoming");
  return v("div", { key: "me", class: "tour-me" }, [
    button,
    part === "joined"
      ? v("span", { id: "tour-part" }, texts.joined)
      : v("span", { id: "tour-part", class: "muted" }, part === "paused" ? t("tour.paused") : texts.invite),
    me?.game
      ? v("p", { key: "game", class: "tour-my-game" }, [
          `${t("tour.yourGame")}: `,
          ctx.link(`/play/${me.game}`, t("tour.toGame"), { id: "tour-my-game" }),
        ])
      : null,
  ]);
}

/** One player's sheet: each game's points, those counted double marked. */
function sheet(line: StandingLine): VNode {
  return v(
    "span",
    { class: "tour-sheet" },
    line.sheet.map((game, i) =>
      v(
        "span",
        { key: String(i), class: game.doubled ? "doubled" : "", title: game.doubled ? t("tour.doubled") : "" },
        String(game.points),
      ),
    ),
  );
}

/**
 * The standings as shown: once the tournament has finished nobody is paused, playing or away any
 * more, so those marks go (the final table shows only places and points).
 */
export function withoutMarks<L extends { withdrawn: boolean; playing: boolean; away?: boolean }>(
  lines: L[],
  status: string,
): L[] {
  if (status !== "finished") return lines;
  return lines.map((line) => ({
    ...line,
    withdrawn: false,
    playing: false,
    ...("away" in line ? { away: false } : {}),
  }));
}

/** Whether the standings mark `line`'s player away: joined, not playing, and gone from the arena's pages. */
function away(line: StandingLine): boolean {
  return line.away && !line.withdrawn && !line.playing;
}

/** The class of a standings row: a paused player's and one away are dimmed. */
function rowClass(line: StandingLine): string {
  if (line.withdrawn) return "withdrawn";
  return away(line) ? "away" : "";
}

/** The standings: place, player (with the rating at joining, the flame and marks), sheet, games and points. */
function standingsTable(lines: StandingLine[], link: Link): VNode {
  if (!lines.length) return v("p", { class: "muted" }, t("tour.none"));
  const heads: [string, string][] = [
    ["rank", t("tour.rank")],
    ["player", t("tour.playerRating")],
    ["sheet", t("tour.sheet")],
    ["games", t("tour.games")],
    ["points", t("tour.points")],
  ];
  return v("table", { class: "tour-standings", id: "tour-standings" }, [
    v(
      "thead",
      {},
      v(
        "tr",
        {},
        heads.map(([column, head]) => v("th", { class: column, scope: "col" }, head)),
      ),
    ),
    v(
      "tbody",
      {},
      lines.map((line) =>
        v("tr", { key: line.name, "data-player": line.name, class: rowClass(line) }, [
          v("td", { class: "rank" }, String(line.rank)),
          playerCell(line, link, [
            line.on_fire
              ? v("span", { class: "flame", title: t("tour.onFire"), "aria-label": t("tour.onFire") }, " 🔥")
              : null,
            away(line)
              ? v("small", { class: "muted away", title: t("tour.awayTitle") }, ` (${t("tour.awayMark")})`)
              : null,
          ]),
          v("td", { class: "sheet" }, sheet(line)),
          v("td", { class: "games" }, String(line.games)),
          v("td", { class: "points" }, v("strong", {}, String(line.points))),
        ]),
      ),
    ),
  ]);
}

/** A game's result as the list shows it: the notation, or in words for a game that ended without one (`*`: aborted). */
function resultText(result: string): string {
  return result === "*" ? t("tour.aborted") : result;
}

/** A list of games with their players, result and a link to each (to watch a game being played, to open one that ended); `none` when there is none. */
function gameList(id: string, games: TournamentGame[], link: Link, none = t("tour.noGames")): VNode {
  if (!games.length) return v("p", { id, class: "muted" }, none);
  return v(
    "ul",
    { id, class: "tour-games" },
    games.map((game) =>
      v("li", { key: game.id, "data-game": game.id }, [
        `${game.white} – ${game.black}`,
        game.result ? v("strong", { class: "tour-result" }, ` ${resultText(game.result)} `) : " ",
        link(`/play/${game.id}`, game.result ? t("tour.open") : t("tour.watch")),
      ]),
    ),
  );
}

/** The arena's chat: its latest messages, and the field to write one (signed in). */
function chatPart(ctx: ArenaContext, lines: TournamentChatLine[]): VNode {
  const log = lines.length
    ? v(
        "ul",
        { key: "log", id: "tour-chat", class: "tour-chat" },
        lines.map((line, i) =>
          v("li", { key: `${line.sent_ms}-${i}` }, [v("strong", {}, `${line.name}: `), line.text]),
        ),
      )
    : v("p", { key: "log", id: "tour-chat", class: "muted" }, t("tour.noChat"));
  if (!ctx.signedIn) return v("div", {}, [log]);
  const submit = (e: Event) => {
    e.preventDefault();
    ctx.say();
  };
  return v("div", {}, [
    log,
    v("form", { key: "say", id: "tour-say", class: "tour-say", on: { submit } }, [
      v("input", {
        key: "text",
        name: "text",
        maxlength: 200,
        autocomplete: "off",
        "aria-label": t("tour.say"),
        placeholder: t("tour.say"),
        value: ctx.draft,
        on: { input: (e: Event) => ctx.setDraft((e.target as HTMLInputElement).value) },
      }),
      v("button", { key: "send", type: "submit", disabled: ctx.busy || !ctx.draft.trim() }, t("tour.send")),
    ]),
  ]);
}
