// Arena tournaments from the page (issue 52): an account opens the tournaments from the header,
// creates an arena of people and bots with the form (its page names who may join) and joins it; a
// second account joins from the arena's page; the arena pairs them and both browsers are taken to the one game, which links back to the arena;
// back on the arena's page the standings list both, the running game links to it, and a message
// in its chat reaches the other player; the player's profile lists the arena. A viewer who never
// joined is invited (not told they paused), the time left ticks, the standings' heads sit over
// their columns, the analysis board of the running game says why it waits (no refused request),
// and after a resignation the next pairing waits a few seconds, with no rematch offered (the way
// back to the arena in its place). A one-minute arena (run.sh allows them) of one game, resigned,
// ends with its page naming the winner and listing the arena's games with their results in place
// of the games being played.

import { accountSteps } from "../people.mjs";

/** The game id of a page at /play/<id>. */
const gameOf = (page) => new URL(page.url()).pathname.split("/").pop();

export function register(test, { base, shots, browser }) {
  const { twoAccounts } = accountSteps(base);

  test("tournaments: an arena created and joined from the page pairs its two players into one game", async () => {
    const { anna, bert, a, b } = await twoAccounts(browser);
    await a.locator("header a.nav-tournaments").click();
    await a.waitForURL(`${base}/tournaments`);
    await a.locator('#tour-create input[name="name"]').fill(`Cup ${anna}`);
    await a.locator('#tour-create select[name="game"]').selectOption("ataxx");
    await a.locator('#tour-create select[name="clock"]').selectOption("5+3");
    await a.locator('#tour-create select[name="minutes"]').selectOption("30");
    // Who may join: people only by default; people and bots chosen here, named on the arena's page.
    const bots = a.locator('#tour-create select[name="bots"]');
    if ((await bots.inputValue()) !== "no") throw new Error("an arena is not for people only by default");
    await bots.selectOption("welcome");
    await a.locator('#tour-create button[type="submit"]').click();
    await a.waitForURL(/\/tournaments\/[a-z0-9]+$/);
    const arena = new URL(a.url()).pathname;
    await a
      .locator("#tour-name")
      .filter({ hasText: `Cup ${anna}` })
      .waitFor();
    await a.locator('#tour-bots[data-bots="welcome"]').filter({ hasText: "People and bots" }).waitFor();
    await a.locator("#tour-join").click();
    await a.locator('#tour-standings [data-player="' + anna + '"]').waitFor();
    await a.screenshot({ path: shots + "tournament-joined.png" });

    await b.goto(`${base}/tournaments`);
    await b
      .locator("#tour-running li")
      .filter({ hasText: `Cup ${anna}` })
      .locator("a")
      .click();
    await b.waitForURL(`${base}${arena}`);
    // Never joined: invited to, not told they paused; the time left ticks.
    await b.locator("#tour-part").filter({ hasText: "Join to play" }).waitFor();
    await b.locator("#tour-countdown").filter({ hasText: /^Time left \d+:\d\d$/ }).waitFor();
    await b.locator("#tour-join").click();
    await Promise.all(
      [a, b].map((page) =>
        page.waitForURL(/\/play\/[a-z0-9]+$/, { timeout: 30_000 }),
      ),
    );
    if (gameOf(a) !== gameOf(b))
      throw new Error(`two games: ${gameOf(a)} ${gameOf(b)}`);
    const game = gameOf(a);
    await a.locator("#board svg.board").waitFor();
    // The game links back to its arena.
    await a.locator(`#game-tournament[href="${arena}"]`).waitFor();

    await b.goto(`${base}${arena}`);
    await b.locator(`#tour-running [data-game="${game}"] a`).waitFor();
    await b.locator(`#tour-standings [data-player="${bert}"]`).waitFor();
    const columns = await b.evaluate(() => [
      [...document.querySelectorAll("#tour-standings th")].map((th) => th.className),
      [...document.querySelectorAll("#tour-standings tbody tr:first-child td")].map((td) => td.className),
    ]);
    if (columns[0].join() !== "rank,player,sheet,games,points" || columns[0].join() !== columns[1].join())
      throw new Error(`the standings' heads and cells differ: ${JSON.stringify(columns)}`);
    // The analysis board of the running game between people: a plain sentence, no refused request.
    const refused = [];
    b.on("response", (r) => r.status() === 403 && refused.push(r.url()));
    await b.goto(`${base}/analysis/${game}`);
    await b.locator("#ab-running").filter({ hasText: "open when this game between two people is over" }).waitFor();
    await b.locator(`#ab-to-game[href="/play/${game}"]`).waitFor();
    await b.screenshot({ path: shots + "analysis-running-game.png" });
    if (refused.length) throw new Error(`refused requests: ${refused}`);
    await b.goto(`${base}${arena}`);
    await b.locator("#tour-my-game").waitFor();
    await b.locator("#tour-my-game").waitFor();
    // The arena's chat: written by one, read by the other.
    await b.locator('#tour-say input[name="text"]').fill("Good luck!");
    await b.locator('#tour-say button[type="submit"]').click();
    await b.locator("#tour-chat li").filter({ hasText: "Good luck!" }).waitFor();
    await a.goto(`${base}${arena}`);
    await a.locator("#tour-chat li").filter({ hasText: `${bert}: Good luck!` }).waitFor();
    await b.screenshot({ path: shots + "tournament-running.png" });

    // The player's profile lists the arena with its place, linked to its page.
    await b.goto(`${base}/@/${bert}`);
    const joined = b.locator("#player-tournaments li").filter({ hasText: `Cup ${anna}` });
    await joined.locator(".player-tournament-place").filter({ hasText: /^Place [12] of 2 · 0 points · 0 games$/ }).waitFor();
    await joined.locator("a").click();
    await b.waitForURL(`${base}${arena}`);

    // A resignation: the result stays readable for a few seconds before the next pairing.
    await a.goto(`${base}/play/${game}`);
    await a.locator("#resign").click();
    await a.locator("#resign-yes").click();
    const resigned = Date.now();
    // Under the result: the next arena game's countdown and the way to pause.
    await a.locator("#arena-next").filter({ hasText: /Next arena game in \d s\./ }).waitFor();
    await a.locator("#arena-pause").waitFor();
    // The arena pairs the next game: no rematch, the way back to the arena in its place.
    await a.locator(`#rematch-tournament[href="${arena}"]`).waitFor();
    if (await a.locator("#rematch-offer").count()) throw new Error("a rematch offered after an arena's game");
    await a.screenshot({ path: shots + "tournament-after-game.png" });
    await a.waitForURL((url) => /\/play\/[a-z0-9]+$/.test(url.pathname) && !url.pathname.endsWith(game), {
      timeout: 60_000,
    });
    if (Date.now() - resigned < 3_500) throw new Error("the next arena game came before the result could be read");
  });

  test("tournaments: a finished arena lists its games with their results, no games being played", async () => {
    const { anna, bert, a, b } = await twoAccounts(browser);
    await a.goto(`${base}/tournaments`);
    await a.locator('#tour-create input[name="name"]').fill(`Short ${anna}`);
    await a.locator('#tour-create select[name="game"]').selectOption("ataxx");
    await a.locator('#tour-create select[name="clock"]').selectOption("1+0");
    await a.locator('#tour-create select[name="minutes"]').selectOption("1");
    await a.locator('#tour-create button[type="submit"]').click();
    await a.waitForURL(/\/tournaments\/[a-z0-9]+$/);
    const arena = new URL(a.url()).pathname;
    const id = arena.split("/").pop();
    await a.locator("#tour-join").click();
    await b.goto(`${base}${arena}`);
    await b.locator("#tour-join").click();
    await Promise.all([a, b].map((page) => page.waitForURL(/\/play\/[a-z0-9]+$/, { timeout: 30_000 })));
    const game = gameOf(a);
    // anna resigns and pauses at once: no next game, so the arena ends with this one.
    await a.locator("#resign").click();
    await a.locator("#resign-yes").click();
    const left = await a.request.post(`${base}/api/tournaments/${id}/leave`, { data: {} });
    if (!left.ok()) throw new Error(`pausing refused: ${await left.text()}`);
    await b.goto(`${base}${arena}`);
    // The arena's minute runs out; the page looks every few seconds.
    await b.locator("#tour-winner").waitFor({ timeout: 180_000 });
    await b.locator(".tour-page[data-status=finished]").waitFor();
    const { games } = await (await b.request.get(`${base}/api/tournaments/${id}/games`)).json();
    if (!games.some((g) => g.id === game)) throw new Error(`the resigned game is not the arena's: ${JSON.stringify(games)}`);
    const winner = games.length === 1 ? bert : null;
    if (winner) await b.locator("#tour-winner").filter({ hasText: `${winner} won the arena` }).waitFor();
    if (await b.locator("#tour-running").count()) throw new Error("a finished arena shows games being played");
    await b.locator("#tour-games").waitFor();
    const shown = await b.locator("#tour-games li[data-game]").evaluateAll((items) =>
      items.map((li) => [li.dataset.game, li.querySelector(".tour-result")?.textContent.trim(), li.querySelector("a")?.getAttribute("href")]),
    );
    const word = (result) => (result === "*" ? "aborted" : result);
    const expected = games.filter((g) => g.result).map((g) => [g.id, word(g.result), `/play/${g.id}`]);
    if (JSON.stringify(shown) !== JSON.stringify(expected))
      throw new Error(`the page lists ${JSON.stringify(shown)}, the arena's games are ${JSON.stringify(expected)}`);
    await b.locator("#tour-games").locator("xpath=..").locator("h2").filter({ hasText: "The tournament's games" }).waitFor();
    await b.screenshot({ path: shots + "tournament-finished.png", fullPage: true });
    await b.locator(`#tour-games [data-game="${game}"] a`).click();
    await b.waitForURL(`${base}/play/${game}`);
  });
}
