// Puzzles (/puzzles): from the lobby to each game's puzzles, one puzzle solved per game — Die
// Formation's by clicking its board, the others' moves typed into the puzzle's move field — the
// opponent's replies played from the solution; a miss shows the solution; German texts, the links
// above the board switched in place; the side to move, another try after a wrong move, the way to
// a rating for a guest, and each puzzle's permanent address (issue 50).

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
      await page.waitForURL(new RegExp(`/puzzles/${game}(/[a-z0-9-]+)?$`));
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

  test("puzzles: the side to move, another try after a wrong move, the sign-in link for a guest, and a permanent address that opens the same puzzle", async () => {
    const page = await browser();
    await page.goto(`${base}/puzzles/ataxx`);
    const { id, solution } = await shownPuzzle(page);
    await page.waitForURL(`${base}/puzzles/ataxx/${id}`);
    await page.locator("#puzzle-to-move").filter({ hasText: /^You play (Red|Blue): (Red|Blue) to move\.$/ }).waitFor();
    await page.locator("#puzzle-sign-in").filter({ hasText: "Sign in" }).waitFor();
    const panel = await page.locator(".puzzle-panel").textContent();
    if (/Puzzle rating:/.test(panel)) throw new Error(`a rating beside the way to one: ${panel}`);
    // A wrong move: said, and the same position to try again; then the solution solves it.
    const served = await (await page.request.get(`${base}/api/puzzles/next?game=ataxx&id=${id}`)).json();
    const wrong = served.legal_moves.find((move) => move !== solution[0]);
    await page.locator('.puzzle-move input[name="move"]').fill(wrong);
    await page.locator('.puzzle-move button[type="submit"]').click();
    await page.locator(".puzzle-feedback.wrong").filter({ hasText: `${wrong} is not the solution. Try another move` }).waitFor();
    if (await page.locator(".puzzle-feedback").filter({ hasText: "Solution:" }).count()) throw new Error("the solution shown after one wrong move");
    await page.screenshot({ path: shots + "puzzle-retry.png" });
    await solve(page, "ataxx", solution);
    await page.locator(".puzzle-feedback.right").filter({ hasText: "Solved, on another try." }).waitFor();
    // The address opens this puzzle in another browser, and in German.
    const other = await browser({ width: 390, height: 844 });
    const opened = await other.goto(`${base}/puzzles/ataxx/${id}`);
    if (opened.status() !== 200) throw new Error(`the puzzle's address answers ${opened.status()}`);
    await other.locator(`.puzzle-panel[data-puzzle="${id}"]`).waitFor();
    await other.locator('button[data-lang="de"]').click();
    await other.locator("#puzzle-to-move").filter({ hasText: /^Du spielst (Rot|Blau): (Rot|Blau) ist am Zug\.$/ }).waitFor();
    await other.screenshot({ path: shots + "puzzle-address-phone-de.png" });
    // A puzzle the game lacks: the page says which.
    await other.goto(`${base}/puzzles/ataxx/ataxx-000000000000`);
    await other.locator("#puzzle-error").filter({ hasText: "ataxx hat keine Aufgabe „ataxx-000000000000“" }).waitFor();
  });
}
