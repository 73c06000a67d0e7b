// The game page's quick analysis: the engine looks at the position shown for a chosen time and
// reports its depth, score and line as it thinks, then its best move.

import { host, patch, type VChild, v } from "../vdom.js";
import { t, lang } from "../i18n.js";
import type { SeatName } from "../types.js";
import type { Seat } from "../contract/Seat.js";

/** The engine's report: depth, score (`cp 35`, `mate 3`), line and nodes. */
interface Info {
  depth?: number;
  score?: string;
  pv?: string[];
  nodes?: number;
}

/** One analysis: its stream, the ply and side looked at, the latest report and the best move. */
interface Run {
  source: EventSource;
  ply: number;
  side: SeatName | null | undefined;
  info: Info | null;
  best: string | null | undefined;
  running: boolean;
  failed: boolean;
}

/** A UCI-style score (`cp 35`, `mate 3`, `mate -2`) for people: `+0.35`, "wins in 3 moves". */
export function scoreText(score: string): string {
  const [kind, value = "0"] = score.split(" ");
  const n = Number(value);
  const pawns = (Math.abs(n) / 100).toLocaleString(lang(), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  if (kind === "cp") return `${n > 0 ? "+" : n < 0 ? "−" : ""}${pawns}`;
  if (value.startsWith("-")) return Math.abs(n) <= 1 ? t("losesIn1") : t("losesIn", { n: Math.abs(n) });
  return n <= 1 ? t("winsIn1") : t("winsIn", { n });
}

/**
 * The quick analysis of game `id`: `box()`, the vnode of its box (which it draws into itself, as
 * the engine reports), and starting and stopping it.
 */
export function createQuickAnalysis(id: string, seats: () => Seat[]) {
  let run: Run | null = null;
  let element: Element | null = null;
  const box = () =>
    host("div", { key: "analysis", class: "analysis", id: "analysis", "aria-live": "polite" }, (shown) => {
      element = shown;
      render();
    });

  function stop() {
    if (!run?.running) return;
    run.source.close();
    run.running = false;
  }

  /** Lets the engine analyse ply `ply` (with `side` to move) for `ms` milliseconds. */
  function start(ply: number, side: SeatName | null | undefined, ms: number) {
    stop();
    const source = new EventSource(`/api/games/${id}/analysis?ply=${ply}&movetime=${ms}`);
    const current: Run = { source, ply, side, info: null, best: undefined, running: true, failed: false };
    run = current;
    source.addEventListener("info", (event) => {
      current.info = JSON.parse(event.data);
      render();
    });
    source.addEventListener("done", (event) => {
      const done = JSON.parse(event.data);
      current.best = done.best;
      if (done.depth !== null) current.info = { ...current.info, depth: done.depth, score: done.score, pv: done.pv };
      source.close();
      current.running = false;
      render();
    });
    // A refused request or a lost connection; closing keeps EventSource from reconnecting.
    source.onerror = () => {
      if (!current.running) return;
      source.close();
      current.running = false;
      current.failed = true;
      render();
    };
    render();
  }

  function render() {
    if (!element) return;
    const side = seats().find((s) => s.seat === run?.side);
    const stopped = () => {
      stop();
      render();
    };
    patch(element, ...(run ? analysisView(run, side, stopped) : []));
  }

  return { box, start, stop, render };
}

/** The quick analysis box's content for `run`, its score from the side of `side`; `onStop` stops it. */
function analysisView(run: Run, side: Seat | undefined, onStop: () => void): VChild[] {
  const { info, running } = run;
  const row = (label: string, value: string, attrs = {}) => [v("dt", {}, label), v("dd", attrs, value)];
  return [
    v("div", { class: "analysis-head" }, [
      v("strong", {}, run.ply ? t("analysisOf", { ply: run.ply }) : t("analysisOfStart")),
      running ? v("span", { class: "muted" }, t("analysing")) : null,
      running ? v("button", { key: "analysis-stop", id: "analysis-stop", on: { click: onStop } }, t("stop")) : null,
    ]),
    v("dl", {}, [
      ...row(t("depth"), info?.depth !== undefined ? String(info.depth) : "–", { id: "analysis-depth" }),
      ...row(
        side ? t("scoreFor", { name: side.names[lang()] }) : t("score"),
        info?.score ? scoreText(info.score) : "–",
        { id: "analysis-score", "data-score": info?.score },
      ),
      ...row(t("line"), info?.pv?.length ? info.pv.join(" ") : "–", { id: "analysis-pv", class: "pv" }),
      ...(info?.nodes !== undefined ? row(t("nodes"), info.nodes.toLocaleString(lang())) : []),
    ]),
    run.best !== undefined
      ? v(
          "p",
          { key: "analysis-best", id: "analysis-best", class: "notice", "data-best": run.best },
          run.best ? t("bestMove", { move: run.best }) : t("noBestMove"),
        )
      : null,
    run.failed ? v("p", { class: "error", role: "alert" }, t("analysisFailed")) : null,
  ];
}
