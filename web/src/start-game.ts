// Starting a new game from the browser: the server creates it, this browser keeps its seat, and
// the game page opens. The lobby's form and quick pairing and the end of a lesson start games so.

import { api } from "./api.js";
import { navigate } from "./nav.js";
import { saveSeat } from "./seats.js";
import type { CreateGameRequest } from "./contract/CreateGameRequest.js";
import type { GameSeatReply } from "./contract/GameSeatReply.js";

/** Creates the game `request` asks for (`POST /api/games`), keeps the seat and opens the game; rejects with the server's error. */
export async function startGame(request: CreateGameRequest): Promise<void> {
  const created = await api<GameSeatReply>("POST", "/api/games", request);
  saveSeat(created.id, {
    token: created.token,
    seat: created.seat,
    ...(created.invite ? { invite: created.invite } : {}),
  });
  navigate(`/play/${created.id}`);
}
