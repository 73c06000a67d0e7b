// The settings page (/settings): theme, board theme, coordinates, sound and move confirmation,
// kept per browser (settings.ts). Each change is saved, applied at once and drawn (view.ts).

import { patch } from "../../vdom.js";
import { loadSettings, saveSettings } from "../../settings.js";
import type { Settings } from "../../settings.js";
import type { Page } from "../../types.js";
import { settingsView } from "./view.js";

/** The settings page; `changed` redraws what else shows the settings (the header). */
export function settingsPage(main: HTMLElement, changed: () => void): Page {
  const change = (s: Settings) => {
    saveSettings(s);
    changed();
    render();
  };
  function render() {
    patch(main, settingsView({ settings: loadSettings(), change }));
  }
  return { render, destroy() {} };
}
