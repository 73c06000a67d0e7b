// Moving between the UI's pages without reloading: `navigate(path)` and in-page links.

import { h } from "./svg.js";
import type { Link } from "./types.js";

let router: () => void = () => {};

/** Sets what draws the page of the current path (the app's router). */
export function setRouter(route: () => void): void {
  router = route;
}

/** Goes to `path` without reloading. */
export function navigate(path: string): void {
  history.pushState(null, "", path);
  router();
}

/** A link within the UI; a click with Ctrl, ⌘ or Shift keeps the browser's own behaviour. */
export const link: Link = (path, text, attrs = {}) =>
  h(
    "a",
    {
      href: path,
      ...attrs,
      onclick: (event: MouseEvent) => {
        if (event.ctrlKey || event.metaKey || event.shiftKey) return;
        event.preventDefault();
        navigate(path);
      },
    },
    text,
  );
