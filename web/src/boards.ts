// Every game's board module, looked up by the registry's game name: pages ask
// `boardModule(name)` and hold no per-game code. A game without a module of
// its own gets the generic one.

import * as ataxx from "./games/ataxx.js";
import * as abalone from "./games/abalone.js";
import * as formation from "./games/formation.js";
import * as amakta from "./games/amakta.js";
import * as generic from "./games/generic.js";
import type { BoardModule } from "./board-types.js";

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
    moveWords: amakta.moveWords,
    lineWords: amakta.lineWords,
    moveGeometry: amakta.moveGeometry,
  },
};

/** The board module of game `name`, or the generic one. */
export function boardModule(name: string): BoardModule {
  return MODULES[name] ?? generic;
}
