// The two chats of a game page, built from the same parts (chat-parts.ts): the players' chat and
// the spectators' chat draw their log, status line and form under their own ids, and a message
// typed into the form is sent trimmed and the field emptied.
import { test } from "node:test";
import assert from "node:assert/strict";
import { drawn, installDom } from "./dom.js";

const window = installDom();
const { createChat } = await import("../src/chat.js");
const { createSpectatorChat } = await import("../src/spectator-chat.js");
const { setLang } = await import("../src/i18n.js");

/** Types `text` into the form of `box` and submits it; resolves once the send has settled. */
async function typeAndSend(box: HTMLElement, text: string, settled: Promise<void>) {
  const input = box.querySelector("input") as HTMLInputElement;
  input.value = text;
  box.querySelector("form")?.dispatchEvent(new window.Event("submit", { cancelable: true }) as unknown as Event);
  await settled;
  return input;
}

test("the players' chat: its log names the writers, and a message is sent trimmed", async () => {
  setLang("en");
  const sent: string[] = [];
  let changed: () => void = () => {};
  const chat = createChat({
    mySeat: "p1",
    send: async (text) => {
      sent.push(text);
    },
    nameOf: (seat) => (seat === "p1" ? "Red" : "Blue"),
    muted: () => false,
    setMuted: async () => {},
    changed: () => changed(),
  });
  chat.take({ type: "chat", from: 0, messages: [{ seat: "p2", text: "Good luck", sent_ms: 1 }] });
  const box = (await drawn(chat.view()))!;
  assert.equal(box.querySelector("#chat-log li.theirs")?.textContent, "Blue Good luck");
  assert.equal(box.querySelector("#chat-status")?.textContent, "");
  const input = await typeAndSend(
    box,
    "  Thanks  ",
    new Promise((resolve) => {
      changed = resolve;
    }),
  );
  assert.deepEqual(sent, ["Thanks"]);
  assert.equal(input.value, "", "the field is emptied once sent");
});

test("the spectators' chat: a guest reads without a form; a writer's refused message stays with the error", async () => {
  setLang("en");
  const guest = createSpectatorChat({ send: null, me: null, changed: () => {} });
  guest.take({ type: "spectator_chat", from: 0, messages: [{ name: "anna", text: "Nice move", sent_ms: 1 }] });
  const read = (await drawn(guest.view()))!;
  assert.equal(read.querySelector("#spectator-log li")?.textContent, "anna Nice move");
  assert.equal(read.querySelector("#spectator-status")?.textContent, "Sign in to write here.");
  assert.equal(read.querySelector("form"), null, "no form for a guest");

  let changed: () => void = () => {};
  const writer = createSpectatorChat({
    send: async () => {
      throw { status: 429, text: { en: "Too many messages", de: "Zu viele Nachrichten" } };
    },
    me: "bert",
    changed: () => changed(),
  });
  const box = (await drawn(writer.view()))!;
  assert.ok(box.querySelector("form #spectator-input[name='spectator-chat']"), "the field of the spectators' chat");
  const input = await typeAndSend(
    box,
    "hello",
    new Promise((resolve) => {
      changed = resolve;
    }),
  );
  assert.equal(input.value, "hello", "a refused message stays in the field");
  const again = (await drawn(writer.view()))!;
  assert.match(again.querySelector("#spectator-status.error")?.textContent ?? "", /Too many messages/);
});
