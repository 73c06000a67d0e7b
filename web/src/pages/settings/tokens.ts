// The settings page's "API tokens" card's state and its calls of the server: the list
// (`GET /api/account/tokens`), making (`POST`) and revoking (`DELETE …/{id}`) a token, and the
// bot upgrade (`POST /api/bot/account/upgrade`); tokens-view.ts draws it.

import { api } from "../../api.js";
import type { UiError } from "../../i18n.js";
import type { ApiTokenCreated } from "../../contract/ApiTokenCreated.js";
import type { ApiTokenList } from "../../contract/ApiTokenList.js";
import type { ApiTokenRequest } from "../../contract/ApiTokenRequest.js";
import type { TokensActions, TokensState } from "./tokens-view.js";

/** The card's state with the page's redraw, as the calls below share them. */
interface Card {
  state: TokensState;
  redraw: () => void;
}

/** Runs a call with the buttons waiting; a refusal lands in `onError`, then the page draws. */
async function run(card: Card, call: () => Promise<void>, onError: (error: UiError) => void) {
  card.state.busy = true;
  card.redraw();
  try {
    await call();
  } catch (error) {
    onError(error as UiError);
  }
  card.state.busy = false;
  card.redraw();
}

/** Loads the account's tokens (and whether it is a bot) into the state. */
async function reload(card: Card) {
  card.state.list = await api<ApiTokenList>("GET", "/api/account/tokens");
}

/** Makes a token with the form's description and scopes; shows its secret and resets the form. */
function create(card: Card, form: HTMLFormElement) {
  const data = new FormData(form);
  const request: ApiTokenRequest = {
    description: String(data.get("description") ?? "").trim(),
    scopes: data.getAll("scope").map(String),
  };
  card.state.error = null;
  void run(
    card,
    async () => {
      const made = await api<ApiTokenCreated>("POST", "/api/account/tokens", request);
      card.state.secret = made.token;
      card.state.copied = false;
      form.reset();
      await reload(card);
    },
    (error) => (card.state.error = error),
  );
}

/** Revokes token `id` and loads the list anew. */
function revoke(card: Card, id: string) {
  card.state.error = null;
  void run(
    card,
    async () => {
      await api("DELETE", `/api/account/tokens/${encodeURIComponent(id)}`);
      card.state.confirmRevoke = null;
      await reload(card);
    },
    (error) => (card.state.error = error),
  );
}

/** Turns the account into a bot; the server's refusal (e.g. 409 for an account that has played) shows. */
function makeBot(card: Card) {
  card.state.botError = null;
  void run(
    card,
    async () => {
      await api("POST", "/api/bot/account/upgrade");
      card.state.confirmBot = false;
      await reload(card);
    },
    (error) => {
      card.state.botError = error;
      card.state.confirmBot = false;
    },
  );
}

/** The tokens card's state and actions, and `load` that asks for the list; `redraw` draws the page. */
export function tokensCard(redraw: () => void): { state: TokensState; actions: TokensActions; load: () => void } {
  const state: TokensState = {
    list: null,
    secret: null,
    copied: false,
    confirmRevoke: null,
    confirmBot: false,
    busy: false,
    error: null,
    botError: null,
  };
  const card: Card = { state, redraw };
  const actions: TokensActions = {
    create: (form) => create(card, form),
    askRevoke(id) {
      state.confirmRevoke = id;
      redraw();
    },
    revoke: (id) => revoke(card, id),
    copy() {
      if (!state.secret) return;
      // A browser that refuses the clipboard leaves the button as it was: the secret stays selectable.
      void navigator.clipboard
        ?.writeText(state.secret)
        .then(() => {
          state.copied = true;
          redraw();
        })
        .catch(() => undefined);
    },
    dismiss() {
      state.secret = null;
      redraw();
    },
    askBot(open) {
      state.confirmBot = open;
      state.botError = null;
      redraw();
    },
    makeBot: () => makeBot(card),
  };
  const load = () =>
    void run(
      card,
      () => reload(card),
      (error) => (state.error = error),
    );
  return { state, actions, load };
}
