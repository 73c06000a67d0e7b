// How many of the opponent's chat messages a player has read, per game and seat, kept in this browser
// (localStorage `spielwerk.chatRead`), so that a reload counts as unread only what came since the chat
// was last read. Only the games read last are kept (`KEPT_GAMES`): the oldest is forgotten first.

/** What of `localStorage` the read counts need (a stand-in in tests). */
export type ReadStore = Pick<Storage, "getItem" | "setItem">;

/** The key of the read counts in the store. */
const KEY = "spielwerk.chatRead";

/** How many games' read counts are kept; reading another forgets the one read longest ago. */
export const KEPT_GAMES = 50;

/** One game's read count: the game, the seat it was read from, how many of the opponent's messages were read. */
interface ReadEntry {
  game: string;
  seat: string;
  read: number;
}

/** Whether `value` is a kept entry (anything else in the store is left out). */
function isEntry(value: unknown): value is ReadEntry {
  const entry = value as Partial<ReadEntry> | null;
  return (
    typeof entry?.game === "string" &&
    typeof entry.seat === "string" &&
    typeof entry.read === "number" &&
    Number.isInteger(entry.read) &&
    entry.read >= 0
  );
}

/** The entries kept in `store`, read longest ago first (none when unreadable or refused). */
function entries(store: ReadStore): ReadEntry[] {
  try {
    const kept: unknown = JSON.parse(store.getItem(KEY) ?? "[]");
    return Array.isArray(kept) ? kept.filter(isEntry) : [];
  } catch {
    return []; // Not JSON, or storage refused (private mode): nothing read kept.
  }
}

/** How many of the opponent's messages in `game` the player of `seat` has read in this browser (0 if none kept). */
export function loadRead(store: ReadStore, game: string, seat: string): number {
  return entries(store).find((entry) => entry.game === game && entry.seat === seat)?.read ?? 0;
}

/**
 * Keeps that the player of `seat` has read `read` of the opponent's messages in `game` (never fewer
 * than kept already: messages once read stay read), as the game read last; only the `KEPT_GAMES`
 * games read last are kept.
 */
export function saveRead(store: ReadStore, game: string, seat: string, read: number): void {
  const kept = entries(store);
  const same = (entry: ReadEntry) => entry.game === game && entry.seat === seat;
  const before = kept.find(same)?.read ?? 0;
  const entry = { game, seat, read: Math.max(before, Math.floor(read)) };
  const others = kept.filter((other) => !same(other));
  // The games, read last first: the first `KEPT_GAMES` stay.
  const games = [...new Set([game, ...others.map((other) => other.game).reverse()])].slice(0, KEPT_GAMES);
  const next = [...others, entry].filter((other) => games.includes(other.game));
  try {
    store.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage refused (full, private mode): the count is not kept.
  }
}
