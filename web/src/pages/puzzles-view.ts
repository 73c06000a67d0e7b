// The puzzles' texts, the shapes of the API's answers and the pure views: the list of games and
// the panel beside the board. The controller (puzzles.ts) holds the state and talks to the server.

import { addTexts } from "../i18n.js";
import type { Lang, Translate } from "../i18n.js";
import { ratingText } from "../account.js";
import { v } from "../vdom.js";
import type { VNode } from "../vdom.js";
import type { Link } from "../types.js";
import type { Picture } from "./learn-view.js";
import type { PuzzleReply } from "../contract/PuzzleReply.js";
import type { PuzzleSolveReply } from "../contract/PuzzleSolveReply.js";
import type { PuzzleSummary } from "../contract/PuzzleSummary.js";
import { themeTags } from "./puzzle-modes-view.js";
import { playerRatingLines } from "./puzzle-rating.js";
import type { RatingOutcome } from "./puzzle-rating.js";

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: {
    puzzles: "Puzzles",
    puzzlesTitle: "Puzzles",
    puzzlesIntro:
      "Positions from engine games where one move is clearly best. Find it, and the line that follows. Signed in, you get a puzzle rating per game, and the puzzles come at your level.",
    puzzlesCount: "{count} puzzles",
    puzzlesStanding: "Your rating {rating} · {n} tried",
    puzzlesNoneTried: "None tried yet",
    puzzlesStart: "Play",
    puzzlesIllegal: "{move} is not a legal move here — try another.",
    puzzlesGuestList: " for your puzzle rating: it shows on each game here.",
    puzzlesOf: "Puzzles: {title}",
    puzzlesTask:
      "Find the best move for the side to move. The line takes {n} moves of yours; your opponent's replies are played for you.",
    puzzlesTask1: "Find the best move for the side to move: one move is all it takes.",
    puzzlesRating: "This puzzle's rating: {rating}",
    puzzlesYours: "Your puzzle rating: {rating}",
    puzzlesGuest: " to get your own puzzle rating.",
    puzzlesSignIn: "Sign in",
    puzzlesLeadIn: "{side} moves …",
    puzzlesYourTurn: "Your turn — find the best move for {side}.",
    puzzlesOpponentPlayed: "{side} played {move}.",
    puzzlesRetry: "{move} is not the solution. Try another move — or show the solution.",
    puzzlesRetryButton: "Retry",
    puzzlesRetryHint: "Takes the wrong move back: try another one",
    puzzlesRightLater: "Solved, on another try.",
    puzzlesAddress: "Link to this puzzle",
    puzzlesRight: "Solved!",
    puzzlesGoOn: "Right! Your opponent answered {reply}. Go on.",
    puzzlesWrong: "{move} is not the solution.",
    puzzlesGaveUp: "Here is the solution.",
    puzzlesSolution: "Solution: {line}",
    puzzlesChange: "Your puzzle rating: {before} → {after}",
    puzzlesNotRated: "You tried this puzzle before: your rating stays.",
    puzzlesNotServed: "Not rated: this is not the puzzle you were given last (another tab?). Your rating stays.",
    puzzlesTooFast: "Not rated: answered within seconds of getting the puzzle. Your rating stays.",
    puzzlesShow: "Show the solution",
    puzzlesNext: "Next puzzle",
    puzzlesMoveLabel: "Type a move",
    puzzlesPlay: "Play",
    puzzlesNone: "There are no puzzles for this game.",
    puzzlesLearn: "Lessons",
    puzzlesRules: "Rules",
  },
  de: {
    puzzlesIllegal: "{move} ist hier kein erlaubter Zug — versuch einen anderen.",
    puzzles: "Aufgaben",
    puzzlesTitle: "Aufgaben",
    puzzlesIntro:
      "Stellungen aus Partien der Engine, in denen ein Zug klar der beste ist. Finde ihn und die Folge danach. Angemeldet bekommst du eine Aufgabenwertung je Spiel, und die Aufgaben kommen auf deiner Stufe.",
    puzzlesCount: "{count} Aufgaben",
    puzzlesStanding: "Deine Wertung {rating} · {n} versucht",
    puzzlesNoneTried: "Noch keine versucht",
    puzzlesStart: "Lösen",
    puzzlesGuestList: " für deine Aufgabenwertung: Sie steht dann hier bei jedem Spiel.",
    puzzlesOf: "Aufgaben: {title}",
    puzzlesTask:
      "Finde den besten Zug für die Seite am Zug. Die Folge braucht {n} Züge von dir; die Antworten des Gegners werden für dich gespielt.",
    puzzlesTask1: "Finde den besten Zug für die Seite am Zug: ein einziger Zug genügt.",
    puzzlesRating: "Wertung dieser Aufgabe: {rating}",
    puzzlesYours: "Deine Aufgabenwertung: {rating}",
    puzzlesGuest: ", um eine eigene Aufgabenwertung zu bekommen.",
    puzzlesSignIn: "Melde dich an",
    puzzlesLeadIn: "{side} zieht …",
    puzzlesYourTurn: "Du bist am Zug — finde den besten Zug für {side}.",
    puzzlesOpponentPlayed: "{side} spielte {move}.",
    puzzlesRetry: "{move} ist nicht die Lösung. Versuch einen anderen Zug — oder lass dir die Lösung zeigen.",
    puzzlesRetryButton: "Nochmal versuchen",
    puzzlesRetryHint: "Nimmt den falschen Zug zurück: versuch einen anderen",
    puzzlesRightLater: "Gelöst, im zweiten Anlauf.",
    puzzlesAddress: "Link zu dieser Aufgabe",
    puzzlesRight: "Gelöst!",
    puzzlesGoOn: "Richtig! Dein Gegner hat {reply} gezogen. Mach weiter.",
    puzzlesWrong: "{move} ist nicht die Lösung.",
    puzzlesGaveUp: "Hier ist die Lösung.",
    puzzlesSolution: "Lösung: {line}",
    puzzlesChange: "Deine Aufgabenwertung: {before} → {after}",
    puzzlesNotRated: "Diese Aufgabe hast du schon versucht: Deine Wertung bleibt.",
    puzzlesNotServed:
      "Nicht gewertet: Das ist nicht die Aufgabe, die du zuletzt bekommen hast (ein anderer Tab?). Deine Wertung bleibt.",
    puzzlesTooFast: "Nicht gewertet: In Sekunden nach dem Erhalt der Aufgabe beantwortet. Deine Wertung bleibt.",
    puzzlesShow: "Lösung zeigen",
    puzzlesNext: "Nächste Aufgabe",
    puzzlesMoveLabel: "Zug eingeben",
    puzzlesPlay: "Ziehen",
    puzzlesNone: "Für dieses Spiel gibt es keine Aufgaben.",
    puzzlesLearn: "Lektionen",
    puzzlesRules: "Regeln",
  },
});

/**
 * What the learner sees: nothing yet, a step on, a wrong move to try again after (its verdict), the
 * end of the puzzle (`retried`: solved after a wrong move), or an error. What the puzzle did to the
 * rating is not part of it: the panel's rating line says that (`PanelContext.outcome`).
 */
export type Feedback =
  | { kind: "none" }
  | { kind: "continue"; reply: string }
  | { kind: "retry"; reply: PuzzleSolveReply }
  | { kind: "over"; reply: PuzzleSolveReply; gaveUp: boolean; retried: boolean }
  | { kind: "error"; text: string };

/**
 * A game's line under its count: the signed-in player's puzzle rating and how many they tried
 * (`player`), and the best streak this browser kept (`best`, 0 for none); null for a guest
 * without a streak.
 */
function standingLine(player: PuzzleSummary["player"], best: number, t: Translate): VNode | null {
  const parts: string[] = [];
  if (player)
    parts.push(
      player.attempts
        ? t("puzzlesStanding", { rating: ratingText(player.rating, player.provisional), n: player.attempts })
        : t("puzzlesNoneTried"),
    );
  if (best) parts.push(t("puzzlesStreakBest", { best }));
  return parts.length ? v("span", { key: "standing", class: "puzzle-standing" }, parts.join(" · ")) : null;
}

/**
 * The list of games with puzzles: one card per game (its picture, name, count and the player's
 * standing a link to its puzzles), with a row of two buttons at its foot, Play and Streak; for a
 * guest, one line under the intro on how to get a rating.
 */
export function puzzleListView(
  games: PuzzleSummary[],
  language: Lang,
  t: Translate,
  link: Link,
  picture: Picture = () => null,
  bestOf: (game: string) => number = () => 0,
): VNode {
  const guest = games.every((game) => !game.player);
  return v("div", { key: "puzzle-list", class: "page puzzle-list" }, [
    v("h1", { key: "title" }, t("puzzlesTitle")),
    v("p", { key: "intro" }, t("puzzlesIntro")),
    guest
      ? v("p", { key: "guest", class: "puzzle-guest muted" }, [
          link("/login?next=%2Fpuzzles", t("puzzlesSignIn"), { id: "puzzles-sign-in" }),
          t("puzzlesGuestList"),
        ])
      : null,
    v(
      "ul",
      { key: "games", class: "puzzle-games" },
      games.map((game) =>
        v("li", { key: game.game, class: "card", "data-game": game.game }, [
          link(
            `/puzzles/${game.game}`,
            [
              picture(game.game),
              v("span", { key: "name", class: "puzzle-name" }, game.title[language]),
              v("span", { key: "count", class: "puzzle-count" }, t("puzzlesCount", { count: game.count })),
              standingLine(game.player, bestOf(game.game), t),
            ],
            { class: "puzzle-game" },
          ),
          v("div", { key: "actions", class: "puzzle-actions" }, [
            link(`/puzzles/${game.game}`, t("puzzlesStart"), { class: "button primary puzzle-play-link" }),
            link(`/puzzles/${game.game}/streak`, t("puzzlesModeStreak"), { class: "button puzzle-streak-link" }),
          ]),
        ]),
      ),
    ),
  ]);
}

/** The sentences of the verdict, or none (nothing of ratings: the panel's rating line says what the puzzle did to the rating). */
export function feedbackLines(feedback: Feedback, t: Translate): string[] {
  switch (feedback.kind) {
    case "none":
      return [];
    case "continue":
      return [t("puzzlesGoOn", { reply: feedback.reply })];
    case "error":
      return [feedback.text];
    case "retry":
      return [t("puzzlesRetry", { move: feedback.reply.played ?? "" })];
    case "over":
      return overLines(feedback.reply, feedback.gaveUp, feedback.retried, t);
  }
}

/** The end of a puzzle: right (`retried`: after a wrong move) or wrong, and the solution after a miss. */
function overLines(reply: PuzzleSolveReply, gaveUp: boolean, retried: boolean, t: Translate): string[] {
  const lines: string[] = [];
  if (reply.status === "right") lines.push(t(retried ? "puzzlesRightLater" : "puzzlesRight"));
  else lines.push(gaveUp || !reply.played ? t("puzzlesGaveUp") : t("puzzlesWrong", { move: reply.played }));
  if (reply.status !== "right" && reply.solution) lines.push(t("puzzlesSolution", { line: reply.solution.join(", ") }));
  return lines;
}

/**
 * Who moves and the verdict in brief, for the top of a phone's screen right above the board (CSS
 * hides it beside a wide board, where the panel says it).
 */
export function puzzleBrief(feedback: Feedback, sides: BriefSides, t: Translate): VNode {
  const kind = feedback.kind === "over" ? feedback.reply.status : feedback.kind === "retry" ? "wrong" : feedback.kind;
  const verdict = feedbackLines(feedback, t)[0];
  return v("section", { key: "brief", class: "puzzle-brief", "data-lead-in": sides.leadIn ? "pending" : "played" }, [
    v("p", {}, [leadInText(sides, t, "span"), v("strong", {}, turnText(sides, t))]),
    verdict ? v("p", { key: "verdict", class: kind }, verdict) : null,
  ]);
}

/** Who the brief names: the learner's side and the opponent's, and whether the opponent's move before the puzzle is still to come. */
export interface BriefSides {
  side: string;
  opponent: string;
  leadIn: boolean;
  /** The opponent's move before the puzzle once it is played: in the game's words (a sentence), else its text; null before. */
  played: { words: string } | { move: string } | null;
}

/**
 * The opponent's move before the puzzle, once played (a move that leaves no mark on the board,
 * Amakta's pass, is read here): a line of its own (`p`), or the start of the brief's line (`span`,
 * so that the brief above a phone's board keeps its height).
 */
export function leadInText(sides: BriefSides, t: Translate, tag: "p" | "span"): VNode | null {
  const played = sides.played;
  if (!played) return null;
  const text =
    "words" in played ? `${played.words}.` : t("puzzlesOpponentPlayed", { side: sides.opponent, move: played.move });
  return v(tag, { key: "lead-in", class: "puzzle-lead-in" }, tag === "span" ? `${text} ` : text);
}

/** Whose move it is: the opponent's move before the puzzle while it is still to come, then the learner's turn. */
export function turnText(sides: BriefSides, t: Translate): string {
  return sides.leadIn ? t("puzzlesLeadIn", { side: sides.opponent }) : t("puzzlesYourTurn", { side: sides.side });
}

/** What the panel's buttons and field do. */
export interface PanelActions {
  show: () => void;
  /** The next puzzle; none when the page offers none (a streak's puzzle not solved yet, or the streak ended). */
  next: (() => void) | null;
  /** Another try after a wrong move (the wrong move taken back); none when no wrong move waits. */
  retry?: (() => void) | null;
  typed: (move: string) => void;
}

/** What the panel shows besides the puzzle: whose move it is in words, and the links it needs. */
export interface PanelContext {
  /** The learner's side and the opponent's in the page's language, and whether the opponent's move is still to come. */
  sides: BriefSides;
  link: Link;
  /** Whether the puzzle is part of a streak: unrated (no rating line), and showing the solution gives up. */
  streak: boolean;
  /** What the puzzle's first finished attempt did to the learner's rating, kept until the next puzzle; null before one. */
  outcome: RatingOutcome | null;
}

/**
 * The learner's puzzle rating (once an attempt is over: the change it made, or the rating and why it
 * stays; the same until the next puzzle), or for a guest the way to one: signing in, then back to the
 * puzzle's `address`.
 */
function playerLines(
  player: PuzzleReply["player"],
  outcome: RatingOutcome | null,
  address: string,
  t: Translate,
  link: Link,
): VNode[] {
  if (!player)
    return [
      v("p", { key: "player", class: "puzzle-player" }, [
        link(`/login?next=${encodeURIComponent(address)}`, t("puzzlesSignIn"), { id: "puzzle-sign-in" }),
        t("puzzlesGuest"),
      ]),
    ];
  const [rating, unrated] = playerRatingLines(player, outcome, t);
  return [
    v("p", { key: "player", class: "puzzle-player" }, rating),
    unrated ? v("p", { key: "unrated", class: "puzzle-unrated muted" }, unrated) : null,
  ].filter((line): line is VNode => line !== null);
}

/** The field to type a move in (hidden once the puzzle is over): a move typed goes to `typed`. */
function moveForm(over: boolean, busy: boolean, typed: (move: string) => void, t: Translate): VNode {
  return v(
    "form",
    {
      key: "move",
      class: "puzzle-move",
      hidden: over,
      on: {
        submit: (event: Event) => {
          event.preventDefault();
          const input = (event.target as HTMLFormElement).elements.namedItem("move") as HTMLInputElement;
          const move = input.value.trim();
          input.value = "";
          if (move) typed(move);
        },
      },
    },
    [
      v("input", {
        key: "move",
        name: "move",
        autocomplete: "off",
        "aria-label": t("puzzlesMoveLabel"),
        placeholder: t("puzzlesMoveLabel"),
        disabled: over || busy,
      }),
      v("button", { key: "play", type: "submit", disabled: over || busy }, t("puzzlesPlay")),
    ],
  );
}

/**
 * The panel's buttons: after a wrong move Retry; Show the solution (in a streak Give up) while the
 * puzzle is open; the next puzzle where the page offers it.
 */
function panelButtons(feedback: Feedback, busy: boolean, actions: PanelActions, t: Translate, streak: boolean): VNode {
  const over = feedback.kind === "over";
  return v("div", { key: "buttons", class: "puzzle-buttons" }, [
    // After a wrong move: another try, first, beside the solution (as lichess's "Retry").
    feedback.kind === "retry" && actions.retry
      ? v(
          "button",
          {
            key: "retry",
            type: "button",
            class: "puzzle-retry primary",
            id: "puzzle-retry",
            title: t("puzzlesRetryHint"),
            disabled: busy,
            on: { click: actions.retry },
          },
          t("puzzlesRetryButton"),
        )
      : null,
    // A streak's puzzle once over has nothing to give up; the streak's card goes on from there.
    // Once over there is nothing to show or give up: the next puzzle is the one way on.
    over
      ? null
      : v(
          "button",
          { key: "show", type: "button", class: "puzzle-show", disabled: busy, on: { click: actions.show } },
          t(streak ? "puzzlesGiveUp" : "puzzlesShow"),
        ),
    actions.next &&
      v(
        "button",
        {
          key: "next",
          type: "button",
          class: over ? "puzzle-next primary" : "puzzle-next",
          disabled: busy,
          on: { click: actions.next },
        },
        t("puzzlesNext"),
      ),
  ]);
}

/**
 * The panel beside the board: the learner's rating (or the way to one; not in a streak), the side
 * to move and the task, the puzzle's rating and themes, the verdict, the buttons, a move field and
 * the puzzle's permanent address.
 */
export function puzzlePanel(
  puzzle: PuzzleReply,
  feedback: Feedback,
  busy: boolean,
  actions: PanelActions,
  t: Translate,
  context: PanelContext,
): VNode {
  const over = feedback.kind === "over";
  const kind = over ? feedback.reply.status : feedback.kind === "retry" ? "wrong" : feedback.kind;
  const address = `/puzzles/${puzzle.game}/${puzzle.id}`;
  return v("section", { key: `panel-${puzzle.id}`, class: "card puzzle-panel", "data-puzzle": puzzle.id }, [
    ...(context.streak ? [] : playerLines(puzzle.player, context.outcome, address, t, context.link)),
    leadInText(context.sides, t, "p"),
    v(
      "p",
      { key: "to-move", class: "puzzle-to-move", id: "puzzle-to-move" },
      v("strong", {}, turnText(context.sides, t)),
    ),
    v(
      "p",
      { key: "task", class: "puzzle-task" },
      puzzle.learner_moves === 1 ? t("puzzlesTask1") : t("puzzlesTask", { n: puzzle.learner_moves }),
    ),
    v("p", { key: "rating", class: "puzzle-rating muted" }, t("puzzlesRating", { rating: Math.round(puzzle.rating) })),
    themeTags(puzzle.themes, t),
    ...feedbackLines(feedback, t).map((line, i) =>
      v(
        "p",
        {
          key: `feedback-${i}`,
          class: `puzzle-feedback ${kind}`,
          role: i === 0 ? "status" : null,
          // The verdict the brief above a phone's board says too: CSS shows it once there (puzzles.css).
          "data-verdict": i === 0 ? "" : null,
        },
        line,
      ),
    ),
    moveForm(over, busy, actions.typed, t),
    panelButtons(feedback, busy, actions, t, context.streak),
    v(
      "p",
      { key: "address", class: "puzzle-address" },
      context.link(address, t("puzzlesAddress"), { id: "puzzle-address" }),
    ),
  ]);
}
