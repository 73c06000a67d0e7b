// The skip link, each page's first tab stop (web/static/index.html puts it before the header):
// hidden until the keyboard's focus reaches it, it takes the focus past the header into the page's
// content, so a keyboard user need not Tab through the whole header first.

import { addTexts, t } from "./i18n.js";
import "./skip-link.css";

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: { skipToContent: "Skip to content" },
  de: { skipToContent: "Zum Inhalt springen" },
});

/**
 * Writes the skip link in the page's language and lets it move the focus to the page's content
 * (`main`), without following its `#app` in the address, which the router would take for a new page.
 */
export function syncSkipLink(): void {
  const skip = document.getElementById("skip-link");
  if (!skip) return;
  skip.textContent = t("skipToContent");
  skip.onclick = (event) => {
    event.preventDefault();
    document.getElementById("app")?.focus();
  };
}
