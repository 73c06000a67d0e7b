// The settings page (/settings): theme, board theme, coordinates, sound and move confirmation,
// kept per browser (settings.ts), and for a signed-in account its API tokens (tokens.ts). Each
// change is saved, applied at once and drawn (view.ts, tokens-view.ts).

import { patch } from "../../vdom.js";
import { accountName } from "../../account.js";
import { loadSettings, saveSettings } from "../../settings.js";
import type { Settings } from "../../settings.js";
import type { Page } from "../../types.js";
import { settingsView } from "./view.js";
import { tokensCard } from "./tokens.js";
import { tokensView } from "./tokens-view.js";

/** The settings page; `changed` redraws what else shows the settings (the header). */
export function settingsPage(main: HTMLElement, changed: () => void): Page {
  let live = true;
  const change = (s: Settings) => {
    saveSettings(s);
    changed();
    render();
  };
  const tokens = accountName() ? tokensCard(() => live && render()) : null;
  function render() {
    const card = tokens ? tokensView(tokens.state, tokens.actions) : null;
    patch(main, settingsView({ settings: loadSettings(), change, tokens: card }));
  }
  tokens?.load();
  return {
    render,
    destroy() {
      live = false;
    },
  };
}
