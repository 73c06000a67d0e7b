// What the lobby costs on the wire: at most 120 KB on a cold load (issue 51; the pages the lobby
// does not show come in chunks when first opened, see docs/measurements.md) and at most 10 KB on
// a reload, counted by Chromium
// itself (the bytes each response took on the network, headers included, as its DevTools
// protocol reports them). docs/measurements.md has the figures.

/** The targets, in bytes. */
const COLD_MAX = 120 * 1024;
const RELOAD_MAX = 10 * 1024;

export function register(test, { base, browser, until }) {
  /** Loads `url` in `page` (or reloads it) and returns the bytes transferred per address once the lobby is drawn. */
  async function transferred(page, load) {
    const session = await page.context().newCDPSession(page);
    await session.send("Network.enable");
    const urls = new Map();
    const bytes = new Map();
    session.on("Network.responseReceived", (event) => urls.set(event.requestId, event.response.url));
    session.on("Network.loadingFinished", (event) => bytes.set(event.requestId, event.encodedDataLength));
    await load();
    await page.locator("[data-pick]").first().waitFor();
    await page.locator("#featured > *").first().waitFor();
    // Let the lobby's first requests finish (each is counted once it has finished loading).
    await until("the requests have finished", async () => [...urls.keys()].every((id) => bytes.has(id)));
    await session.detach();
    const byUrl = {};
    for (const [id, length] of bytes) {
      const path = new URL(urls.get(id) ?? "about:blank").pathname;
      byUrl[path] = (byUrl[path] ?? 0) + length;
    }
    return byUrl;
  }

  const total = (byUrl) => Object.values(byUrl).reduce((sum, n) => sum + n, 0);
  const listing = (byUrl) => Object.entries(byUrl).map(([path, n]) => `${path} ${n}`).join(", ");

  test("transfer: the lobby costs at most 120 KB on a cold load and 10 KB on a reload", async () => {
    const page = await browser();
    const cold = await transferred(page, () => page.goto(`${base}/`));
    const reload = await transferred(page, () => page.reload());
    console.log(`    cold load ${total(cold)} bytes: ${listing(cold)}`);
    console.log(`    reload ${total(reload)} bytes: ${listing(reload)}`);
    if (total(cold) > COLD_MAX) throw new Error(`a cold load takes ${total(cold)} bytes (target ${COLD_MAX})`);
    if (total(reload) > RELOAD_MAX) throw new Error(`a reload takes ${total(reload)} bytes (target ${RELOAD_MAX})`);
    if (!Object.keys(cold).some((path) => /^\/assets\/app\.[0-9a-f]{16}\.js$/.test(path))) throw new Error(`no hashed script: ${listing(cold)}`);
  });
}
