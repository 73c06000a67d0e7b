// The spectators' chat of a game between people: spectators signed in write under their names,
// everybody watching reads it; the players see it once the game is over. Messages of muted
// accounts are hidden (see mutes.ts).

import { t, addTexts, errorText } from "./i18n.js";
import { h, patch } from "./svg.js";
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
  return h("li", { key: `s${line.index}`, class: line.name === me ? "mine" : "theirs" }, [
    h("strong", {}, line.name),
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

/**
 * The spectators' chat box: `send(text)` posts a message, or is null when the viewer may only
 * read. Returns `{ element, take(message), render() }`.
 */
export function createSpectatorChat({
  send,
  me,
}: {
  send: ((text: string) => Promise<unknown>) | null;
  me: string | null;
}) {
  let lines: SpectatorChatLine[] = [];
  /** The index of `lines[0]` among every message ever written. */
  let first = 0;
  let error: UiError | null = null;
  const heading = h("h2", {});
  const log = h("ol", { class: "chat-log", id: "spectator-log", role: "log" });
  const input = h("input", { id: "spectator-input", name: "spectator-chat", maxlength: "200", autocomplete: "off" });
  const submit = h("button", { type: "submit", id: "spectator-send" });
  const form = h("form", { class: "chat-form" }, [input, submit]);
  const status = h("p", { class: "chat-status", id: "spectator-status" });
  const element = h(
    "section",
    { class: "chat spectator-chat", id: "spectator-chat" },
    send ? [heading, log, status, form] : [heading, log, status],
  );

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text || !send) return;
    try {
      await send(text);
      input.value = "";
      error = null;
    } catch (e) {
      error = e as UiError;
    }
    render();
  });

  function render() {
    heading.textContent = t("spec.title");
    log.setAttribute("aria-label", t("spec.title"));
    input.placeholder = t("spec.placeholder");
    input.setAttribute("aria-label", t("spec.placeholder"));
    submit.textContent = t("chat.send");
    const shown = lines
      .map((line, index) => ({ ...line, index: first + index }))
      .filter((line) => line.name === me || !isMuted(line.name, true));
    patch(log, ...shown.map((line) => spectatorLine(line, me)));
    log.scrollTop = log.scrollHeight;
    status.textContent = spectatorStatus(error, !send && !me, lines.length);
    status.className = `chat-status${error ? " error" : " muted"}`;
  }

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
    render();
  }

  render();
  return { element, take, render };
}
