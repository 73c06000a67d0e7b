// The shapes of what the server's API sends the pages (see crates/server).

import type { Lang } from "./i18n.js";

/** A seat of a game: the first or the second player. */
export type SeatName = "p1" | "p2";

/** A text in both languages, as the server sends messages and rules. */
export type Bilingual = Record<Lang, string>;

/** The account that holds a seat, with its rating around a rated game. */
export interface SeatAccountInfo {
  name: string;
  rating?: number | null;
  provisional?: boolean;
  rating_before?: number | null;
  rating_after?: number | null;
}

/** A seat as a game's state lists it. */
export interface SeatState {
  seat: SeatName;
  name: string;
  player: "engine" | "human" | string;
  joined?: boolean;
  account?: SeatAccountInfo | null;
}

/** The registry (`GET /api/registry`): the games and the engine levels (generated from the server's contract). */
export type { Registry } from "./contract/Registry.js";
/** A game of the registry: everything it brings, its texts in both languages. */
export type { RegistryGame as GameEntry } from "./contract/RegistryGame.js";
/** One option a game accepts, with what a form shows for it. */
export type { RegistryOption as OptionSpec } from "./contract/RegistryOption.js";

/** The part of a game's state the rematch needs. */
export interface RematchState {
  outcome?: unknown;
  opponent: string;
  rematch?: string | null;
  rematch_offer?: SeatName | null;
  seats: SeatState[];
}

/**
 * This browser's seat in a game: its token, and the invite link while the other seat is open; a
 * seat the signed-in account holds on another device has no token here.
 */
export interface Seat {
  token?: string;
  seat: SeatName;
  invite?: string;
}

/** A page of the router: draws itself again (e.g. in another language) and stops its timers and sockets. */
export interface Page {
  render(): void;
  destroy(): void;
}

/** Makes an in-page link: `link(path, text, attrs)` navigates without reloading. */
export type Link = (path: string, text: string | Node | (string | Node | null)[], attrs?: Record<string, unknown>) => HTMLElement;

/** Goes to a path of the UI without reloading. */
export type Navigate = (path: string) => void;

/** A clock as the server describes it. */
export interface ClockSpec {
  initial_ms: number;
  increment_ms: number;
}

/** How a game ended: the winner (null for a draw), the reason in words, the result. */
export interface Outcome {
  winner: SeatName | null;
  text: Partial<Bilingual>;
  description: string;
  result: string;
}

/** A game's clock: the base time, the increment, the time left per seat and the one running. */
export interface GameClock {
  initial_ms: number;
  increment_ms: number;
  remaining_ms: [number, number];
  running: SeatName | null;
}

/** A position of a game as `/api/games/<id>/view/<ply>` sends it. */
export interface PositionAt {
  view: Record<string, unknown>;
  last_move: string | null;
  side_to_move?: SeatName | null;
}

/** A game's whole state as the server sends it (the socket's first message, GET /api/games/<id>). */
export interface GameState extends RematchState {
  type?: "state" | "update";
  version: number;
  game: string;
  title: string;
  moves: string[];
  moves_from?: number;
  ply: number;
  view: Record<string, unknown>;
  legal_moves: string[];
  legal_moves_count: number;
  last_move: string | null;
  side_to_move: SeatName | null;
  to_move_name: string;
  outcome?: Outcome | null;
  level?: number | null;
  /** Whether the game changes the accounts' ratings. */
  rated?: boolean;
  seats: (SeatState & { label?: string })[];
  clock?: GameClock | null;
  /** A correspondence game's days per move, and while it runs the deadline and time left. */
  correspondence?: { days_per_move: number; deadline_ms: number | null; left_ms: number | null } | null;
  draw_offer?: SeatName | null;
  you?: SeatName | null;
  engine_thinking?: boolean;
  tags?: [string, string][] | null;
  position?: unknown;
  /** Between the players of a game between people: abort, takebacks, presence. */
  people?: import("./game/people.js").PeopleState | null;
}
