// The settings: kept per browser (defaults, broken values, saving and what the page root shows),
// kept on a signed-in account (taken at sign-in, shared on every change), and the settings page
// (language, animation, volume, where they are kept, the Account card).
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom, drawn } from "./dom.js";

const window = installDom();
(globalThis as unknown as { matchMedia: unknown }).matchMedia = window.matchMedia.bind(window);
const { loadSettings, saveSettings, toAccount, fromAccount, useAccountSettings, settingsOnAccount } = await import(
  "../src/settings.js"
);
const { setLang, lang } = await import("../src/i18n.js");
const { settingsView } = await import("../src/pages/settings/view.js");
const { accountCareView, emptyCare } = await import("../src/pages/settings/account-view.js");
const { accountCareCard } = await import("../src/pages/settings/account-card.js");
type Settings = import("../src/settings.js").Settings;

/** Replaces `fetch` with one that records each call and answers with `reply(path)`. */
function stubFetch(reply: (path: string, init?: RequestInit) => unknown, status = 200) {
  const calls: { path: string; method: string; body: unknown }[] = [];
  (globalThis as unknown as { fetch: unknown }).fetch = async (path: string, init?: RequestInit) => {
    calls.push({ path, method: init?.method ?? "GET", body: init?.body ? JSON.parse(String(init.body)) : null });
    return new Response(JSON.stringify(reply(path, init)), {
      status,
      headers: { "content-type": "application/json" },
    });
  };
  return calls;
}

test("settings start at their defaults, survive a save, and a broken value falls back alone", () => {
  localStorage.clear();
  setLang("en");
  assert.deepEqual(loadSettings(), {
    theme: "auto",
    coordinates: true,
    sound: true,
    confirmMoves: false,
    boardTheme: "classic",
    volume: 100,
    animation: true,
    language: "en",
  });
  const chosen: Settings = {
    theme: "dark",
    coordinates: false,
    sound: false,
    confirmMoves: true,
    boardTheme: "wood",
    volume: 35,
    animation: false,
    language: "de",
  };
  saveSettings(chosen);
  assert.deepEqual(JSON.parse(localStorage.getItem("spielwerk-settings") ?? ""), {
    theme: "dark",
    coordinates: false,
    sound: false,
    confirmMoves: true,
    boardTheme: "wood",
    animation: false,
  });
  assert.deepEqual(loadSettings(), chosen);
  assert.equal(lang(), "de", "the language is the header's, kept in sync");
  const root = document.documentElement;
  assert.equal(root.getAttribute("data-theme"), "dark");
  assert.equal(root.getAttribute("data-board-theme"), "wood");
  assert.equal(root.getAttribute("data-coords"), "off");
  assert.equal(root.getAttribute("data-animation"), "off");
  localStorage.setItem(
    "spielwerk-settings",
    JSON.stringify({ theme: "purple", coordinates: "yes", confirmMoves: true, boardTheme: "nonsense" }),
  );
  const fallen = loadSettings();
  assert.deepEqual(
    [fallen.theme, fallen.coordinates, fallen.confirmMoves, fallen.boardTheme],
    ["auto", true, true, "classic"],
  );
  localStorage.setItem("spielwerk-settings", "{not json");
  assert.equal(loadSettings().theme, "auto");
  setLang("en");
});

test("an account's settings apply at sign-in, every change is shared, and signed out they stay here", async () => {
  localStorage.clear();
  setLang("en");
  const kept = {
    theme: "dark",
    board_theme: "slate",
    coordinates: false,
    sound: true,
    volume: 60,
    confirm_moves: true,
    animation: false,
    language: "de",
  } as const;
  assert.deepEqual(toAccount(fromAccount(kept)), kept, "the two shapes map one to one");
  let calls = stubFetch(() => ({ settings: kept }));
  assert.equal(await useAccountSettings(true), true, "they changed this browser's");
  assert.equal(settingsOnAccount(), true);
  assert.deepEqual(loadSettings(), fromAccount(kept));
  assert.equal(lang(), "de");
  calls.length = 0;
  saveSettings({ ...loadSettings(), theme: "light" });
  await new Promise((done) => setTimeout(done, 0));
  assert.deepEqual(
    calls.map((c) => [c.path, c.method, (c.body as { theme?: string } | null)?.theme]),
    [["/api/settings", "POST", "light"]],
  );
  // An account without settings gets this browser's.
  calls = stubFetch(() => ({ settings: null }));
  assert.equal(await useAccountSettings(true), false);
  assert.deepEqual(
    calls.map((c) => c.method),
    ["GET", "POST"],
  );
  // Signed out: nothing is sent.
  await useAccountSettings(false);
  calls = stubFetch(() => ({}));
  saveSettings({ ...loadSettings(), theme: "dark" });
  await new Promise((done) => setTimeout(done, 0));
  assert.equal(calls.length, 0);
  assert.equal(settingsOnAccount(), false);
  setLang("en");
});

test("the settings page has the language, animation and volume, and says where they are kept", async () => {
  localStorage.clear();
  setLang("en");
  const changes: Settings[] = [];
  const context = {
    settings: loadSettings(),
    change: (s: Settings) => changes.push(s),
    tokens: null,
    account: null,
    onAccount: false,
    closed: false,
  };
  const page = await drawn(settingsView(context));
  assert.match(page?.querySelector("#settings-kept")?.textContent ?? "", /Kept in this browser/);
  const languages = [...(page?.querySelectorAll<HTMLInputElement>('input[name="language"]') ?? [])];
  assert.deepEqual(
    languages.map((input) => [input.value, input.checked, input.parentElement?.textContent]),
    [
      ["en", true, "English"],
      ["de", false, "Deutsch"],
    ],
  );
  languages[1]?.dispatchEvent(new window.Event("change") as unknown as Event);
  assert.equal(changes.at(-1)?.language, "de");
  const animation = page?.querySelector<HTMLInputElement>('input[name="animation"]');
  assert.equal(animation?.checked, true);
  const volume = page?.querySelector<HTMLInputElement>('input[name="volume"]');
  assert.deepEqual([volume?.type, volume?.value, volume?.disabled], ["range", "100", false]);
  const muted = await drawn(settingsView({ ...context, settings: { ...loadSettings(), sound: false } }));
  assert.equal(
    muted?.querySelector<HTMLInputElement>('input[name="volume"]')?.disabled,
    true,
    "no volume without sound",
  );
  setLang("de");
  const onAccount = await drawn(settingsView({ ...context, onAccount: true }));
  assert.match(onAccount?.querySelector("#settings-kept")?.textContent ?? "", /In deinem Konto gespeichert/);
  assert.equal(onAccount?.querySelector("legend")?.textContent, "Sprache");
  setLang("en");
});

test("the Account card: two new passwords that differ are refused before sending; a new code shows once", async () => {
  setLang("en");
  let redraws = 0;
  const card = accountCareCard({ redraw: () => redraws++, closed: () => undefined });
  const calls = stubFetch(() => ({ name: "anna", recovery_code: "ABCD-EFGH-JKMN-PQRS-TUVW" }));
  card.actions.type("password", "password", "old-password");
  card.actions.type("password", "new_password", "new-password-1");
  card.actions.type("password", "new_password_again", "new-password-2");
  card.actions.submit("password");
  await new Promise((done) => setTimeout(done, 0));
  assert.equal(calls.length, 0, "nothing is sent");
  const shown = await drawn(accountCareView(card.state, card.actions));
  assert.equal(shown?.querySelector('[data-error="new_password_again"]')?.textContent, "The two new passwords differ");
  card.actions.type("code", "password", "old-password");
  card.actions.submit("code");
  await new Promise((done) => setTimeout(done, 0));
  assert.deepEqual(
    calls.map((c) => [c.path, c.body]),
    [["/api/account/recovery-code", { password: "old-password" }]],
  );
  const withCode = await drawn(accountCareView(card.state, card.actions));
  assert.equal(withCode?.querySelector("#recovery-code-value")?.textContent, "ABCD-EFGH-JKMN-PQRS-TUVW");
  assert.match(withCode?.querySelector("#recovery-code .warning")?.textContent ?? "", /Write it down/);
  assert.equal(card.state.values.code.password, "", "the password typed is not kept");
  assert.ok(redraws > 0);
  // Closing waits for the checkbox.
  const fresh = await drawn(accountCareView(emptyCare(), card.actions));
  assert.equal(fresh?.querySelector<HTMLButtonElement>("#care-close button.danger")?.disabled, true);
  setLang("de");
  const german = await drawn(accountCareView(emptyCare(), card.actions));
  assert.equal(german?.querySelector("h2")?.textContent, "Konto");
  assert.equal(german?.querySelector("#care-close button.danger")?.textContent, "Mein Konto schließen");
  setLang("en");
});
