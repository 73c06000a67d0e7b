// The shapes of Amakta's and Amakta Infinit's view as the server sends it
// (crates/amakta's view JSON), read by the board and its panels.

import type { Circle, Owner } from "./amakta-stones.js";

/** Who holds a cell. */
export type Control = "white" | "black" | "tie" | "free";

/** A stone on the board. */
export interface PlacedStone {
  owner: Owner;
  orientation: string;
  circle: Circle;
  expropriated: boolean;
  colour: Owner;
  free?: boolean | null;
}

/** A cell of the board (or of the plane, in Infinit). */
export interface Cell {
  name: string;
  q: number;
  r: number;
  control: Control;
  arrows: { white: number; black: number };
  effective: { white: number; black: number };
  stone: PlacedStone | null;
  base: Owner | null;
}

/** A hole of the board: a place no stone goes. */
export interface Hole {
  name: string;
  q: number;
  r: number;
}

/** An arrow of a stone on the board. */
export interface BoardArrow {
  from: string;
  to: string;
  direction: number;
  distance: number;
  blocked: boolean;
}

/** What the stone on a cell may do (the legal moves decomposed). */
export interface StoneEntry {
  cell: string;
  rotate: string[];
  appropriate: string[];
  relocate: string[];
  take: boolean;
  replace: boolean;
  expropriate: boolean;
  remove: boolean;
  release: boolean;
  release_place: boolean;
}

/** The legal moves decomposed: where stones go, what board stones may do, the start's choices. */
export interface AmaktaLegal {
  place?: { cells: string[]; stones: string[] } | null;
  stones?: StoneEntry[];
  pass?: boolean;
  bid?: { min: number; max: number } | null;
  accept?: boolean;
  create?: { max_value: number } | null;
  close?: boolean;
}

/** A stone of a seat's stock, with its circle. */
export interface Piece {
  piece: string;
  circle: Circle;
}

/** A set being created in Infinit. */
export interface CreatedSet {
  left: number | null;
  points: number;
  closed: boolean;
  stones: { code: string; circle: Circle; value: number }[];
}

/** The view of Amakta and Amakta Infinit. */
export type AmaktaView = {
  game: string;
  phase?: string;
  stage?: string;
  to_move?: { colour?: Owner } | null;
  cells: Cell[];
  holes?: Hole[];
  arrows: BoardArrow[];
  stones: Piece[];
  legal?: AmaktaLegal;
  inventories: Record<Owner, string[]>;
  removed: string[];
  bases: Record<Owner, string | { q: number; r: number }>;
  next_circle?: string | null;
  p1_colour?: Owner | null;
  viewport: { rows: number[]; columns: number[] };
  bidding: { white_points: number; offer: number | null };
  sets: Record<Owner, CreatedSet>;
  quiet?: { plies: number; limit: number } | null;
};

/** A stone picked from the hand: its code, orientation and the cell it would go to. */
export interface HandSelection {
  from: "inventory";
  code: string;
  orient: string;
  target: string | null;
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
}

/** What the player has picked and is building into a move. */
export type Selection = HandSelection | BoardSelection;
