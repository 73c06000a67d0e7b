// Which way the game page draws the board: the player's own side nearest them (at the bottom, or
// Amakta's left), as on lichess. Where the game fixes the sides only in play (Amakta's colours are
// chosen in its setup), the board is drawn unturned for everyone until they are fixed, then each
// player sees their own side near them. The flip button turns it the other way on top of that.

import type { SeatName } from "../types.js";

/** Which way the board is drawn and which seat's strip goes at its bottom edge. */
export interface Orientation {
  /** Whether the board is drawn turned (the side of the seat other than `near` nearest the viewer). */
  flipped: boolean;
  /** The seat whose strip goes at the board's bottom edge. */
  bottom: SeatName;
}

function other(seat: SeatName): SeatName {
  return seat === "p1" ? "p2" : "p1";
}

/**
 * The board's orientation for the viewer sitting on `mine` (null: a spectator), where the unturned
 * board draws the side of `near` nearest the viewer (null while the game has not fixed who plays
 * that side: the board stays unturned, the viewer's own strip at the bottom), turned once more when
 * `turnedByHand` (the flip button).
 */
export function orientation(mine: SeatName | null, near: SeatName | null, turnedByHand: boolean): Orientation {
  if (near === null) {
    const own = mine ?? "p1";
    return { flipped: turnedByHand, bottom: turnedByHand ? other(own) : own };
  }
  const flipped = (mine !== null && mine !== near) !== turnedByHand;
  return { flipped, bottom: flipped ? other(near) : near };
}
