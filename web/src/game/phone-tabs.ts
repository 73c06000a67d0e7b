// The game page's tabs on a narrow screen, as lichess's mobile web: the moves and the players' chat
// share the place under the board, one shown at a time, and the Chat tab counts the opponent's
// messages not yet read (they are read once the tab is open). A wide screen shows both, no tabs.

import { type VNode, v } from "../vdom.js";
import { addTexts, t } from "../i18n.js";

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: {
    "tabs.label": "Moves and chat",
    "tabs.moves": "Moves",
    "tabs.chat": "Chat",
    "tabs.unread": "{n} unread",
  },
  de: {
    "tabs.label": "Züge und Chat",
    "tabs.moves": "Züge",
    "tabs.chat": "Chat",
    "tabs.unread": "{n} ungelesen",
  },
});

/** The screens that show the tabs: style.css's phone layout (the same media query). */
export const NARROW_SCREEN = "(max-width: 900px), (orientation: portrait)";

/** A tab under the board on a narrow screen. */
export type PhoneTab = "moves" | "chat";

/** What the tabs show: the tab open, the opponent's messages not yet read, and what a tap on a tab does. */
export interface PhoneTabs {
  tab: PhoneTab;
  unread: number;
  select(tab: PhoneTab): void;
}

/** The tabs with what the Chat tab shows (the players' chat box). */
export interface TabbedChat extends PhoneTabs {
  chat: VNode;
}

/** How many of the opponent's `theirs` messages are unread when `seen` of them were read (never below 0). */
export function unreadCount(theirs: number, seen: number): number {
  return Math.max(0, theirs - seen);
}

/** One tab's button: its name, and on the Chat tab the count of unread messages. */
function tabButton(tabs: PhoneTabs, tab: PhoneTab): VNode {
  const selected = tabs.tab === tab;
  const badge =
    tab === "chat" && tabs.unread > 0
      ? v(
          "span",
          {
            key: "badge",
            class: "unread-badge",
            id: "chat-unread",
            "aria-label": t("tabs.unread", { n: tabs.unread }),
          },
          String(tabs.unread),
        )
      : null;
  return v(
    "button",
    {
      key: tab,
      type: "button",
      role: "tab",
      id: `tab-${tab}`,
      "data-tab": tab,
      "aria-selected": String(selected),
      "aria-controls": tab === "chat" ? "chat" : "moves",
      on: { click: () => tabs.select(tab) },
    },
    [v("span", { key: "name" }, t(tab === "chat" ? "tabs.chat" : "tabs.moves")), badge],
  );
}

/**
 * The place under the board on a narrow screen: the row of tabs, then the tab's content, the chat or
 * `moves` (the steps through the moves and their list).
 */
export function tabbedPlace(tabs: TabbedChat, moves: VNode[]): VNode[] {
  return [tabBar(tabs), ...(tabs.tab === "chat" ? [tabs.chat] : moves)];
}

/** The row of tabs: Moves, and Chat with its unread count. */
export function tabBar(tabs: PhoneTabs): VNode {
  return v(
    "div",
    { key: "game-tabs", class: "game-tabs", id: "game-tabs", role: "tablist", "aria-label": t("tabs.label") },
    [tabButton(tabs, "moves"), tabButton(tabs, "chat")],
  );
}
