// Every board module, by the name a game's registry entry gives (`board`):
// pages ask `boardModule(game)` and hold no per-game code. A game without a
// module of its own gets the generic one.

import * as ataxx from "./games/ataxx.js";
import * as abalone from "./games/abalone.js";
import * as formation from "./games/formation.js";
import * as amakta from "./games/amakta.js";
import * as generic from "./games/generic.js";
import type { BoardModule } from "./board-types.js";
import type { GameEntry } from "./types.js";

export type { BoardModule };

const MODULES: Record<string, BoardModule> = {
  ataxx,
  abalone,
  formation,
  amakta,
  // Infinit's board is Amakta's; its options (a distance, no stone set) take the lobby's plain fields.
  "amakta-infinit": {
    createBoard: amakta.createBoard,
    seatInfo: amakta.seatInfo,
    seatColours: amakta.seatColours,
    moveWords: amakta.moveWords,
    lineWords: amakta.lineWords,
    moveLabels: amakta.moveLabels,
    nearSeat: amakta.nearSeat,
    moveGeometry: amakta.moveGeometry,
    confirmsMoves: amakta.confirmsMoves,
    captures: amakta.captures,
  },
};

/** The board module's name of each game, from the registry. */
let boards = new Map<string, string>();

/** Takes each game's board module name from the registry (`GET /api/registry`). */
export function useBoards(games: Pick<GameEntry, "name" | "board">[]): void {
  boards = new Map(games.map((g) => [g.name, g.board]));
}

/** The board module of game `name` (the one its registry entry names), or the generic one. */
export function boardModule(name: string): BoardModule {
  return MODULES[boards.get(name) ?? ""] ?? generic;
}
