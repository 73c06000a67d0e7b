// A page whose code is loaded when it is first opened (`import()`: build.mjs splits the bundle), so
// that the lobby's first load does not carry the pages it does not show. Until the code has come,
// the page says it is loading; if it cannot come (the network failed, or a newer build replaced the
// chunk), it says so and offers a reload.

import { v, patch } from "./vdom.js";
import { addTexts, t } from "./i18n.js";
import type { Page } from "./types.js";

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: {
    "lazy.loading": "Loading…",
    "lazy.failed": "This page could not be loaded.",
    "lazy.reload": "Reload",
  },
  de: {
    "lazy.loading": "Wird geladen…",
    "lazy.failed": "Diese Seite konnte nicht geladen werden.",
    "lazy.reload": "Neu laden",
  },
});

/**
 * The page that `load` makes, drawn into `main` once its code has been loaded. A page left before
 * its code came is stopped as soon as it is made (its timers and sockets with it) and never drawn.
 */
export function lazyPage(main: HTMLElement, load: () => Promise<Page>): Page {
  let page: Page | null = null;
  let failed = false;
  let left = false;
  const render = () => {
    if (page) page.render();
    else patch(main, placeholder(failed));
  };
  load().then(
    (made) => {
      if (left) made.destroy();
      else {
        page = made;
        made.render();
      }
    },
    () => {
      failed = true;
      if (!left) render();
    },
  );
  return {
    render,
    destroy: () => {
      left = true;
      page?.destroy();
    },
  };
}

/** What stands in the page's place while its code is loading, or after it failed to load. */
function placeholder(failed: boolean) {
  if (!failed) return v("p", { class: "lazy-page", "aria-busy": "true" }, t("lazy.loading"));
  return v("div", { class: "lazy-page", role: "alert" }, [
    v("p", {}, t("lazy.failed")),
    v("button", { on: { click: () => location.reload() } }, t("lazy.reload")),
  ]);
}
