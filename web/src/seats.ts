// The seats this browser holds: each game's token and seat, kept in localStorage.

import type { Seat } from "./types.js";

function seatKey(id: string): string {
  return `spielwerk.game.${id}`;
}

/** The seat this browser holds in game `id`, or null. */
export function loadSeat(id: string): Seat | null {
  try {
    return JSON.parse(localStorage.getItem(seatKey(id)) ?? "null") || null;
  } catch {
    return null;
  }
}

/** Keeps the seat of game `id`. */
export function saveSeat(id: string, seat: Seat): void {
  localStorage.setItem(seatKey(id), JSON.stringify(seat));
}
