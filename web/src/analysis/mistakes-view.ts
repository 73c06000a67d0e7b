// "Learn from your mistakes" on the analysis board, drawn: the offer (a button per side that may
// learn, or a reason why not) and the walk through a side's mistakes (the task, the verdict on a
// reply, the judging's progress, the summary). Texts in English and German.

import { v } from "../vdom.js";
import type { VChild, VNode } from "../vdom.js";
import { addTexts, errorText, t } from "../i18n.js";
import "./texts.js";
import { currentMistake, foundCount } from "./mistakes.js";
import type { Mistake, Result, Session } from "./mistakes.js";
import type { TextKey, UiError } from "../i18n.js";
import type { SeatName } from "../types.js";

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: {
    "ml.title": "Learn from your mistakes",
    "ml.titleOf": "Learn from {name}'s mistakes",
    "ml.start": "Replay them and find better moves",
    "ml.startOf": "Learn from {name}'s mistakes",
    "ml.count": "{count} to replay",
    "ml.noneYours": "You made no mistakes or blunders in this game: nothing to replay.",
    "ml.noneOf": "{name} made no mistakes or blunders: nothing to replay.",
    "ml.waiting": "Possible once the evaluation graph is done.",
    "ml.progress": "Mistake {n} of {total}",
    "ml.taskYou": "You played {move} here — find a better move for {side}.",
    "ml.taskOf": "{side} played {move} here — find a better move for {side}.",
    "ml.judging": "Judging {move}…",
    "ml.depth": "depth {depth}",
    "ml.best": "Well done: {move} is the best move.",
    "ml.good": "{move} is a good move too. The engine's best: {best}.",
    "ml.wrong": "{move}: not that one, try again.",
    "ml.shown": "The best move: {best}.",
    "ml.failed": "{move} could not be judged: {error}",
    "ml.showBest": "Show the best move",
    "ml.skip": "Skip",
    "ml.next": "Next",
    "ml.summary": "Done: you found a good move for {found} of {total} mistakes.",
    "ml.summaryOne": "Done: you found a good move for {found} of 1 mistake.",
    "ml.found": "found",
    "ml.shownResult": "shown",
    "ml.skipped": "skipped",
    "ml.atPly": "Ply {ply}: {move}",
    "ml.back": "Back to the analysis",
    "ml.engineQuiet": "The engine is quiet while you look for the better move.",
  },
  de: {
    "ml.title": "Aus Fehlern lernen",
    "ml.titleOf": "Aus den Fehlern von {name} lernen",
    "ml.start": "Nachspielen und bessere Züge finden",
    "ml.startOf": "Aus den Fehlern von {name} lernen",
    "ml.count": "{count} zum Wiederholen",
    "ml.noneYours": "Du hast in dieser Partie keine Fehler oder groben Fehler gemacht: nichts zu wiederholen.",
    "ml.noneOf": "{name} hat keine Fehler oder groben Fehler gemacht: nichts zu wiederholen.",
    "ml.waiting": "Möglich, sobald die Bewertungskurve fertig ist.",
    "ml.progress": "Fehler {n} von {total}",
    "ml.taskYou": "Hier hast du {move} gespielt — finde einen besseren Zug für {side}.",
    "ml.taskOf": "Hier hat {side} {move} gespielt — finde einen besseren Zug für {side}.",
    "ml.judging": "{move} wird beurteilt…",
    "ml.depth": "Tiefe {depth}",
    "ml.best": "Sehr gut: {move} ist der beste Zug.",
    "ml.good": "Auch {move} ist ein guter Zug. Der beste Zug der Engine: {best}.",
    "ml.wrong": "{move}: Der ist es nicht, versuch es noch einmal.",
    "ml.shown": "Der beste Zug: {best}.",
    "ml.failed": "{move} konnte nicht beurteilt werden: {error}",
    "ml.showBest": "Besten Zug zeigen",
    "ml.skip": "Überspringen",
    "ml.next": "Weiter",
    "ml.summary": "Fertig: Für {found} von {total} Fehlern hast du einen guten Zug gefunden.",
    "ml.summaryOne": "Fertig: Für {found} von 1 Fehler hast du einen guten Zug gefunden.",
    "ml.found": "gefunden",
    "ml.shownResult": "gezeigt",
    "ml.skipped": "übersprungen",
    "ml.atPly": "Halbzug {ply}: {move}",
    "ml.back": "Zurück zur Analyse",
    "ml.engineQuiet": "Die Engine schweigt, während du den besseren Zug suchst.",
  },
});

/** A side that may learn from its mistakes: its seat, name, how many mistakes it has, whether it is the viewer's. */
export interface OfferedSide {
  seat: SeatName;
  name: string;
  count: number;
  own: boolean;
}

/** The offer: a start button per side (disabled with the reason when it has nothing to replay or the graph is not done). */
export function offerView(sides: OfferedSide[], settled: boolean, start: (seat: SeatName) => void): VChild[] {
  const own = sides.length === 1 && sides[0]?.own;
  return [
    v("h2", {}, t("ml.title")),
    settled ? null : v("p", { key: "ab-learn-waiting", class: "muted", id: "ab-learn-waiting" }, t("ml.waiting")),
    ...sides.map((side) => {
      const reason = !settled ? null : side.count ? null : t(own ? "ml.noneYours" : "ml.noneOf", { name: side.name });
      return v("div", { key: side.seat, class: "ab-learn-side", "data-seat": side.seat }, [
        v(
          "button",
          {
            class: "ab-learn-start",
            "data-seat": side.seat,
            disabled: !settled || side.count === 0,
            on: { click: () => start(side.seat) },
          },
          own ? t("ml.start") : t("ml.startOf", { name: side.name }),
        ),
        settled && side.count ? v("span", { class: "muted" }, ` ${t("ml.count", { count: side.count })}`) : null,
        reason ? v("p", { class: "muted ab-learn-reason" }, reason) : null,
      ]);
    }),
  ];
}

/** The judging under way: how long it has run of how long it takes, and the depth reached. */
export interface JudgingProgress {
  elapsed: number;
  total: number;
  depth: number | null;
}

/** What the walk's drawing needs: the session, whose it is, the moves in words, the judging, a failure, and the buttons' actions. */
export interface SessionView {
  session: Session;
  name: string;
  own: boolean;
  /** The game's move leading to a ply, in words. */
  playedAt: (ply: number) => string;
  /** The best move of the mistake asked, in words. */
  best: string | null;
  /** The last reply, in words. */
  reply: string | null;
  progress: JudgingProgress | null;
  error: UiError | null;
  showBest: () => void;
  /** Goes on to the next mistake: after an answer, or skipping the one asked. */
  next: () => void;
  stop: () => void;
}

/** The walk through the mistakes: heading, progress, task, verdict, buttons — or the summary at the end. */
export function sessionView(view: SessionView): VChild[] {
  const mistake = currentMistake(view.session);
  const head = v("h2", {}, view.own ? t("ml.title") : t("ml.titleOf", { name: view.name }));
  const back = v("button", { key: "ab-learn-back", id: "ab-learn-back", on: { click: view.stop } }, t("ml.back"));
  if (!mistake) return [head, summaryView(view.session, view.playedAt), v("p", {}, back)];
  return [
    head,
    v(
      "p",
      {
        key: "ab-learn-progress",
        id: "ab-learn-progress",
        "data-n": view.session.index + 1,
        "data-total": view.session.mistakes.length,
      },
      [
        v("strong", {}, t("ml.progress", { n: view.session.index + 1, total: view.session.mistakes.length })),
        " · ",
        v("span", { class: `ab-learn-kind ab-${mistake.kind}` }, t(`ab.${mistake.kind}`)),
      ],
    ),
    v(
      "p",
      { key: "ab-learn-task", id: "ab-learn-task" },
      t(view.own ? "ml.taskYou" : "ml.taskOf", { move: view.playedAt(mistake.ply), side: view.name }),
    ),
    statusView(view),
    v("div", { class: "ab-learn-buttons" }, [...buttons(view, mistake), back]),
  ];
}

/** The verdict on the last reply, the judging's progress or a failure, by the walk's phase. */
function statusView(view: SessionView): VNode | null {
  const { session } = view;
  const move = view.reply ?? "";
  if (session.phase === "judging") {
    const p = view.progress;
    return v("div", { key: "ab-learn-judging", id: "ab-learn-judging", role: "status" }, [
      v("p", { class: "muted" }, [
        t("ml.judging", { move }),
        p?.depth ? ` (${t("ml.depth", { depth: p.depth })})` : "",
      ]),
      v("progress", { max: p?.total ?? 1, value: Math.min(p?.elapsed ?? 0, p?.total ?? 1) }),
    ]);
  }
  if (view.error)
    return v(
      "p",
      { class: "error", role: "alert", id: "ab-learn-error" },
      t("ml.failed", { move, error: errorText(view.error) }),
    );
  const texts: Partial<Record<string, string>> = {
    best: t("ml.best", { move }),
    good: t("ml.good", { move, best: view.best ?? "" }),
    wrong: t("ml.wrong", { move }),
  };
  const text =
    session.phase === "shown"
      ? t("ml.shown", { best: view.best ?? "" })
      : session.verdict
        ? texts[session.verdict]
        : null;
  const kind = session.phase === "shown" ? "shown" : session.verdict;
  return text
    ? v(
        "p",
        {
          key: "ab-learn-verdict",
          id: "ab-learn-verdict",
          class: `ab-learn-verdict ab-learn-${kind}`,
          role: "status",
          "data-verdict": kind,
        },
        text,
      )
    : null;
}

/** The walk's buttons: show the best move and skip while asking, next after an answer. */
function buttons(view: SessionView, mistake: Mistake): VChild[] {
  const { phase } = view.session;
  if (phase === "right" || phase === "shown")
    return [
      v(
        "button",
        { key: "ab-learn-next", class: "primary", id: "ab-learn-next", on: { click: view.next } },
        t("ml.next"),
      ),
    ];
  return [
    mistake.best
      ? v("button", { key: "ab-learn-show", id: "ab-learn-show", on: { click: view.showBest } }, t("ml.showBest"))
      : null,
    v("button", { key: "ab-learn-skip", id: "ab-learn-skip", on: { click: view.next } }, t("ml.skip")),
  ];
}

/** The text of each result. */
const RESULT_KEYS: Record<Result, TextKey> = { found: "ml.found", shown: "ml.shownResult", skipped: "ml.skipped" };

/** The summary at the end: how many were found, and each mistake's result. */
function summaryView(session: Session, playedAt: (ply: number) => string): VNode {
  return v(
    "div",
    {
      key: "ab-learn-summary",
      id: "ab-learn-summary",
      "data-found": foundCount(session),
      "data-total": session.mistakes.length,
    },
    [
      v(
        "p",
        {},
        v(
          "strong",
          {},
          t(session.mistakes.length === 1 ? "ml.summaryOne" : "ml.summary", {
            found: foundCount(session),
            total: session.mistakes.length,
          }),
        ),
      ),
      v(
        "ol",
        { class: "ab-learn-results" },
        session.mistakes.map((m, i) => {
          const result = session.results[i] ?? "skipped";
          return v("li", { "data-result": result }, [
            t("ml.atPly", { ply: m.ply, move: playedAt(m.ply) }),
            " — ",
            t(RESULT_KEYS[result]),
          ]);
        }),
      ),
    ],
  );
}
