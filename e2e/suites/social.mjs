// Playing people (issue 25): two browsers with two accounts. A challenge by name is seen live
// on the other account's page and accepted; both land on the game and chat both ways. A rated seek
// with a custom clock, a non-default option and takebacks switched on makes a game with all three,
// in which a takeback is asked for and granted.

import { accountSteps } from "../people.mjs";
import { openMoreOptions } from "../fields.mjs";

export function register(test, { base, shots, browser, until }) {
  const { stateOf, twoAccounts } = accountSteps(base);

  test("social: a challenge by name shows live on the other account's page, is accepted, both reach the game within 5 s and chat both ways", async () => {
    const { anna, bert, a, b } = await twoAccounts(browser);
    // Bert waits on a page that is not the lobby: the challenge reaches any page.
    await b.goto(`${base}/learn`);

    await a.locator('[data-pick="ataxx"]').click();
    await a.locator("#play-challenge").click();
    await a.locator('#create select[name="clock"]').selectOption("3+2");
    await a.locator('#create input[name="challenge-name"]').fill(bert);
    await a.locator('#create button[type="submit"]').click();
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

  test("social: review 15's steps — Play a friend, 3 days per move, then Challenge a player — send a correspondence challenge of 3 days per move; its accepted notice does not come back after a reload, a new sign-in or in a fresh browser", async () => {
    const { anna, bert, a, b } = await twoAccounts(browser);
    await a.locator("#play-friend").click();
    await a.locator('#create select[name="clock"]').selectOption("days:3");
    await a.locator("#play-challenge").click();
    await a.locator('#create input[name="challenge-name"]').fill(bert);
    await a.locator('#create button[type="submit"]').click();
    await a.locator("#challenge-sent").filter({ hasText: bert }).waitFor();
    const offer = b.locator("#notifications .challenge.incoming").filter({ hasText: anna });
    await offer.filter({ hasText: "3 days per move" }).waitFor();
    await offer.locator("[data-accept-challenge]").click();
    await b.waitForURL(/\/play\/[a-z0-9]+$/);
    const id = new URL(b.url()).pathname.split("/").pop();
    await a.waitForURL(`${base}/play/${id}`);
    const game = await stateOf(a, id);
    if (game.correspondence?.days_per_move !== 3 || game.clock) throw new Error(`not 3 days per move: ${JSON.stringify(game.correspondence)} ${JSON.stringify(game.clock)}`);

    // A challenge still open comes in the same list as any replayed answer would: once it shows, the accepted one must not.
    const open = await a.request.post(`${base}/api/challenges`, { data: { to: bert, game: "ataxx" } });
    if (!open.ok()) throw new Error(`second challenge: ${await open.text()}`);
    const noReplay = async (page, where) => {
      await page.locator("#notifications .challenge.open").filter({ hasText: bert }).waitFor();
      const replayed = await page.locator("#notifications .challenge.accepted").count();
      if (replayed) throw new Error(`${where}: the accepted notice came back (${replayed})`);
    };
    await a.goto(`${base}/`);
    await noReplay(a, "a new page");
    await a.reload();
    await noReplay(a, "a reload");
    await a.locator("#sign-out").click();
    await a.locator("#sign-out").waitFor({ state: "detached" });
    const logIn = async (page) => {
      await page.goto(`${base}/login`);
      await page.locator('#login input[name="name"]').fill(anna);
      await page.locator('#login input[name="password"]').fill("secret-pass");
      await page.locator('#login button[type="submit"]').click();
      await page.waitForURL(`${base}/`);
    };
    await logIn(a);
    await noReplay(a, "a new sign-in");
    const fresh = await browser();
    await logIn(fresh);
    await noReplay(fresh, "a fresh browser");
  });

  test("social: a rated seek with a custom clock, a non-default option and takebacks on makes a game with all three; a takeback is granted", async () => {
    const { anna, bert, a, b } = await twoAccounts(browser);
    await a.locator('[data-pick="ataxx"]').click();
    await a.locator("#play-seek").click();
    await openMoreOptions(a);
    await a.locator('#create select[name="option-rules"]').selectOption("community");
    await a.locator('#create select[name="clock"]').selectOption("custom");
    await a.locator('#create input[name="clock-custom"]').fill("7+4");
    await a.locator('#create select[name="side"]').selectOption("p1");
    const takebacks = a.locator('#create input[name="takebacks"]');
    if (await takebacks.isChecked()) throw new Error("a rated seek offers takebacks by default");
    await takebacks.check();
    await a.locator('#create button[type="submit"]').click();
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

  test("social: Challenge on a profile is a dialog there (a bottom sheet on a phone); the phone's incoming challenge is one row with the reasons behind Decline; withdrawn, declined with a reason, sent again and accepted, both reach the game", async () => {
    const phone = { width: 390, height: 844 };
    const { anna, bert, a, b } = await twoAccounts(browser, phone);
    // On a phone the dialog is a sheet along the bottom edge; Escape closes it.
    await b.goto(`${base}/@/${anna}`);
    await b.locator("#profile-challenge").click();
    const sheet = await b.locator("#challenge-dialog").boundingBox();
    if (Math.abs(sheet.y + sheet.height - phone.height) > 2 || Math.abs(sheet.width - phone.width) > 2) throw new Error(`the phone's dialog is no bottom sheet: ${JSON.stringify(sheet)}`);
    await b.screenshot({ path: shots + "social-profile-dialog-phone.png" });
    await b.keyboard.press("Escape");
    await b.locator("#challenge-dialog").waitFor({ state: "detached" });
    await b.goto(`${base}/`);

    // Anna challenges Bert from his profile: the game, the clock, the side and rated, no name to type.
    await a.goto(`${base}/@/${bert}`);
    await a.locator("#profile-challenge").click();
    const dialog = a.locator("#challenge-dialog");
    await dialog.locator('select[name="game"]').selectOption("ataxx");
    await dialog.locator('select[name="clock"]').selectOption("3+2");
    await dialog.locator('select[name="side"]').selectOption("p1");
    if (!(await dialog.locator('input[name="rated"]').isChecked())) throw new Error("a challenge is not rated by default");
    if (await dialog.locator('input[name="challenge-name"]').count()) throw new Error("the dialog asks for the name");
    await a.screenshot({ path: shots + "social-profile-dialog.png" });
    const send = dialog.locator('#challenge-form button[type="submit"]');
    await send.click();
    const status = dialog.locator("#challenge-status");
    await status.filter({ hasText: `Waiting for ${bert} to answer: Ataxx 3+2 rated` }).waitFor();
    if (a.url() !== `${base}/@/${bert}`) throw new Error(`the challenge left the profile: ${a.url()}`);
    await dialog.locator("#challenge-withdraw").click();
    await send.click();
    await status.filter({ hasText: "Waiting for" }).waitFor();

    // Bert's phone: one compact row (who and the terms, Accept, Decline), and the lobby scrolls out from under it.
    const offer = b.locator("#notifications .challenge.incoming").filter({ hasText: anna });
    await offer.filter({ hasText: "Ataxx 3+2 rated" }).waitFor();
    await until("one incoming challenge", async () => (await b.locator("#notifications .challenge.incoming").count()) === 1);
    const row = await offer.boundingBox();
    const accept = await offer.locator("[data-accept-challenge]").boundingBox();
    const decline = await offer.locator("[data-decline-challenge]").boundingBox();
    if (Math.abs(accept.y - decline.y) > 4 || accept.y > row.y + row.height / 2) throw new Error(`Accept and Decline are not in one row: ${JSON.stringify({ row, accept, decline })}`);
    if (row.height > 120) throw new Error(`the incoming sheet is ${row.height} px high`);
    const covered = await b.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      const last = document.querySelector(".lobby").getBoundingClientRect().bottom;
      return last - document.querySelector("#notifications").getBoundingClientRect().top;
    });
    if (covered > 1) throw new Error(`the sheet covers the lobby's end by ${covered} px`);
    await b.screenshot({ path: shots + "social-incoming-phone.png" });
    await offer.locator("[data-decline-challenge]").click();
    await offer.locator('[data-decline-reason="timecontrol"]').click();
    await status.filter({ hasText: `${bert} declined your challenge: Please send another time control.` }).waitFor();

    // Sent again, accepted: both reach the game.
    await dialog.locator("#challenge-again").click();
    await send.click();
    await offer.locator("[data-accept-challenge]").click();
    await b.waitForURL(/\/play\/[a-z0-9]+$/);
    const id = new URL(b.url()).pathname.split("/").pop();
    await a.waitForURL(`${base}/play/${id}`);
    const state = await stateOf(a, id);
    if (!state.rated || state.clock?.initial_ms !== 180_000 || state.game !== "ataxx") throw new Error(JSON.stringify({ rated: state.rated, clock: state.clock, game: state.game }));
  });
}
