// The chat between the two players of a game between people: a box in the game page's panel
// that stays the same node across updates (so a half-typed message keeps its text and focus),
// with a mute switch that hides the opponent's messages, kept for the opponent (see mutes.ts).

import { type VNode, v } from "./vdom.js";
import { chatForm, chatLog, chatStatusLine, messageLine, sendOnSubmit } from "./chat-parts.js";
import { t, addTexts, errorText } from "./i18n.js";
import type { UiError } from "./i18n.js";
import type { SeatName } from "./types.js";
import type { ChatLine } from "./contract/ChatLine.js";
import type { ChatMessage } from "./contract/ChatMessage.js";

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: {
    "chat.title": "Chat",
    "chat.placeholder": "Message…",
    "chat.label": "Message to your opponent",
    "chat.send": "Send",
    "chat.mute": "Mute opponent",
    "chat.muteHint": "Hides this opponent's messages, in this game and later ones",
    "chat.hidden": "{n} message(s) of your opponent hidden",
    "chat.you": "You",
    "chat.empty": "No messages yet.",
  },
  de: {
    "chat.title": "Chat",
    "chat.placeholder": "Nachricht…",
    "chat.label": "Nachricht an deinen Gegner",
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
  const mine = line.seat === mySeat;
  return messageLine(`m${line.index}`, {
    mine,
    writer: mine ? t("chat.you") : nameOf(line.seat),
    text: line.text,
    seat: line.seat,
  });
}

/** The line under the log: the error, else how many messages the mute hides, else "no messages yet" (or nothing). */
function chatStatus(error: UiError | null, hidden: number, total: number): string {
  if (error) return errorText(error);
  if (hidden) return t("chat.hidden", { n: hidden });
  return total ? "" : t("chat.empty");
}

/** What the chat box shows: the messages, the last error, whether the opponent is muted. */
interface ChatState {
  lines: (ChatLine & { index: number })[];
  error: UiError | null;
  muted: boolean;
  mySeat: SeatName;
  nameOf: (seat: SeatName) => string;
}

/** The box: the messages, the mute switch and the labels in the current language, keyed so that the field keeps its text and focus. */
function chatBox(
  { lines, error, muted, mySeat, nameOf }: ChatState,
  on: { submit: (event: SubmitEvent) => void; toggleMute: () => void },
): VNode {
  const shown = lines.filter((line) => !muted || line.seat === mySeat);
  const hidden = lines.length - shown.length;
  return v("section", { key: "chat", class: "chat", id: "chat" }, [
    v("h2", { key: "title" }, t("chat.title")),
    v(
      "button",
      {
        key: "chat-mute",
        type: "button",
        id: "chat-mute",
        class: "chat-mute",
        title: t("chat.muteHint"),
        "aria-pressed": String(muted),
        on: { click: on.toggleMute },
      },
      t("chat.mute"),
    ),
    chatLog(
      "chat",
      t("chat.title"),
      shown.map((line) => chatLine(line, mySeat, nameOf)),
    ),
    chatStatusLine("chat", error, chatStatus(error, hidden, lines.length)),
    chatForm(
      "chat",
      "chat",
      { placeholder: t("chat.placeholder"), label: t("chat.label"), send: t("chat.send") },
      on.submit,
    ),
  ]);
}

/**
 * The chat box of a player: `send(text)` posts a message (resolves, or throws an error with the
 * server's message), `nameOf(seat)` names a seat; `muted()` tells whether the opponent is muted and
 * `setMuted(on)` mutes or unmutes them (throws a refusal). Returns `{ view(), take(message) }`:
 * `view()` draws the box from the chat's state (keyed, so a half-typed message keeps its text and
 * focus while messages arrive), `take` applies a chat message of the socket (`{type: "chat", from,
 * messages}`), `theirs()` counts the opponent's messages shown (for the unread count); `changed()` is called when the chat's state changed by itself (a reply, a refusal).
 */
export function createChat({
  mySeat,
  send,
  nameOf,
  muted: chatMuted,
  setMuted,
  changed,
}: {
  mySeat: SeatName;
  send: (text: string) => Promise<unknown>;
  nameOf: (seat: SeatName) => string;
  muted: () => boolean;
  setMuted: (muted: boolean) => Promise<void>;
  changed: () => void;
}): { view: () => VNode; take: (message: ChatMessage) => void; theirs: () => number } {
  let lines: (ChatLine & { index: number })[] = [];
  let error: UiError | null = null;

  /** Takes the outcome of a send or a mute: the refusal, or null. */
  function settled(refusal: UiError | null) {
    error = refusal;
    changed();
  }

  const submit = sendOnSubmit("chat", send, settled);

  async function toggleMute() {
    try {
      await setMuted(!chatMuted());
      settled(null);
    } catch (e) {
      settled(e as UiError);
    }
  }

  /** The box from the chat's state. */
  const view = () => chatBox({ lines, error, muted: chatMuted(), mySeat, nameOf }, { submit, toggleMute });

  /** Takes the socket's chat message: the messages from index `from` on. */
  function take(message: ChatMessage) {
    lines = lines.slice(0, message.from).concat(message.messages.map((m, i) => ({ ...m, index: message.from + i })));
    changed();
  }

  /** How many of the opponent's messages the box shows (none while the opponent is muted). */
  const theirs = () => (chatMuted() ? 0 : lines.filter((line) => line.seat !== mySeat).length);

  return { view, take, theirs };
}
