// The settings page (/settings): language, theme, board theme, coordinates, animation, sound and
// its volume, move confirmation, kept per browser or on the signed-in account (settings.ts), and
// for a signed-in account its "Account" card (account-card.ts) and its API tokens (tokens.ts).
// Each change is saved, applied at once and drawn (view.ts, account-view.ts, tokens-view.ts).

import { patch } from "../../vdom.js";
import { accountName } from "../../account.js";
import { loadSettings, saveSettings, settingsOnAccount } from "../../settings.js";
import type { Settings } from "../../settings.js";
import type { Page } from "../../types.js";
import { settingsView } from "./view.js";
import { tokensCard } from "./tokens.js";
import { tokensView } from "./tokens-view.js";
import { accountCareCard } from "./account-card.js";
import { accountCareView } from "./account-view.js";

/** The settings page; `changed` redraws what else shows the settings (the header). */
export function settingsPage(main: HTMLElement, changed: () => void): Page {
  let live = true;
  const change = (s: Settings) => {
    saveSettings(s);
    changed();
    render();
  };
  const signedIn = Boolean(accountName());
  let tokens = signedIn ? tokensCard(() => live && render()) : null;
  // Once the account is closed, the page says so (signed out, the settings stay in this browser).
  let closed = false;
  let care = signedIn
    ? accountCareCard({
        redraw: () => live && render(),
        closed: () => {
          closed = true;
          care = null;
          tokens = null;
          changed();
          render();
        },
      })
    : null;
  function render() {
    const card = tokens ? tokensView(tokens.state, tokens.actions) : null;
    const account = care ? accountCareView(care.state, care.actions) : null;
    patch(
      main,
      settingsView({ settings: loadSettings(), onAccount: settingsOnAccount(), change, account, tokens: card, closed }),
    );
  }
  tokens?.load();
  return {
    render,
    destroy() {
      live = false;
    },
  };
}
