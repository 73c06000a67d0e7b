// A browser-like document for unit tests (happy-dom), installed as the globals
// the UI's modules use.
import { Window } from "happy-dom";

/** Installs a fresh window's `document`, `Node`, `CSS` and friends as globals; returns the window. */
export function installDom(): Window {
  const window = new Window({ url: "http://localhost/" });
  const globals = globalThis as unknown as Record<string, unknown>;
  for (const name of ["document", "Node", "CSS", "MouseEvent", "HTMLElement", "Element", "localStorage", "navigator"]) {
    Object.defineProperty(globals, name, {
      value: (window as unknown as Record<string, unknown>)[name],
      configurable: true,
      writable: true,
    });
  }
  // snabbdom reads `window` when it is loaded.
  Object.defineProperty(globals, "window", { value: window, configurable: true, writable: true });
  return window;
}

/** The element a view's vnode draws (in a host of its own in the document), or null for no vnode. */
export async function drawn(node: import("snabbdom").VNode | null | undefined): Promise<HTMLElement | null> {
  if (!node) return null;
  const { patch } = await import("../src/vdom.js");
  const host = document.createElement("div");
  document.body.append(host);
  patch(host, node);
  return host.firstElementChild as HTMLElement | null;
}
