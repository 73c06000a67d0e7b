// The players' chat's read counts kept in this browser (chat-read.ts): per game and seat, never
// fewer than read before, only the last 50 games read, and nothing broken by an unreadable or
// refusing store; after a reload the Chat tab counts only what came since it was last read.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./dom.js";

installDom();
const { KEPT_GAMES, loadRead, saveRead } = await import("../src/game/chat-read.js");
const { unreadCount } = await import("../src/game/phone-tabs.js");

/** A store in memory, as localStorage's `getItem`/`setItem`. */
function memoryStore(): Pick<Storage, "getItem" | "setItem"> & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, value);
    },
  };
}

test("a reload counts as unread only the messages that came since the chat was last read (review 17)", () => {
  const store = memoryStore();
  // Nothing read yet in this browser: every message of the opponent is unread.
  assert.equal(unreadCount(2, loadRead(store, "g1", "p2")), 2);
  // The Chat tab opened with two messages of the opponent: both read. A third comes; the page is reloaded.
  saveRead(store, "g1", "p2", 2);
  assert.equal(unreadCount(3, loadRead(store, "g1", "p2")), 1);
  // Kept per game and per seat: the other seat (another tab of this browser) and another game read nothing.
  assert.equal(loadRead(store, "g1", "p1"), 0);
  assert.equal(loadRead(store, "g2", "p2"), 0);
  // The tab opened again: all three read, and no count after the next reload.
  saveRead(store, "g1", "p2", 3);
  assert.equal(unreadCount(3, loadRead(store, "g1", "p2")), 0);
  // Read messages stay read: a smaller count (the opponent muted, so none shown) does not lower it.
  saveRead(store, "g1", "p2", 0);
  assert.equal(loadRead(store, "g1", "p2"), 3);
});

test("only the last 50 games read are kept: the one read longest ago is forgotten first", () => {
  const store = memoryStore();
  for (let i = 0; i < KEPT_GAMES; i++) saveRead(store, `g${i}`, "p1", i + 1);
  assert.equal(KEPT_GAMES, 50);
  // Reading the oldest again makes it the newest; the next game forgets the second oldest.
  saveRead(store, "g0", "p1", 5);
  saveRead(store, "new", "p2", 1);
  assert.equal(loadRead(store, "g0", "p1"), 5);
  assert.equal(loadRead(store, "g1", "p1"), 0, "forgotten");
  assert.equal(loadRead(store, "g2", "p1"), 3);
  assert.equal(loadRead(store, "new", "p2"), 1);
  const kept: unknown[] = JSON.parse(store.items.get("spielwerk.chatRead") ?? "[]");
  assert.equal(kept.length, KEPT_GAMES);
  // Both seats of one game count as one game.
  saveRead(store, "new", "p1", 2);
  assert.equal(loadRead(store, "g2", "p1"), 3, "a second seat of a kept game forgets no other game");
});

test("an unreadable store or one that refuses reads as nothing kept and throws nowhere", () => {
  const store = memoryStore();
  store.setItem("spielwerk.chatRead", "not json");
  assert.equal(loadRead(store, "g1", "p1"), 0);
  saveRead(store, "g1", "p1", 2);
  assert.equal(loadRead(store, "g1", "p1"), 2);
  store.setItem(
    "spielwerk.chatRead",
    JSON.stringify([{ game: "g1", seat: "p1", read: -1 }, { game: "g2" }, null, { game: "g3", seat: "p2", read: 4 }]),
  );
  assert.equal(loadRead(store, "g1", "p1"), 0);
  assert.equal(loadRead(store, "g3", "p2"), 4);
  const refusing = {
    getItem: () => {
      throw new Error("refused");
    },
    setItem: () => {
      throw new Error("refused");
    },
  };
  assert.equal(loadRead(refusing, "g1", "p1"), 0);
  assert.doesNotThrow(() => saveRead(refusing, "g1", "p1", 1));
});
