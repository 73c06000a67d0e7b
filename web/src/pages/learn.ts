// The lessons' pages: `/learn` lists the games, `/learn/<game>/<step>` walks a game's lesson step by
// step on the game's own board, each move checked by the server. Each step has its address (Back goes
// to the step before; `/learn/<game>` opens the first step not yet done), and earns 1 to 3 stars.

import { t, lang, errorText } from "../i18n.js";
import type { UiError } from "../i18n.js";
import { host, keepsStill, patch, v } from "../vdom.js";
import type { VNode } from "../vdom.js";
import { api } from "../api.js";
import { boardModule } from "../boards.js";
import type { View } from "../board-types.js";
import { startGame } from "../start-game.js";
import type { Link, Page } from "../types.js";
import { StudyBoard, errorCard, gameListPage } from "./study.js";
import {
  accountProgress,
  firstOpenStep,
  freshAttempt,
  lessonListView,
  loadProgress,
  mergeProgress,
  unionProgress,
  saveProgress,
  shownFrames,
  starsFor,
  stepAddress,
  stepBrief,
  stepIndex,
  stepPanel,
  words,
} from "./learn-view.js";
import type { Attempt, Feedback, MoveWords, Played, Progress } from "./learn-view.js";
import type { LessonCheckReply } from "../contract/LessonCheckReply.js";
import type { LessonReply } from "../contract/LessonReply.js";
import type { LessonSummary } from "../contract/LessonSummary.js";
import type { StudyPosition } from "../contract/StudyPosition.js";
import type { LessonStep } from "../contract/LessonStep.js";

/** How long each move of a solution shown stays before the next one slides in, ms. */
const SHOWN_MOVE_MS = 900;

/** How long a solution shown stays on the board after its last move before the step goes back to its start, ms. */
const SHOWN_MS = 2000;

/** `/learn`: every game with a lesson, and how far this browser got. */
export function learnListPage(main: HTMLElement, link: Link): Page {
  return gameListPage<LessonSummary>(main, {
    title: () => t("learnTitle"),
    url: "/api/learn",
    draw: (games, picture) =>
      lessonListView(
        games,
        (game) => unionProgress(loadProgress(localStorage, game), games.find((g) => g.game === game)?.stars ?? null),
        t,
        link,
        picture,
      ),
  });
}

/** `/learn/<game>` and `/learn/<game>/<step>`: the lesson of one game, at step `step` (null: the first not yet done). */
export function learnPage(main: HTMLElement, game: string, link: Link, step: string | null = null): Page {
  const controller = new LessonController(main, game, link, step);
  controller.load();
  return { render: controller.render, destroy: controller.destroy };
}

/** The state of a lesson being walked: the step, the learner's moves so far, the verdict. */
class LessonController {
  private lesson: LessonReply | null = null;
  private language = lang();
  private index = 0;
  private progress: Progress = {};
  /** What helped the learner with the step so far (it decides the stars). */
  private attempt: Attempt = freshAttempt();
  /** Whether the present attempt finished the step (beginning it again is then a fresh try). */
  private solved = false;
  private moves: string[] = [];
  private position: StudyPosition | null = null;
  private last: string | null = null;
  private feedback: Feedback = { kind: "none" };
  private error: UiError | null = null;
  private busy = false;
  private alive = true;
  /** Whether the next drawing of the board slides the move just played in (a solution shown, the opponent's reply). */
  private animate = false;
  /** Counts the solutions shown and the steps opened: a solution's timers stop when it changed. */
  private showing = 0;
  /** The lesson's board. */
  private readonly board: StudyBoard;

  constructor(
    private readonly main: HTMLElement,
    private readonly game: string,
    private readonly link: Link,
    /** The step the address names (null: none). */
    private readonly wanted: string | null,
  ) {
    this.board = new StudyBoard(game, (move) => this.play(move));
  }

  /** Reads the lesson in the page's language and opens the step the address names, else the first not yet done. */
  readonly load = async () => {
    try {
      const lesson = await api<LessonReply>("GET", `/api/learn/${encodeURIComponent(this.game)}?lang=${this.language}`);
      if (!this.alive) return;
      const fresh = !this.lesson;
      this.lesson = lesson;
      this.progress = mergeProgress(lesson.steps, loadProgress(localStorage, this.game), accountProgress(lesson));
      if (fresh) {
        const named = stepIndex(lesson.steps, this.wanted);
        this.open(named ?? firstOpenStep(lesson.steps, this.progress), "replace");
        // An address naming no step of the lesson: the step where the learner left off, and why.
        if (named === null && this.wanted !== null) {
          this.feedback = { kind: "missing", step: this.wanted };
          this.render();
        }
      } else this.render();
    } catch (e) {
      this.error = e as UiError;
      this.render();
    }
  };

  readonly destroy = () => {
    this.alive = false;
  };

  /**
   * Opens step `index` at its start, its address in the browser's history: a new entry (`push`, so that
   * Back returns to the step before), the present one rewritten (`replace`: the first step shown), or
   * none (`keep`: the same step again). A step begun anew after it was done is a fresh try for three stars.
   */
  private open(index: number, history: "push" | "replace" | "keep") {
    if (!this.lesson) return;
    const before = this.lesson.steps[this.index]?.id;
    this.index = Math.max(0, Math.min(index, this.lesson.steps.length - 1));
    const step = this.lesson.steps[this.index];
    if (history !== "keep" || step?.id !== before || this.solved) this.attempt = freshAttempt();
    this.solved = false;
    if (step && history !== "keep") {
      const address = stepAddress(this.game, step.id);
      if (location.pathname !== address) {
        if (history === "push") window.history.pushState(null, "", address);
        else window.history.replaceState(null, "", address);
      }
    }
    this.backToStart();
    this.feedback = { kind: "none" };
    this.render();
  }

  /** The learner's move: checked with the moves before it. */
  private readonly play = async (move: string) => {
    await this.check([...this.moves, move], false);
  };

  /** Plays the solution for the learner ("show me"), without counting the step as done. */
  private readonly show = async () => {
    const step = this.lesson?.steps[this.index];
    if (!step) return;
    this.moves = [];
    this.attempt.shown = true;
    await this.check(
      step.solution.filter((_, i) => i % 2 === 0),
      true,
    );
  };

  /** The way on from a finished lesson: a game of the lesson's game against the computer, as the lobby starts it. */
  private readonly playComputer = async () => {
    try {
      await startGame({ game: this.game, options: {}, opponent: "engine", side: "p1" });
    } catch (e) {
      this.feedback = { kind: "error", text: errorText(e as UiError) };
      this.render();
    }
  };

  /** Sends `moves` to the server and shows its verdict. */
  private async check(moves: string[], shown: boolean) {
    const step = this.lesson?.steps[this.index];
    if (!step || this.busy) return;
    this.busy = true;
    try {
      const path = `/api/learn/${encodeURIComponent(this.game)}/${encodeURIComponent(step.id)}/check`;
      const stars = starsFor(this.attempt);
      const reply = await api<LessonCheckReply>("POST", path, { moves, shown, stars });
      // By id: a change of language reloads the lesson (new objects, the same steps) while the check is under way.
      if (!this.alive || this.lesson?.steps[this.index]?.id !== step.id) return;
      if (shown) this.playShown(step, reply);
      else this.apply(reply, moves);
    } catch (e) {
      this.feedback = { kind: "error", text: errorText(e as UiError) };
    } finally {
      this.busy = false;
      this.render();
    }
  }

  /** Moves played from the position `view` as the game's board module writes them for people (its notation where it does not). */
  private readonly words: MoveWords = (view, moves) =>
    boardModule(this.game).lineWords?.(view as View, moves, { t, flipped: false });

  /** Takes the server's verdict on the learner's `moves` in. */
  private apply(reply: LessonCheckReply, moves: string[]) {
    const step = this.lesson?.steps[this.index];
    if (!step) return;
    if (reply.status === "wrong") {
      // Named as the game writes it, from the position it was played in (the board stays there).
      this.feedback = { kind: "wrong", played: { view: this.position?.view ?? {}, moves: [reply.played ?? ""] } };
      this.attempt.wrong = true;
      return;
    }
    this.moves = moves;
    this.position = reply.at;
    this.last = reply.last_move;
    if (reply.status === "continue") {
      // The reply named from the position the opponent made it in (after the learner's move).
      const before = reply.positions[reply.positions.length - 2]?.view ?? {};
      this.feedback = { kind: "continue", played: { view: before, moves: [reply.reply ?? ""] } };
      // The reply slides in, as a move of the opponent's does on a game's page.
      this.animate = true;
    } else {
      const stars = starsFor(this.attempt);
      this.solved = true;
      this.feedback = { kind: "done", stars };
      saveProgress(localStorage, this.game, step.id, stars);
      this.progress = mergeProgress(this.lesson?.steps ?? [], this.progress, { [step.id]: stars });
    }
  }

  /**
   * Plays the solution of `step` (the server's `reply` to it) on the board, move by move with the
   * board's own slide and last-move marks (where boards keep still: its final position at once), then
   * after a pause puts the step back at its start for the learner to play it.
   */
  private playShown(step: LessonStep, reply: LessonCheckReply) {
    const frames = shownFrames(reply.line, reply.positions, keepsStill());
    const played = { view: step.start.view, moves: reply.line };
    const token = ++this.showing;
    this.feedback = { kind: "shown", onBoard: true, played };
    frames.forEach((frame, i) => {
      const draw = () => {
        if (!this.stillShowing(step, token)) return;
        this.position = frame.position;
        this.last = frame.last;
        this.animate = frame.animate;
        // The first picture is drawn with the verdict (check's render); the others on their own.
        if (i > 0) this.render();
      };
      if (i === 0) draw();
      else setTimeout(draw, i * SHOWN_MOVE_MS);
    });
    const back = Math.max(0, frames.length - 1) * SHOWN_MOVE_MS + SHOWN_MS;
    setTimeout(() => this.takeBackShown(step, token, played), back);
  }

  /** Whether the solution shown as `token` on step `step` is still on the board (the learner did not move on). */
  private stillShowing(step: LessonStep, token: number): boolean {
    if (!this.alive || token !== this.showing || this.lesson?.steps[this.index]?.id !== step.id) return false;
    return this.feedback.kind === "shown" && this.feedback.onBoard;
  }

  /** Puts step `step` back at its start after its solution (`played`) was shown, for the learner to play. */
  private takeBackShown(step: LessonStep, token: number, played: Played) {
    if (!this.stillShowing(step, token)) return;
    this.backToStart();
    this.feedback = { kind: "shown", onBoard: false, played };
    this.render();
  }

  /** Puts the board back at the step's start, no moves played (a solution shown stops). */
  private backToStart() {
    this.showing++;
    this.moves = [];
    this.last = null;
    this.position = this.lesson?.steps[this.index]?.start ?? null;
  }

  readonly render = () => {
    if (!this.alive) return;
    document.title = `${t("learnTitle")}: ${this.lesson ? words(this.lesson.title) : this.game} · ${t("appTitle")}`;
    if (this.language !== lang()) {
      this.language = lang();
      void this.load();
    }
    if (this.error) {
      const message = this.error.status === 404 ? t("learnNoLesson") : errorText(this.error);
      patch(this.main, errorCard("learn-error", message, this.link("/learn", t("learnTitle"))));
      return;
    }
    if (!this.lesson || !this.position) return;
    patch(this.main, this.view(this.lesson));
    this.drawBoard(this.position);
  };

  /** The lesson's page: the links and heading, the step's brief, the board's host and the step panel. */
  private view(lesson: LessonReply): VNode {
    const panel = stepPanel(
      lesson,
      this.index,
      this.progress,
      this.feedback,
      {
        hint: () => {
          this.attempt.hint = true;
          // A solution being shown goes at once, the board back at the step's start for the learner.
          if (this.feedback.kind === "shown" && this.feedback.onBoard) this.backToStart();
          this.feedback = { kind: "hint" };
          this.render();
        },
        show: () => void this.show(),
        retry: () => this.open(this.index, "keep"),
        go: (index) => this.open(index, index === this.index ? "keep" : "push"),
        playComputer: () => void this.playComputer(),
      },
      t,
      this.words,
    );
    return v("div", { key: `learn-${lesson.game}`, class: "page learn", "data-game": lesson.game }, [
      v("div", { key: "head", class: "learn-head" }, this.head(lesson)),
      v("div", { key: "layout", class: "learn-layout" }, [
        v(
          "div",
          { key: "brief", class: "learn-brief-host" },
          stepBrief(lesson, this.index, this.feedback, t, this.words),
        ),
        host("div", { key: "board", class: "board-host learn-board" }, this.board.attach),
        v("div", { key: "side", class: "learn-side" }, panel),
      ]),
    ]);
  }

  /** The links above the lesson and its heading, in the page's language (drawn anew on every render). */
  private head(lesson: LessonReply): VNode[] {
    return [
      v("p", { key: "links" }, [
        this.link("/learn", t("learnTitle"), { class: "learn-all" }),
        " · ",
        this.link(`/rules/${lesson.game}`, t("learnRules"), { class: "learn-rules" }),
      ]),
      v("h1", { key: "title" }, `${t("learnToPlay")}: ${words(lesson.title)}`),
    ];
  }

  /** Draws `position` on the board; it takes moves while the step is not done. */
  private drawBoard(position: StudyPosition) {
    const showing = this.feedback.kind === "shown" && this.feedback.onBoard;
    const open = this.feedback.kind !== "done" && !showing && !this.busy;
    this.board.draw(position, { last: this.last, flipped: false, open, animate: this.animate });
    this.animate = false;
  }
}
