// The lobby's live connection (`/api/lobby/ws`), open on every page while an account is signed
// in: while it is open the account's pool entry and its seeks with a clock stay (closing the last
// tab withdraws them), and when the account is paired — its pool entry matched, its seek
// accepted — the server says so here and the page goes to the game at once. A page may watch a
// tournament (its page, or a game of it) or every tournament (the list) over it, signed in or
// not: the server says when one changed, and the page fetches it again; a signed-in player
// watching a tournament is there for its arena's pairing.

import { accountName } from "./account.js";
import type { Navigate } from "./types.js";
import type { LobbySocketMessage } from "./contract/LobbySocketMessage.js";
import type { LobbySocketRequest } from "./contract/LobbySocketRequest.js";

/** The socket of the account `owner` (or of a guest who watches), if open. */
let socket: WebSocket | null = null;
let owner: string | null = null;
let retry: ReturnType<typeof setTimeout> | null = null;
let failures = 0;
let go: Navigate = () => undefined;

/** What the page watches: a tournament, every tournament (the list), or nothing. */
export type Watch = { tournament: string } | "tournaments" | null;
let watching: Watch = null;
/** Counts the calls of `watch`, so that a page's release does not undo a later page's watch. */
let watches = 0;

/** Those told of a change of a tournament watched (and, after the socket (re)opens, of the one watched). */
const tournamentListeners = new Set<(id: string | null) => void>();

/** Calls `listener` with the id of each tournament watched that changed until the returned function is called. */
export function onTournament(listener: (id: string | null) => void): () => void {
  tournamentListeners.add(listener);
  return () => tournamentListeners.delete(listener);
}

/** The request that says what the socket watches. */
export function watchRequest(what: Watch): LobbySocketRequest {
  if (what === null) return { type: "unwatch" };
  if (what === "tournaments") return { type: "watch_tournaments" };
  return { type: "watch_tournament", id: what.tournament };
}

/** Tells the server what is watched, if the socket is open (else it is told when it opens). */
function tellWatch(): void {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(watchRequest(watching)));
}

/** Whether the socket is wanted: an account is signed in, or a page watches. */
function wanted(): boolean {
  return owner !== null || watching !== null;
}

/**
 * Watches `what` in place of what was watched (opening the socket for a guest); the returned
 * function stops, unless another page watched something since.
 */
export function watch(what: Watch): () => void {
  watches += 1;
  const mine = watches;
  watching = what;
  if (!socket && !retry && wanted()) open();
  else tellWatch();
  return () => {
    if (watches !== mine) return;
    watching = null;
    tellWatch();
  };
}

/** Those told of every pairing (the lobby's pool card). */
const pairedListeners = new Set<(game: string) => void>();

/** Calls `listener` with the game of every pairing until the returned function is called. */
export function onPaired(listener: (game: string) => void): () => void {
  pairedListeners.add(listener);
  return () => pairedListeners.delete(listener);
}

/** The socket's address on this page's server. */
function address(): string {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/lobby/ws`;
}

function open(): void {
  const ws = new WebSocket(address());
  socket = ws;
  ws.onopen = () => {
    failures = 0;
    if (watching === null) return;
    tellWatch();
    // Changes may have been missed while the socket was closed: the page fetches again.
    for (const listener of tournamentListeners) listener(null);
  };
  ws.onmessage = (event: MessageEvent) => {
    let message: LobbySocketMessage;
    try {
      message = JSON.parse(String(event.data)) as LobbySocketMessage;
    } catch {
      return;
    }
    if (message.type === "tournament") {
      for (const listener of tournamentListeners) listener(message.id);
      return;
    }
    if (message.type !== "paired" || !message.game) return;
    for (const listener of pairedListeners) listener(message.game);
    const path = `/play/${message.game}`;
    if (location.pathname !== path) go(path);
  };
  ws.onclose = () => {
    if (socket !== ws) return;
    socket = null;
    // Back after a lost connection (a restarted server), more slowly each time, up to 30 s.
    if (wanted()) {
      failures += 1;
      retry = setTimeout(open, Math.min(30_000, 1000 * 2 ** Math.min(failures, 5)));
    }
  };
}

/**
 * Opens the socket for the signed-in account, or closes it when nobody (or another) is signed in
 * (a guest's socket that watches opens again).
 */
export function syncLobbySocket(navigate: Navigate): void {
  go = navigate;
  const me = accountName();
  if (me === owner && (socket || retry)) return;
  if (retry) clearTimeout(retry);
  retry = null;
  const old = socket;
  socket = null;
  old?.close();
  owner = me;
  failures = 0;
  if (wanted()) open();
}
