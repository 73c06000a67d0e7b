// A page loaded on demand (`lazyPage`): it says it is loading, then draws the page that came; a
// page that could not come offers a reload; a page left before its code came is never started.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./dom.js";

installDom();
const { lazyPage } = await import("../src/lazy-page.js");
const { setLang } = await import("../src/i18n.js");

/** A page that counts its drawings and whether it was stopped. */
function countingPage(main: HTMLElement) {
  const seen = { renders: 0, destroyed: false };
  const page = {
    render: () => {
      seen.renders += 1;
      main.textContent = `page ${seen.renders}`;
    },
    destroy: () => {
      seen.destroyed = true;
    },
  };
  return { seen, page };
}

/** A promise and the functions that settle it. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

test("the page says it is loading, then draws the page that came, and passes on render and destroy", async () => {
  setLang("en");
  const main = document.createElement("main");
  const { seen, page } = countingPage(main);
  const code = deferred<typeof page>();
  const lazy = lazyPage(main, () => code.promise);
  lazy.render();
  assert.equal(main.textContent, "Loading…");
  assert.equal(main.querySelector("[aria-busy=true]")?.textContent, "Loading…");
  code.resolve(page);
  await code.promise;
  await Promise.resolve();
  assert.equal(seen.renders, 1, "drawn once it came");
  lazy.render();
  assert.equal(main.textContent, "page 2");
  lazy.destroy();
  assert.equal(seen.destroyed, true);
});

test("a page whose code cannot come says so in the page's language and offers a reload", async () => {
  setLang("de");
  const main = document.createElement("main");
  const code = deferred<{ render(): void; destroy(): void }>();
  const lazy = lazyPage(main, () => code.promise);
  lazy.render();
  assert.equal(main.textContent, "Wird geladen…");
  code.reject(new Error("chunk not found"));
  await code.promise.catch(() => undefined);
  await Promise.resolve();
  assert.equal(main.querySelector("[role=alert] p")?.textContent, "Diese Seite konnte nicht geladen werden.");
  assert.equal(main.querySelector("[role=alert] button")?.textContent, "Neu laden");
  setLang("en");
});

test("a page left before its code came is never drawn, and is stopped at once", async () => {
  const main = document.createElement("main");
  const { seen, page } = countingPage(main);
  const code = deferred<typeof page>();
  const lazy = lazyPage(main, () => code.promise);
  lazy.render();
  lazy.destroy();
  code.resolve(page);
  await code.promise;
  await Promise.resolve();
  assert.equal(seen.renders, 0);
  assert.equal(seen.destroyed, true, "its timers and sockets would stop at once");
  assert.equal(main.textContent, "Loading…", "the left page's host is not drawn into");
});
