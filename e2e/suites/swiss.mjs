// Swiss tournaments from the page (issue 52): the create form's switch to a Swiss shows rounds and
// days per move instead of a duration, and the Swiss made with it names its rounds and waits for its
// first round; a Swiss about to start, joined by two accounts, pairs them into one game; after a
// resignation the game page says the next round follows (no arena countdown, no rematch: the way
// back to the tournament instead) while the next round
// waits a few seconds, and the Swiss's page shows the round with its result and the standings with
// their tie-breaks.

import { accountSteps } from "../people.mjs";

/** The game id of a page at /play/<id>. */
const gameOf = (page) => new URL(page.url()).pathname.split("/").pop();

export function register(test, { base, shots, browser }) {
  const { twoAccounts } = accountSteps(base);

  test("swiss: made with the form's switch; two players joined are paired, and the round's result is shown", async () => {
    const { anna, a, b } = await twoAccounts(browser);
    await a.goto(`${base}/tournaments`);
    await a.locator('#tour-create select[name="kind"]').selectOption("swiss");
    await a.locator('#tour-create select[name="rounds"]').waitFor();
    if (await a.locator('#tour-create select[name="minutes"]').count())
      throw new Error("a Swiss's form still asks for a duration");
    await a.locator('#tour-create input[name="name"]').fill(`Swiss ${anna}`);
    await a.locator('#tour-create select[name="rounds"]').selectOption("3");
    await a.locator('#tour-create select[name="days"]').selectOption("3");
    if (await a.locator('#tour-create select[name="clock"]').count())
      throw new Error("days per move and a clock at once");
    await a.locator('#tour-create button[type="submit"]').click();
    await a.waitForURL(/\/tournaments\/[a-z0-9]+$/);
    await a.locator("#tour-head").filter({ hasText: "Swiss, 3 rounds" }).filter({ hasText: "3 days per move" }).waitFor();
    await a.locator("#tour-rounds").filter({ hasText: "No round paired yet." }).waitFor();
    await a.locator("#tour-countdown").filter({ hasText: /^Starts in \d+:\d\d$/ }).waitFor();
    await a.screenshot({ path: shots + "swiss-upcoming.png" });

    // A Swiss starting in a few seconds, joined by both from its page.
    const made = await a.request.post(`${base}/api/tournaments`, {
      data: { kind: "swiss", name: `Quick ${anna}`, game: "ataxx", clock: "5+3", rounds: 3, starts_ms: Date.now() + 6000 },
    });
    if (made.status() !== 201) throw new Error(`making the Swiss: ${made.status()} ${await made.text()}`);
    const id = (await made.json()).tournament.id;
    const swiss = `/tournaments/${id}`;
    for (const page of [a, b]) {
      await page.goto(`${base}${swiss}`);
      await page.locator("#tour-part").filter({ hasText: "when the first round starts" }).waitFor();
      await page.locator("#tour-join").click();
      await page.locator("#tour-part").filter({ hasText: "paired in every round" }).waitFor();
    }
    await Promise.all([a, b].map((page) => page.waitForURL(/\/play\/[a-z0-9]+$/, { timeout: 30_000 })));
    if (gameOf(a) !== gameOf(b)) throw new Error(`two games: ${gameOf(a)} ${gameOf(b)}`);
    const game = gameOf(a);
    await a.locator(`#game-tournament[href="${swiss}"]`).waitFor();
    await a.locator("#resign").click();
    await a.locator("#resign-yes").click();
    await a.locator("#swiss-next").filter({ hasText: "The next round is paired once every game" }).waitFor();
    if (await a.locator("#arena-next").count()) throw new Error("an arena's countdown after a Swiss's game");
    // The Swiss pairs the next game: no rematch, the way back to the tournament in its place.
    await a.locator(`#rematch-tournament[href="${swiss}"]`).waitFor();
    if (await a.locator("#rematch-offer").count()) throw new Error("a rematch offered after a Swiss's game");
    await a.screenshot({ path: shots + "swiss-after-game.png" });

    // The second round follows a few seconds later (the same two meet again: nobody else is there);
    // the page opened after it does not take its viewer away to the new game.
    for (let tries = 0; ; tries += 1) {
      const reply = await (await b.request.get(`${base}/api/tournaments/${id}`)).json();
      if (reply.swiss.round === 2) break;
      if (tries > 300) throw new Error(`no second round: ${JSON.stringify(reply.swiss)}`);
      await b.waitForTimeout(100);
    }
    await b.goto(`${base}${swiss}`);
    const first = b.locator('#tour-rounds li[data-round="1"]');
    await first.locator(`li[data-game="${game}"]`).filter({ hasText: /(1–0|0–1)/ }).waitFor();
    const columns = await b.evaluate(() => [
      [...document.querySelectorAll("#tour-standings th")].map((th) => th.className),
      [...document.querySelectorAll("#tour-standings tbody tr:first-child td")].map((td) => td.className),
    ]);
    if (columns[0].join() !== "rank,player,games,buchholz,cut,sb,points" || columns[0].join() !== columns[1].join())
      throw new Error(`the standings' heads and cells differ: ${JSON.stringify(columns)}`);
    await b.locator('#tour-standings tbody tr:first-child td.points').filter({ hasText: /^1$/ }).waitFor();
    await b.locator(`#tour-standings [data-player="${anna}"] td.points`).filter({ hasText: /^0$/ }).waitFor();
    await b.locator("#tour-round").filter({ hasText: /^Round 2 of 3$/ }).waitFor();
    await b.screenshot({ path: shots + "swiss-round.png" });
  });
}
