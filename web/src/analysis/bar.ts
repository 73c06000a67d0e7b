// The analysis board's evaluation bar: a fixed height, the first player's expected score filling
// it from their side, the players' names at its ends, the score as a number, ticks at a quarter,
// half and three quarters.

import { h } from "../svg.js";
import { lang } from "../i18n.js";
import { DECIDED, share } from "./judgement.js";

/** A score from the first player's view as text: `+0.35` (`+0,35` in German), `#3` for a win in 3 plies, `#-2` for a loss in 2, `1–0` or `0–1` for a game over. */
export function scoreLabel(score: number): string {
  if (Math.abs(score) >= DECIDED) return score > 0 ? "1–0" : "0–1";
  if (Math.abs(score) >= DECIDED / 2) return `#${score > 0 ? "" : "-"}${DECIDED - Math.abs(score)}`;
  const pawns = (Math.abs(score) / 100).toLocaleString(lang(), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${score < 0 ? "−" : "+"}${pawns}`;
}

/** The bar's elements, made once and changed in place. */
export class EvalBar {
  readonly fill = h("div", { class: "ab-bar-fill" });
  readonly text = h("span", { class: "ab-bar-text", id: "ab-eval-text" });
  readonly top = h("span", { class: "ab-bar-end", id: "ab-bar-top" });
  readonly bottom = h("span", { class: "ab-bar-end", id: "ab-bar-bottom" });
  readonly bar = h("div", { class: "ab-bar", id: "ab-evalbar", role: "img" }, [
    this.fill,
    ...["q1", "q2 ab-bar-even", "q3"].map((at) => h("span", { class: `ab-bar-tick ${at}`, "aria-hidden": "true" })),
  ]);
  readonly element = h("div", { class: "ab-bar-box" }, [this.text, this.top, this.bar, this.bottom]);

  /** Shows `score` (first player's view, null when unknown); `first`/`second` are the players' names, `label` the bar's accessible name. */
  show(score: number | null, names: { first: string; second: string }, flipped: boolean, label: string) {
    const fraction = score === null ? 0.5 : share(score);
    this.fill.style.height = `${(fraction * 100).toFixed(1)}%`;
    this.text.textContent = score === null ? "–" : scoreLabel(score);
    this.bar.dataset.score = score === null ? "" : String(score);
    this.bar.classList.toggle("flipped", flipped);
    this.top.textContent = flipped ? names.first : names.second;
    this.bottom.textContent = flipped ? names.second : names.first;
    this.top.title = this.top.textContent;
    this.bottom.title = this.bottom.textContent;
    this.bar.setAttribute("aria-label", `${label}: ${this.text.textContent}`);
  }
}
