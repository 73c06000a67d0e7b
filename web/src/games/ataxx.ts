// Ataxx: 7×7 squares; click a stone, then a target (clone targets are
// filled dots, jump targets rings), or an empty clone target directly; or
// drag a stone to its target. The board is split into its model
// (ataxx-model.ts), view (ataxx-view.ts) and input (square-input.ts, shared with the other square board).

import { squares } from "../squares.js";
import type { Translate } from "../i18n.js";
import type { Board, BoardContext, MoveGeometry } from "../board-types.js";
import type { Thresholds } from "../analysis/judgement.js";
import type { AtaxxView } from "../contract/games/AtaxxView.js";
import { clickOutcome, dropOutcome, parse } from "./ataxx-model.js";
import { view } from "./ataxx-view.js";
import { squareBoard } from "./square-input.js";
import "./ataxx.css";

export { moveFrom } from "./ataxx-model.js";

/** The analysis's marks: the scores swing with every capture (the evaluation counts stones), so larger drops count. */
export const thresholds: Thresholds = { mistake: 0.15, blunder: 0.3 };

export { TEXTS } from "./ataxx-view.js";

/** Whether `after` shows a stone of one colour where `before` showed one of the other: stones taken over. */
export function captures(before: AtaxxView, after: AtaxxView): boolean {
  const was = parse(before);
  for (const [square, c] of parse(after)) {
    const old = was.get(square);
    if ((c === "x" || c === "o") && (old === "x" || old === "o") && old !== c) return true;
  }
  return false;
}

/** Stone counts per seat, shown next to the players. */
export function seatInfo(view: AtaxxView, t: Translate): string[] | null {
  return view.counts.map((count) => `${t("stones")}: ${count}`);
}

/** The cells of `move` for the analysis board's arrows: a clone marks its target, a jump goes from its stone. */
export function moveGeometry(_view: AtaxxView, move: string): MoveGeometry | null {
  const [from, to] = squares(move);
  if (!from || move === "0000") return null;
  return to ? { from, to } : { to: from };
}

/** Moves may be chosen while the opponent is to move (`props.premove`): the page plays them when they are legal then. */
export const premoves = true;

/** Draws Ataxx boards into `host`; `submit(move)` plays a move. */
export function createBoard(host: HTMLElement, context: BoardContext): Board {
  return squareBoard<AtaxxView>(host, context, { click: clickOutcome, drop: dropOutcome }, view);
}
