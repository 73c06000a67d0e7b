// The game page drawn from the controller's state: pure functions of a `GameContext`
// (what the page knows and the actions it offers), after lichess's round view.

import { t, lang, errorText, addTexts } from "../i18n.js";
import type { UiError } from "../i18n.js";
import { h } from "../svg.js";
import { recordHeader } from "../tags.js";
import { seatAccount } from "../account.js";
import { link } from "../nav.js";
import { muted, setMuted } from "../sound.js";
import { clockClass, formatClock } from "./clock.js";
import { correspondenceText } from "../correspondence.js";
import type { BoardModule, View } from "../board-types.js";
import type { Seat } from "../types.js";
import type { Seat as GameSeat } from "../contract/Seat.js";
import type { LiveState } from "./live-state.js";

/** The game page's notice (its text key), or "" for none. */
export type GameNotice = "joined" | "seatTaken" | "";

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: {
    "look.you": "you",
    "look.joined": "anonymous",
    "look.open": "waiting for a player",
    "look.clockOf": "Clock of {name}",
    "look.rated": "Rated",
    "look.casual": "Casual (not rated)",
    "look.clock": "{minutes} min + {seconds} s per move",
    "look.noClock": "no clock",
    "look.resignYes": "Yes, resign",
    "look.pending": "Play {move}?",
    "look.pendingHint":
      "Click it again or press Enter to play it, Escape to take it back; another move on the board replaces it.",
    "look.noMoves": "No moves yet",
  },
  de: {
    "look.you": "du",
    "look.joined": "anonym",
    "look.open": "wartet auf einen Spieler",
    "look.clockOf": "Uhr von {name}",
    "look.rated": "Gewertet",
    "look.casual": "Ungewertet",
    "look.clock": "{minutes} min + {seconds} s pro Zug",
    "look.noClock": "ohne Uhr",
    "look.resignYes": "Ja, aufgeben",
    "look.pending": "{move} spielen?",
    "look.pendingHint":
      "Noch einmal klicken oder Enter spielt ihn, Escape nimmt ihn zurück; ein anderer Zug auf dem Brett ersetzt ihn.",
    "look.noMoves": "Noch keine Züge",
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
  notice: GameNotice;
  error: UiError | null;
  premove: string | null;
  /** The move chosen on the board that waits for Play (the setting "Confirm each move"), or null. */
  pending: string | null;
  /** The action waiting for the player's "yes" in the panel (see `confirmBox`), or null. */
  confirming: "resign" | null;
  flipped: boolean;
  analysisMs: number;
  /** The moves in words, where the game writes them. */
  words: string[] | null;
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
  flip(): void;
  redraw(): void;
  startAnalysis(): void;
  setAnalysisMs(ms: number): void;
}

/** The name of `seat`'s player in the page's language. */
function nameOf(state: LiveState, seat: string | null | undefined): string {
  return state.seats.find((s) => s.seat === seat)?.names[lang()] ?? "";
}

/** Who plays a seat, in words: you, the engine at its level, a player, or nobody yet. */
function seatWho(c: GameContext, s: GameSeat): string {
  if (s.label) return s.label;
  if (s.player === "engine") return `${t("engine")} · ${t("thinkingLevel", { level: c.state.level ?? "" })}`;
  if (c.seat?.seat === s.seat) return t("look.you");
  // An account's name (and its link) says who took the seat.
  if (s.account) return "";
  return s.joined ? t("look.joined") : t("look.open");
}

/** A seat's row: colour, name, account, who plays it, the game's extra information and the clock. */
export function seatLine(c: GameContext, s: GameSeat, index: number): HTMLElement {
  const { state } = c;
  const info = c.module.seatInfo?.(c.shownView, t)?.[index];
  const left = state.clock?.remaining_ms[index];
  const clock =
    state.clock && left !== undefined
      ? h(
          "span",
          {
            class: clockClass(left, state.clock.initial_ms, state.clock.running === s.seat),
            "data-clock": s.seat,
            role: "timer",
            "aria-label": t("look.clockOf", { name: s.names[lang()] }),
          },
          formatClock(left),
        )
      : null;
  return h(
    "div",
    { class: `seat ${state.side_to_move === s.seat && !state.outcome ? "to-move" : ""}`, "data-seat": s.seat },
    [
      h("span", { class: `swatch ${state.game}-${s.seat}` }),
      h("span", { class: "seat-names" }, [
        h("strong", {}, s.names[lang()]),
        seatAccount(s, link),
        h("span", { class: "muted seat-who" }, seatWho(c, s)),
      ]),
      info ? h("span", { class: "info" }, info) : null,
      clock,
    ],
  );
}

/** The result in large letters with how it came about, once the game is over. */
function resultBanner(c: GameContext): HTMLElement | null {
  const o = c.state.outcome;
  if (!o) return null;
  const result = o.winner
    ? t("wins", { name: nameOf(c.state, o.winner) })
    : o.result === "*"
      ? t("noResult")
      : t("draw");
  return h("div", { class: "result-banner", id: "result", role: "status" }, [
    result,
    " ",
    h("span", { class: "nowrap" }, `(${o.result})`),
    h("small", {}, o.text[lang()] || o.description),
  ]);
}

/** The line under the title: rated or casual, and the time control in minutes and seconds. */
function metaLine(c: GameContext): HTMLElement {
  const clock = c.state.clock;
  const parts = [c.state.rated ? t("look.rated") : t("look.casual")];
  const corr = c.state.correspondence;
  parts.push(
    clock
      ? t("look.clock", {
          minutes: (clock.initial_ms / 60000).toLocaleString(lang()),
          seconds: Math.round(clock.increment_ms / 1000),
        })
      : corr
        ? correspondenceText(corr)
        : t("look.noClock"),
  );
  return h("p", { class: "muted game-meta", id: "game-meta" }, parts.join(" · "));
}

/** The status line: the result, whose turn, or a lost connection. */
export function statusText(c: GameContext): string {
  const { state } = c;
  if (!c.online) return t("connectionLost");
  const o = state.outcome;
  if (o) {
    const result = o.winner
      ? t("wins", { name: nameOf(state, o.winner) })
      : o.result === "*"
        ? t("noResult")
        : t("draw");
    return `${t("gameOver")}: ${result} — ${o.text[lang()] || o.description} (${o.result})`;
  }
  const name = state.to_move_names[lang()];
  if (state.engine_thinking) return t("engineThinking", { name });
  if (c.myTurn) return t("yourTurnTitle");
  return t("theirTurn", { name });
}

/** The ply shown: the one stepped back to, else the live one. */
function shownPly(c: GameContext): number {
  return c.viewPly ?? c.state.ply;
}

/** The list of moves: in words, one a line, with the move text on hover, when the game writes them. */
export function moveList(c: GameContext): HTMLElement {
  const { words } = c;
  const current = shownPly(c);
  const cells: HTMLElement[] = [];
  c.state.moves.forEach((move, index) => {
    const ply = index + 1;
    if (index % 2 === 0) cells.push(h("span", { class: "number" }, `${index / 2 + 1}.`));
    cells.push(
      h(
        "button",
        {
          class: `move ${current === ply ? "current" : ""}`,
          "data-ply": ply,
          "data-move": move,
          title: words ? move : null,
          onclick: () => c.showPly(ply),
        },
        words?.[index] ?? move,
      ),
    );
  });
  if (!cells.length) cells.push(h("span", { class: "moves-empty muted" }, t("look.noMoves")));
  return h("div", { class: `moves${words ? " words" : ""}`, id: "moves" }, cells);
}

/** Whose turn it is and the last move shown, above the board: on a narrow screen the panel is far below. */
export function turnLine(c: GameContext, lastMove: string | null): HTMLElement[] {
  const ply = shownPly(c);
  const words = c.words;
  const parts = [h("strong", {}, statusText(c))];
  if (ply > 0)
    parts.push(
      h(
        "span",
        { class: "muted", title: words ? lastMove : null },
        t("lastMove", { move: (words ? words[ply - 1] : lastMove) ?? "" }),
      ),
    );
  return parts;
}

/** The invite link while the other seat is open, and a draw offer to answer or waiting. */
function offers(c: GameContext): (HTMLElement | null)[] {
  const { state, seat } = c;
  const other = state.seats.find((s) => s.seat !== seat?.seat);
  const invite = seat && state.opponent === "human" && !other?.joined ? seat.invite : undefined;
  const offerFromOther = state.draw_offer && seat && state.draw_offer !== seat.seat && !state.outcome;
  return [
    invite
      ? h("div", { class: "invite" }, [
          h("p", {}, t("waitingForOpponent")),
          h("input", {
            readonly: true,
            value: invite,
            id: "invite",
            onclick: (e: Event) => (e.target as HTMLInputElement).select(),
          }),
          h(
            "button",
            {
              onclick: (e: Event) => {
                navigator.clipboard?.writeText(invite);
                (e.target as HTMLElement).textContent = t("copied");
              },
            },
            t("copy"),
          ),
        ])
      : null,
    offerFromOther
      ? h("div", { class: "offer" }, [
          h("p", {}, t("drawOffered", { name: nameOf(state, state.draw_offer) })),
          h("button", { onclick: () => c.send("draw", { action: "accept" }) }, t("acceptDraw")),
          h("button", { onclick: () => c.send("draw", { action: "decline" }) }, t("declineDraw")),
        ])
      : null,
    state.draw_offer && seat && state.draw_offer === seat.seat && !state.outcome
      ? h("p", { class: "notice" }, t("drawOfferSent"))
      : null,
    c.premove && c.canPremove
      ? h("p", { class: "notice", id: "premove" }, [
          t("premoveQueued", { move: c.premove }),
          " ",
          h("button", { id: "premove-cancel", onclick: c.cancelPremove }, t("cancel")),
        ])
      : null,
  ];
}

/**
 * The move chosen on the board that waits for Play, in words where the game writes them, with
 * Play and Cancel: in the panel, and on a phone also in the line above the board (`where`).
 */
export function pendingBox(c: GameContext, where: "panel" | "line"): HTMLElement | null {
  const move = c.pending;
  if (!move) return null;
  const words = c.module.lineWords?.(c.state.view as View, [move], { t, flipped: c.flipped })?.[0] ?? move;
  const id = (name: string) => (where === "panel" ? `pending-${name}` : null);
  return h(
    "div",
    {
      class: `pending-move ${where}`,
      id: id("move"),
      "data-move": move,
      role: "group",
      "aria-label": t("look.pending", { move: words }),
    },
    [
      h("strong", {}, t("look.pending", { move: words })),
      h("button", { class: "primary pending-play", id: id("play"), onclick: c.playPending }, t("play")),
      h("button", { class: "pending-cancel", id: id("cancel"), onclick: c.cancelPending }, t("cancel")),
      where === "panel" ? h("small", { class: "muted" }, t("look.pendingHint")) : null,
    ],
  );
}

/** First, back, forward, last, and which ply is shown. */
function navigation(c: GameContext): HTMLElement {
  const at = shownPly(c);
  return h("div", { class: "nav" }, [
    h("button", { title: t("first"), "aria-label": t("first"), "data-nav": "first", onclick: () => c.showPly(0) }, "«"),
    h(
      "button",
      { title: t("back"), "aria-label": t("back"), "data-nav": "back", onclick: () => c.showPly(at - 1) },
      "‹",
    ),
    h(
      "button",
      { title: t("forward"), "aria-label": t("forward"), "data-nav": "forward", onclick: () => c.showPly(at + 1) },
      "›",
    ),
    h("button", { title: t("last"), "aria-label": t("last"), "data-nav": "last", onclick: () => c.showPly(null) }, "»"),
    h("span", { class: "muted" }, c.viewPly === null ? "" : t("viewing", { ply: c.viewPly, total: c.state.ply })),
  ]);
}

/** The text field for a move in the game's notation, and Pass where passing is legal. */
function moveForm(c: GameContext): HTMLElement {
  return h(
    "form",
    {
      class: "move-form",
      onsubmit: (e: SubmitEvent) => {
        e.preventDefault();
        const input = (e.target as HTMLFormElement).elements.namedItem("move") as HTMLInputElement;
        if (input.value.trim()) c.submitMove(input.value.trim());
        input.value = "";
      },
    },
    [
      h("input", { name: "move", placeholder: t("moveInput"), autocomplete: "off", "aria-label": t("moveInput") }),
      h("button", { type: "submit" }, t("play")),
      c.state.legal_moves.includes("0000")
        ? h("button", { type: "button", id: "pass", onclick: () => c.submitMove("0000") }, t("pass"))
        : null,
    ],
  );
}

/** What a player does in the game: resign, offer a draw, take a move back, abort (before the second move). */
function actions(c: GameContext, playing: boolean): HTMLElement | null {
  const { state, seat } = c;
  if (!playing) return null;
  const abort = state.people?.abortable
    ? h("button", { id: "abort", onclick: () => c.send("abort", {}) }, t("people.abort"))
    : null;
  // Before the opponent has taken their seat there is nobody to resign to or offer a draw.
  if (state.opponent === "human" && !state.seats.every((s) => s.joined))
    return abort && h("div", { class: "actions" }, abort);
  return h("div", { class: "actions" }, [
    h(
      "button",
      {
        id: "resign",
        "aria-expanded": String(c.confirming === "resign"),
        onclick: () => c.ask(c.confirming === "resign" ? null : "resign"),
      },
      t("resign"),
    ),
    state.opponent === "human" && state.draw_offer !== seat?.seat
      ? h("button", { id: "draw", onclick: () => c.send("draw", { action: "offer" }) }, t("offerDraw"))
      : null,
    state.opponent === "engine" && state.ply > 0
      ? h("button", { id: "undo", onclick: () => c.send("undo", {}) }, t("undo"))
      : null,
    abort,
  ]);
}

/** The page's tools, quieter than the game's actions: flip, sound, download and rules. */
function tools(c: GameContext): HTMLElement {
  return h("div", { class: "actions tools" }, [
    h("button", { id: "flip", onclick: c.flip }, t("flip")),
    h(
      "button",
      {
        id: "sound",
        class: "toggle",
        "aria-pressed": String(!muted()),
        title: t("soundHint"),
        onclick: () => {
          setMuted(!muted());
          c.redraw();
        },
      },
      t("sound"),
    ),
    h(
      "a",
      { class: "button", href: `/api/games/${c.id}/record`, download: `spielwerk-${c.state.game}-${c.id}.txt` },
      t("download"),
    ),
    link(`/rules/${c.state.game}`, t("rules"), { class: "button" }),
  ]);
}

/** The question before resigning, in the panel: yes or no. */
function confirmBox(c: GameContext, playing: boolean): HTMLElement | null {
  if (!playing || c.confirming !== "resign") return null;
  return h(
    "div",
    { class: "confirm-box", id: "confirm-resign", role: "alertdialog", "aria-label": t("confirmResign") },
    [
      h("p", {}, t("confirmResign")),
      h(
        "button",
        {
          class: "danger",
          id: "resign-yes",
          onclick: () => {
            c.ask(null);
            c.send("resign", {});
          },
        },
        t("look.resignYes"),
      ),
      h("button", { id: "resign-no", onclick: () => c.ask(null) }, t("cancel")),
    ],
  );
}

/** Analysis helps a player only in a running game between people: there it is not offered. */
export function analysable(state: LiveState): boolean {
  return Boolean(state.outcome || state.opponent === "engine" || state.opponent === "record");
}

/**
 * The quick analysis's button and time, and the way to the analysis board. The final position of a
 * finished game has nothing to analyse: there the way to the analysis board is the one button, a
 * secondary one (the rematch is the main action after a game).
 */
export function analysisControls(c: GameContext): HTMLElement | null {
  if (!analysable(c.state)) return null;
  if (c.state.outcome && c.viewPly === null) {
    return h("div", { class: "analysis-controls" }, [
      link(`/analysis/${c.id}`, t("ab.open"), { class: "button", id: "analysis-board-link" }),
    ]);
  }
  return h("div", { class: "analysis-controls" }, [
    h("button", { id: "analyse", onclick: c.startAnalysis }, t("analyse")),
    link(`/analysis/${c.id}`, t("ab.open"), { class: "button", id: "analysis-board-link" }),
    h(
      "select",
      {
        name: "analysis-time",
        "aria-label": t("analysisTime"),
        title: t("analysisTime"),
        onchange: (e: Event) => c.setAnalysisMs(Number((e.target as HTMLSelectElement).value)),
      },
      [300, 1000, 2000, 5000, 10000].map((ms) =>
        h("option", { value: ms, selected: ms === c.analysisMs }, `${(ms / 1000).toLocaleString(lang())} s`),
      ),
    ),
  ]);
}

/**
 * The status line with the viewer's side (or that they watch) after it, quieter: one line for both
 * facts. Once the game is over the result box says it all, so there is no status line (unless the
 * connection is lost).
 */
function statusLine(c: GameContext, mine: string): HTMLElement | null {
  if (c.state.outcome && c.online) return null;
  const side = c.seat ? t("youPlay", { name: mine }) : t("spectating");
  return h("p", { class: `status ${c.state.outcome ? "over" : ""}`, id: "status", role: "status" }, [
    statusText(c),
    c.state.outcome ? null : h("span", { class: "status-side muted" }, [" · ", h("span", {}, side)]),
  ]);
}

/** The game page's parts, each drawn into its own place (see `page.ts` and `style.css`). */
export interface GameParts {
  /** The seat whose side is at the top of the board: beside the board's top edge, on a phone above the board. */
  top: HTMLElement | null;
  /** The seat whose side is at the bottom: beside the board's bottom edge, on a phone below the board. */
  bottom: HTMLElement | null;
  /** The play column between the two seats: the result, whose turn, the moves and what a player does. */
  column: (HTMLElement | null)[];
  /** The game's information and the page's tools: title, time control, record, flip, sound, download, rules. */
  side: (HTMLElement | null)[];
}

/**
 * The page drawn from the context, after lichess's round: the seats as strips at the board's edges,
 * the moves and actions between them, the game's information apart. `people` (first move,
 * takebacks, presence) goes with the game's actions, and the typed move field after them.
 */
export function gameParts(c: GameContext, people: HTMLElement | null = null): GameParts {
  const { state, seat } = c;
  const playing = Boolean(c.online && seat && !state.outcome && state.opponent !== "record");
  const title =
    state.opponent === "engine"
      ? t("vsEngine", { level: state.level ?? "" })
      : state.opponent === "human"
        ? t("vsHuman")
        : t("imported");
  const mine = seat ? nameOf(state, seat.seat) : "";
  // The first seat's side is at the bottom unless the board is turned.
  const [first, second] = state.seats.map((s, index) => seatLine(c, s, index));
  return {
    top: (c.flipped ? first : second) ?? null,
    bottom: (c.flipped ? second : first) ?? null,
    column: [
      resultBanner(c),
      statusLine(c, mine),
      pendingBox(c, "panel"),
      c.notice ? h("p", { class: "notice" }, t(c.notice, { name: mine })) : null,
      ...offers(c),
      navigation(c),
      moveList(c),
      c.error ? h("p", { class: "error", role: "alert", id: "error" }, errorText(c.error)) : null,
      actions(c, playing),
      confirmBox(c, playing),
      people,
      playing && c.canMove ? moveForm(c) : null,
    ],
    side: [
      h("h1", {}, [state.title, " ", h("small", { class: "muted" }, title)]),
      metaLine(c),
      recordHeader(state),
      tools(c),
    ],
  };
}
