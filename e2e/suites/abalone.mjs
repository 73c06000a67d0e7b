// Abalone's board: choosing marbles tail to head, and the direction pad.

/** Adds this suite's tests (see the end of e2e/tests.mjs for `harness`). */
export function register(test, { browser, apiPeopleGame, openSeat }) {
  test("abalone: clicking the tail then the head of a line selects the line between them; the direction pad has no stray dot", async () => {
    const page = await browser();
    const { id, tokens } = await apiPeopleGame(page.request, { game: "abalone" });
    await openSeat(page, id, tokens.p1, "p1");
    await page.locator('svg.board [data-cell="c3"]').click();
    await page.locator('svg.board [data-cell="c5"]').click();
    await page.locator('svg.board [data-cell="c4"] circle.selected').waitFor();
    const selected = await page.locator("svg.board [data-cell]:has(circle.selected)").evaluateAll((cells) => cells.map((c) => c.dataset.cell).sort().join(" "));
    if (selected !== "c3 c4 c5") throw new Error(`selected: ${selected}`);
    // The line moves as one: a broadside step is offered on the pad.
    await page.locator(".dirpad button:not([disabled])").first().waitFor();
    const pad = await page.locator(".dirpad").textContent();
    if (pad.includes("·")) throw new Error(`the direction pad shows a dot: ${pad}`);
    // Clicking the middle marble takes it out of the selection again.
    await page.locator('svg.board [data-cell="c4"]').click();
    await page.locator('svg.board [data-cell="c4"] circle.selected').waitFor({ state: "detached" });
  });
}
