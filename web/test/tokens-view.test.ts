// The settings page's "API tokens" card as a pure view: the list shows no secret, a revoke asks
// first, the new secret shows with its warning, and the bot upgrade is offered only to a person,
// its refusal in the page's language.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./dom.js";

installDom();
const { tokensView } = await import("../src/pages/settings/tokens-view.js");
const { patch } = await import("../src/vdom.js");
const { setLang } = await import("../src/i18n.js");
type TokensState = import("../src/pages/settings/tokens-view.js").TokensState;
type TokensActions = import("../src/pages/settings/tokens-view.js").TokensActions;

const none = () => undefined;
const actions: TokensActions = {
  create: none,
  askRevoke: none,
  revoke: none,
  copy: none,
  dismiss: none,
  askBot: none,
  makeBot: none,
};

/** A state with one token, "my bridge", of the scope bot:play; `change` overrides parts. */
function state(change: Partial<TokensState> = {}): TokensState {
  return {
    list: {
      tokens: [{ id: "t1", description: "my bridge", scopes: ["bot:play"], created_ms: Date.UTC(2026, 0, 2) }],
      bot: false,
    },
    secret: null,
    copied: false,
    confirmRevoke: null,
    confirmBot: false,
    busy: false,
    error: null,
    botError: null,
    ...change,
  };
}

/** The card drawn for `s`. */
function card(s: TokensState): HTMLElement {
  const holder = document.createElement("div");
  patch(holder, tokensView(s, actions));
  return holder;
}

test("the list shows a token's description and scopes with a revoke button, and a revoke asks first", () => {
  setLang("en");
  const listed = card(state());
  const row = listed.querySelector('[data-token="t1"]');
  assert.match(row?.textContent ?? "", /my bridge.*bot:play/);
  assert.equal(row?.querySelector("[data-revoke]")?.textContent, "Revoke");
  assert.equal(listed.querySelector("#token-secret"), null);
  const asking = card(state({ confirmRevoke: "t1" }));
  assert.match(asking.querySelector(".token-confirm")?.textContent ?? "", /Revoke “my bridge”\?/);
  assert.equal(asking.querySelector("[data-revoke]"), null);
});

test("a new secret shows once with its warning; each scope of the form is explained, in German too", () => {
  setLang("de");
  const shown = card(state({ secret: "spw_abc" }));
  assert.equal(shown.querySelector("#token-value")?.textContent, "spw_abc");
  assert.match(shown.querySelector("#token-secret")?.textContent ?? "", /nicht noch einmal gezeigt/);
  const scopes = [...shown.querySelectorAll("label.token-scope")].map((label) => label.textContent);
  assert.equal(scopes.length, 3);
  assert.match(scopes[2] ?? "", /^challenge:writeHerausforderungen stellen/);
  assert.equal(shown.querySelector("h2")?.textContent, "API-Tokens");
  setLang("en");
});

test("the bot upgrade: offered to a person with a permanent-change confirm and the server's refusal, not to a bot", () => {
  setLang("de");
  const refused = card(
    state({ confirmBot: false, botError: { text: { en: "cannot become a bot", de: "kann kein Bot werden" } } }),
  );
  assert.equal(refused.querySelector("#make-bot-error")?.textContent, "kann kein Bot werden");
  const confirming = card(state({ confirmBot: true }));
  assert.match(confirming.querySelector("#token-bot")?.textContent ?? "", /endgültig/);
  setLang("en");
  const bot = card(state({ list: { tokens: [], bot: true } }));
  assert.equal(bot.querySelector("#make-bot"), null);
  assert.equal(bot.querySelector("#token-bot")?.textContent, "This account is a bot.");
  assert.equal(bot.querySelector("#token-list")?.textContent, "No tokens yet.");
});
