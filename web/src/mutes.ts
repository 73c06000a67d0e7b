// Whom the player mutes in chats: signed in, the server keeps the account's mutes (by name);
// a guest's are kept in this browser, by the opponent's name or, for a guest opponent, by game.

import { api } from "./api.js";
import { accountName } from "./account.js";
import type { MutesReply } from "./contract/MutesReply.js";

const KEY = "spielwerk.chatMutes";

let accountMutes: Set<string> | null = null;

/** The mutes kept in this browser. */
function browserMutes(): Set<string> {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(KEY) ?? "[]");
    return new Set(Array.isArray(kept) ? kept.filter((k): k is string => typeof k === "string") : []);
  } catch {
    return new Set();
  }
}

/** Reads the signed-in account's mutes from the server (once per page load). */
export async function loadMutes(): Promise<void> {
  if (!accountName() || accountMutes) return;
  try {
    accountMutes = new Set((await api<MutesReply>("GET", "/api/account/mutes")).muted.map((n) => n.toLowerCase()));
  } catch {
    accountMutes = new Set();
  }
}

/**
 * Whether `who` is muted: `who` is an account's name (`account` true) or a guest opponent's key.
 * Account names are kept by the server when signed in.
 */
export function isMuted(who: string, account: boolean): boolean {
  if (account && accountName()) return accountMutes?.has(who.toLowerCase()) ?? false;
  return browserMutes().has(who.toLowerCase());
}

/** Mutes or unmutes `who` (see `isMuted`); throws the server's refusal. */
export async function setMuted(who: string, account: boolean, muted: boolean): Promise<void> {
  if (account && accountName()) {
    const reply = await api<MutesReply>(muted ? "PUT" : "DELETE", `/api/account/mutes/${encodeURIComponent(who)}`);
    accountMutes = new Set(reply.muted.map((n) => n.toLowerCase()));
    return;
  }
  const kept = browserMutes();
  if (muted) kept.add(who.toLowerCase());
  else kept.delete(who.toLowerCase());
  localStorage.setItem(KEY, JSON.stringify([...kept]));
}
