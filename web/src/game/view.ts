// The game page drawn from the controller's state: pure functions of a `GameContext`
// (what the page knows and the actions it offers), after lichess's round view.

import { type VChild, type VNode, v } from "../vdom.js";
import { t, lang, errorText, addTexts } from "../i18n.js";
import { abortWords, abortedWhen, loserSentence, resultNotation, resultWords } from "../result-words.js";
import type { UiError } from "../i18n.js";
import { recordHeader } from "../tags.js";
import { seatAccount, seatRatingChange } from "../account.js";
import { link } from "../nav.js";
import type { Link } from "../types.js";
import { muted, setMuted } from "../sound.js";
import { clockClass, formatClock, shortClock } from "./clock.js";
import { correspondenceText } from "../correspondence.js";
import type { BoardModule, MoveLabel, View } from "../board-types.js";
import type { Seat, SeatName } from "../types.js";
import type { Seat as GameSeat } from "../contract/Seat.js";
import type { LiveState } from "./live-state.js";
import { mayAskTakeback } from "./people.js";
import { playerName } from "../player-name.js";
import { type TabbedChat, tabbedPlace } from "./phone-tabs.js";
import { afterTournamentGame } from "../pages/tournaments/next-game.js";

/** The game page's notice (its text key), or "" for none. */
export type GameNotice = "joined" | "seatTaken" | "";

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: {
    "ab.open": "Analysis board",
    "look.you": "you",
    "look.joined": "anonymous",
    "look.open": "waiting for a player",
    "look.clockOf": "Clock of {name}",
    "look.rated": "Rated",
    "look.arena": "Arena",
    "look.swiss": "Swiss tournament",
    "look.league": "League, season {season}",
    "look.casual": "Casual",
    "look.clock": "{minutes} min + {seconds} s per move",
    "look.clockSeconds": "{initial} s + {seconds} s per move",
    "look.noClock": "no clock",
    "look.resignYes": "Yes, resign",
    "look.pending": "Play {move}?",
    "look.pendingHint":
      "Click it again or press Enter to play it, Escape to take it back; another move on the board replaces it.",
    "look.noMoves": "No moves yet",
    "look.moveList": "Moves",
    "look.notation": "How moves are written",
    "look.setup": "Setup",
    "look.play": "Play",
    "look.analyseHint": "Analyse: the engine's evaluation and best line for the position on the board.",
    "look.analysisTimeLabel": "Engine time per position",
    "look.waitingFriend": "Waiting for your friend to join",
    "look.askForInvite": "Waiting for a player: ask whoever invited you for the invite link",
    "look.inviteElsewhere":
      "The invite link is kept only in the browser that created this game: send it from there, or make a new one here (the old link then stops working).",
    "look.newInvite": "Make a new invite link",
    "look.newTab": "Opens in a new tab: your game stays open here",
  },
  de: {
    "ab.open": "Analysebrett",
    "look.you": "du",
    "look.joined": "anonym",
    "look.open": "wartet auf einen Spieler",
    "look.clockOf": "Uhr von {name}",
    "look.rated": "Gewertet",
    "look.arena": "Arena",
    "look.swiss": "Schweizer Turnier",
    "look.league": "Liga, Saison {season}",
    "look.casual": "Ungewertet",
    "look.clock": "{minutes} min + {seconds} s pro Zug",
    "look.clockSeconds": "{initial} s + {seconds} s pro Zug",
    "look.noClock": "ohne Uhr",
    "look.resignYes": "Ja, aufgeben",
    "look.pending": "{move} spielen?",
    "look.pendingHint":
      "Noch einmal klicken oder Enter spielt ihn, Escape nimmt ihn zurück; ein anderer Zug auf dem Brett ersetzt ihn.",
    "look.noMoves": "Noch keine Züge",
    "look.moveList": "Züge",
    "look.notation": "Wie Züge geschrieben werden",
    "look.setup": "Aufbau",
    "look.play": "Spiel",
    "look.analyseHint": "Analysieren: die Bewertung der Engine und ihre beste Folge für die Stellung auf dem Brett.",
    "look.analysisTimeLabel": "Bedenkzeit der Engine je Stellung",
    "look.waitingFriend": "Warte darauf, dass dein Freund beitritt",
    "look.askForInvite": "Wartet auf einen Spieler: bitte den, der dich eingeladen hat, um den Einladungslink",
    "look.inviteElsewhere":
      "Der Einladungslink ist nur in dem Browser gespeichert, der diese Partie erstellt hat: schicke ihn von dort oder erzeuge hier einen neuen (der alte Link gilt dann nicht mehr).",
    "look.newInvite": "Neuen Einladungslink erzeugen",
    "look.newTab": "Öffnet sich in einem neuen Tab: deine Partie bleibt hier offen",
  },
});

/** What the panel is drawn from, and what its controls do. */
export interface GameContext {
  id: string;
  state: LiveState;
  seat: Seat | null;
  module: BoardModule;
  /** The ply shown when stepping back, or null for the live position. */
  viewPly: number | null;
  /** The view of the position shown. */
  shownView: Record<string, unknown>;
  online: boolean;
  /** How long ago the state came, ms: the running clock has counted down that much since. */
  elapsed: number;
  notice: GameNotice;
  error: UiError | null;
  premove: string | null;
  /** The move chosen on the board that waits for Play (the setting "Confirm each move"), or null. */
  pending: string | null;
  /** The action waiting for the player's "yes" in the panel (see `confirmBox`), or null. */
  confirming: "resign" | null;
  /** Whether the board is drawn turned (see `orientation.ts`). */
  flipped: boolean;
  /** The seat whose strip goes at the board's bottom edge. */
  bottom: SeatName;
  analysisMs: number;
  /** The moves in words, where the game writes them. */
  words: string[] | null;
  /** Each move's label in the list, where the game numbers its moves otherwise than in pairs. */
  labels: MoveLabel[] | null;
  myTurn: boolean;
  canMove: boolean;
  canPremove: boolean;
  send(path: string, body: unknown): void;
  submitMove(move: string): void;
  showPly(ply: number | null): void;
  cancelPremove(): void;
  /** Plays the move waiting for Play. */
  playPending(): void;
  /** Drops the move waiting for Play. */
  cancelPending(): void;
  /** Asks in the panel before `action` (null: the question is withdrawn). */
  ask(action: "resign" | null): void;
  /** Asks the server for a new invite link for the open seat (the signed-in player without the link). */
  renewInvite(): void;
  flip(): void;
  redraw(): void;
  startAnalysis(): void;
  setAnalysisMs(ms: number): void;
}

/**
 * Whether the viewer plays this running game against a person: leaving the page would leave the
 * game, and the opponent is told so (against the engine nobody waits: the game waits unchanged).
 */
function playingPerson(c: GameContext): boolean {
  return Boolean(c.seat && !c.state.outcome && c.state.opponent === "human");
}

/**
 * The links from the game page to another page (the rules, a player's profile, the analysis board,
 * the arena): while the viewer plays a running game against a person they open in a new tab, so that
 * the game stays open here (leaving it would tell the opponent that its player left); else within the UI.
 */
export function awayLink(c: GameContext): Link {
  if (!playingPerson(c)) return link;
  return (path, text, attrs = {}) =>
    v(
      "a",
      {
        key: typeof attrs.id === "string" ? attrs.id : undefined,
        href: path,
        target: "_blank",
        rel: "noopener",
        title: t("look.newTab"),
        ...attrs,
      },
      text,
    );
}

/** Whether the viewer's game between people waits for the invited friend to take the other seat. */
export function awaitingFriend(c: GameContext): boolean {
  const mine = c.seat?.seat;
  return Boolean(
    mine && !c.state.outcome && c.state.opponent === "human" && c.state.seats.some((s) => s.seat !== mine && !s.joined),
  );
}

/** The name of `seat`'s player in the page's language. */
function nameOf(state: LiveState, seat: string | null | undefined): string {
  return state.seats.find((s) => s.seat === seat)?.names[lang()] ?? "";
}

/**
 * Who plays another's seat, in words, when no name says it: the engine at its level, a player, or
 * nobody yet (one's own seat says "you" there, see `seatLine`).
 */
function seatWho(c: GameContext, s: GameSeat): string {
  if (s.label || s.account) return "";
  if (s.player === "engine") return `${t("engine")} · ${t("thinkingLevel", { level: c.state.level ?? "" })}`;
  return s.joined ? t("look.joined") : t("look.open");
}

/** The seat's clock, counted down from the state's remaining time while it runs; null without a clock. */
function seatClock(c: GameContext, s: GameSeat, index: number): VNode | null {
  const { state } = c;
  const running = state.clock?.running === s.seat;
  const remaining = state.clock?.remaining_ms[index];
  const left = remaining === undefined ? undefined : remaining - (running ? c.elapsed : 0);
  if (!state.clock || left === undefined) return null;
  return v(
    "span",
    {
      key: `clock:${s.seat}`,
      class: clockClass(left, state.clock.initial_ms, running),
      "data-clock": s.seat,
      role: "timer",
      "aria-label": t("look.clockOf", { name: s.names[lang()] }),
    },
    formatClock(left),
  );
}

/**
 * A seat's strip, two lines of the same height in every game, after lichess: the colour's dot, the
 * name (the account's, a record's player, else the colour's) and the rating on the first; on the
 * second, small, "you" or who plays it (engine, anonymous), the rating's change after a rated game
 * and the game's count (stones, marbles). The clock at the right of both lines.
 */
export function seatLine(c: GameContext, s: GameSeat, index: number): VNode {
  const { state } = c;
  const colour = s.names[lang()];
  const account = seatAccount(s, awayLink(c));
  const named = Boolean(account || s.label);
  const mine = c.seat?.seat === s.seat;
  const who = seatWho(c, s);
  const info = c.module.seatInfo?.(c.shownView, t)?.[index];
  const dotColour = c.module.seatColours?.(c.shownView)?.[index];
  const swatch = `swatch ${state.game}-${s.seat}${dotColour ? ` swatch-${dotColour}` : ""}`;
  // "you" starts the own seat's second line (instead of "anonymous"): the name above keeps the width.
  const second = [
    mine ? v("span", { class: "seat-who you" }, t("look.you")) : who ? v("span", { class: "seat-who" }, who) : null,
    seatRatingChange(s),
    info ? v("span", {}, info) : null,
  ].filter((part) => part !== null);
  return v(
    "div",
    {
      key: `seat:${s.seat}`,
      class: `seat ${state.side_to_move === s.seat && !state.outcome ? "to-move" : ""}`,
      "data-seat": s.seat,
    },
    [
      // A name other than the colour's: the dot says the colour (its title, and to screen readers).
      v("span", named ? { class: swatch, role: "img", title: colour, "aria-label": colour } : { class: swatch }),
      v("span", { class: "seat-names" }, [account ?? v("strong", { class: "seat-name" }, s.label || colour)]),
      v("span", { class: "info" }, second),
      seatClock(c, s, index),
    ],
  );
}

/**
 * How the game ended, in words under its result: what the loser did, named ("bob0808 resigned",
 * "Blue ran out of time"); for a game between people aborted, who aborted and when ("Alice aborted
 * the game during the setup"); else the server's reason.
 */
function outcomeText(c: GameContext): string {
  const o = c.state.outcome;
  if (!o) return "";
  const loser = o.winner ? c.state.seats.find((s) => s.seat !== o.winner)?.seat : null;
  const sentence = loserSentence(o.reason, loser ? playerName(c.state.seats, loser) : null);
  if (sentence) return sentence;
  const when = o.reason === "aborted" ? abortedWhen(c.state.people) : null;
  if (!when) return o.text[lang()] || o.description;
  const by = c.state.people?.aborted_by ?? null;
  return abortWords(when, by ? { name: nameOf(c.state, by), you: by === c.seat?.seat } : null);
}

/** The result in large letters with how it came about, once the game is over. */
function resultBanner(c: GameContext): VNode | null {
  const o = c.state.outcome;
  if (!o) return null;
  const winner = o.winner ? t("wins", { name: nameOf(c.state, o.winner) }) : null;
  const notation = resultNotation(o.result);
  return v("div", { key: "result", class: "result-banner", id: "result", role: "status" }, [
    resultWords(o.result, o.reason, winner, t("draw")),
    notation ? " " : null,
    notation ? v("span", { class: "nowrap" }, notation.trim()) : null,
    v("small", {}, outcomeText(c)),
  ]);
}

/** A time control in words: "5 min + 3 s per move", under a minute "18 s + 0 s per move". */
export function clockText(initialMs: number, incrementMs: number): string {
  const seconds = Math.round(incrementMs / 1000);
  return initialMs < 60000
    ? t("look.clockSeconds", { initial: Math.round(initialMs / 1000), seconds })
    : t("look.clock", { minutes: (initialMs / 60000).toLocaleString(lang()), seconds });
}

/**
 * The line under the title, short as lichess's "5+3 · Casual": the time control (in words in its
 * tooltip), rated or casual, and a link to the arena that paired the game, if one did.
 */
function metaLine(c: GameContext): VNode {
  const clock = c.state.clock;
  const corr = c.state.correspondence;
  const control = clock
    ? v(
        "span",
        { class: "nowrap", title: clockText(clock.initial_ms, clock.increment_ms) },
        shortClock(clock.initial_ms, clock.increment_ms),
      )
    : v("span", { class: "nowrap" }, corr ? correspondenceText(corr) : t("look.noClock"));
  return v("p", { key: "game-meta", class: "muted game-meta", id: "game-meta" }, [
    control,
    " · ",
    c.state.rated ? t("look.rated") : t("look.casual"),
    c.state.tournament ? " · " : null,
    c.state.tournament
      ? awayLink(c)(
          `/tournaments/${c.state.tournament}`,
          t(c.state.tournament_kind === "swiss" ? "look.swiss" : "look.arena"),
          { id: "game-tournament" },
        )
      : null,
    c.state.league ? " · " : null,
    c.state.league
      ? awayLink(c)(`/leagues/${c.state.league.game}`, t("look.league", { season: c.state.league.season }), {
          id: "game-league",
        })
      : null,
  ]);
}

/** The status line: the result, whose turn, or a lost connection. */
export function statusText(c: GameContext): string {
  const { state } = c;
  if (!c.online) return t("connectionLost");
  const o = state.outcome;
  if (o) {
    const winner = o.winner ? t("wins", { name: nameOf(state, o.winner) }) : null;
    const result = resultWords(o.result, o.reason, winner, t("draw"));
    return `${t("gameOver")}: ${result} — ${outcomeText(c)}${resultNotation(o.result)}`;
  }
  const name = state.to_move_names[lang()];
  if (state.engine_thinking) return t("engineThinking", { name });
  if (awaitingFriend(c)) return t("look.waitingFriend");
  if (c.myTurn) return t("yourTurnTitle");
  return t("theirTurn", { name });
}

/** The ply shown: the one stepped back to, else the live one. */
function shownPly(c: GameContext): number {
  return c.viewPly ?? c.state.ply;
}

/**
 * What stands before a move with a label of the game's (`moveLabels`): its number; or, for a move of
 * the setup, its mover's dot named by the player, under the heading "Setup" before the first; the
 * heading "Play" before the first numbered move after the setup.
 */
function labelCells(c: GameContext, label: MoveLabel, before: MoveLabel | undefined): VNode[] {
  const heading = (key: "look.setup" | "look.play") =>
    v("span", { class: `moves-heading muted`, "data-heading": key.slice(5) }, t(key));
  if (label.setup) {
    const index = c.state.seats.findIndex((s) => s.seat === label.mover);
    const colour = index >= 0 ? c.module.seatColours?.(c.state.view as View)?.[index] : null;
    const name = nameOf(c.state, label.mover);
    const dot = v("span", {
      class: `swatch ${c.state.game}-${label.mover ?? ""}${colour ? ` swatch-${colour}` : ""}`,
      role: "img",
      title: name,
      "aria-label": name,
    });
    return [before ? null : heading("look.setup"), v("span", { class: "number mover" }, dot)].filter(
      (cell) => cell !== null,
    );
  }
  const first = before?.setup ? [heading("look.play")] : [];
  return label.number ? [...first, v("span", { class: "number" }, label.number)] : first;
}

/** The list of moves: in words, one a line, with the move text on hover, when the game writes them. */
export function moveList(c: GameContext): VNode {
  const { words } = c;
  const current = shownPly(c);
  const cells: VNode[] = [];
  c.state.moves.forEach((move, index) => {
    const ply = index + 1;
    const label = c.labels?.[index];
    if (label) cells.push(...labelCells(c, label, c.labels?.[index - 1]));
    else if (index % 2 === 0) cells.push(v("span", { class: "number" }, `${index / 2 + 1}.`));
    cells.push(
      v(
        "button",
        {
          key: `ply:${ply}`,
          class: `move ${current === ply ? "current" : ""}`,
          "data-ply": ply,
          "data-move": move,
          title: words ? move : null,
          on: { click: () => c.showPly(ply) },
        },
        words?.[index] ?? move,
      ),
    );
  });
  if (!cells.length) cells.push(v("span", { class: "moves-empty muted" }, t("look.noMoves")));
  // A region that scrolls: reachable by the keyboard (tab stop) and named for screen readers.
  return v(
    "div",
    {
      key: "moves",
      class: `moves${words ? " words" : ""}`,
      id: "moves",
      tabindex: 0,
      role: "region",
      "aria-label": t("look.moveList"),
    },
    cells,
  );
}

/**
 * What the game's notation means, folded under a "?" after the move list, where the game explains it
 * (Abalone's "c3c5d3"); null for a game whose moves read plainly.
 */
export function notationHelp(c: GameContext): VNode | null {
  const help = c.module.notationHelp?.(t);
  if (!help) return null;
  const title = t("look.notation");
  return v("details", { key: "notation-help", class: "notation-help", id: "notation-help" }, [
    v("summary", { title }, [v("span", { class: "notation-mark", "aria-hidden": "true" }, "?"), " ", title]),
    v("p", { class: "muted" }, help),
  ]);
}

/** The steps through the moves, their list, and what their notation means. */
function movesPlace(c: GameContext): VNode[] {
  return [navigation(c), moveList(c), notationHelp(c)].filter((part) => part !== null);
}

/** Whose turn it is and the last move shown, above the board: on a narrow screen the panel is far below. */
export function turnLine(c: GameContext, lastMove: string | null): VNode[] {
  const ply = shownPly(c);
  const words = c.words;
  // A finished game's result is in the result box (on a phone right under the own strip): not twice.
  const parts = c.state.outcome && c.online ? [] : [v("strong", {}, statusText(c))];
  if (ply > 0)
    parts.push(
      v(
        "span",
        { class: "muted", title: words ? lastMove : null },
        t("lastMove", { move: (words ? words[ply - 1] : lastMove) ?? "" }),
      ),
    );
  return parts;
}

/**
 * Whether a visitor without a seat looks at a game between people whose seat is still open: only the
 * invite link seats them, so they are told to ask for it.
 */
function seatOpenToVisitor(c: GameContext): boolean {
  const { state, seat } = c;
  return !seat && !state.outcome && state.opponent === "human" && state.seats.some((s) => !s.joined && !s.awaits_claim);
}

/** Whether the player's opponent has yet to claim their seat in this rematch (no invite link takes it). */
function rematchSeatOpen(c: GameContext): boolean {
  const mine = c.seat?.seat;
  return Boolean(mine && c.state.seats.some((s) => s.seat !== mine && !s.joined && s.awaits_claim));
}

/** The invite link while the other seat is open (or a visitor's hint to ask for it), and a draw offer to answer or waiting. */
function offers(c: GameContext): VChild[] {
  const { state, seat } = c;
  const other = state.seats.find((s) => s.seat !== seat?.seat);
  const invite = seat && state.opponent === "human" && !other?.joined ? seat.invite : undefined;
  const offerFromOther = state.draw_offer && seat && state.draw_offer !== seat.seat && !state.outcome;
  return [
    seatOpenToVisitor(c)
      ? v("p", { key: "seat-open-hint", class: "notice", id: "seat-open-hint" }, t("look.askForInvite"))
      : null,
    awaitingFriend(c) && !invite && !rematchSeatOpen(c)
      ? v("p", { key: "invite-elsewhere", class: "notice", id: "invite-elsewhere" }, [
          t("look.inviteElsewhere"),
          " ",
          v("button", { key: "new-invite", id: "new-invite", on: { click: c.renewInvite } }, t("look.newInvite")),
        ])
      : null,
    invite
      ? v("div", { class: "invite" }, [
          v("p", {}, t("waitingForOpponent")),
          v("input", {
            key: "invite",
            readonly: true,
            value: invite,
            id: "invite",
            on: { click: (e: Event) => (e.target as HTMLInputElement).select() },
          }),
          v(
            "button",
            {
              on: {
                click: (e: Event) => {
                  navigator.clipboard?.writeText(invite);
                  (e.target as HTMLElement).textContent = t("copied");
                },
              },
            },
            t("copy"),
          ),
        ])
      : null,
    offerFromOther
      ? v("div", { class: "offer" }, [
          v("p", {}, t("drawOffered", { name: playerName(state.seats, state.draw_offer) })),
          v("button", { on: { click: () => c.send("draw", { action: "accept" }) } }, t("acceptDraw")),
          v("button", { on: { click: () => c.send("draw", { action: "decline" }) } }, t("declineDraw")),
        ])
      : null,
    state.draw_offer && seat && state.draw_offer === seat.seat && !state.outcome
      ? v("p", { class: "notice" }, t("drawOfferSent"))
      : null,
    c.premove && c.canPremove
      ? v("p", { key: "premove", class: "notice", id: "premove" }, [
          t("premoveQueued", { move: c.premove }),
          " ",
          v("button", { key: "premove-cancel", id: "premove-cancel", on: { click: c.cancelPremove } }, t("cancel")),
        ])
      : null,
  ];
}

/**
 * The move chosen on the board that waits for Play, in words where the game writes them, with
 * Play and Cancel: in the panel, and on a phone also in the line above the board (`where`).
 */
export function pendingBox(c: GameContext, where: "panel" | "line"): VNode | null {
  const move = c.pending;
  if (!move) return null;
  const words = c.module.lineWords?.(c.state.view as View, [move], { t, flipped: c.flipped })?.[0] ?? move;
  const id = (name: string) => (where === "panel" ? `pending-${name}` : null);
  return v(
    "div",
    {
      key: `pending-${where}`,
      class: `pending-move ${where}`,
      id: id("move"),
      "data-move": move,
      role: "group",
      "aria-label": t("look.pending", { move: words }),
    },
    [
      v("strong", {}, t("look.pending", { move: words })),
      v(
        "button",
        { key: "play", class: "primary pending-play", id: id("play"), on: { click: c.playPending } },
        t("play"),
      ),
      v(
        "button",
        { key: "cancel", class: "pending-cancel", id: id("cancel"), on: { click: c.cancelPending } },
        t("cancel"),
      ),
      where === "panel" ? v("small", { class: "muted" }, t("look.pendingHint")) : null,
    ],
  );
}

/** First, back, forward, last, and which ply is shown. */
function navigation(c: GameContext): VNode {
  const at = shownPly(c);
  return v("div", { class: "nav" }, [
    v(
      "button",
      {
        key: "nav:first",
        title: t("first"),
        "aria-label": t("first"),
        "data-nav": "first",
        on: { click: () => c.showPly(0) },
      },
      "«",
    ),
    v(
      "button",
      {
        key: "nav:back",
        title: t("back"),
        "aria-label": t("back"),
        "data-nav": "back",
        on: { click: () => c.showPly(at - 1) },
      },
      "‹",
    ),
    v(
      "button",
      {
        key: "nav:forward",
        title: t("forward"),
        "aria-label": t("forward"),
        "data-nav": "forward",
        on: { click: () => c.showPly(at + 1) },
      },
      "›",
    ),
    v(
      "button",
      {
        key: "nav:last",
        title: t("last"),
        "aria-label": t("last"),
        "data-nav": "last",
        on: { click: () => c.showPly(null) },
      },
      "»",
    ),
    v("span", { class: "muted" }, c.viewPly === null ? "" : t("viewing", { ply: c.viewPly, total: c.state.ply })),
  ]);
}

/** The text field for a move in the game's notation, and Pass where passing is legal. */
function moveForm(c: GameContext): VNode {
  return v(
    "form",
    {
      class: "move-form",
      on: {
        submit: (e: SubmitEvent) => {
          e.preventDefault();
          const input = (e.target as HTMLFormElement).elements.namedItem("move") as HTMLInputElement;
          if (input.value.trim()) c.submitMove(input.value.trim());
          input.value = "";
        },
      },
    },
    [
      v("input", { name: "move", placeholder: t("moveInput"), autocomplete: "off", "aria-label": t("moveInput") }),
      v("button", { type: "submit" }, t("play")),
      c.state.legal_moves.includes("0000")
        ? v("button", { key: "pass", type: "button", id: "pass", on: { click: () => c.submitMove("0000") } }, t("pass"))
        : null,
    ],
  );
}

/**
 * A button of the game's actions: a sign over its name, in one row of same-size buttons (as lichess's);
 * on a phone the sign alone (style.css hides the name for the eye only), the name its title. Screen
 * readers say the name (the sign is hidden from them).
 */
export function actionButton(id: string, sign: string, label: string, click: () => void, pressed?: boolean): VNode {
  return v(
    "button",
    {
      key: id,
      id,
      type: "button",
      title: label,
      "aria-expanded": pressed === undefined ? null : String(pressed),
      on: { click },
    },
    [
      v("span", { key: "sign", class: "action-sign", "aria-hidden": "true" }, sign),
      v("span", { key: "name", class: "action-name" }, label),
    ],
  );
}

/**
 * Whether a game between people is still in its setup, as far as its actions go: it has a setup
 * phase (Amakta's circles and colour, Infinit's bids and stones) and both sides have not yet made a
 * move of play. Then, as on lichess before the game has begun, Abort is the only action.
 */
export function settingUp(state: LiveState): boolean {
  const people = state.people;
  return Boolean(people?.abortable && (people.in_setup || state.ply > people.play_moves));
}

/** What a player does in the game: resign, offer a draw, take a move back, abort (before the second move of play). */
function actions(c: GameContext, playing: boolean): VNode | null {
  const { state, seat } = c;
  if (!playing) return null;
  const abort = state.people?.abortable
    ? actionButton("abort", "✕", t("people.abort"), () => c.send("abort", {}))
    : null;
  // Before the opponent has taken their seat there is nobody to resign to or offer a draw; during a
  // setup the game has not begun.
  if ((state.opponent === "human" && !state.seats.every((s) => s.joined)) || settingUp(state))
    return abort && v("div", { class: "actions" }, abort);
  return v("div", { class: "actions" }, [
    actionButton(
      "resign",
      "⚑",
      t("resign"),
      () => c.ask(c.confirming === "resign" ? null : "resign"),
      c.confirming === "resign",
    ),
    state.opponent === "human" && state.draw_offer !== seat?.seat
      ? actionButton("draw", "½", t("offerDraw"), () => c.send("draw", { action: "offer" }))
      : null,
    state.opponent === "engine" && state.ply > 0
      ? actionButton("undo", "↶", t("undo"), () => c.send("undo", {}))
      : null,
    state.opponent === "human" && seat && mayAskTakeback(state, seat.seat)
      ? actionButton("takeback", "↶", t("people.takeback"), () => c.send("takeback", { action: "offer" }))
      : null,
    abort,
  ]);
}

/** The page's tools, quieter than the game's actions: flip, sound, download and rules. */
function tools(c: GameContext): VNode {
  return v("div", { class: "actions tools" }, [
    v("button", { key: "flip", id: "flip", on: { click: c.flip } }, t("flip")),
    v(
      "button",
      {
        key: "sound",
        id: "sound",
        class: "toggle",
        "aria-pressed": String(!muted()),
        title: t("soundHint"),
        on: {
          click: () => {
            setMuted(!muted());
            c.redraw();
          },
        },
      },
      t("sound"),
    ),
    v(
      "a",
      { class: "button", href: `/api/games/${c.id}/record`, download: `spielwerk-${c.state.game}-${c.id}.txt` },
      t("download"),
    ),
    awayLink(c)(`/rules/${c.state.game}`, t("rules"), { class: "button", id: "rules-link" }),
  ]);
}

/** The question before resigning, in the panel: yes or no. */
function confirmBox(c: GameContext, playing: boolean): VNode | null {
  if (!playing || c.confirming !== "resign") return null;
  return v(
    "div",
    {
      key: "confirm-resign",
      class: "confirm-box",
      id: "confirm-resign",
      role: "alertdialog",
      "aria-label": t("confirmResign"),
    },
    [
      v("p", {}, t("confirmResign")),
      v(
        "button",
        {
          key: "resign-yes",
          class: "danger",
          id: "resign-yes",
          on: {
            click: () => {
              c.ask(null);
              c.send("resign", {});
            },
          },
        },
        t("look.resignYes"),
      ),
      v("button", { key: "resign-no", id: "resign-no", on: { click: () => c.ask(null) } }, t("cancel")),
    ],
  );
}

/** Analysis helps a player only in a running game between people: there it is not offered. */
export function analysable(state: LiveState): boolean {
  return Boolean(state.outcome || state.opponent === "engine" || state.opponent === "record");
}

/** The way to the analysis board of this game. */
function analysisBoardLink(c: GameContext): VNode {
  return awayLink(c)(`/analysis/${c.id}`, t("ab.open"), { class: "button", id: "analysis-board-link" });
}

/**
 * What follows a finished game, right under its result (as lichess's panel): the rematch (the main
 * action, `rematch` from the page), the way to the analysis board, and in an arena the next game.
 */
function resultActions(c: GameContext, rematch: VNode | null): VNode | null {
  if (!c.state.outcome) return null;
  return v("div", { key: "result-actions", class: "result-actions", id: "result-actions" }, [
    rematch,
    analysisBoardLink(c),
    // A player of an arena game: the next pairing in a few seconds, and the way to pause; of a
    // Swiss's game: that the next round follows.
    c.state.tournament && c.seat ? afterTournamentGame(c.state.tournament, c.state.tournament_kind, c.id) : null,
  ]);
}

/**
 * The quick analysis's button and time, and the way to the analysis board. The final position of a
 * finished game has nothing to analyse: there the way to the analysis board is the one button, a
 * secondary one (the rematch is the main action after a game).
 */
export function analysisControls(c: GameContext): VNode | null {
  if (!analysable(c.state)) return null;
  // A finished game's way to the analysis board is beside its result (see `resultActions`).
  if (c.state.outcome && c.viewPly === null) return null;
  return v("div", { class: "analysis-controls" }, [
    v(
      "button",
      { key: "analyse", id: "analyse", title: t("look.analyseHint"), on: { click: c.startAnalysis } },
      t("analyse"),
    ),
    c.state.outcome ? null : analysisBoardLink(c),
    v("label", { key: "analysis-time", class: "analysis-time" }, [
      v("span", {}, t("look.analysisTimeLabel")),
      v(
        "select",
        {
          name: "analysis-time",
          title: t("analysisTime"),
          on: { change: (e: Event) => c.setAnalysisMs(Number((e.target as HTMLSelectElement).value)) },
        },
        [300, 1000, 2000, 5000, 10000].map((ms) =>
          v("option", { value: ms, selected: ms === c.analysisMs }, `${(ms / 1000).toLocaleString(lang())} s`),
        ),
      ),
    ]),
    v("p", { key: "analyse-hint", class: "analysis-hint muted" }, t("look.analyseHint")),
  ]);
}

/**
 * The viewer's side in words: "You play Blue" for a side named by its colour, "You are the first
 * player" / "Du bist Erster Spieler" for one named by its role (Amakta's: its English name ends in "player").
 */
function youText(state: LiveState, seat: string): string {
  const names = state.seats.find((s) => s.seat === seat)?.names;
  if (!names || !/ player$/i.test(names.en)) return t("youPlay", { name: nameOf(state, seat) });
  return t("youAre", { name: lang() === "en" ? names.en.toLowerCase() : names[lang()] });
}

/**
 * The status line with the viewer's side (or that they watch) after it, quieter: one line for both
 * facts. Once the game is over the result box says it all, so there is no status line (unless the
 * connection is lost).
 */
function statusLine(c: GameContext): VNode | null {
  if (c.state.outcome && c.online) return null;
  const side = c.seat ? youText(c.state, c.seat.seat) : t("spectating");
  return v("p", { key: "status", class: `status ${c.state.outcome ? "over" : ""}`, id: "status", role: "status" }, [
    statusText(c),
    c.state.outcome
      ? null
      : v("span", { class: "status-side muted" }, [v("span", { class: "sep" }, " · "), v("span", {}, side)]),
  ]);
}

/** The game page's parts, each drawn into its own place (see `page.ts` and `style.css`). */
export interface GameParts {
  /** The seat whose side is at the top of the board: beside the board's top edge, on a phone above the board. */
  top: VNode | null;
  /** The seat whose side is at the bottom: beside the board's bottom edge, on a phone below the board. */
  bottom: VNode | null;
  /** The play column between the two seats: the result, whose turn, the moves and what a player does. */
  column: VChild[];
  /** The game's information and the page's tools: title, time control, record, flip, sound, download, rules. */
  side: VChild[];
}

/**
 * The page drawn from the context, after lichess's round: the seats as strips at the board's edges,
 * the moves and actions between them, the game's information apart. `people` (first move,
 * takebacks, presence) goes with the game's actions, and the typed move field after them; `rematch`
 * (the page's rematch controls) goes with the analysis board's link under a finished game's result;
 * `tabs`, on a narrow screen with a players' chat, puts the moves and the chat in tabs.
 * On a phone style.css moves the actions and the move field above the moves, which are one scrolling line.
 */
export function gameParts(
  c: GameContext,
  people: VNode | null = null,
  rematch: VNode | null = null,
  tabs: TabbedChat | null = null,
): GameParts {
  const { state, seat } = c;
  const playing = Boolean(c.online && seat && !state.outcome && state.opponent !== "record");
  // Against the engine its level, an imported record says so; a game between people needs no word.
  const title =
    state.opponent === "engine"
      ? t("vsEngine", { level: state.level ?? "" })
      : state.opponent === "human"
        ? null
        : t("imported");
  const mine = seat ? nameOf(state, seat.seat) : "";
  // The seat whose side is drawn nearest the viewer has its strip at the bottom (`orientation.ts`).
  const [first, second] = state.seats.map((s, index) => seatLine(c, s, index));
  const firstBelow = c.bottom === "p1";
  return {
    top: (firstBelow ? second : first) ?? null,
    bottom: (firstBelow ? first : second) ?? null,
    column: [
      resultBanner(c),
      resultActions(c, rematch),
      statusLine(c),
      pendingBox(c, "panel"),
      // "You joined the game as …" is stale once the game is over.
      c.notice && !(c.state.outcome && c.notice === "joined")
        ? v("p", { class: "notice" }, t(c.notice, { name: mine }))
        : null,
      ...offers(c),
      // On a narrow screen the moves share their place with the players' chat, in tabs (`phone-tabs.ts`).
      ...(tabs ? tabbedPlace(tabs, movesPlace(c)) : movesPlace(c)),
      c.error ? v("p", { key: "error", class: "error", role: "alert", id: "error" }, errorText(c.error)) : null,
      confirmBox(c, playing),
      people,
      actions(c, playing),
      playing && c.canMove ? moveForm(c) : null,
    ],
    side: [
      v("h1", { class: "game-title" }, [
        state.title,
        title ? " " : null,
        title ? v("small", { class: "muted" }, title) : null,
      ]),
      metaLine(c),
      recordHeader(state),
      tools(c),
    ],
  };
}
