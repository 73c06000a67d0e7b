// Abalone's board: choosing marbles tail to head, and the direction pad.

/** Adds this suite's tests (see the end of e2e/tests.mjs for `harness`). */
export function register(test, { base, browser, apiPeopleGame, openSeat }) {
  test("abalone: clicking the tail then the head of a line selects the line between them; the direction pad has no stray dot", async () => {
    const page = await browser();
    const { id, tokens } = await apiPeopleGame(page.request, { game: "abalone" });
    await openSeat(page, id, tokens.p1, "p1");
    await page.locator("#status").filter({ hasText: "Your turn" }).waitFor();
    const places = () => page.evaluate(() => ["#status", "#moves", ".seat-slot.bottom", ".board-host > :not(svg, .dirpad)"].map((selector) => Math.round(document.querySelector(selector)?.getBoundingClientRect().top ?? -1)));
    const before = await places();
    await page.locator('svg.board [data-cell="c3"]').click();
    await page.locator('svg.board [data-cell="c5"]').click();
    await page.locator('svg.board [data-cell="c4"] circle.selected').waitFor();
    // The pad comes up under the board in a place kept for it: the panel, the seat and the hint stay where they were.
    await page.locator(".dirpad button:not([disabled])").first().waitFor();
    const after = await places();
    if (JSON.stringify(after) !== JSON.stringify(before)) throw new Error(`picking marbles moved the page's parts: ${before} → ${after}`);
    const [padTop, boardBottom] = await page.evaluate(() => [document.querySelector(".dirpad").getBoundingClientRect().top, document.querySelector("svg.board").getBoundingClientRect().bottom]);
    if (padTop < boardBottom - 1) throw new Error(`the pad (top ${padTop}) is not under the board (bottom ${boardBottom})`);
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

  test("abalone: a dot two moves lead to keeps the selection and asks which arrow; the pad then plays it", async () => {
    const page = await browser();
    const { id, tokens } = await apiPeopleGame(page.request, { game: "abalone" });
    await openSeat(page, id, tokens.p1, "p1");
    await page.locator('svg.board [data-cell="c3"]').click();
    await page.locator('svg.board [data-cell="c5"]').click();
    // d4: c3 steps there to the north-east, c4 to the north-west.
    const dot = page.locator('svg.board [data-cell="d4"] [data-target]');
    const directions = (await dot.getAttribute("data-target")).split(" ").sort().join(" ");
    if (directions !== "NE NW") throw new Error(`d4 is reached by ${directions}`);
    await page.locator('svg.board [data-cell="d4"]').click();
    await page.locator("#abalone-choose").filter({ hasText: "Two moves lead there: choose ↗ / ↖" }).waitFor();
    const kept = await page.locator("svg.board [data-cell]:has(circle.selected)").count();
    if (kept !== 3) throw new Error(`${kept} marbles stay selected`);
    await page.locator('button[data-lang="de"]').click();
    await page.locator("#abalone-choose").filter({ hasText: "Dorthin führen zwei Züge" }).waitFor();
    await page.locator('.dirpad button[data-direction="NW"]').click();
    await page.locator('svg.board [data-cell="d3"] [data-marble="b"]').waitFor();
    await page.locator('svg.board [data-cell="d5"] [data-marble="b"]').waitFor();
    if (await page.locator("#abalone-choose").count()) throw new Error("the question stays after the move");
  });

  test("abalone: the last move of an in-line line move is marked from the hole it left over each of its marbles", async () => {
    const page = await browser();
    const { id, tokens } = await apiPeopleGame(page.request, { game: "abalone" });
    // Black's a1 b2 c3 step north-east: a1 is left, the line now stands on b2 c3 d4.
    const played = await page.request.post(`${base}/api/games/${id}/moves`, { data: { move: "a1b2" }, headers: { authorization: `Bearer ${tokens.p1}` } });
    if (!played.ok()) throw new Error(`a1b2: ${await played.text()}`);
    await openSeat(page, id, tokens.p2, "p2");
    await page.locator('svg.board [data-cell="d4"] circle.last').waitFor();
    const marked = await page.locator("svg.board [data-cell]:has(circle.last)").evaluateAll((cells) => cells.map((c) => c.dataset.cell).join(" "));
    if (marked.split(" ").sort().join(" ") !== "a1 b2 c3 d4") throw new Error(`marked: ${marked}`);
  });
}
