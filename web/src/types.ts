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

/** A seat as the lobby's and the search's game lines list it (a game's own state has `GameSeat`). */
export interface SeatState {
  seat: SeatName;
  name: string;
  player: "engine" | "human" | string;
  joined?: boolean;
  account?: SeatAccountInfo | null;
}

/** One message of the players' chat. */
export interface ChatLine {
  seat: SeatName;
  text: string;
}

/** The socket's chat message: the messages from index `from` on. */
export interface ChatMessage {
  type: "chat";
  from: number;
  messages: ChatLine[];
}

/** A game's option as the registry describes it. */
export interface OptionSpec {
  name: string;
  label: Bilingual;
  default: string;
  /** The allowed values (empty: free text the game checks). */
  choices: string[];
  /** What the form shows for each of `choices`, in the same order. */
  choice_labels: Bilingual[];
  help: Bilingual;
}

/** A game of the registry: everything it brings, its texts in both languages. */
export interface GameEntry {
  name: string;
  title: string;
  titles: Bilingual;
  /** The name of its board module (`boards.ts`). */
  board: string;
  options: OptionSpec[];
  /** The players' names at the standard start. */
  players: Record<SeatName, Bilingual>;
  /** Every name a player can have in the game (the state's seat names are their English ones). */
  sides: Bilingual[];
  rules: Bilingual;
  /** The board's view of the default start position (the lobby draws its picture from it). */
  start_view?: Record<string, unknown> | null;
}

/** The registry: the games and the engine levels. */
export interface Registry {
  games: GameEntry[];
  levels: { min: number; max: number; default: number };
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

/** A game of the lobby's lists. */
export interface ListedGame {
  id: string;
  /** The registered game. */
  game: string;
  title: string;
  ply: number;
  seats: SeatState[];
  to_move_name: string;
  side_to_move: SeatName | null;
  watchers: number;
}

/** An open seek of the lobby. */
export interface Seek {
  id: string;
  title: string;
  /** The registered game and its options. */
  game: string;
  options?: Record<string, string>;
  clock: ClockSpec | null;
  /** Days per move of a correspondence seek. */
  correspondence?: number | null;
  rated: boolean;
  /** Whether its game allows takeback requests. */
  takebacks: boolean;
  name: string;
  rating: number;
  provisional: boolean;
  mine: boolean;
}

/** Where the signed-in account waits in a quick-pairing pool (`GET /api/pool`). */
export interface PoolEntry {
  game: string;
  /** The clock as "5+3". */
  clock: string;
  rated: boolean;
  rating: number;
  joined_ms: number;
}

/** `GET`/`POST`/`DELETE /api/pool`: the account's entry, the game it was paired into at once, the pools' sizes. */
export interface PoolReply {
  entry: PoolEntry | null;
  paired?: { id: string; seat: SeatName };
  pools: { game: string; clock: string; rated: boolean; waiting: number }[];
}
