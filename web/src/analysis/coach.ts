// "Learn from your mistakes" on the analysis board, run: the coach offers the walk once the
// evaluation graph is done, puts the board at the position before each mistake, judges the
// learner's move (the stored best move at once, any other by the engine's analysis of the
// position after it) and puts the board back after a wrong one. The rules are in mistakes.ts,
// the drawing in mistakes-view.ts; the page lends the coach its tree and board (`CoachHost`).

import { patch } from "../vdom.js";
import { positionQuery } from "./tree.js";
import { thresholdsOf } from "./judgement.js";
import { firstPlayerScore, readAnalysis } from "./stream.js";
import {
  advance,
  awaitsReply,
  currentMistake,
  judged,
  judging,
  mistakesOf,
  resultScore,
  shown,
  startSession,
  verdictByMove,
  verdictByScore,
} from "./mistakes.js";
import { offerView, sessionView } from "./mistakes-view.js";
import type { JudgedMove } from "./judgement.js";
import type { Mistake, ScoredPly, Session, Verdict } from "./mistakes.js";
import type { JudgingProgress } from "./mistakes-view.js";
import type { TreeNode } from "./tree.js";
import type { UiError } from "../i18n.js";
import type { SeatName } from "../types.js";

/** How long the engine looks at the position after a reply, ms. */
const JUDGE_MS = 1500;
/** How often the judging's progress is drawn, ms. */
const TICK_MS = 200;

/** What the coach needs of the analysis board page. */
export interface CoachHost {
  /** The game's id. */
  gameId(): string;
  /** The game's name (for its thresholds). */
  game(): string;
  /** The players' names, by seat. */
  names(): Record<SeatName, string>;
  /** The main line's position after `ply` moves. */
  mainNode(ply: number): TreeNode;
  /** Shows `n`, loading its position. */
  select(n: TreeNode): Promise<void>;
  /** Plays `move` from `from` (into the tree) and shows the position after it. */
  playAt(from: TreeNode, move: string): Promise<TreeNode>;
  /** Deletes the variation starting at `n`. */
  remove(n: TreeNode): void;
  /** A move from the position `at`, in the game's words. */
  words(at: TreeNode, move: string): string;
  /** The move leading to `n`, in the game's words. */
  label(n: TreeNode): string;
  /** The walk started (on `seat`'s side) or ended, or the board's moves are allowed or not any more: the page draws itself again. */
  changed(seat: SeatName | null): void;
}

/** What the offer is made of: the judged main line, the graph's plies, the game's moves, whether the graph is done. */
export interface Offer {
  judged: JudgedMove[];
  plies: ScoredPly[];
  moves: string[];
  settled: boolean;
}

/** The canonical text of the move leading to `n` (the server's, for a variation's). */
function canonicalMove(n: TreeNode): string {
  return (n.main ? n.move : (n.data?.moves?.[n.data.moves.length - 1] ?? n.move)) ?? "";
}

/** The coach of one analysis board: its box in the panel, the offer and the walk. */
export class MistakeCoach {
  /** The coach's box in the panel (a host of the page's view, see `attach`): its walk and offer are drawn into it as vnodes. */
  box: Element | null = null;
  readonly host: CoachHost;
  /** The viewer's own seat in the game, null for a spectator or an imported record. */
  own: SeatName | null = null;
  offer: Offer | null = null;
  session: Session | null = null;
  progress: JudgingProgress | null = null;
  error: UiError | null = null;
  controller: AbortController | null = null;
  ticker: ReturnType<typeof setInterval> | undefined;

  constructor(host: CoachHost) {
    this.host = host;
  }

  /** Takes the coach's box from the page's view (a `host`); a new box gets the coach drawn into it. */
  readonly attach = (box: Element) => {
    if (box === this.box) return;
    this.box = box;
    this.render();
  };

  /** Whether the engine keeps quiet (no lines, arrows or evaluation to give the move away): while a mistake is asked or a reply judged. */
  get quiet(): boolean {
    const phase = this.session?.phase;
    return phase === "ask" || phase === "wrong" || phase === "judging";
  }

  /** Whether the board may take a move: always, except while a reply is judged. */
  allowsMove(): boolean {
    return this.session?.phase !== "judging";
  }

  /** A new offer from the evaluation graph. */
  update(offer: Offer) {
    this.offer = offer;
    this.render();
  }

  /** The mistakes of `seat` in the offer. */
  mistakes(seat: SeatName): Mistake[] {
    const o = this.offer;
    return o ? mistakesOf(o.judged, seat, o.moves, o.plies) : [];
  }

  /** Starts the walk through `seat`'s mistakes. */
  readonly start = (seat: SeatName) => {
    this.session = startSession(seat, this.mistakes(seat));
    this.host.changed(seat);
    this.ask();
  };

  /** The position before the mistake asked. */
  askNode(): TreeNode | null {
    const mistake = this.session && currentMistake(this.session);
    return mistake ? this.host.mainNode(mistake.ply - 1) : null;
  }

  /** Shows the position before the mistake asked. */
  ask() {
    this.error = null;
    const at = this.askNode();
    this.render();
    if (at) this.host.select(at);
  }

  /** A move was played on the board from `from` to `n`: judged when it answers the mistake asked. */
  played(from: TreeNode, n: TreeNode) {
    const session = this.session;
    const mistake = session && currentMistake(session);
    if (!session || !mistake || !awaitsReply(session) || from !== this.askNode()) return;
    this.judge(session, mistake, n);
  }

  /** Judges the reply `n` to `mistake` (asked in `session`): by the move where that decides, else by the engine's score after it. */
  async judge(session: Session, mistake: Mistake, n: TreeNode) {
    const reply = canonicalMove(n);
    this.session = judging(session, reply);
    this.error = null;
    this.host.changed(null);
    this.render();
    const byMove = verdictByMove(mistake, reply);
    if (byMove) return this.conclude(byMove, n);
    try {
      const score = await this.scoreAfter(n);
      if (this.session?.phase !== "judging" || this.session.reply !== reply) return;
      this.conclude(verdictByScore(mistake, score, thresholdsOf(this.host.game())), n);
    } catch (e) {
      if (e instanceof DOMException && e.name === "AbortError") return;
      this.failed(e as UiError, n);
    }
  }

  /** The score (first player's view) of the position after reply `n`: its result when the game is over there, else the engine's. */
  async scoreAfter(n: TreeNode): Promise<number> {
    const data = n.data;
    if (!data) throw new Error("no position");
    if (data.at.outcome) {
      const score = resultScore(data.result);
      if (score === null) throw new Error(`no result: ${String(data.result)}`);
      return score;
    }
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    const started = performance.now();
    this.progress = { elapsed: 0, total: JUDGE_MS, depth: null };
    this.ticker = setInterval(() => this.tick(started), TICK_MS);
    let last: string | null = null;
    try {
      const done = await readAnalysis(
        `/api/games/${this.host.gameId()}/analysis?${positionQuery(n)}&lines=1&movetime=${JUDGE_MS}`,
        controller.signal,
        (line) => {
          last = line.score;
          if (this.progress) this.progress.depth = line.depth;
        },
      );
      const score = done?.score ?? last;
      if (score === null) throw new Error("no score");
      return firstPlayerScore(score, data.at.side_to_move);
    } finally {
      clearInterval(this.ticker);
      this.progress = null;
    }
  }

  /** Draws the judging's progress again. */
  tick(started: number) {
    if (!this.progress) return;
    this.progress.elapsed = performance.now() - started;
    this.render();
  }

  /** The verdict `verdict` on reply `n`: recorded; a wrong reply is taken back, the board put back where it was asked. */
  conclude(verdict: Verdict, n: TreeNode) {
    if (!this.session) return;
    this.session = judged(this.session, verdict);
    if (verdict === "wrong") this.takeBack(n);
    this.host.changed(null);
    this.render();
  }

  /** A reply that could not be judged: said, taken back, to be tried again. */
  failed(error: UiError, n: TreeNode) {
    if (!this.session) return;
    this.error = error;
    this.session = { ...this.session, phase: "ask" };
    this.takeBack(n);
    this.host.changed(null);
    this.render();
  }

  /** Puts the board back to where the mistake is asked: a reply off the main line is deleted from the tree. */
  takeBack(n: TreeNode) {
    const at = this.askNode();
    if (!n.main && n.parent === at && n.children.length === 0) this.host.remove(n);
    else if (at) this.host.select(at);
  }

  /** Shows the best move of the mistake asked: played on the board from its position. */
  readonly showBest = () => {
    const mistake = this.session && currentMistake(this.session);
    const at = this.askNode();
    if (!this.session || !mistake?.best || !at) return;
    this.stopJudging();
    this.session = shown(this.session);
    this.error = null;
    this.host.playAt(at, mistake.best);
    this.render();
  };

  /** Goes on to the next mistake (the one asked counted as skipped unless answered), or to the summary. */
  readonly next = () => {
    if (!this.session) return;
    this.stopJudging();
    this.session = advance(this.session);
    this.host.changed(null);
    this.ask();
  };

  /** Ends the walk: back to the analysis. */
  readonly stop = () => {
    this.stopJudging();
    this.session = null;
    this.error = null;
    this.host.changed(null);
    this.render();
  };

  /** Stops a judging under way. */
  stopJudging() {
    this.controller?.abort();
    this.controller = null;
    clearInterval(this.ticker);
    this.progress = null;
  }

  /** Draws the box: the walk when it is on, else the offer (nothing without one, or in a game without moves). */
  render() {
    const box = this.box;
    if (!box) return;
    const session = this.session;
    if (session) {
      const at = this.askNode();
      const mistake = currentMistake(session);
      const name = this.host.names()[session.seat];
      patch(
        box,
        ...sessionView({
          session,
          name,
          own: session.seat === this.own,
          progress: this.progress,
          error: this.error,
          playedAt: (ply) => this.host.label(this.host.mainNode(ply)),
          best: at && mistake?.best ? this.host.words(at, mistake.best) : null,
          reply: at && session.reply ? this.host.words(at, session.reply) : null,
          showBest: this.showBest,
          next: this.next,
          stop: this.stop,
        }),
      );
      return;
    }
    // No offer yet, or a game without moves: nothing to learn from, no box.
    if (!this.offer?.moves.length) {
      patch(box);
      return;
    }
    const names = this.host.names();
    const seats: SeatName[] = this.own ? [this.own] : ["p1", "p2"];
    const sides = seats.map((seat) => ({
      seat,
      name: names[seat],
      count: this.mistakes(seat).length,
      own: seat === this.own,
    }));
    patch(box, ...offerView(sides, this.offer.settled, this.start));
  }

  /** Stops everything (the page goes away). */
  destroy() {
    this.stopJudging();
  }
}
