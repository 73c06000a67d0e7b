// Every game's board module, looked up by the registry's game name: pages ask
// `boardModule(name)` and hold no per-game code. A game without a module of
// its own gets the generic one.

import * as ataxx from "./games/ataxx.js";
import * as abalone from "./games/abalone.js";
import * as formation from "./games/formation.js";
import * as amakta from "./games/amakta.js";
import * as generic from "./games/generic.js";

/** What a game's board module offers the pages (see `games/*`). */
export interface BoardModule {
  /** Draws the game's boards into `host`; `submit(move)` plays a move. */
  createBoard(host: HTMLElement, context: { submit: (move: string) => unknown; t: unknown }): unknown;
  /** Extra text per seat (e.g. stone counts), or null. */
  seatInfo?(view: unknown, t: unknown): unknown;
  /** The cells a move touches, for the analysis board's arrows. */
  moveGeometry?(view: unknown, move: string): unknown;
  /** The moves in words, where the game writes them so. */
  moveWords?(moves: unknown, view: unknown, context: unknown): unknown;
  /** The lobby's option fields, where the game draws its own. */
  lobbyOptions?(context: unknown): unknown;
  /** Whether moves may be chosen while the opponent is to move. */
  premoves?: boolean;
}

const MODULES: Record<string, BoardModule> = {
  ataxx,
  abalone,
  formation,
  amakta,
  // Infinit's board is Amakta's; its options (a distance, no stone set) take the lobby's plain fields.
  "amakta-infinit": {
    createBoard: amakta.createBoard,
    seatInfo: amakta.seatInfo,
    moveWords: amakta.moveWords,
    moveGeometry: amakta.moveGeometry,
  },
};

/** The board module of game `name`, or the generic one. */
export function boardModule(name: string): BoardModule {
  return MODULES[name] ?? generic;
}
