// Starting a new game from the browser: the server creates it, this browser keeps its seat, and
// the game page opens. The lobby's form and quick pairing and the end of a lesson start games so.

import { api } from "./api.js";
import { navigate } from "./nav.js";
import { saveSeat } from "./seats.js";
import type { SeatName } from "./types.js";

/** What `POST /api/games` answers: the game, this browser's seat and token, and a friend's invitation. */
interface CreatedGame {
  id: string;
  token: string;
  seat: SeatName;
  invite?: string;
}

/** Creates the game `request` asks for (`POST /api/games`), keeps the seat and opens the game; rejects with the server's error. */
export async function startGame(request: Record<string, unknown>): Promise<void> {
  const created = await api<CreatedGame>("POST", "/api/games", request);
  saveSeat(created.id, { token: created.token, seat: created.seat, ...(created.invite ? { invite: created.invite } : {}) });
  navigate(`/play/${created.id}`);
}
