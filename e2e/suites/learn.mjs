// Lessons (/learn): a newcomer's path into Amakta from the lobby, and one step of every other
// game's lesson played on its own board, in English and German.

/** Adds this suite's tests (see the end of e2e/tests.mjs for `harness`). */
export function register(test, { base, shots, browser, clickSquare }) {
  const done = (page) => page.locator(".learn-feedback.done").waitFor();
  const step = (page, id) => page.locator(`.learn-panel[data-step="${id}"]`).waitFor();

  test("learn: a newcomer goes from the lobby into Amakta's lesson, plays wrong, takes a hint, is shown, and keeps the progress", async () => {
    const page = await browser();
    await page.goto(base + "/");
    // Amakta's moves wait for "Play" (the setting confirmMoves), as this walk expects.
    await page.evaluate(() => localStorage.setItem("spielwerk-settings", JSON.stringify({ confirmMoves: true })));
    await page.locator('.learn-link[data-game="amakta"]').click();
    await page.waitForURL(/\/learn\/amakta$/);
    // Step 1: the first stone goes onto the own base.
    await step(page, "base");
    await page.locator('[data-inventory="000001"]').click();
    await page.locator('svg.amk-board [data-cell="c1"]').click();
    await page.locator("#amk-confirm").click();
    await done(page);
    await page.locator(".learn-next").click();
    // Step 2: a stone on the blue arrow's cell is legal but not the task; the green arrow's is.
    await step(page, "reach");
    await page.locator('[data-inventory="000001"]').click();
    await page.locator('svg.amk-board [data-cell="b1"]').click();
    await page.locator("#amk-confirm").click();
    await page.locator(".learn-feedback.wrong").waitFor();
    await page.locator(".learn-hint").click();
    await page.locator(".learn-feedback.hint").filter({ hasText: "e1" }).waitFor();
    await page.locator('[data-inventory="000001"]').click();
    await page.locator('svg.amk-board [data-cell="e1"]').click();
    await page.locator("#amk-confirm").click();
    await done(page);
    await page.screenshot({ path: shots + "learn-amakta.png", fullPage: true });
    await page.locator('button[data-lang="de"]').click();
    await page.locator(".learn-feedback.done").filter({ hasText: "Gut gemacht!" }).waitFor();
    await page.locator(".learn-task").filter({ hasText: "grüner Pfeil" }).waitFor();
    await page.locator('button[data-lang="en"]').click();
    // Step 3: "show me" plays the solution on the board, without counting the step.
    await page.locator(".learn-next").click();
    await step(page, "blocking");
    await page.locator(".learn-show").click();
    await page.locator(".learn-feedback.shown").filter({ hasText: "place 000000 a1 000000" }).waitFor();
    await page.locator('svg.amk-board [data-stone="a1"]').waitFor();
    // The browser keeps the two finished steps and opens the first open one.
    await page.reload();
    await step(page, "blocking");
    const finished = await page.locator(".learn-steps li.done").count();
    if (finished !== 2) throw new Error(`${finished} steps marked done after a reload`);
    await page.goto(base + "/learn");
    await page.locator('.learn-games [data-game="amakta"] .learn-progress').filter({ hasText: "2 of 15" }).waitFor();
  });

  test("learn: the first step of Ataxx, Die Formation, Abalone and Amakta Infinit on their boards; the rules page links in", async () => {
    const page = await browser();
    await page.goto(base + "/rules/ataxx");
    await page.locator(".learn-link").click();
    await page.waitForURL(/\/learn\/ataxx$/);
    await step(page, "clone");
    await clickSquare(page, "a7");
    await clickSquare(page, "b6");
    await done(page);
    await page.screenshot({ path: shots + "learn-ataxx.png", fullPage: true });

    await page.goto(base + "/learn/formation");
    await step(page, "colours");
    await clickSquare(page, "e1");
    await clickSquare(page, "d3");
    await done(page);
    await page.screenshot({ path: shots + "learn-formation.png", fullPage: true });

    await page.goto(base + "/learn/abalone");
    await step(page, "in-line");
    await page.locator('svg.board [data-cell="a1"]').click();
    await page.locator('svg.board [data-cell="c3"]').click();
    await page.locator('.dirpad button[data-direction="NE"]').click();
    await done(page);
    await page.screenshot({ path: shots + "learn-abalone.png", fullPage: true });

    await page.goto(base + "/learn/amakta-infinit");
    await step(page, "bid");
    await page.locator('input[name="bid"]').fill("10");
    await page.locator("#amk-bid").click();
    await done(page);
    await page.screenshot({ path: shots + "learn-amakta-infinit.png", fullPage: true });
  });
}
