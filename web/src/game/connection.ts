// The game page's socket: the whole state first, then updates and the chat; when the server is
// out of reach, the page is told and the socket connects again, waiting longer each time.

/** The socket of game `id` and whether it is up. */
export interface Connection {
  /** Opens the socket (again). */
  connect(): void;
  /** Takes the server as out of reach: closes the socket and tries again after a while. */
  goOffline(): void;
  /** Whether the last socket got through. */
  online(): boolean;
  /** Whether a socket is open now. */
  open(): boolean;
  /** Stops for good. */
  close(): void;
}

/**
 * Connects to game `id`'s socket. `token()` gives the seat's token, which the socket offers as its
 * subprotocol `seat.<token>` so that the server knows it for the player's from its opening on;
 * `message(data, first)` takes each message (`first` for the whole state after (re)connecting:
 * versions count anew when the server restarts); `changed()` is called when the page must redraw
 * (offline, or back online).
 */
export function createConnection(
  id: string,
  {
    token,
    message,
    changed,
  }: {
    token: () => string | undefined;
    message: (data: Record<string, unknown>, first: boolean) => void;
    changed: () => void;
  },
): Connection {
  let socket: WebSocket | null = null;
  let closed = false;
  let up = true;
  let retries = 0;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;

  function connect() {
    if (closed) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    // A player's socket says whose it is as it opens (it then carries the players' chat too, and
    // is never counted as watching); the server speaks "spielwerk" and never echoes the token.
    const seat = token();
    const ws = new WebSocket(
      `${scheme}://${location.host}/api/games/${id}/ws`,
      seat ? ["spielwerk", `seat.${seat}`] : [],
    );
    socket = ws;
    let first = true;
    ws.onmessage = (event) => {
      const reconnected = !up;
      up = true;
      retries = 0;
      const data = JSON.parse(event.data);
      message(data, first);
      // Chat messages do not count: the first state after (re)connecting is still to come.
      if (data.type !== "chat") first = false;
      if (reconnected) changed();
    };
    ws.onclose = () => {
      if (socket === ws) goOffline();
    };
  }

  /** Connects again after 0.5, 1, 2, 4, then every 8 seconds; the new socket's first message is the whole state. */
  function goOffline() {
    if (closed || retryTimer) return;
    up = false;
    socket?.close();
    retryTimer = setTimeout(
      () => {
        retryTimer = null;
        connect();
      },
      Math.min(500 * 2 ** retries++, 8000),
    );
    changed();
  }

  return {
    connect,
    goOffline,
    online: () => up,
    open: () => socket?.readyState === WebSocket.OPEN,
    close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      socket?.close();
    },
  };
}
