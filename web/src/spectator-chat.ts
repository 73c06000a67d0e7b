// The spectators' chat of a game between people: spectators signed in write under their names,
// everybody watching reads it; the players see it once the game is over. Messages of muted
// accounts are hidden (see mutes.ts).

import { onElement, scrollToEnd, type VNode, v } from "./vdom.js";
import { t, addTexts, errorText } from "./i18n.js";
import { isMuted } from "./mutes.js";
import type { UiError } from "./i18n.js";
import type { SpectatorChatLine } from "./contract/SpectatorChatLine.js";
import type { SpectatorChatMessage } from "./contract/SpectatorChatMessage.js";

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: {
    "spec.title": "Spectators' chat",
    "spec.placeholder": "Message to the other spectators",
    "spec.signIn": "Sign in to write here.",
    "spec.empty": "Nothing said yet.",
    "spec.watchingOne": "1 watching",
    "spec.watching": "{n} watching",
  },
  de: {
    "spec.title": "Zuschauerchat",
    "spec.placeholder": "Nachricht an die anderen Zuschauer",
    "spec.signIn": "Melde dich an, um hier zu schreiben.",
    "spec.empty": "Noch nichts gesagt.",
    // One and more than one: "1 schaut zu", "3 schauen zu".
    "spec.watchingOne": "1 schaut zu",
    "spec.watching": "{n} schauen zu",
  },
});

/** How many watch the game, in words: the singular for one, the plural for more. */
export function watchingText(n: number): string {
  return n === 1 ? t("spec.watchingOne") : t("spec.watching", { n });
}

/** How many of the newest messages the chat shows (as many as the server keeps). */
const KEPT = 100;

/** One message of the log: the writer's name, then the text. */
function spectatorLine(line: SpectatorChatLine & { index: number }, me: string | null) {
  return v("li", { key: `s${line.index}`, class: line.name === me ? "mine" : "theirs" }, [
    v("strong", {}, line.name),
    " ",
    line.text,
  ]);
}

/** The line under the log: the error, else "sign in to write" for a guest, else "no messages yet" (or nothing). */
function spectatorStatus(error: UiError | null, guest: boolean, total: number): string {
  if (error) return errorText(error);
  if (guest) return t("spec.signIn");
  return total ? "" : t("spec.empty");
}

/** What the spectators' chat box shows. */
interface SpectatorState {
  lines: SpectatorChatLine[];
  /** The index of `lines[0]` among every message ever written. */
  first: number;
  error: UiError | null;
  me: string | null;
  canWrite: boolean;
}

/** The box: the messages, the field (for those who may write) and the labels in the current language. */
function spectatorBox(
  { lines, first, error, me, canWrite }: SpectatorState,
  submit: (event: SubmitEvent) => void,
): VNode {
  const shown = lines
    .map((line, index) => ({ ...line, index: first + index }))
    .filter((line) => line.name === me || !isMuted(line.name, true));
  return v("section", { key: "spectator-chat", class: "chat spectator-chat", id: "spectator-chat" }, [
    v("h2", { key: "title" }, t("spec.title")),
    v(
      "ol",
      {
        key: "spectator-log",
        class: "chat-log",
        id: "spectator-log",
        role: "log",
        "aria-label": t("spec.title"),
        hook: onElement(scrollToEnd),
      },
      shown.map((line) => spectatorLine(line, me)),
    ),
    v(
      "p",
      { key: "spectator-status", class: `chat-status${error ? " error" : " muted"}`, id: "spectator-status" },
      spectatorStatus(error, !canWrite && !me, lines.length),
    ),
    canWrite
      ? v("form", { key: "spectator-form", class: "chat-form", on: { submit } }, [
          v("input", {
            key: "spectator-input",
            id: "spectator-input",
            name: "spectator-chat",
            maxlength: "200",
            autocomplete: "off",
            placeholder: t("spec.placeholder"),
            "aria-label": t("spec.placeholder"),
          }),
          v("button", { key: "spectator-send", type: "submit", id: "spectator-send" }, t("chat.send")),
        ])
      : null,
  ]);
}

/**
 * The spectators' chat box: `send(text)` posts a message, or is null when the viewer may only
 * read. Returns `{ view(), take(message) }` as `createChat`; `changed()` is called when the
 * chat's state changed.
 */
export function createSpectatorChat({
  send,
  me,
  changed,
}: {
  send: ((text: string) => Promise<unknown>) | null;
  me: string | null;
  changed: () => void;
}): { view: () => VNode; take: (message: SpectatorChatMessage) => void } {
  let lines: SpectatorChatLine[] = [];
  /** The index of `lines[0]` among every message ever written. */
  let first = 0;
  let error: UiError | null = null;

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    const input = (event.target as HTMLFormElement).elements.namedItem("spectator-chat") as HTMLInputElement;
    const text = input.value.trim();
    if (!text || !send) return;
    try {
      await send(text);
      input.value = "";
      error = null;
    } catch (e) {
      error = e as UiError;
    }
    changed();
  }

  /** The box from the chat's state. */
  const view = () => spectatorBox({ lines, first, error, me, canWrite: Boolean(send) }, submit);

  /** Takes the socket's message of the spectators' chat. */
  function take(message: SpectatorChatMessage) {
    if (message.from < first || message.from > first + lines.length) {
      first = message.from;
      lines = message.messages;
    } else {
      lines = lines.slice(0, message.from - first).concat(message.messages);
    }
    const beyond = lines.length - KEPT;
    if (beyond > 0) {
      first += beyond;
      lines = lines.slice(beyond);
    }
    changed();
  }

  return { view, take };
}
