// Arena tournaments from the page (issue 52, review 15): an account opens the tournaments from the
// header, creates an arena of people and bots with the form (its page names who may join) and is
// joined by making it ("Join it myself" is ticked by default); a second account joins from the
// arena's page, which shows on the first's page without a reload (the page follows the lobby
// socket: it fetches the arena only when told of a change, it does not poll); the arena pairs them
// and both browsers are taken to the one game, which links back to the arena;
// back on the arena's page the standings list both, the running game links to it, and a message
// in its chat reaches the other player; the player's profile lists the arena. A viewer who never
// joined is invited (not told they paused), the time left ticks, the standings' heads sit over
// their columns, the analysis board of the running game says why it waits (no refused request),
// and after a resignation the next pairing waits a few seconds, with no rematch offered (the way
// back to the arena in its place. (A finished arena's page is checked by arena-bots.mjs, whose
// arena runs to its end.) With the house's schedule turned on (a restarted server), an empty site
// lists an upcoming house arena per game counting down, and the empty running list names the
// next one.

import { accountSteps } from "../people.mjs";

/** The game id of a page at /play/<id>. */
const gameOf = (page) => new URL(page.url()).pathname.split("/").pop();

export function register(test, { base, shots, browser, server, stopServer, startServer }) {
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
    // Made and joined: the maker is in the standings and may pause.
    await a.locator('#tour-standings [data-player="' + anna + '"]').waitFor();
    await a.locator("#tour-leave").waitFor();
    if (await a.locator("#tour-join").count()) throw new Error("the maker is asked to join the arena they made");
    if (await a.getByText("every few seconds").count()) throw new Error("the page still says it updates every few seconds");
    await a.screenshot({ path: shots + "tournament-joined.png" });
    // From here on, each fetch of the arena by anna's page follows a change the lobby socket told it of.
    const id = arena.split("/").pop();
    let fetches = 0;
    let told = 0;
    a.on("request", (request) => {
      if (request.method() === "GET" && new URL(request.url()).pathname === `/api/tournaments/${id}`) fetches += 1;
    });
    a.on("websocket", (socket) =>
      socket.on("framereceived", ({ payload }) => {
        if (String(payload).includes(`"type":"tournament","id":"${id}"`)) told += 1;
      }),
    );
    // Opened again with the counting on: the page's first fetch, and one when its socket opens.
    await a.reload();
    await a.locator('#tour-standings [data-player="' + anna + '"]').waitFor();
    // anna pauses, so that bert's joining shows in the standings before any pairing.
    await a.locator("#tour-leave").click();
    await a.locator("#tour-join").waitFor();

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
    // While the time left ticks six seconds and more away (two polls of the old page's 3 s), nothing
    // changes: anna's page fetches nothing it was not told of.
    for (let tick = 0; tick < 7; tick += 1) {
      const shown = await b.locator("#tour-countdown").textContent();
      await b.locator("#tour-countdown").filter({ hasNotText: shown ?? "" }).waitFor();
    }
    if (fetches > told + 2) throw new Error(`anna's page fetched the arena ${fetches} times after ${told} changes: it polls`);
    // bert's joining shows on anna's page without a reload; anna joins again and the arena pairs them.
    await b.locator("#tour-join").click();
    await a.locator(`#tour-standings [data-player="${bert}"]`).waitFor();
    await a.locator("#tour-join").click();
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

  test("tournaments: with the house's schedule, an empty site lists an upcoming arena per game and names the next; the lobby lists them too", async () => {
    if (!server) return console.log("    skipped: the server was not started by e2e/run.sh");
    await stopServer();
    await startServer(["--house-arena-minutes", "30"]);
    try {
      for (const [viewport, name] of [
        [{ width: 1280, height: 800 }, "desktop"],
        [{ width: 390, height: 844 }, "phone"],
      ]) {
        const page = await browser(viewport);
        // The lobby names the house's next arenas too (review 16, 1.4), without a reload; on a phone
        // below the quick tiles, at most four of them, each linked to its page.
        await page.goto(`${base}/`);
        const listed = page.locator('#lobby-tournaments li[data-tournament^="house-"]');
        await listed.first().waitFor({ timeout: 60_000 });
        await listed.first().locator(".lobby-tour-when").filter({ hasText: /^(Starts in \d+ (h \d+ )?min|Running, .* left)$/ }).waitFor();
        const rows = await page.locator("#lobby-tournaments li").count();
        if (rows > 4) throw new Error(`${name}: the lobby lists ${rows} tournaments`);
        const quick = await page.locator("#quick-host").boundingBox();
        const card = await page.locator("#lobby-tournaments").boundingBox();
        if (card.y < quick.y + quick.height) throw new Error(`${name}: the tournaments card is above the quick tiles`);
        await page.locator("#lobby-tournaments").screenshot({ path: shots + `lobby-tournaments-${name}.png` });
        await listed.first().locator("a").click();
        await page.waitForURL(/\/tournaments\/house-/);
        await page.goto(`${base}/tournaments`);
        // The schedule looks every few seconds: the house's arenas appear without a reload.
        const upcoming = page.locator('#tour-upcoming li[data-tournament^="house-"]');
        await upcoming.filter({ hasText: "Ataxx Arena" }).waitFor({ timeout: 60_000 });
        await upcoming.first().locator(".tour-starts-in").filter({ hasText: /^Starts in \d+:\d\d$/ }).waitFor();
        const running = page.locator("#tour-running .tour-empty");
        if (!(await page.locator("#tour-running li").count())) {
          await running.filter({ hasText: /join the next one: .* Arena, at \d\d:\d\d$/ }).waitFor();
        }
        await page.screenshot({ path: shots + `tournaments-house-${name}.png`, fullPage: true });
        await upcoming.first().locator("a").click();
        await page.waitForURL(/\/tournaments\/house-/);
        await page.locator("#tour-countdown").filter({ hasText: /^Starts in \d+:\d\d$/ }).waitFor();
      }
    } finally {
      await stopServer();
      await startServer();
    }
  });
}
