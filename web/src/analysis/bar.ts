// The analysis board's evaluation bar: beside the board and exactly as tall as it (the page
// measures the board's frame, see `fit`), the first player's expected score filling it from their
// side, the players' names at its ends (wide screens only), ticks at a quarter, half and three
// quarters. What the bar means is its tooltip (and, for screen readers, its description); the score
// as a number is shown by the page in the engine's header (with `scoreLabel`), as on lichess. The
// bar draws into its box, a host of the page's view.

import { patch, v } from "../vdom.js";
import type { VChild } from "../vdom.js";
import { lang } from "../i18n.js";
import { DECIDED, share } from "./judgement.js";

/** A score from the first player's view as text: `+0.35` (`+0,35` in German), `#3` for a win in 3 plies, `#-2` for a loss in 2, `1–0` or `0–1` for a game over. */
export function scoreLabel(score: number): string {
  if (Math.abs(score) >= DECIDED) return score > 0 ? "1–0" : "0–1";
  if (Math.abs(score) >= DECIDED / 2) return `#${score > 0 ? "" : "-"}${DECIDED - Math.abs(score)}`;
  const pawns = (Math.abs(score) / 100).toLocaleString(lang(), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${score < 0 ? "−" : "+"}${pawns}`;
}

/**
 * The score of a position the game is over in, from its record result (`1-0`, `0-1`, `1/2-1/2`):
 * a decided win fills the bar for the winner, a draw halves it, as lichess shows a finished game;
 * null for a position the game goes on in.
 */
export function resultScore(result: string | null | undefined): number | null {
  switch (result) {
    case "1-0":
      return DECIDED;
    case "0-1":
      return -DECIDED;
    case "1/2-1/2":
      return 0;
    default:
      return null;
  }
}

/** What the bar shows: the score, the players' names, whose side is at the bottom, its name and its explanation. */
export interface BarState {
  /** The evaluation from the first player's view, null while unknown. */
  score: number | null;
  names: { first: string; second: string };
  flipped: boolean;
  /** The bar's accessible name (the score is added to it). */
  label: string;
  /** What the bar means, in a sentence or two: its tooltip and description. */
  caption: string;
}

/** The bar's parts as vnodes: the names at its ends, the filled bar with its ticks, and its description. */
function barView(state: BarState, scoreText: string): VChild[] {
  const { score, names, flipped } = state;
  const fraction = score === null ? 0.5 : share(score);
  return [
    v("span", { key: "top", class: "ab-bar-end ab-bar-top", id: "ab-bar-top" }, flipped ? names.first : names.second),
    v(
      "div",
      {
        key: "bar",
        class: flipped ? "ab-bar flipped" : "ab-bar",
        id: "ab-evalbar",
        role: "img",
        "aria-describedby": "ab-bar-caption",
        "aria-label": `${state.label}: ${scoreText}`,
        "data-score": score === null ? "" : String(score),
      },
      [
        v("div", { key: "fill", class: "ab-bar-fill", style: { height: `${(fraction * 100).toFixed(1)}%` } }),
        ...["q1", "q2 ab-bar-even", "q3"].map((at) =>
          v("span", { key: at, class: `ab-bar-tick ${at}`, "aria-hidden": "true" }),
        ),
      ],
    ),
    v(
      "span",
      { key: "bottom", class: "ab-bar-end ab-bar-bottom", id: "ab-bar-bottom" },
      flipped ? names.second : names.first,
    ),
    v("span", { key: "caption", class: "sr-only ab-bar-caption", id: "ab-bar-caption" }, state.caption),
  ];
}

/** The bar: drawn as vnodes into its box, which the page's view makes (see `attach`). */
export class EvalBar {
  /** The bar's box, once the page's view made it. */
  element: HTMLElement | null = null;
  /** What the bar shows (drawn again into a new box). */
  state: BarState | null = null;

  /** Takes the bar's box from the page's view (a `host`); a new box gets the bar drawn into it. */
  readonly attach = (element: Element) => {
    if (element === this.element || !(element instanceof HTMLElement)) return;
    this.element = element;
    if (this.state) this.show(this.state);
  };

  /** Shows `state` (see `BarState`). */
  show(state: BarState) {
    this.state = state;
    if (!this.element) return;
    const scoreText = state.score === null ? "…" : scoreLabel(state.score);
    this.element.title = state.caption;
    patch(this.element, ...barView(state, scoreText));
  }

  /**
   * Sets the bar right beside `frame` (the board's drawn frame, in the page's coordinates): its top
   * at the frame's top, its height the frame's, measured in the bar's row `row`, and drawn into
   * the margin the drawing `drawing` leaves at the right of the frame.
   */
  fit(row: DOMRect, drawing: DOMRect, frame: DOMRect | null) {
    if (!this.element) return;
    const style = this.element.style;
    if (!frame?.height) {
      for (const name of ["--ab-bar-top", "--ab-bar-height", "--ab-bar-pull"]) style.removeProperty(name);
      return;
    }
    style.setProperty("--ab-bar-top", `${Math.max(0, frame.top - row.top).toFixed(2)}px`);
    style.setProperty("--ab-bar-height", `${frame.height.toFixed(2)}px`);
    style.setProperty("--ab-bar-pull", `${Math.max(0, drawing.right - frame.right).toFixed(2)}px`);
  }
}

/**
 * The drawn frame of the board in `host` (the page's coordinates): the frame the game draws
 * (Abalone's hexagon), else the union of its cells, else the drawing; null before it is drawn.
 */
export function boardFrame(host: Element): DOMRect | null {
  const drawing = host.querySelector("svg.board");
  if (!drawing) return null;
  const frame = drawing.querySelector(":scope > .frame");
  if (frame) return frame.getBoundingClientRect();
  const cells = drawing.querySelectorAll("[data-square], [data-cell]");
  if (!cells.length) return drawing.getBoundingClientRect();
  let [top, bottom, left, right] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const cell of cells) {
    const box = cell.getBoundingClientRect();
    if (!box.height) continue;
    [top, bottom] = [Math.min(top, box.top), Math.max(bottom, box.bottom)];
    [left, right] = [Math.min(left, box.left), Math.max(right, box.right)];
  }
  return top < bottom ? new DOMRect(left, top, right - left, bottom - top) : drawing.getBoundingClientRect();
}

/**
 * Tells the board's host `host` how its drawing's margins (the room for coordinates outside the
 * frame) compare to the frame: `--ab-crop-scale` (the drawing's width over the frame's), and
 * `--ab-crop-left`, `--ab-crop-top`, `--ab-crop-bottom` (each margin over the frame's width), so
 * that the page's style can cut the margins off on a phone and let the frame take the whole width.
 * Ratios, so that they stay the same once the margins are cut.
 */
export function measureCrop(host: HTMLElement): void {
  const drawing = host.querySelector("svg.board")?.getBoundingClientRect();
  const frame = boardFrame(host);
  if (!drawing?.width || !frame?.width) return;
  const ratio = (length: number) => (length / frame.width).toFixed(4);
  host.style.setProperty("--ab-crop-scale", ratio(drawing.width));
  host.style.setProperty("--ab-crop-left", ratio(Math.max(0, frame.left - drawing.left)));
  host.style.setProperty("--ab-crop-top", ratio(Math.max(0, frame.top - drawing.top)));
  host.style.setProperty("--ab-crop-bottom", ratio(Math.max(0, drawing.bottom - frame.bottom)));
}
