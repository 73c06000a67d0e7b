// Correspondence leagues from the pages (issue 52): the header's Leagues link (on a phone under ☰)
// opens the list with a card per game; two accounts sign up for the Ataxx league on its page, the
// season starts (run.sh serves with a sign-up period of six seconds, so that the test waits
// seconds, not a minute, for the start), and both see the season running
// with their division's table (both names) and their two games linked; on a phone the table keeps
// place, player, played and points. A league game's page links to its league, and after a
// resignation offers no rematch but the way back to the league, which leads there.

import { accountSteps } from "../people.mjs";

const PHONE = { width: 390, height: 844 };

export function register(test, { base, shots, browser }) {
  const { twoAccounts } = accountSteps(base);

  test("leagues: two accounts sign up, the season starts, both see the table and their games", async () => {
    const { anna, bert, a, b } = await twoAccounts(browser, PHONE);
    await a.goto(`${base}/`);
    await a.locator("#nav-pages a.nav-leagues").click();
    await a.waitForURL(/\/leagues$/);
    await a.locator('[data-league="ataxx"] a').click();
    await a.waitForURL(/\/leagues\/ataxx$/);
    await a.locator("#league-join").click();
    await a.locator("#league-leave").waitFor();
    await a.locator("#league-signup").filter({ hasText: anna }).waitFor();
    await a.screenshot({ path: shots + "league-signed-up.png" });

    // On a phone the link is under ☰.
    await b.goto(`${base}/`);
    await b.locator("#menu-toggle").click();
    await b.locator("#nav-pages a.nav-leagues").click();
    await b.waitForURL(/\/leagues$/);
    await b.locator('[data-league="ataxx"]').waitFor();
    await b.screenshot({ path: shots + "leagues-phone.png" });
    await b.goto(`${base}/leagues/ataxx`);
    await b.locator("#league-join").click();
    await b.locator("#league-leave").waitFor();

    // The season starts at its start time (six seconds ahead at most); the page looks every 10 s.
    for (const page of [a, b]) {
      await page.locator("#league-season").filter({ hasText: /Season \d+ · Running/ }).waitFor({ timeout: 120_000 });
      await page.locator("#league-mine").filter({ hasText: "You play in division 1." }).waitFor();
      const division = page.locator('[data-division="1"]');
      for (const name of [anna, bert]) await division.locator(`tr[data-player="${name}"]`).waitFor();
      const games = await division.locator('li[data-game] a[href^="/play/"]').count();
      if (games !== 2) throw new Error(`two games (each colour once), not ${games}`);
    }
    const hidden = await b.locator(".league-table td.sb").first().isHidden();
    const shown = await b.locator(".league-table td.points").first().isVisible();
    if (!hidden || !shown) throw new Error("the phone's table keeps place, player, played and points");
    await b.screenshot({ path: shots + "league-phone.png", fullPage: true });
    await a.locator('[data-division="1"] details summary').click();
    await a.screenshot({ path: shots + "league-running.png", fullPage: true });
    await a.locator('[data-division="1"] li[data-game] a').first().click();
    await a.waitForURL(/\/play\/[a-z0-9]+$/);
    await a.locator("svg.board").waitFor();
    // The game names its league and season, linked.
    await a.locator('#game-league[href="/leagues/ataxx"]').filter({ hasText: /League, season \d+/ }).waitFor();
    // After the game: no rematch (the season made every game), the way back to the league instead.
    await a.locator("#resign").click();
    await a.locator("#resign-yes").click();
    const back = a.locator('#rematch-league[href="/leagues/ataxx"]');
    await back.filter({ hasText: "Back to the league" }).waitFor();
    if (await a.locator("#rematch-offer").count()) throw new Error("a rematch offered after a league's game");
    await a.screenshot({ path: shots + "league-after-game.png" });
    await back.click();
    await a.waitForURL(/\/leagues\/ataxx$/);
    await a.locator("#league-season").filter({ hasText: /Season \d+ · Running/ }).waitFor();
  });
}
