// Playing people (issue 25): two browsers with two accounts. A challenge by name is seen live
// on the other account's page and accepted; both land on the game and chat both ways. A rated seek
// with a custom clock, a non-default option and takebacks switched on makes a game with all three,
// in which a takeback is asked for and granted.

import { accountSteps } from "../people.mjs";

export function register(test, { base, shots, browser }) {
  const { stateOf, twoAccounts } = accountSteps(base);

  test("social: a challenge by name shows live on the other account's page, is accepted, both reach the game within 5 s and chat both ways", async () => {
    const { anna, bert, a, b } = await twoAccounts(browser);
    // Bert waits on a page that is not the lobby: the challenge reaches any page.
    await b.goto(`${base}/learn`);

    await a.locator('select[name="seek-game"]').selectOption("ataxx");
    await a.locator('select[name="seek-clock"]').selectOption("3+2");
    await a.locator('input[name="challenge-name"]').fill(bert);
    await a.locator("#challenge-send").click();
    await a.locator("#challenge-sent").filter({ hasText: bert }).waitFor();
    await a.locator("#notifications .challenge.open").filter({ hasText: bert }).waitFor();

    const offer = b.locator("#notifications .challenge.incoming").filter({ hasText: anna });
    await offer.filter({ hasText: "Ataxx 3+2 rated" }).waitFor();
    await b.screenshot({ path: shots + "social-challenge.png" });
    const accepted = Date.now();
    await offer.locator("[data-accept-challenge]").click();

    // Both reach the game within 5 s of the accept (issue 50's bound for every lobby entry).
    await b.waitForURL(/\/play\/[a-z0-9]+$/, { timeout: 5000 });
    const id = new URL(b.url()).pathname.split("/").pop();
    await a.waitForURL(`${base}/play/${id}`, { timeout: 5000 });
    console.log(`    both reached the game ${Date.now() - accepted} ms after the accept`);
    const state = await stateOf(a, id);
    if (!state.rated || state.clock?.initial_ms !== 180_000 || state.clock?.increment_ms !== 2000) throw new Error(JSON.stringify(state.clock));

    // The chat, on seats bound to accounts (no tokens in either browser).
    for (const page of [a, b]) await page.locator("#chat-input").waitFor();
    await a.locator("#chat-input").fill("Viel Glück!");
    await a.locator("#chat-send").click();
    await b.locator("#chat-log li").filter({ hasText: "Viel Glück!" }).filter({ hasText: anna }).waitFor();
    await b.locator("#chat-input").fill("Danke, gleichfalls");
    await b.locator("#chat-send").click();
    await a.locator("#chat-log li").filter({ hasText: "Danke, gleichfalls" }).filter({ hasText: bert }).waitFor();
    // The players' own sockets do not count as watching (issue 50): no count while only they are here.
    if (await a.locator("#watchers").count()) throw new Error(`players counted as watching: ${await a.locator("#watchers").textContent()}`);
    // A bad message gets the server's clear refusal.
    await a.locator("#chat-input").fill("evil\u202Etxt");
    await a.locator("#chat-send").click();
    await a.locator("#chat-status.error").filter({ hasText: "U+202E" }).waitFor();
    await a.screenshot({ path: shots + "social-chat.png" });
  });

  test("social: a rated seek with a custom clock, a non-default option and takebacks on makes a game with all three; a takeback is granted", async () => {
    const { anna, bert, a, b } = await twoAccounts(browser);
    await a.locator('select[name="seek-game"]').selectOption("ataxx");
    await a.locator('select[name="seek-option-rules"]').selectOption("community");
    await a.locator('select[name="seek-clock"]').selectOption("custom");
    await a.locator('input[name="seek-clock-custom"]').fill("7+4");
    await a.locator('select[name="seek-side"]').selectOption("p1");
    const takebacks = a.locator('input[name="seek-takebacks"]');
    if (await takebacks.isChecked()) throw new Error("a rated seek offers takebacks by default");
    await takebacks.check();
    await a.locator('#seek-form button[type="submit"]').click();
    await b.goto(`${base}/`);
    const seek = b.locator("#seek-list li").filter({ hasText: anna });
    await seek.filter({ hasText: "rules: community 7+4 rated" }).locator(".takebacks-mark").waitFor();
    await seek.locator("[data-accept]").click();
    await b.waitForURL(/\/play\/[a-z0-9]+$/);
    const id = new URL(b.url()).pathname.split("/").pop();
    await a.waitForURL(`${base}/play/${id}`);
    const state = await stateOf(b, id);
    if (state.options?.rules !== "community") throw new Error(JSON.stringify(state.options));
    if (state.clock?.initial_ms !== 420_000 || state.clock?.increment_ms !== 4000) throw new Error(JSON.stringify(state.clock));
    if (!state.rated || !state.people?.takebacks) throw new Error(JSON.stringify({ rated: state.rated, people: state.people }));
    // Anna (Red) asks to take her second move back; Bert grants it.
    for (const [page, move] of [[a, "f2"], [b, "f6"], [a, "e2"]]) {
      const response = await page.request.post(`${base}/api/games/${id}/moves`, { data: { move } });
      if (!response.ok()) throw new Error(`${move}: ${await response.text()}`);
    }
    await a.waitForFunction(() => document.querySelectorAll("#moves button").length === 3);
    await a.locator("#takeback").click();
    await b.locator("#takeback-offer").waitFor();
    await b.locator("#takeback-accept").click();
    for (const page of [a, b]) await page.waitForFunction(() => document.querySelectorAll("#moves button").length === 2);
  });
}
