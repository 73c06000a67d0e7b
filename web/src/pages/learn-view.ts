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

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: {
    learnTitle: "Learn to play",
    learnIntro:
      "Short lessons on the board: each step explains one rule and gives you a task. Your progress is kept in this browser, and with your account when you are signed in.",
    learnSteps: "{done} of {count} steps done",
    learnStepOf: "Step {n} of {count}",
    learnHint: "Hint",
    learnShow: "Show me",
    learnRetry: "Start the step again",
    learnNext: "Next",
    learnPrevious: "Previous step",
    learnDone: "Well done!",
    learnWrong: "{move} is legal, but it does not do the task. Try again.",
    learnGoOn: "Right! Your opponent answered {reply}. Go on.",
    learnShown: "The solution: {moves}. Watch — the board goes back in a moment for you to play it.",
    learnShownBack: "That was the solution: {moves}. Now play it yourself.",
    learnFinished: "You have finished the lesson. Ready for a real game?",
    learnPlay: "Choose another game in the lobby",
    learnPlayComputer: "Play a game against the computer",
    learnRules: "Read the rules",
    learnNoLesson: "There is no lesson for this game.",
  },
  de: {
    learnTitle: "Spielen lernen",
    learnIntro:
      "Kurze Lektionen auf dem Brett: Jeder Schritt erklärt eine Regel und stellt dir eine Aufgabe. Dein Fortschritt bleibt in diesem Browser gespeichert und, wenn du angemeldet bist, bei deinem Konto.",
    learnSteps: "{done} von {count} Schritten geschafft",
    learnStepOf: "Schritt {n} von {count}",
    learnHint: "Tipp",
    learnShow: "Zeig es mir",
    learnRetry: "Schritt neu beginnen",
    learnNext: "Weiter",
    learnPrevious: "Voriger Schritt",
    learnDone: "Gut gemacht!",
    learnWrong: "{move} ist erlaubt, erfüllt aber nicht die Aufgabe. Versuch es noch einmal.",
    learnGoOn: "Richtig! Dein Gegner hat {reply} gezogen. Mach weiter.",
    learnShown: "Die Lösung: {moves}. Schau zu — gleich steht das Brett wieder am Anfang, dann spielst du sie.",
    learnShownBack: "Das war die Lösung: {moves}. Jetzt spiel sie selbst.",
    learnFinished: "Du hast die Lektion geschafft. Bereit für eine echte Partie?",
    learnPlay: "Eine andere Partie in der Übersicht wählen",
    learnPlayComputer: "Eine Partie gegen den Computer spielen",
    learnRules: "Die Regeln lesen",
    learnNoLesson: "Für dieses Spiel gibt es keine Lektion.",
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
  | { kind: "shown"; onBoard: boolean }
  | { kind: "wrong"; move: string }
  | { kind: "continue"; reply: string }
  | { kind: "done" }
  | { kind: "error"; text: string };

/** The localStorage key of a game's finished steps. */
export function progressKey(game: string): string {
  return `spielwerk.learn.${game}`;
}

/** The finished step ids kept in `storage` for `game` (an unreadable entry counts as none). */
export function loadProgress(storage: Pick<Storage, "getItem">, game: string): string[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(progressKey(game)) ?? "[]");
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

/** Keeps `step` among the finished steps of `game` in `storage`; returns them all. */
export function saveProgress(storage: Pick<Storage, "getItem" | "setItem">, game: string, step: string): string[] {
  const done = loadProgress(storage, game);
  if (!done.includes(step)) done.push(step);
  storage.setItem(progressKey(game), JSON.stringify(done));
  return done;
}

/** The steps finished here or with the account, each once, in lesson order. */
export function mergeProgress(steps: { id: string }[], ...lists: (string[] | null)[]): string[] {
  const all = new Set(lists.flatMap((list) => list ?? []));
  return steps.map((step) => step.id).filter((id) => all.has(id));
}

/** The index of the first step not yet finished (the last step when all are). */
export function firstOpenStep(steps: { id: string }[], done: string[]): number {
  const open = steps.findIndex((step) => !done.includes(step.id));
  return open === -1 ? Math.max(0, steps.length - 1) : open;
}

/** A game's picture for the lists of lessons and puzzles (none while the games are not known). */
export type Picture = (game: string) => VNode | null;

/** The list of lessons, one card per game (the whole card a link) with its picture, its progress in words and as a bar. */
export function lessonListView(
  games: LessonSummary[],
  doneOf: (game: string) => number,
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
        const done = doneOf(game.game);
        return v(
          "li",
          { key: game.game, class: "card", "data-game": game.game },
          link(
            `/learn/${game.game}`,
            [
              picture(game.game),
              v("span", { class: "learn-name" }, game.title[lang()]),
              v("span", { class: "learn-progress" }, t("learnSteps", { done, count: game.steps })),
              v("progress", { class: "learn-bar", max: game.steps, value: done, "aria-hidden": "true" }),
            ],
            { class: "learn-game" },
          ),
        );
      }),
    ),
  ]);
}

/** The sentence of a verdict, or null. */
export function feedbackText(feedback: Feedback, step: LessonStep, t: Translate): string | null {
  switch (feedback.kind) {
    case "none":
      return null;
    case "hint":
      return words(step.hint);
    case "shown":
      return t(feedback.onBoard ? "learnShown" : "learnShownBack", { moves: step.solution.join(", ") });
    case "wrong":
      return t("learnWrong", { move: feedback.move });
    case "continue":
      return t("learnGoOn", { reply: feedback.reply });
    case "done":
      return t("learnDone");
    case "error":
      return feedback.text;
  }
}

/**
 * The step's task in brief, for the top of a phone's screen (CSS hides it beside a wide board,
 * where the panel says it): the step's place, its title, the rule it teaches, the task and the verdict.
 */
export function stepBrief(lesson: LessonReply, index: number, feedback: Feedback, t: Translate): VNode {
  const step = lesson.steps[index] as LessonStep;
  const text = feedbackText(feedback, step, t);
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
  done: string[],
  feedback: Feedback,
  actions: StepActions,
  t: Translate,
): VNode {
  const step = lesson.steps[index] as LessonStep;
  const text = feedbackText(feedback, step, t);
  const finished = done.includes(step.id);
  const last = index === lesson.steps.length - 1;
  return v("section", { key: `panel-${step.id}`, class: "card learn-panel", "data-step": step.id }, [
    v(
      "ol",
      { class: "learn-steps" },
      lesson.steps.map((s, i) =>
        v(
          "li",
          { key: s.id, class: [done.includes(s.id) ? "done" : "", i === index ? "current" : ""].join(" ").trim() },
          v(
            "button",
            {
              type: "button",
              title: words(s.title),
              "aria-current": i === index ? "step" : null,
              on: { click: () => actions.go(i) },
            },
            String(i + 1),
          ),
        ),
      ),
    ),
    v("p", { class: "learn-count" }, t("learnStepOf", { n: index + 1, count: lesson.steps.length })),
    v("h2", {}, words(step.title)),
    v("p", { class: "learn-explanation" }, words(step.explanation)),
    v("p", { class: "learn-task" }, v("strong", {}, words(step.task))),
    text ? v("p", { key: "feedback", class: `learn-feedback ${feedback.kind}`, role: "status" }, text) : null,
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
