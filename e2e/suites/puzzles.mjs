// Puzzles (/puzzles): from the lobby to each game's puzzles, one puzzle solved per game — Die
// Formation's by clicking its board, the others' moves typed into the puzzle's move field — the
// opponent's replies played from the solution; a miss shows the solution; German texts, the links
// above the board switched in place.

/** Adds this suite's tests (see the end of e2e/tests.mjs for `harness`). */
export function register(test, { base, shots, browser, clickSquare }) {
  /** The puzzle on the page: its id, and its solution as a guest's give-up reveals it. */
  async function shownPuzzle(page) {
    const panel = page.locator(".puzzle-panel[data-puzzle]");
    await panel.waitFor();
    const id = await panel.getAttribute("data-puzzle");
    const reply = await page.request.post(`${base}/api/puzzles/${id}/solve`, { data: { moves: [], give_up: true } });
    if (!reply.ok()) throw new Error(`the solution of ${id}: ${reply.status()}`);
    return { id, solution: (await reply.json()).solution };
  }

  /** Plays the learner's moves of `solution`, waiting for each reply from the line. */
  async function solve(page, game, solution) {
    for (let index = 0; index < solution.length; index += 2) {
      const move = solution[index];
      if (game === "formation") {
        await clickSquare(page, move.slice(0, 2));
        await clickSquare(page, move.slice(2, 4));
      } else {
        await page.locator('.puzzle-move input[name="move"]').fill(move);
        await page.locator('.puzzle-move button[type="submit"]').click();
      }
      const reply = solution[index + 1];
      if (reply !== undefined) await page.locator(".puzzle-feedback.continue").filter({ hasText: reply }).waitFor();
    }
    await page.locator(".puzzle-feedback.right").waitFor();
  }

  test("puzzles: one puzzle of each game solved on its page, a miss shows the solution, in English and German", async () => {
    const page = await browser();
    await page.goto(base + "/");
    await page.locator(".puzzles-link").click();
    await page.waitForURL(/\/puzzles$/);
    for (const game of ["ataxx", "abalone", "formation", "amakta"]) {
      await page.locator(`.puzzle-games [data-game="${game}"] .puzzle-game`).click();
      await page.waitForURL(new RegExp(`/puzzles/${game}$`));
      if (game === "ataxx") {
        // Showing the solution is a miss; the next puzzle is another one.
        const missed = await shownPuzzle(page);
        await page.locator(".puzzle-show").click();
        await page.locator(".puzzle-feedback.wrong").filter({ hasText: "Solution:" }).waitFor();
        await page.locator(".puzzle-next").click();
        await page.locator(`.puzzle-panel[data-puzzle]:not([data-puzzle="${missed.id}"])`).waitFor();
      }
      const { solution } = await shownPuzzle(page);
      await page.locator(".puzzle-task").waitFor();
      await solve(page, game, solution);
      await page.screenshot({ path: shots + `puzzle-${game}.png`, fullPage: true });
      if (game === "amakta") {
        await page.locator('button[data-lang="de"]').click();
        await page.locator(".puzzle-feedback.right").filter({ hasText: "Gelöst!" }).waitFor();
        await page.locator(".puzzle-next").filter({ hasText: "Nächste Aufgabe" }).waitFor();
        // The links and the heading above the board switch in place too, without a reload.
        await page.locator(".puzzles-lesson").filter({ hasText: "Lektionen" }).waitFor();
        await page.locator(".puzzle-title").filter({ hasText: "Aufgaben: Amakta" }).waitFor();
        await page.locator('button[data-lang="en"]').click();
        await page.locator(".puzzles-lesson").filter({ hasText: "Lessons" }).waitFor();
      }
      await page.goto(base + "/puzzles");
    }
  });
}
