// The lessons' pure views and helpers: the list of games, a step's panel, and the progress
// kept per browser. The controller (learn.ts) holds the state and talks to the server.

import { addTexts, lang } from "../i18n.js";
import type { Translate } from "../i18n.js";
import { v } from "../vdom.js";
import type { VNode } from "../vdom.js";
import type { Link } from "../types.js";
import type { LessonReply } from "../contract/LessonReply.js";
import type { LessonStep } from "../contract/LessonStep.js";
import type { LessonSummary } from "../contract/LessonSummary.js";
import type { LessonText } from "../contract/LessonText.js";
import type { StudyPosition } from "../contract/StudyPosition.js";

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: {
    learnTitle: "Learn to play",
    learnIntro:
      "Short lessons on the board: each step explains one rule and gives you a task. Your progress is kept in this browser, and with your account when you are signed in.",
    learnSteps: "{done} of {count} steps done",
    learnStarsOf: "{stars} of {max} stars",
    learnChip: "Step {n}: {title}",
    learnChipDone: "Step {n}: {title} — done, {stars} of 3 stars",
    learnChipDoneNoStars: "Step {n}: {title} — done",
    learnStepsLabel: "The lesson's steps",
    learnStepOf: "Step {n} of {count}",
    learnHint: "Hint",
    learnShow: "Show me",
    learnRetry: "Start the step again",
    learnNext: "Next",
    learnPrevious: "Previous step",
    learnDone: "Well done!",
    learnDoneStars: "Well done! {stars} of 3 stars.",
    learnStarsWhy3: "Solved at the first try, without help.",
    learnStarsWhy2: "A hint or a wrong move costs a star. Start the step again to try for three.",
    learnStarsWhy1: "After “Show me” the step gives one star. Start the step again to try for three.",
    learnWrong: "Your move ({move}) is legal, but it does not do the task. Try again.",
    learnGoOn: "Right! Your opponent answered: {reply}. Go on.",
    learnShown: "The solution: {moves}. Watch — the board goes back in a moment for you to play it.",
    learnShownBack: "That was the solution: {moves}. Now play it yourself.",
    learnFinished: "You have finished the lesson. Ready for a real game?",
    learnPlay: "Choose another game in the lobby",
    learnPlayComputer: "Play a game against the computer",
    learnRules: "Read the rules",
    learnNoLesson: "There is no lesson for this game.",
    learnMissing: "No step named “{step}”; here is where you left off.",
  },
  de: {
    learnTitle: "Spielen lernen",
    learnIntro:
      "Kurze Lektionen auf dem Brett: Jeder Schritt erklärt eine Regel und stellt dir eine Aufgabe. Dein Fortschritt bleibt in diesem Browser gespeichert und, wenn du angemeldet bist, bei deinem Konto.",
    learnSteps: "{done} von {count} Schritten geschafft",
    learnStarsOf: "{stars} von {max} Sternen",
    learnChip: "Schritt {n}: {title}",
    learnChipDone: "Schritt {n}: {title} – geschafft, {stars} von 3 Sternen",
    learnChipDoneNoStars: "Schritt {n}: {title} – geschafft",
    learnStepsLabel: "Die Schritte der Lektion",
    learnStepOf: "Schritt {n} von {count}",
    learnHint: "Tipp",
    learnShow: "Zeig es mir",
    learnRetry: "Schritt neu beginnen",
    learnNext: "Weiter",
    learnPrevious: "Voriger Schritt",
    learnDone: "Gut gemacht!",
    learnDoneStars: "Gut gemacht! {stars} von 3 Sternen.",
    learnStarsWhy3: "Beim ersten Versuch gelöst, ohne Hilfe.",
    learnStarsWhy2: "Ein Tipp oder ein falscher Zug kostet einen Stern. Beginne den Schritt neu, um drei zu holen.",
    learnStarsWhy1: "Nach „Zeig es mir“ gibt es einen Stern. Beginne den Schritt neu, um drei zu holen.",
    learnWrong: "Dein Zug ({move}) ist erlaubt, erfüllt aber nicht die Aufgabe. Versuch es noch einmal.",
    learnGoOn: "Richtig! Dein Gegner hat geantwortet: {reply}. Mach weiter.",
    learnShown: "Die Lösung: {moves}. Schau zu — gleich steht das Brett wieder am Anfang, dann spielst du sie.",
    learnShownBack: "Das war die Lösung: {moves}. Jetzt spiel sie selbst.",
    learnFinished: "Du hast die Lektion geschafft. Bereit für eine echte Partie?",
    learnPlay: "Eine andere Partie in der Übersicht wählen",
    learnPlayComputer: "Eine Partie gegen den Computer spielen",
    learnRules: "Die Regeln lesen",
    learnNoLesson: "Für dieses Spiel gibt es keine Lektion.",
    learnMissing: "Einen Schritt namens „{step}“ gibt es nicht; hier geht es weiter, wo du aufgehört hast.",
  },
});

/** A text of a lesson in the page's language (the server sends one language when asked for it, else both). */
export function words(text: LessonText): string {
  return typeof text === "string" ? text : text[lang()];
}

/** What the learner sees below the task: nothing yet, or a verdict. */
export type Feedback =
  | { kind: "none" }
  | { kind: "hint" }
  /** The solution played for the learner: on the board (`onBoard`), or taken back for the learner to play. */
  | { kind: "shown"; onBoard: boolean; played: Played }
  /** The address named step `step`, which the lesson does not have: the step shown instead is where the learner left off. */
  | { kind: "missing"; step: string }
  /** A legal move that does not do the task. */
  | { kind: "wrong"; played: Played }
  /** Right so far: the opponent's reply. */
  | { kind: "continue"; played: Played }
  /** The task is done, earning `stars` (1 to 3). */
  | { kind: "done"; stars: number }
  | { kind: "error"; text: string };

/** The most stars a step gives: solved at the first try without help. */
export const MAX_STARS = 3;

/** The finished steps of a game's lesson, each with the best stars earned on it (0: finished, stars not known). */
export type Progress = Record<string, number>;

/** What helped the learner with a step so far: a hint, a wrong move, the solution shown. */
export interface Attempt {
  hint: boolean;
  wrong: boolean;
  shown: boolean;
}

/** An attempt without help yet. */
export function freshAttempt(): Attempt {
  return { hint: false, wrong: false, shown: false };
}

/** The stars a step earns when solved after `attempt`: 3 without help, 2 after a hint or a wrong move, 1 after "Show me". */
export function starsFor(attempt: Attempt): number {
  if (attempt.shown) return 1;
  return attempt.hint || attempt.wrong ? 2 : MAX_STARS;
}

/** Stars as a row of signs: filled for the earned, hollow for the rest ("★★☆"). */
export function starSigns(stars: number): string {
  const earned = Math.max(0, Math.min(MAX_STARS, stars));
  return "★".repeat(earned) + "☆".repeat(MAX_STARS - earned);
}

/** The localStorage key of a game's finished steps. */
export function progressKey(game: string): string {
  return `spielwerk.learn.${game}`;
}

/**
 * The finished steps kept in `storage` for `game`, with their stars: an object of step id → stars, or
 * the list of ids kept before stars were counted (each with 0 stars). An unreadable entry counts as none.
 */
export function loadProgress(storage: Pick<Storage, "getItem">, game: string): Progress {
  try {
    const value: unknown = JSON.parse(storage.getItem(progressKey(game)) ?? "{}");
    if (Array.isArray(value)) {
      return Object.fromEntries(value.filter((id): id is string => typeof id === "string").map((id) => [id, 0]));
    }
    if (typeof value !== "object" || value === null) return {};
    const progress: Progress = {};
    for (const [id, stars] of Object.entries(value)) {
      if (typeof stars === "number" && Number.isInteger(stars)) progress[id] = Math.max(0, Math.min(MAX_STARS, stars));
    }
    return progress;
  } catch {
    return {};
  }
}

/** Keeps `step` among the finished steps of `game` in `storage` with the more of its `stars` and those kept; returns them all. */
export function saveProgress(
  storage: Pick<Storage, "getItem" | "setItem">,
  game: string,
  step: string,
  stars: number,
): Progress {
  const progress = loadProgress(storage, game);
  progress[step] = Math.max(progress[step] ?? 0, Math.max(0, Math.min(MAX_STARS, stars)));
  storage.setItem(progressKey(game), JSON.stringify(progress));
  return progress;
}

/** The steps finished here or with the account, in lesson order (steps no longer in the lesson dropped), each with its best stars. */
export function mergeProgress(steps: { id: string }[], ...lists: (Progress | null)[]): Progress {
  const all = lists.reduce<Progress>((merged, list) => unionProgress(merged, list), {});
  const merged: Progress = {};
  for (const { id } of steps) {
    const stars = all[id];
    if (stars !== undefined) merged[id] = stars;
  }
  return merged;
}

/** This browser's progress and the account's (`null` for a guest) together, each step at its best stars. */
export function unionProgress(local: Progress, account: Progress | null): Progress {
  const merged: Progress = { ...local };
  for (const [id, stars] of Object.entries(account ?? {})) merged[id] = Math.max(merged[id] ?? 0, stars);
  return merged;
}

/** The account's progress from a lesson's reply (`done` and its `stars`), or null for a guest. */
export function accountProgress(lesson: Pick<LessonReply, "done" | "stars">): Progress | null {
  if (!lesson.done) return null;
  return Object.fromEntries(lesson.done.map((id) => [id, lesson.stars?.[id] ?? 0]));
}

/** Whether `step` is finished. */
export function isDone(progress: Progress, step: string): boolean {
  return progress[step] !== undefined;
}

/** How many steps are finished, and the stars earned on them. */
export function tally(progress: Progress): { done: number; stars: number } {
  const all = Object.values(progress);
  return { done: all.length, stars: all.reduce((sum, stars) => sum + stars, 0) };
}

/** The index of the first step not yet finished (the last step when all are). */
export function firstOpenStep(steps: { id: string }[], progress: Progress): number {
  const open = steps.findIndex((step) => !isDone(progress, step.id));
  return open === -1 ? Math.max(0, steps.length - 1) : open;
}

/** The index of the step `id` in `steps`, or null for none (an old or mistyped address). */
export function stepIndex(steps: { id: string }[], id: string | null): number | null {
  if (id === null) return null;
  const index = steps.findIndex((step) => step.id === id);
  return index === -1 ? null : index;
}

/** The address of a lesson's step: `/learn/<game>/<step>`. */
export function stepAddress(game: string, step: string): string {
  return `/learn/${encodeURIComponent(game)}/${encodeURIComponent(step)}`;
}

/** A game's picture for the lists of lessons and puzzles (none while the games are not known). */
export type Picture = (game: string) => VNode | null;

/** The list of lessons, one card per game (the whole card a link) with its picture, its progress and stars in words, and a bar. */
export function lessonListView(
  games: LessonSummary[],
  progressOf: (game: string) => Progress,
  t: Translate,
  link: Link,
  picture: Picture = () => null,
): VNode {
  return v("div", { key: "learn-list", class: "page learn-list" }, [
    v("h1", {}, t("learnTitle")),
    v("p", {}, t("learnIntro")),
    v("p", {}, link("/puzzles", t("puzzlesLink"), { class: "puzzles-link" })),
    v(
      "ul",
      { class: "learn-games" },
      games.map((game) => {
        const { done, stars } = tally(progressOf(game.game));
        return v(
          "li",
          { key: game.game, class: "card", "data-game": game.game },
          link(
            `/learn/${game.game}`,
            [
              picture(game.game),
              v("span", { class: "learn-name" }, game.title[lang()]),
              v("span", { class: "learn-progress" }, [
                t("learnSteps", { done, count: game.steps }),
                v("span", { class: "learn-stars-total" }, [
                  v("span", { "aria-hidden": "true" }, "★ "),
                  t("learnStarsOf", { stars, max: game.steps * MAX_STARS }),
                ]),
              ]),
              v("progress", { class: "learn-bar", max: game.steps, value: done, "aria-hidden": "true" }),
            ],
            { class: "learn-game" },
          ),
        );
      }),
    ),
  ]);
}

/** Moves a verdict names, and the position they were played from (the game's words for them depend on it). */
export interface Played {
  view: StudyPosition["view"];
  moves: string[];
}

/** Moves in a game's words (its board module's `lineWords`) played from the position `view`, or null where the game writes none. */
export type MoveWords = (view: StudyPosition["view"], moves: string[]) => string[] | null | undefined;

/** A game without words for its moves: they are written in its notation. */
export const notation: MoveWords = () => null;

/**
 * Moves played from a position as the game's board module writes them for people (`words`), one
 * after another, in the page's language at the time; the moves' own texts where the module has no words.
 */
export function movesText(moveWords: MoveWords, { view, moves }: Played): string {
  const written = moveWords(view, moves);
  return written && written.length === moves.length ? written.join("; ") : moves.join(", ");
}

/** One picture of a solution played on the board: the position after move `last`, slid in when `animate`. */
export interface ShownFrame {
  position: StudyPosition;
  last: string;
  animate: boolean;
}

/**
 * The pictures of a solution shown on the board: each move of `line` (the learner's and the
 * replies) in turn, slid in, from the position after each (`positions`); where boards keep still
 * (`still`: the setting "move animation" off, or the system asks for less motion), the final
 * position alone, not slid.
 */
export function shownFrames(line: string[], positions: StudyPosition[], still: boolean): ShownFrame[] {
  const frames = line.flatMap((last, i) => {
    const position = positions[i];
    return position ? [{ position, last, animate: !still }] : [];
  });
  const final = frames[frames.length - 1];
  return still ? (final ? [final] : []) : frames;
}

/** The sentence of a verdict, or null. */
export function feedbackText(
  feedback: Feedback,
  step: LessonStep,
  t: Translate,
  moveWords: MoveWords = notation,
): string | null {
  switch (feedback.kind) {
    case "none":
      return null;
    case "hint":
      return words(step.hint);
    case "shown":
      return t(feedback.onBoard ? "learnShown" : "learnShownBack", { moves: movesText(moveWords, feedback.played) });
    case "missing":
      return t("learnMissing", { step: feedback.step });
    case "wrong":
      return t("learnWrong", { move: movesText(moveWords, feedback.played) });
    case "continue":
      return t("learnGoOn", { reply: movesText(moveWords, feedback.played) });
    case "done":
      return t("learnDoneStars", { stars: feedback.stars });
    case "error":
      return feedback.text;
  }
}

/**
 * The step's task in brief, for the top of a phone's screen (CSS hides it beside a wide board,
 * where the panel says it): the step's place, its title, the rule it teaches, the task and the verdict.
 */
export function stepBrief(
  lesson: LessonReply,
  index: number,
  feedback: Feedback,
  t: Translate,
  moveWords: MoveWords = notation,
): VNode {
  const step = lesson.steps[index] as LessonStep;
  const text = feedbackText(feedback, step, t, moveWords);
  return v(
    "section",
    { key: `brief-${step.id}`, class: "learn-brief", "data-step": step.id, "aria-label": words(step.title) },
    [
      v("p", { class: "learn-brief-title" }, [
        v("span", { class: "muted" }, t("learnStepOf", { n: index + 1, count: lesson.steps.length })),
        " · ",
        v("strong", {}, words(step.title)),
      ]),
      v("p", { class: "learn-brief-explanation" }, words(step.explanation)),
      v("p", { class: "learn-brief-task" }, words(step.task)),
      text ? v("p", { key: "feedback", class: `learn-brief-feedback ${feedback.kind}`, role: "status" }, text) : null,
    ],
  );
}

/** What the step panel's buttons do. */
export interface StepActions {
  hint: () => void;
  show: () => void;
  retry: () => void;
  go: (index: number) => void;
  /** Starts a game of the lesson's game against the computer (offered at the end). */
  playComputer: () => void;
}

/** The panel beside the board: the steps, the explanation, the task, the verdict and the buttons. */
export function stepPanel(
  lesson: LessonReply,
  index: number,
  progress: Progress,
  feedback: Feedback,
  actions: StepActions,
  t: Translate,
  moveWords: MoveWords = notation,
): VNode {
  const step = lesson.steps[index] as LessonStep;
  const text = feedbackText(feedback, step, t, moveWords);
  const finished = isDone(progress, step.id);
  const last = index === lesson.steps.length - 1;
  return v("section", { key: `panel-${step.id}`, class: "card learn-panel", "data-step": step.id }, [
    v(
      "ol",
      { class: "learn-steps", "aria-label": t("learnStepsLabel") },
      lesson.steps.map((s, i) => stepChip(s, i, i === index, progress[s.id], actions.go, t)),
    ),
    v("p", { class: "learn-count" }, t("learnStepOf", { n: index + 1, count: lesson.steps.length })),
    v("h2", {}, words(step.title)),
    v("p", { class: "learn-explanation" }, words(step.explanation)),
    v("p", { class: "learn-task" }, v("strong", {}, words(step.task))),
    text ? v("p", { key: "feedback", class: `learn-feedback ${feedback.kind}`, role: "status" }, text) : null,
    feedback.kind === "done" ? starsEarned(feedback.stars, t) : null,
    v("div", { key: "learn-buttons", class: "learn-buttons" }, [
      v(
        "button",
        { key: "learn-hint", type: "button", class: "learn-hint", on: { click: actions.hint } },
        t("learnHint"),
      ),
      v(
        "button",
        { key: "learn-show", type: "button", class: "learn-show", on: { click: actions.show } },
        t("learnShow"),
      ),
      v(
        "button",
        {
          key: "learn-retry",
          type: "button",
          class: "learn-retry",
          title: t("learnRetry"),
          "aria-label": t("learnRetry"),
          on: { click: actions.retry },
        },
        "↺",
      ),
      last && index === 0 ? null : stepNav(index, last, finished, actions.go, t),
    ]),
    last && finished ? finishedView(lesson.game, actions.playComputer, t) : null,
  ]);
}

/**
 * A step's chip: its number, and when done its stars (a tick when finished before stars were kept), filled;
 * its name says the step's title and, when done, its stars in words. `stars` is undefined while not done.
 */
function stepChip(
  step: LessonStep,
  index: number,
  current: boolean,
  stars: number | undefined,
  go: (index: number) => void,
  t: Translate,
): VNode {
  const n = index + 1;
  const title = words(step.title);
  const done = stars !== undefined;
  const label =
    stars === undefined
      ? t("learnChip", { n, title })
      : stars > 0
        ? t("learnChipDone", { n, title, stars })
        : t("learnChipDoneNoStars", { n, title });
  return v(
    "li",
    { key: step.id, class: [done ? "done" : "", current ? "current" : ""].join(" ").trim(), "data-step": step.id },
    v(
      "button",
      {
        type: "button",
        title,
        "aria-label": label,
        "aria-current": current ? "step" : null,
        on: { click: () => go(index) },
      },
      [
        v("span", { class: "learn-chip-number" }, String(n)),
        done
          ? v("span", { class: "learn-chip-stars", "aria-hidden": "true" }, stars > 0 ? starSigns(stars) : "✓")
          : null,
      ],
    ),
  );
}

/** The stars just earned on a step, large, with why there are not three. */
function starsEarned(stars: number, t: Translate): VNode {
  const why = stars >= MAX_STARS ? "learnStarsWhy3" : stars === 2 ? "learnStarsWhy2" : "learnStarsWhy1";
  return v("div", { key: "learn-earned", class: "learn-earned", "data-stars": String(stars) }, [
    v("span", { class: "learn-earned-stars", "aria-hidden": "true" }, starSigns(stars)),
    v("span", { class: "learn-earned-why" }, t(why)),
  ]);
}

/** The way between the steps, at the right end of the buttons' row: Previous (an arrow, named) and Next. */
function stepNav(index: number, last: boolean, finished: boolean, go: (index: number) => void, t: Translate): VNode {
  return v("span", { key: "learn-nav", class: "learn-nav" }, [
    index > 0
      ? v(
          "button",
          {
            key: "learn-previous",
            type: "button",
            class: "learn-previous",
            title: t("learnPrevious"),
            "aria-label": t("learnPrevious"),
            on: { click: () => go(index - 1) },
          },
          "‹",
        )
      : null,
    !last
      ? v(
          "button",
          {
            key: "learn-next",
            type: "button",
            class: finished ? "learn-next primary" : "learn-next",
            on: { click: () => go(index + 1) },
          },
          t("learnNext"),
        )
      : null,
  ]);
}

/** The end of a lesson: on to a game against the computer, another game in the lobby, or the rules. */
function finishedView(game: string, playComputer: () => void, t: Translate): VNode {
  return v("div", { key: "learn-finished", class: "learn-finished" }, [
    v("p", {}, t("learnFinished")),
    v(
      "button",
      { key: "learn-play-computer", type: "button", class: "primary learn-play-computer", on: { click: playComputer } },
      t("learnPlayComputer"),
    ),
    v("p", {}, [
      v("a", { href: "/", class: "learn-play" }, t("learnPlay")),
      " · ",
      v("a", { href: `/rules/${game}` }, t("learnRules")),
    ]),
  ]);
}
