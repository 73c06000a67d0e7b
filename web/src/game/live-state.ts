// The game page's copy of a game: the server's whole state with the updates since applied.

import type { GameState } from "../contract/GameState.js";

/**
 * A game's whole state as the page keeps it: updates leave out the position text, so a copy that
 * took one has none.
 */
export type LiveState = Omit<GameState, "position"> & { position?: string };
