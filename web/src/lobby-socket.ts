// The lobby's live connection (`/api/lobby/ws`), open on every page while an account is signed
// in: while it is open the account's pool entry and its seeks with a clock stay (closing the last
// tab withdraws them), and when the account is paired — its pool entry matched, its seek
// accepted — the server says so here and the page goes to the game at once.

import { accountName } from "./account.js";
import type { Navigate } from "./types.js";
import type { LobbySocketMessage } from "./contract/LobbySocketMessage.js";

/** The socket of the account `owner`, if open. */
let socket: WebSocket | null = null;
let owner: string | null = null;
let retry: ReturnType<typeof setTimeout> | null = null;
let failures = 0;
let go: Navigate = () => undefined;

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
  };
  ws.onmessage = (event: MessageEvent) => {
    let message: LobbySocketMessage;
    try {
      message = JSON.parse(String(event.data)) as LobbySocketMessage;
    } catch {
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
    if (owner) {
      failures += 1;
      retry = setTimeout(open, Math.min(30_000, 1000 * 2 ** Math.min(failures, 5)));
    }
  };
}

/** Opens the socket for the signed-in account, or closes it when nobody (or another) is signed in. */
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
  if (me) open();
}
