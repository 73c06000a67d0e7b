// The shapes of what the server's API sends the pages (see crates/server).

import type { Lang } from "./i18n.js";
import type { VAttrs, VChild, VNode } from "./vdom.js";

/** A seat of a game: the first or the second player. */
export type SeatName = "p1" | "p2";

/** A text in both languages, as the server sends messages and rules. */
export type Bilingual = Record<Lang, string>;

/** The registry (`GET /api/registry`): the games and the engine levels (generated from the server's contract). */
export type { Registry } from "./contract/Registry.js";
/** A game of the registry: everything it brings, its texts in both languages. */
export type { RegistryGame as GameEntry } from "./contract/RegistryGame.js";
/** One option a game accepts, with what a form shows for it. */
export type { RegistryOption as OptionSpec } from "./contract/RegistryOption.js";

/**
 * This browser's seat in a game: its token, and the invite link while the other seat is open; a
 * seat the signed-in account holds on another device has no token here.
 */
export interface Seat {
  token?: string;
  seat: SeatName;
  invite?: string;
}

/** A page of the router: draws itself again (e.g. in another language) and stops its timers and sockets. */
export interface Page {
  render(): void;
  destroy(): void;
}

/** Makes an in-page link: `link(path, text, attrs)` navigates without reloading. */
export type Link = (path: string, text: VChild | VChild[], attrs?: VAttrs) => VNode;

/** Goes to a path of the UI without reloading. */
export type Navigate = (path: string) => void;
