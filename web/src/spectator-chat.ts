// The spectators' chat of a game between people: spectators signed in write under their names,
// everybody watching reads it; the players see it once the game is over. Messages of muted
// accounts are hidden (see mutes.ts).

import { type VNode, v } from "./vdom.js";
import { chatForm, chatLog, chatStatusLine, messageLine, sendOnSubmit } from "./chat-parts.js";
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
  return messageLine(`s${line.index}`, { mine: line.name === me, writer: line.name, text: line.text });
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
}

/** The box: the messages, the field (for those who may write: `submit` set) and the labels in the current language. */
function spectatorBox(
  { lines, first, error, me }: SpectatorState,
  submit: ((event: SubmitEvent) => void) | null,
): VNode {
  const shown = lines
    .map((line, index) => ({ ...line, index: first + index }))
    .filter((line) => line.name === me || !isMuted(line.name, true));
  return v("section", { key: "spectator-chat", class: "chat spectator-chat", id: "spectator-chat" }, [
    v("h2", { key: "title" }, t("spec.title")),
    chatLog(
      "spectator",
      t("spec.title"),
      shown.map((line) => spectatorLine(line, me)),
    ),
    chatStatusLine("spectator", error, spectatorStatus(error, !submit && !me, lines.length)),
    submit
      ? chatForm(
          "spectator",
          "spectator-chat",
          { placeholder: t("spec.placeholder"), label: t("spec.placeholder"), send: t("chat.send") },
          submit,
        )
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

  /** The form's handler, for those who may write. */
  const submit =
    send &&
    sendOnSubmit("spectator-chat", send, (refusal) => {
      error = refusal;
      changed();
    });

  /** The box from the chat's state. */
  const view = () => spectatorBox({ lines, first, error, me }, submit);

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
