// The chat between the two players of a game between people: a box in the game page's panel
// that stays the same node across updates (so a half-typed message keeps its text and focus),
// with a mute switch that hides the opponent's messages, kept for the opponent (see mutes.ts).

import { t, addTexts, errorText } from "./i18n.js";
import { h, patch } from "./svg.js";
import type { UiError } from "./i18n.js";
import type { SeatName } from "./types.js";
import type { ChatLine } from "./contract/ChatLine.js";
import type { ChatMessage } from "./contract/ChatMessage.js";

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: {
    "chat.title": "Chat",
    "chat.placeholder": "Message to your opponent",
    "chat.send": "Send",
    "chat.mute": "Mute opponent",
    "chat.muteHint": "Hides this opponent's messages, in this game and later ones",
    "chat.hidden": "{n} message(s) of your opponent hidden",
    "chat.you": "You",
    "chat.empty": "No messages yet.",
  },
  de: {
    "chat.title": "Chat",
    "chat.placeholder": "Nachricht an deinen Gegner",
    "chat.send": "Senden",
    "chat.mute": "Gegner stummschalten",
    "chat.muteHint": "Blendet die Nachrichten dieses Gegners aus, in dieser und späteren Partien",
    "chat.hidden": "{n} Nachricht(en) deines Gegners ausgeblendet",
    "chat.you": "Du",
    "chat.empty": "Noch keine Nachrichten.",
  },
});

/** One message of the log: the writer's name ("You" for the viewer's own seat), then the text. */
function chatLine(line: ChatLine & { index: number }, mySeat: SeatName, nameOf: (seat: SeatName) => string) {
  return h("li", { key: `m${line.index}`, class: line.seat === mySeat ? "mine" : "theirs", "data-seat": line.seat }, [
    h("strong", {}, line.seat === mySeat ? t("chat.you") : nameOf(line.seat)),
    " ",
    line.text,
  ]);
}

/** The line under the log: the error, else how many messages the mute hides, else "no messages yet" (or nothing). */
function chatStatus(error: UiError | null, hidden: number, total: number): string {
  if (error) return errorText(error);
  if (hidden) return t("chat.hidden", { n: hidden });
  return total ? "" : t("chat.empty");
}

/**
 * The chat box of a player: `send(text)` posts a message (resolves, or throws an error with the
 * server's message), `nameOf(seat)` names a seat; `muted()` tells whether the opponent is muted and
 * `setMuted(on)` mutes or unmutes them (throws a refusal). Returns `{ element, take(message), render() }`:
 * `take` applies a chat message of the socket (`{type: "chat", from, messages}`).
 */
export function createChat({
  mySeat,
  send,
  nameOf,
  muted: chatMuted,
  setMuted,
}: {
  mySeat: SeatName;
  send: (text: string) => Promise<unknown>;
  nameOf: (seat: SeatName) => string;
  muted: () => boolean;
  setMuted: (muted: boolean) => Promise<void>;
}): { element: HTMLElement; take: (message: ChatMessage) => void; render: () => void } {
  let lines: (ChatLine & { index: number })[] = [];
  let error: UiError | null = null;
  const log = h("ol", { class: "chat-log", id: "chat-log", role: "log", "aria-label": t("chat.title") });
  const input = h("input", { id: "chat-input", name: "chat", maxlength: "200", autocomplete: "off" });
  const status = h("p", { class: "chat-status", id: "chat-status" });
  const mute = h("button", { type: "button", id: "chat-mute", class: "chat-mute" });
  const submit = h("button", { type: "submit", id: "chat-send" });
  const form = h("form", { class: "chat-form" }, [input, submit]);
  const heading = h("h2", {});
  const element = h("section", { class: "chat", id: "chat" }, [heading, mute, log, status, form]);

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    try {
      await send(text);
      input.value = "";
      error = null;
    } catch (e) {
      error = e as UiError;
    }
    render();
  });
  mute.addEventListener("click", async () => {
    try {
      await setMuted(!chatMuted());
      error = null;
    } catch (e) {
      error = e as UiError;
    }
    render();
  });

  /** Draws the messages, the mute switch and the labels in the current language. */
  function render() {
    const muted = chatMuted();
    heading.textContent = t("chat.title");
    mute.textContent = t("chat.mute");
    mute.title = t("chat.muteHint");
    mute.setAttribute("aria-pressed", String(muted));
    input.placeholder = t("chat.placeholder");
    input.setAttribute("aria-label", t("chat.placeholder"));
    submit.textContent = t("chat.send");
    const shown = lines.filter((line) => !muted || line.seat === mySeat);
    const hidden = lines.length - shown.length;
    patch(log, ...shown.map((line) => chatLine(line, mySeat, nameOf)));
    log.scrollTop = log.scrollHeight;
    status.textContent = chatStatus(error, hidden, lines.length);
    status.className = `chat-status${error ? " error" : " muted"}`;
  }

  /** Takes the socket's chat message: the messages from index `from` on. */
  function take(message: ChatMessage) {
    lines = lines.slice(0, message.from).concat(message.messages.map((m, i) => ({ ...m, index: message.from + i })));
    render();
  }

  render();
  return { element, take, render };
}
