// A Swiss's part of its page (view.ts draws the rest): the round being played, the standings with
// their tie-breaks (Buchholz, Buchholz cut 1, Sonneborn-Berger) and every round's pairings with
// their results and bye — pure functions of the reply's `swiss`.

import "./texts.js";
import { t } from "../../i18n.js";
import { v } from "../../vdom.js";
import type { VNode } from "../../vdom.js";
import type { Link } from "../../types.js";
import type { SwissBoard } from "../../contract/SwissBoard.js";
import type { SwissPart } from "../../contract/SwissPart.js";
import type { SwissRound } from "../../contract/SwissRound.js";
import type { SwissStandingLine } from "../../contract/SwissStandingLine.js";
import { playerCell } from "./common-view.js";

/** Points as a Swiss counts them: whole or with a half (`2½`, `½`), quarters for Sonneborn-Berger. */
export function pointsText(points: number): string {
  const whole = Math.floor(points);
  const rest = points - whole;
  const fraction = rest === 0.5 ? "½" : rest === 0.25 ? "¼" : rest === 0.75 ? "¾" : "";
  return whole === 0 && fraction ? fraction : `${whole}${fraction}`;
}

/** The round being played, or the one last played, of `rounds`. */
export function roundLine(part: SwissPart, rounds: number): VNode {
  const text = part.round === 0 ? t("tour.noRounds") : t("tour.round", { round: part.round, rounds });
  return v("p", { key: "round", class: "tour-round", id: "tour-round" }, text);
}

/** The standings: place, player (rating on joining, marks), games, the tie-breaks and points. */
export function swissStandings(lines: SwissStandingLine[], link: Link): VNode {
  if (!lines.length) return v("p", { class: "muted" }, t("tour.none"));
  const heads: [string, string, string][] = [
    ["rank", t("tour.rank"), ""],
    ["player", t("tour.playerRating"), ""],
    ["games", t("tour.games"), ""],
    ["buchholz", t("tour.buchholz"), t("tour.buchholzTitle")],
    ["cut", t("tour.buchholzCut"), t("tour.buchholzCutTitle")],
    ["sb", t("tour.sonneborn"), t("tour.sonnebornTitle")],
    ["points", t("tour.points"), ""],
  ];
  return v("table", { class: "tour-standings", id: "tour-standings" }, [
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
      lines.map((line) =>
        v("tr", { key: line.name, "data-player": line.name, class: line.withdrawn ? "withdrawn" : "" }, [
          v("td", { class: "rank" }, String(line.rank)),
          playerCell(
            line,
            link,
            line.byes ? v("small", { class: "muted" }, ` (${t("tour.byesMark", { count: line.byes })})`) : null,
          ),
          v("td", { class: "games" }, String(line.games)),
          v("td", { class: "buchholz" }, pointsText(line.buchholz)),
          v("td", { class: "cut" }, pointsText(line.buchholz_cut_one)),
          v("td", { class: "sb" }, pointsText(line.sonneborn_berger)),
          v("td", { class: "points" }, v("strong", {}, pointsText(line.points))),
        ]),
      ),
    ),
  ]);
}

/** A board's score as `1–0`, `½–½`, `0–1`, or the running game's link. */
function boardScore(board: SwissBoard, link: Link): VNode | string {
  if (board.white_points === null) return link(`/play/${board.game.id}`, t("tour.watch"));
  return `${pointsText(board.white_points)}–${pointsText(1 - board.white_points)}`;
}

/** One round: its boards (players, score, a link to each game) and its bye. */
function roundItem(round: SwissRound, link: Link): VNode {
  return v("li", { key: String(round.number), "data-round": String(round.number) }, [
    v("h3", {}, t("tour.roundN", { number: round.number })),
    v(
      "ol",
      { class: "tour-boards" },
      round.boards.map((board) =>
        v("li", { key: board.game.id, "data-game": board.game.id }, [
          `${board.game.white} – ${board.game.black} `,
          v("strong", {}, boardScore(board, link)),
          ...(board.white_points === null ? [] : [" ", link(`/play/${board.game.id}`, t("tour.replay"))]),
        ]),
      ),
    ),
    round.bye ? v("p", { class: "muted tour-bye" }, t("tour.bye", { name: round.bye })) : null,
  ]);
}

/** Every round paired so far, the latest first. */
export function swissRounds(part: SwissPart, link: Link): VNode {
  if (!part.rounds.length) return v("p", { id: "tour-rounds", class: "muted" }, t("tour.noRounds"));
  return v(
    "ul",
    { id: "tour-rounds", class: "tour-rounds" },
    [...part.rounds].reverse().map((round) => roundItem(round, link)),
  );
}
