// Pairing from every lobby entry a newcomer takes (issue 50): a quick tile in two browsers (a
// desktop and a phone) pairs both into one game within 5 s; a second click on the tile leaves the
// pool; a seek from the seek form, accepted in another browser while the seeker reads another
// page, takes the seeker to the game within 5 s (the blocker: the seeker never got there); and a
// browser closed with a seek and a pool entry open withdraws both (after the grace a reload needs).
// A pool entry and a seek survive a reload and a visit to another page (review 15, 6.2), and the
// game chosen with the form's settings survive a reload (1.6).

import { accountSteps } from "../people.mjs";

/** The game id of a page at /play/<id>. */
const gameOf = (page) => new URL(page.url()).pathname.split("/").pop();

export function register(test, { base, shots, browser, until }) {
  const { stateOf, twoAccounts } = accountSteps(base);
  const PHONE = { width: 390, height: 844 };

  test("pairing: a quick tile in a desktop and a phone browser pairs both into one game within 5 s; a second click leaves the pool", async () => {
    const { anna, bert, a, b } = await twoAccounts(browser, PHONE);
    for (const page of [a, b]) await page.locator('[data-pick="ataxx"]').click();

    // A second click on the same tile leaves the pool again.
    await a.locator('[data-quick="3+2"]').click();
    await a.locator("#pool-waiting").waitFor();
    await a.locator('[data-quick="3+2"][aria-pressed="true"]').waitFor();
    await a.locator('[data-quick="3+2"]').click();
    await a.locator("#pool-waiting").waitFor({ state: "detached" });
    // So does Cancel.
    await a.locator('[data-quick="3+2"]').click();
    await a.locator("#leave-pool").click();
    await a.locator("#pool-waiting").waitFor({ state: "detached" });

    await a.locator('[data-quick="3+2"]').click();
    await a.locator("#pool-waiting").filter({ hasText: "3+2" }).waitFor();
    await a.screenshot({ path: shots + "pairing-pool-waiting.png" });
    // Bert sees somebody waiting on the tile, and clicks it.
    await b.locator('[data-quick="3+2"] .pool-count').waitFor();
    const clicked = Date.now();
    await b.locator('[data-quick="3+2"]').click();
    await Promise.all([a, b].map((page) => page.waitForURL(/\/play\/[a-z0-9]+$/, { timeout: 5000 })));
    const took = Date.now() - clicked;
    if (gameOf(a) !== gameOf(b)) throw new Error(`two games: ${gameOf(a)} ${gameOf(b)}`);
    const id = gameOf(a);
    for (const page of [a, b]) await page.locator("#board svg.board").waitFor();
    const [aState, bState] = [await stateOf(a, id), await stateOf(b, id)];
    if (!aState.rated || aState.clock?.increment_ms !== 2000 || !aState.you || aState.you === bState.you) {
      throw new Error(`seats ${aState.you} ${bState.you}, rated ${aState.rated}, clock ${JSON.stringify(aState.clock)}`);
    }
    await b.screenshot({ path: shots + "pairing-pool-paired-phone.png" });
    console.log(`    paired in ${took} ms after the second click`);
  });

  test("pairing: a seek from the seek form accepted in another browser takes the seeker, reading another page, to the game within 5 s", async () => {
    const { anna, bert, a, b } = await twoAccounts(browser);
    await a.locator('[data-pick="ataxx"]').click();
    await a.locator("#play-seek").click();
    await a.locator('#create select[name="clock"]').selectOption("5+3");
    await a.locator('#create button[type="submit"]').click();
    await a.locator("#seek-list li").filter({ hasText: anna }).locator("[data-cancel]").waitFor();
    // Clicking "Look for an opponent" again makes no second seek.
    await a.locator('#create button[type="submit"]').click();
    await b.goto(`${base}/`);
    const offer = b.locator("#seek-list li").filter({ hasText: anna });
    await offer.first().waitFor();
    await until("the list shows one seek of hers", async () => (await offer.count()) === 1);
    // Anna reads the rules meanwhile: she left the lobby page, not the site.
    await a.locator('header a.nav-learn').click();
    await a.waitForURL(`${base}/learn`);
    const accepted = Date.now();
    await offer.locator("[data-accept]").click();
    await b.waitForURL(/\/play\/[a-z0-9]+$/);
    await a.waitForURL(`${base}/play/${gameOf(b)}`, { timeout: 5000 });
    console.log(`    the seeker reached the game ${Date.now() - accepted} ms after the accept`);
    await a.locator("#board svg.board").waitFor();
  });

  test("pairing: closing the browser withdraws its seeks with a clock and leaves the pool; a correspondence seek stays", async () => {
    const { anna, bert, a, b } = await twoAccounts(browser);
    await a.locator('[data-pick="ataxx"]').click();
    await a.locator("#play-seek").click();
    await a.locator('#create select[name="clock"]').selectOption("5+3");
    await a.locator('#create button[type="submit"]').click();
    await a.locator('#create select[name="clock"]').selectOption("days:3");
    await a.locator('#create button[type="submit"]').click();
    await a.locator('[data-pick="ataxx"]').click();
    await a.locator('[data-quick="10+0"]').click();
    await a.locator("#pool-waiting").waitFor();
    await b.goto(`${base}/`);
    const offers = b.locator("#seek-list li").filter({ hasText: anna });
    await until("both of her seeks are listed", async () => (await offers.count()) === 2);
    await b.locator('[data-pick="ataxx"]').click();
    await b.locator('[data-quick="10+0"] .pool-count').waitFor();
    await a.context().close();
    await until("only her correspondence seek is left", async () => (await offers.count()) === 1);
    await offers.filter({ hasText: "3 days per move" }).waitFor();
    await b.locator('[data-quick="10+0"] .pool-count').waitFor({ state: "detached" });
  });

  test("pairing: a pool entry and a seek survive a reload and a visit to another page; a second browser joins the pool and both land in the game", async () => {
    const { anna, a, b } = await twoAccounts(browser, PHONE);
    await a.locator('[data-pick="abalone"]').click();
    await a.locator("#play-seek").click();
    await a.locator('#create select[name="clock"]').selectOption("15+10");
    await a.locator('#create button[type="submit"]').click();
    const mine = a.locator("#seek-list li").filter({ hasText: anna }).locator("[data-cancel]");
    await mine.waitFor();
    await a.locator('[data-quick="3+2"]').click();
    await a.locator("#pool-waiting").filter({ hasText: "3+2" }).waitFor();
    // A reload: still waiting on the right tile, the seek still listed as hers (Withdraw, not Accept).
    await a.reload();
    await a.locator('[data-quick="3+2"][aria-pressed="true"]').waitFor();
    await a.locator("#pool-waiting").filter({ hasText: "3+2" }).waitFor();
    await mine.waitFor();
    await a.screenshot({ path: shots + "pairing-after-reload.png" });
    // Another page, then Back: the same.
    await a.locator("header a.nav-learn").click();
    await a.waitForURL(`${base}/learn`);
    await a.goBack();
    await a.locator("#pool-waiting").filter({ hasText: "3+2" }).waitFor();
    await mine.waitFor();
    // Bert joins the pool on his phone: both land in one game.
    await b.goto(`${base}/`);
    await b.locator('[data-pick="abalone"]').click();
    await b.locator('[data-quick="3+2"] .pool-count').waitFor();
    await b.locator('[data-quick="3+2"]').click();
    await Promise.all([a, b].map((page) => page.waitForURL(/\/play\/[a-z0-9]+$/)));
    if (gameOf(a) !== gameOf(b)) throw new Error(`two games: ${gameOf(a)} ${gameOf(b)}`);
    for (const page of [a, b]) await page.locator("#board svg.board").waitFor();
  });

  test("pairing: the game chosen and the form's settings are kept across a reload, not the name to challenge", async () => {
    const page = await browser();
    await page.goto(`${base}/`);
    await page.locator('[data-pick="abalone"]').click();
    await page.locator("#play-friend").click();
    await page.locator('#create select[name="clock"]').selectOption("5+3");
    await page.locator('#create select[name="side"]').selectOption("p2");
    await page.reload();
    await page.locator('[data-pick="abalone"][aria-pressed="true"]').waitFor();
    await page.locator("#play-friend.selected").waitFor();
    const kept = await page.evaluate(() => [
      document.querySelector('#create select[name="clock"]').value,
      document.querySelector('#create select[name="side"]').value,
    ]);
    if (kept.join() !== "5+3,p2") throw new Error(`the form after a reload: ${kept}`);
    await page.locator(".new-game-title").filter({ hasText: "Abalone" }).waitFor();
  });
}
