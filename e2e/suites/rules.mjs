// The rules pages: every game's rules in English and German with diagrams drawn by the game's own
// board code from positions, no ASCII boards and no command-line option names.

const GAMES = ["ataxx", "abalone", "formation", "amakta", "amakta-infinit"];

/** Adds this suite's tests (see the end of e2e/tests.mjs for `harness`). */
export function register(test, { base, shots, browser }) {
  test("rules: every game's rules in English and German draw their diagrams with the game's board; no ASCII boards, no option names", async () => {
    const page = await browser();
    await page.goto(`${base}/`);
    for (const language of ["en", "de"]) {
      await page.evaluate((l) => localStorage.setItem("spielwerk.lang", l), language);
      for (const game of GAMES) {
        await page.goto(`${base}/rules/${game}`);
        await page.locator("article.rules h2").first().waitFor();
        const figures = await page.locator("figure.rules-diagram").count();
        if (game !== "amakta-infinit" && figures < 1) throw new Error(`${game} (${language}): no diagram`);
        await page.waitForFunction(() => [...document.querySelectorAll("figure.rules-diagram")].every((f) => f.dataset.drawn && f.querySelector("svg.board")));
        if (await page.locator("figure.rules-diagram .error").count()) throw new Error(`${game} (${language}): a diagram failed`);
        const text = await page.locator("article.rules").textContent();
        for (const bad of [/\(options? [a-z]/i, /Option `/, /Optionen?: /, /--[a-z]/, /spielwerk [a-z]/, /O O O/]) {
          if (bad.test(text)) throw new Error(`${game} (${language}) says ${text.match(bad)[0]}`);
        }
        if (language === "en" && game === "abalone") await page.screenshot({ path: shots + "rules-abalone.png", fullPage: true });
      }
    }
    // Abalone's in-line diagram marks the move as the game page does: from the hole the line left
    // (a1) over each of its marbles (b2 c3 d4).
    await page.goto(`${base}/rules/abalone`);
    const inline = page.locator('figure.rules-diagram[data-diagram="moves=a1b2"]');
    await inline.locator('[data-cell="d4"] circle.last').waitFor();
    const marked = await inline.locator("[data-cell]:has(circle.last)").evaluateAll((cells) => cells.map((c) => c.dataset.cell).sort().join(" "));
    if (marked !== "a1 b2 c3 d4") throw new Error(`the in-line diagram marks ${marked}`);
  });
}
