// Every lobby entry point ends in a game within 5 s (issue 50's target): each quick tile pairs
// two signed-in browsers into one game; a guest's quick tile leads to signing up and back into its
// pool; "Play a friend" gives an invite link that seats the friend's browser in the same game;
// "Play the computer" opens a game the engine answers. (The seek form and the challenge by name: suites/pairing.mjs, suites/social.mjs.)

import { accountSteps, freshName } from "../people.mjs";

/** How long an entry may take, from the last click to both browsers in the game (the bound). */
const BOUND_MS = 5000;

/** The game id of a page at /play/<id>. */
const gameOf = (page) => new URL(page.url()).pathname.split("/").pop();

export function register(test, { base, shots, browser, until }) {
  const { signUp } = accountSteps(base);
  const PHONE = { width: 390, height: 844 };
  const GAME_URL = /\/play\/[a-z0-9]+$/;

  test("entries: each quick tile pairs a desktop and a phone browser into one game within 5 s", async () => {
    const a = await browser();
    const b = await browser(PHONE);
    await signUp(a, freshName("anna"));
    await signUp(b, freshName("bert"));
    await a.locator('[data-pick="ataxx"]').click();
    const clocks = await a.locator("[data-quick]").evaluateAll((tiles) => tiles.map((tile) => tile.dataset.quick));
    if (clocks.length < 8) throw new Error(`only ${clocks.length} quick tiles: ${clocks}`);
    const took = [];
    for (const clock of clocks) {
      for (const page of [a, b]) {
        if (page.url() !== `${base}/`) await page.goto(`${base}/`);
        await page.locator('[data-pick="ataxx"]').click();
      }
      await a.locator(`[data-quick="${clock}"]`).click();
      await a.locator("#pool-waiting").filter({ hasText: clock }).waitFor();
      await b.locator(`[data-quick="${clock}"] .pool-count`).waitFor();
      const clicked = Date.now();
      await b.locator(`[data-quick="${clock}"]`).click();
      await Promise.all([a, b].map((page) => page.waitForURL(GAME_URL, { timeout: BOUND_MS })));
      took.push(`${clock}: ${Date.now() - clicked} ms`);
      if (gameOf(a) !== gameOf(b)) throw new Error(`${clock}: two games, ${gameOf(a)} and ${gameOf(b)}`);
      const state = await (await a.request.get(`${base}/api/games/${gameOf(a)}`)).json();
      const [minutes, seconds] = clock.split("+").map(Number);
      if (state.clock?.initial_ms !== minutes * 60_000 || state.clock?.increment_ms !== seconds * 1000) {
        throw new Error(`${clock}: the game's clock is ${JSON.stringify(state.clock)}`);
      }
      for (const page of [a, b]) await page.locator("#board svg.board").waitFor();
    }
    console.log(`    paired: ${took.join(", ")}`);
  });

  test("entries: an answer the lobby asked for before the pairing cannot draw the lobby over the game", async () => {
    const a = await browser();
    const b = await browser();
    await signUp(a, freshName("anna"));
    await signUp(b, freshName("bert"));
    for (const page of [a, b]) await page.locator('[data-pick="ataxx"]').click();
    await a.locator('[data-quick="3+2"]').click();
    await a.locator("#pool-waiting").filter({ hasText: "3+2" }).waitFor();
    // From now on A's pool refreshes (every second while it waits) are held until A shows the game,
    // so they come back to a lobby that was left.
    let release = () => {};
    const gate = new Promise((resolve) => {
      release = resolve;
    });
    let held = 0;
    await a.route("**/api/pool", async (route) => {
      if (route.request().method() !== "GET") return route.continue();
      held += 1;
      await gate;
      await route.continue().catch(() => {});
    });
    await until("A's pool refresh held", async () => held > 0);
    await b.locator('[data-quick="3+2"]').click();
    await Promise.all([a, b].map((page) => page.waitForURL(GAME_URL, { timeout: BOUND_MS })));
    await a.locator("#board svg.board").waitFor();
    let answered = 0;
    a.on("requestfinished", (request) => {
      if (request.method() === "GET" && request.url().endsWith("/api/pool")) answered += 1;
    });
    const releasedAt = held;
    release();
    await until("the held pool answers reached A", async () => answered >= releasedAt);
    // The page has taken each answer up: a frame and a task after the last arrived.
    await a.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    if ((await a.locator("#board svg.board").count()) !== 1 || (await a.locator("[data-quick]").count()) !== 0) {
      throw new Error("A's lobby was drawn over the game after the pairing");
    }
  });

  test("entries: Play a friend gives an invite link that seats the friend in the same game within 5 s", async () => {
    const host = await browser();
    await host.goto(`${base}/`);
    await host.locator('[data-pick="ataxx"]').click();
    await host.locator("#play-friend").click();
    await host.locator('#create button[type="submit"]').click();
    await host.waitForURL(GAME_URL);
    const invite = await host.locator("#invite").inputValue();
    const friend = await browser(PHONE);
    const opened = Date.now();
    await friend.goto(invite);
    await friend.locator("#board svg.board").waitFor({ timeout: BOUND_MS });
    await host.locator("#invite").waitFor({ state: "detached", timeout: BOUND_MS });
    console.log(`    Play a friend: the friend is seated ${Date.now() - opened} ms after opening the link`);
    if (gameOf(friend) !== gameOf(host)) throw new Error("two games");
    const state = await (await friend.request.get(`${base}/api/games/${gameOf(host)}`)).json();
    if (!state.seats.every((seat) => seat.joined)) throw new Error(`seats ${JSON.stringify(state.seats)}`);
  });

  test("entries: a guest's quick tile leads to signing up and back into its pool, where a signed-in player is paired with them within 5 s", async () => {
    const guest = await browser(PHONE);
    await guest.goto(`${base}/`);
    await guest.locator('[data-pick="abalone"]').click();
    await guest.locator('[data-quick="5+3"]').click();
    await guest.waitForURL(/\/login\?next=/);
    const name = freshName("guest");
    await guest.locator('#signup input[name="name"]').fill(name);
    await guest.locator('#signup input[name="password"]').fill("secret-pass");
    await guest.locator('#signup button[type="submit"]').click();
    await guest.locator("#recovery-done").click();
    // Back in the lobby, waiting in the pool of the tile: Abalone 5+3.
    await guest.waitForURL(`${base}/`);
    await guest.locator("#pool-waiting").filter({ hasText: "Abalone 5+3" }).waitFor();
    const other = await browser();
    await signUp(other, freshName("host"));
    await other.locator('[data-pick="abalone"]').click();
    await other.locator('[data-quick="5+3"] .pool-count').waitFor();
    const clicked = Date.now();
    await other.locator('[data-quick="5+3"]').click();
    await Promise.all([guest, other].map((page) => page.waitForURL(GAME_URL, { timeout: BOUND_MS })));
    console.log(`    a guest's quick tile: both in the game ${Date.now() - clicked} ms after the click`);
    if (gameOf(guest) !== gameOf(other)) throw new Error("two games");
  });

  test("entries: Play the computer opens the game within 5 s and the engine answers", async () => {
    const page = await browser();
    await page.goto(`${base}/`);
    await page.locator('[data-pick="ataxx"]').click();
    await page.locator("#play-computer").click();
    await page.locator('select[name="side"]').selectOption("p2");
    const clicked = Date.now();
    await page.locator('#create button[type="submit"]').click();
    await page.waitForURL(GAME_URL, { timeout: BOUND_MS });
    await page.locator("#board svg.board").waitFor({ timeout: BOUND_MS });
    console.log(`    the game opened ${Date.now() - clicked} ms after the click`);
    // Playing the second side, the engine moves first.
    await until("the engine's first move", async () => (await page.locator("#moves button").count()) >= 1);
    await page.locator("#status").filter({ hasText: "Your turn" }).waitFor();
  });
}
