// Moving between the UI's pages without reloading: `navigate(path)` and in-page links.

import { v } from "./vdom.js";
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

/** Follows a link within the UI unless Ctrl, ⌘ or Shift asks for the browser's own behaviour. */
function follow(event: MouseEvent, path: string): void {
  if (event.ctrlKey || event.metaKey || event.shiftKey) return;
  event.preventDefault();
  navigate(path);
}

/** A link within the UI; a click with Ctrl, ⌘ or Shift keeps the browser's own behaviour. */
export const link: Link = (path, text, attrs = {}) =>
  v(
    "a",
    {
      key: typeof attrs.id === "string" ? attrs.id : undefined,
      href: path,
      ...attrs,
      on: { click: (event: MouseEvent) => follow(event, path) },
    },
    text,
  );
