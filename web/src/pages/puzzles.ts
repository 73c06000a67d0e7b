// The puzzles' pages: `/puzzles` lists the games with puzzles, `/puzzles/<game>` gives one puzzle
// after another on the game's own board (of the theme chosen, `?theme=`), each move checked by the
// server, which plays the opponent's replies from the solution and rates the attempt;
// `/puzzles/<game>/streak` plays a streak, unrated, until the first miss. As on lichess, a puzzle
// starts one move early: the opponent's move that led to it (its lead-in) is played on the board and
// marked, then the learner is to move.

import { t, lang, errorText } from "../i18n.js";
import type { UiError } from "../i18n.js";
import { host, patch, v } from "../vdom.js";
import type { VNode } from "../vdom.js";
import { api } from "../api.js";
import type { Link, Page } from "../types.js";
import { StudyBoard, errorCard, gameListPage } from "./study.js";
import { typedMove } from "./typed-move.js";
import { puzzleBrief, puzzleListView, puzzlePanel } from "./puzzles-view.js";
import type { BriefSides, Feedback } from "./puzzles-view.js";
import type { PuzzleReply } from "../contract/PuzzleReply.js";
import type { PuzzleSolveReply } from "../contract/PuzzleSolveReply.js";
import type { PuzzleStreakReply } from "../contract/PuzzleStreakReply.js";
import type { PuzzleSummary } from "../contract/PuzzleSummary.js";
import type { StudyPosition } from "../contract/StudyPosition.js";
import type { PuzzleLeadIn } from "../contract/PuzzleLeadIn.js";
import { boardModule } from "../boards.js";
import {
  STREAK_SEGMENT,
  gameThemes,
  loadBest,
  newStreak,
  nextQuery,
  puzzleAddress,
  saveBest,
  streakMissed,
  streakPuzzle,
  streakSolved,
  themeFromQuery,
} from "./puzzle-modes.js";
import type { Streak, ThemeKey } from "./puzzle-modes.js";
import { modeTabs, streakCard, themeChooser } from "./puzzle-modes-view.js";
import { keptOutcome } from "./puzzle-rating.js";
import type { RatingOutcome } from "./puzzle-rating.js";

/** How long the position before the opponent's lead-in move stands before the move is played (ms). */
const LEAD_IN_MS = 700;

/** How long a wrong move stands on the board before it is taken back (ms). */
const WRONG_MS = 900;

/** `/puzzles`: every game with puzzles. */
export function puzzleListPage(main: HTMLElement, link: Link): Page {
  return gameListPage<PuzzleSummary>(main, {
    title: () => t("puzzlesTitle"),
    url: "/api/puzzles",
    draw: (games, picture) => puzzleListView(games, lang(), t, link, picture, (game) => loadBest(localStorage, game)),
  });
}

/**
 * `/puzzles/<game>`: one puzzle after another, of the theme the query names (`?theme=win`);
 * `/puzzles/<game>/<id>` starts with that one. The address bar always holds the puzzle shown (its
 * permanent address) and the theme chosen. `/puzzles/<game>/streak`: a streak.
 */
export function puzzlePage(main: HTMLElement, game: string, link: Link, id: string | null): Page {
  const streak = id === STREAK_SEGMENT;
  const controller = new PuzzleController(main, game, link, streak ? null : id, streak);
  void controller.next();
  return { render: controller.render, destroy: controller.destroy };
}

/**
 * The state of the puzzle on the board: the learner's moves so far, the position, the verdict; the
 * theme the next puzzle comes from, or the streak it is part of.
 */
class PuzzleController {
  /** The game's entry in the list of puzzles: its title, count and themes. */
  private summary: PuzzleSummary | null = null;
  /** The theme of the next puzzle (none: any). */
  private theme: ThemeKey | null = null;
  /** The streak under way or ended (in streak mode, once fetched). */
  private streak: Streak | null = null;
  private puzzle: PuzzleReply | null = null;
  private moves: string[] = [];
  private position: StudyPosition | null = null;
  private last: string | null = null;
  private feedback: Feedback = { kind: "none" };
  private error: UiError | null = null;
  private busy = false;
  private alive = true;
  /** The puzzle's board. */
  private readonly board: StudyBoard;
  /** Whether the learner has played a wrong move in this puzzle (and tries again). */
  private retried = false;
  /**
   * What the puzzle's first finished attempt did to the learner's rating (the server rates that one
   * only), shown until the next puzzle: Retry and showing the solution do not change it; null before.
   */
  private outcome: RatingOutcome | null = null;
  /** Whether the opponent's move before the puzzle is still to be played (the board shows the position before it). */
  private leadIn = false;
  /** Whether the next drawing of the board slides the move just played in (the lead-in, a wrong move). */
  private animate = false;
  /** A wrong move on the board, still to be taken back: the position and last move before it; else null. */
  private wrong: { position: StudyPosition; last: string | null } | null = null;

  constructor(
    private readonly main: HTMLElement,
    private readonly game: string,
    private readonly link: Link,
    /** The puzzle the address asks for, until it is shown. */
    private requested: string | null,
    /** Whether the page plays a streak. */
    private readonly streakMode: boolean,
  ) {
    this.board = new StudyBoard(game, (move) => this.play(move));
  }

  readonly destroy = () => {
    this.alive = false;
  };

  /**
   * Fetches the next puzzle and sets it up: the one the address asks for, the streak's next (a new
   * streak's first), or one of the chosen theme (not the one just done).
   */
  readonly next = async () => {
    if (this.busy) return;
    this.busy = true;
    try {
      await this.loadSummary();
      const path = await this.nextPath();
      if (!path || !this.alive) return;
      const puzzle = await api<PuzzleReply>("GET", path);
      if (!this.alive) return;
      this.requested = null;
      if (!this.streakMode) history.replaceState(null, "", puzzleAddress(this.game, puzzle.id, this.theme));
      this.puzzle = puzzle;
      this.position = puzzle.lead_in?.before ?? puzzle.start;
      this.leadIn = puzzle.lead_in !== null;
      this.moves = [];
      this.last = null;
      this.retried = false;
      this.outcome = null;
      this.wrong = null;
      this.feedback = { kind: "none" };
      if (puzzle.lead_in) setTimeout(() => this.playLeadIn(puzzle), LEAD_IN_MS);
    } catch (e) {
      this.error = e as UiError;
    } finally {
      this.busy = false;
      this.render();
    }
  };

  /** Plays the opponent's move before `puzzle` (if it is still on the board): it slides in and stays marked until the learner moves. */
  private playLeadIn(puzzle: PuzzleReply) {
    if (!this.alive || this.puzzle !== puzzle || !this.leadIn || !puzzle.lead_in) return;
    this.leadIn = false;
    this.position = puzzle.start;
    this.last = puzzle.lead_in.move;
    this.animate = true;
    this.render();
  }

  /** The game's title, count and themes (once), and the theme the address asks for, if the game has it. */
  private async loadSummary() {
    if (this.summary) return;
    const games = await api<PuzzleSummary[]>("GET", "/api/puzzles");
    this.summary = games.find((g) => g.game === this.game) ?? null;
    if (!this.streakMode) this.theme = themeFromQuery(location.search, gameThemes(this.summary?.themes));
  }

  /** The request of the next puzzle (a new streak fetched first); none once the streak has ended. */
  private async nextPath(): Promise<string | null> {
    const byId = (id: string) => `/api/puzzles/next?${new URLSearchParams({ game: this.game, id })}`;
    if (this.requested) return byId(this.requested);
    if (!this.streakMode) return nextQuery(this.game, this.puzzle?.id ?? null, this.theme);
    if (!this.streak) {
      const fetched = await api<PuzzleStreakReply>(
        "GET",
        `/api/puzzles/streak?${new URLSearchParams({ game: this.game })}`,
      );
      this.streak = newStreak(
        fetched.puzzles.map((p) => p.id),
        loadBest(localStorage, this.game),
      );
    }
    const id = streakPuzzle(this.streak);
    return id ? byId(id) : null;
  }

  /** Chooses the theme of the next puzzle, and brings one of it. */
  private readonly choose = (theme: ThemeKey | null) => {
    if (this.busy || theme === this.theme) return;
    this.theme = theme;
    void this.next();
  };

  /** Starts a new streak, once one has ended. */
  private readonly restart = () => {
    if (this.busy) return;
    this.streak = null;
    void this.next();
  };

  /** The learner's move, from the board or typed (before the lead-in was played: it is played at once): checked with the moves before it. */
  private readonly play = async (move: string) => {
    if (this.puzzle) this.playLeadIn(this.puzzle);
    // A wrong move still on the board goes before the next one is judged from the position before it.
    this.takeBack();
    await this.solve([...this.moves, move], false);
  };

  /**
   * A typed move: the legal move it names is played; a text that names none is answered on the page
   * (no request fails, and a streak goes on).
   */
  private readonly typed = async (typed: string) => {
    if (this.busy || !this.puzzle) return;
    this.playLeadIn(this.puzzle);
    // A wrong move still shown goes first: the move typed is read in the position before it.
    this.takeBack();
    const position = this.position;
    const listed = position !== null && position.legal_moves.length === position.legal_moves_count;
    const move = position && typedMove(this.game, typed, position.legal_moves, listed);
    if (!move) {
      this.feedback = { kind: "error", text: t("puzzlesIllegal", { move: typed.trim() }) };
      this.render();
      return;
    }
    await this.play(move);
  };

  /**
   * Gives up: the server counts a miss and sends the solution, drawn on the board; the board is
   * brought into sight (on a phone the button is below it, so the page may have been scrolled past it).
   */
  private readonly show = async () => {
    if (this.puzzle) this.playLeadIn(this.puzzle);
    this.takeBack();
    await this.solve(this.moves, true);
    this.boardIntoView();
  };

  /** Scrolls the page so that the whole board is in sight, if it is not (the least scrolling that shows it). */
  private boardIntoView() {
    const board = this.main.querySelector<HTMLElement>(".puzzle-board");
    if (!board || !this.alive) return;
    const box = board.getBoundingClientRect();
    const top = Number.parseFloat(getComputedStyle(board).scrollMarginTop) || 0;
    if (box.top < top || box.bottom > window.innerHeight) board.scrollIntoView({ block: "start", behavior: "smooth" });
  }

  /** Takes a wrong move shown on the board back (the position before it again), if one is there. */
  private takeBack() {
    if (!this.wrong) return;
    this.position = this.wrong.position;
    this.last = this.wrong.last;
    this.wrong = null;
  }

  /** Another try after a wrong move: the move taken back (if it still stands), the verdict cleared. */
  private readonly retry = () => {
    this.takeBack();
    this.feedback = { kind: "none" };
    this.render();
  };

  /** Sends `moves` to the server and shows its verdict. */
  private async solve(moves: string[], giveUp: boolean) {
    const puzzle = this.puzzle;
    if (!puzzle || this.busy || this.feedback.kind === "over") return;
    this.busy = true;
    try {
      const path = `/api/puzzles/${encodeURIComponent(puzzle.id)}/solve`;
      const reply = await api<PuzzleSolveReply>("POST", path, { moves, give_up: giveUp, streak: this.streakMode });
      if (!this.alive || this.puzzle !== puzzle) return;
      this.apply(reply, moves, giveUp);
    } catch (e) {
      this.feedback = { kind: "error", text: errorText(e as UiError) };
    } finally {
      this.busy = false;
      this.render();
    }
  }

  /**
   * Takes the server's verdict on `moves` in: on after a reply; after a wrong move the same position
   * again, to try another (the attempt is rated as a miss then, and never again) — but not in a
   * streak, which a wrong move ends; or the end (the solution drawn after a miss), which counts in
   * the streak.
   */
  private apply(reply: PuzzleSolveReply, moves: string[], giveUp: boolean) {
    const retried = this.retried || reply.status === "wrong";
    this.retried = retried;
    this.outcome = keptOutcome(this.outcome, reply);
    if (reply.status === "continue") {
      this.moves = moves;
      this.position = reply.at;
      this.last = reply.last_move;
      this.feedback = { kind: "continue", reply: reply.reply ?? "" };
      return;
    }
    if (reply.status === "wrong" && !giveUp && !this.streakMode) {
      this.feedback = { kind: "retry", reply };
      this.showWrong(reply);
      return;
    }
    this.feedback = { kind: "over", reply, gaveUp: giveUp, retried: retried && !giveUp };
    if (this.streak) {
      this.streak = reply.status === "right" ? streakSolved(this.streak) : streakMissed(this.streak);
      saveBest(localStorage, this.game, this.streak);
    }
    this.position = reply.status === "right" ? reply.at : (reply.solution_end ?? reply.at);
    this.last = reply.status === "right" ? reply.last_move : (reply.solution?.[reply.solution.length - 1] ?? null);
  }

  /**
   * A wrong move slides onto the board, then is taken back after a moment (as on lichess), the position
   * before it to try again from; "Retry" takes it back at once.
   */
  private showWrong(reply: PuzzleSolveReply) {
    const position = this.position;
    if (!position || !reply.played || !reply.wrong_at) return;
    this.wrong = { position, last: this.last };
    this.position = reply.wrong_at;
    this.last = reply.played;
    this.animate = true;
    const puzzle = this.puzzle;
    setTimeout(() => {
      if (!this.alive || this.puzzle !== puzzle || !this.wrong) return;
      this.takeBack();
      this.render();
    }, WRONG_MS);
  }

  readonly render = () => {
    if (!this.alive) return;
    document.title = `${this.heading()} · ${t("appTitle")}`;
    if (this.error) {
      // A 404 for a puzzle the address asks for says which one is missing.
      const message = this.error.status === 404 && !this.requested ? t("puzzlesNone") : errorText(this.error);
      patch(this.main, errorCard("puzzle-error", message, this.link("/puzzles", t("puzzlesTitle"))));
      return;
    }
    if (!this.puzzle || !this.position) return;
    patch(this.main, this.view(this.puzzle));
    this.drawBoard(this.position, this.puzzle);
  };

  /** The page: the links, heading and tabs, the brief, the board's host, and the panel with the streak's card or the themes. */
  private view(puzzle: PuzzleReply): VNode {
    const panel = puzzlePanel(
      puzzle,
      this.feedback,
      this.busy,
      {
        show: () => void this.show(),
        next: this.offersNext() ? () => void this.next() : null,
        retry: this.retry,
        typed: (move) => void this.typed(move),
      },
      t,
      { sides: this.sides(puzzle), link: this.link, streak: this.streakMode, outcome: this.outcome },
    );
    const side = this.streak
      ? [streakCard(this.streak, this.restart, t), panel]
      : [panel, themeChooser(gameThemes(this.summary?.themes), this.summary?.count ?? 0, this.theme, this.choose, t)];
    return v("div", { key: `puzzles-${this.game}`, class: "page puzzles", "data-game": this.game }, [
      v("div", { key: "head", class: "puzzle-head" }, this.head()),
      v("div", { key: "layout", class: "puzzle-layout" }, [
        v("div", { key: "brief", class: "puzzle-brief-host" }, [puzzleBrief(this.feedback, this.sides(puzzle), t)]),
        host("div", { key: "board", class: "board-host puzzle-board" }, this.board.attach),
        v("div", { key: "side", class: "puzzle-side" }, side),
      ]),
    ]);
  }

  /** Whether the panel offers the next puzzle: always, but in a streak only after solving one, while it goes on. */
  private offersNext(): boolean {
    if (!this.streak) return true;
    return this.feedback.kind === "over" && streakPuzzle(this.streak) !== null;
  }

  /** The names of the puzzle's side to move and of the opponent in the page's language (the puzzle names its seats), and whether the opponent's move is still to come. */
  private sides(puzzle: PuzzleReply): BriefSides {
    const solver = puzzle.start.side_to_move;
    return {
      side: puzzle.sides[solver][lang()],
      opponent: puzzle.sides[solver === "p1" ? "p2" : "p1"][lang()],
      leadIn: this.leadIn,
      played: this.leadIn || !puzzle.lead_in ? null : leadInWords(puzzle.game, puzzle.lead_in),
    };
  }

  /** The page's heading: the game's puzzles or its streak, with the game's title in the page's language. */
  private heading(): string {
    const title = this.summary?.title[lang()] ?? this.game;
    return t(this.streakMode ? "puzzlesStreakOf" : "puzzlesOf", { title });
  }

  /** The links above the puzzle, its heading and the modes' tabs, in the page's language (drawn anew on every render). */
  private head(): VNode[] {
    return [
      v("p", { key: "links" }, [
        this.link("/puzzles", t("puzzlesTitle"), { class: "puzzles-all" }),
        " · ",
        this.link(`/learn/${this.game}`, t("puzzlesLearn"), { class: "puzzles-lesson" }),
        " · ",
        this.link(`/rules/${this.game}`, t("puzzlesRules"), { class: "puzzles-rules" }),
      ]),
      v("h1", { key: "title", class: "puzzle-title" }, this.heading()),
      modeTabs(this.game, this.streakMode, t, this.link),
    ];
  }

  /**
   * Draws `position` with the solver at the bottom; it takes moves while the puzzle is open and the
   * opponent's move before it has been played (which slides in once).
   */
  private drawBoard(position: StudyPosition, puzzle: PuzzleReply) {
    const open = this.feedback.kind !== "over" && !this.busy && !this.leadIn && !this.wrong;
    const flipped = puzzle.start.side_to_move === "p2";
    this.board.draw(position, { last: this.last, flipped, open, animate: this.animate });
    this.animate = false;
  }
}

/** The lead-in's move in the game's words when its board module writes them, else its text. */
function leadInWords(game: string, leadIn: PuzzleLeadIn): BriefSides["played"] {
  const words = boardModule(game).lineWords?.(leadIn.before.view, [leadIn.move], { t, flipped: false })?.[0];
  return words ? { words } : { move: leadIn.move };
}
