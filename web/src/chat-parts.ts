// The parts both chats of a game page share (the players' chat, chat.ts, and the spectators'
// chat, spectator-chat.ts): a message of the log, the log, the status line, the form to write
// and what sending from it does. Each part is keyed and named by the chat's prefix (`chat`,
// `spectator`), so the two boxes stand side by side and a half-typed message keeps its field.

import { onElement, scrollToEnd, type VNode, v } from "./vdom.js";
import type { UiError } from "./i18n.js";

/** One message of a log: the writer's name, then the text; `mine` marks the viewer's own. */
export function messageLine(
  key: string,
  { mine, writer, text, seat }: { mine: boolean; writer: string; text: string; seat?: string },
): VNode {
  return v("li", { key, class: mine ? "mine" : "theirs", "data-seat": seat ?? null }, [
    v("strong", {}, writer),
    " ",
    text,
  ]);
}

/** The log of chat `prefix` (`<prefix>-log`), scrolled to its newest message, named `label`. */
export function chatLog(prefix: string, label: string, lines: VNode[]): VNode {
  const id = `${prefix}-log`;
  return v(
    "ol",
    { key: id, class: "chat-log", id, role: "log", "aria-label": label, hook: onElement(scrollToEnd) },
    lines,
  );
}

/** The line under the log of chat `prefix` (`<prefix>-status`): `text`, marked as an error when `error` is set. */
export function chatStatusLine(prefix: string, error: UiError | null, text: string): VNode {
  const id = `${prefix}-status`;
  return v("p", { key: id, class: `chat-status${error ? " error" : " muted"}`, id }, text);
}

/** What the form of a chat says: the field's placeholder and label, and the send button's text. */
export interface ChatFormTexts {
  placeholder: string;
  label: string;
  send: string;
}

/** The form of chat `prefix` (`<prefix>-form`, `<prefix>-input` named `field`, `<prefix>-send`). */
export function chatForm(
  prefix: string,
  field: string,
  texts: ChatFormTexts,
  submit: (event: SubmitEvent) => void,
): VNode {
  return v("form", { key: `${prefix}-form`, class: "chat-form", on: { submit } }, [
    v("input", {
      key: `${prefix}-input`,
      id: `${prefix}-input`,
      name: field,
      maxlength: "200",
      autocomplete: "off",
      placeholder: texts.placeholder,
      "aria-label": texts.label,
    }),
    v("button", { key: `${prefix}-send`, type: "submit", id: `${prefix}-send` }, texts.send),
  ]);
}

/**
 * The submit handler of a chat's form: sends the trimmed text of its field `field` (nothing when
 * empty), empties the field once sent, and hands `settled` the refusal (or null once sent).
 */
export function sendOnSubmit(
  field: string,
  send: (text: string) => Promise<unknown>,
  settled: (error: UiError | null) => void,
): (event: SubmitEvent) => Promise<void> {
  return async (event) => {
    event.preventDefault();
    const input = (event.target as HTMLFormElement).elements.namedItem(field) as HTMLInputElement;
    const text = input.value.trim();
    if (!text) return;
    try {
      await send(text);
      input.value = "";
      settled(null);
    } catch (e) {
      settled(e as UiError);
    }
  };
}
