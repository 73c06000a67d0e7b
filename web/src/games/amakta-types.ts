// Amakta's and Amakta Infinit's view as the server sends it (the types
// generated from crates/amakta's view, contract/games/), read by the board
// and its panels, and what the player picks on the board.

import type { AmaktaCell } from "../contract/games/AmaktaCell.js";
import type { AmaktaHole } from "../contract/games/AmaktaHole.js";
import type { AmaktaStone } from "../contract/games/AmaktaStone.js";
import type { AmaktaStoneMoves } from "../contract/games/AmaktaStoneMoves.js";
import type { AmaktaView } from "../contract/games/AmaktaView.js";
import type { InfinitCell } from "../contract/games/InfinitCell.js";
import type { InfinitView } from "../contract/games/InfinitView.js";

/** The view of Amakta or of Amakta Infinit: `game` tells which. */
export type AmaktaBoardView = AmaktaView | InfinitView;

/** A cell of the board (or of the plane, in Infinit). */
export type Cell = AmaktaCell | InfinitCell;

/** A hole of the board: a place no stone goes. */
export type Hole = AmaktaHole;

/** A stone on the board. */
export type PlacedStone = AmaktaStone;

/** What the stone on a cell may do (the legal moves decomposed). */
export type StoneEntry = AmaktaStoneMoves;

/** The Infinit view, or null for the standard game. */
export function infinitView(view: AmaktaBoardView): InfinitView | null {
  return view.game === "amakta-infinit" ? view : null;
}

/** The holes of the board (the plane of Infinit has none). */
export function holesOf(view: AmaktaBoardView): Hole[] {
  return view.game === "amakta" ? view.holes : [];
}

/** The phase of the game: the standard game's phase, or Infinit's stage. */
export function phaseOf(view: AmaktaBoardView): AmaktaView["phase"] | InfinitView["stage"] {
  return view.game === "amakta-infinit" ? view.stage : view.phase;
}

/** A stone picked from the hand: its code, orientation and the cell it would go to. */
export interface HandSelection {
  from: "inventory";
  code: string;
  orient: string;
  target: string | null;
  /** The cell last clicked that is not a target (the hint says so), if any. */
  missed?: string;
}

/** A stone picked on the board: its legal actions, the action chosen and what it needs. */
export interface BoardSelection {
  from: "board";
  cell: string;
  entry: StoneEntry;
  action: string | null;
  target: string | null;
  /** The stone chosen from the hand to replace it. */
  code: string | null;
  orient: string | null;
  /** The cell last clicked that is not a target while relocating (the hint says so), if any. */
  missed?: string;
}

/** What the player has picked and is building into a move. */
export type Selection = HandSelection | BoardSelection;
