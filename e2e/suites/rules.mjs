// The rules pages: every game's rules in English and German with diagrams drawn by the game's own
// board code from positions, no ASCII boards and no command-line option names.

const GAMES = ["ataxx", "abalone", "formation", "amakta", "amakta-infinit"];

/** Opens every game's rules in English, then in German, and calls `check(game, language)` once each page's diagrams are drawn. */
async function everyRulesPage(page, base, check) {
  await page.goto(`${base}/`);
  for (const language of ["en", "de"]) {
    await page.evaluate((l) => localStorage.setItem("spielwerk.lang", l), language);
    for (const game of GAMES) {
      await page.goto(`${base}/rules/${game}`);
      await page.locator("article.rules h2").first().waitFor();
      await page.waitForFunction(() => [...document.querySelectorAll("figure.rules-diagram")].every((f) => f.dataset.drawn && f.querySelector("svg.board")));
      await check(game, language);
    }
  }
}

/** Adds this suite's tests (see the end of e2e/tests.mjs for `harness`). */
export function register(test, { base, shots, browser }) {
  test("rules: every game's rules in English and German draw their diagrams with the game's board; no ASCII boards, no option names", async () => {
    const page = await browser();
    await everyRulesPage(page, base, async (game, language) => {
      const figures = await page.locator("figure.rules-diagram").count();
      if (game !== "amakta-infinit" && figures < 1) throw new Error(`${game} (${language}): no diagram`);
      if (await page.locator("figure.rules-diagram .error").count()) throw new Error(`${game} (${language}): a diagram failed`);
      const text = await page.locator("article.rules").textContent();
      for (const bad of [/\(options? [a-z]/i, /Option `/, /Optionen?: /, /--[a-z]/, /spielwerk [a-z]/, /O O O/]) {
        if (bad.test(text)) throw new Error(`${game} (${language}) says ${text.match(bad)[0]}`);
      }
      if (language === "en" && game === "abalone") await page.screenshot({ path: shots + "rules-abalone.png", fullPage: true });
    });
    // Abalone's in-line diagram marks the move as the game page does: from the hole the line left
    // (a1) over each of its marbles (b2 c3 d4).
    await page.goto(`${base}/rules/abalone`);
    const inline = page.locator('figure.rules-diagram[data-diagram="moves=a1b2"]');
    await inline.locator('[data-cell="d4"] circle.last').waitFor();
    const marked = await inline.locator("[data-cell]:has(circle.last)").evaluateAll((cells) => cells.map((c) => c.dataset.cell).sort().join(" "));
    if (marked !== "a1 b2 c3 d4") throw new Error(`the in-line diagram marks ${marked}`);
  });

  test("rules: on a phone (390×844) no rules page scrolls sideways, in English and German; wide tables and code scroll in a focusable, named box; long texts have a table of contents that leads to their sections", async () => {
    const page = await browser({ width: 390, height: 844 });
    await everyRulesPage(page, base, async (game, language) => {
      const wide = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth - window.innerWidth,
        // Anything in the article wider than the window that is not inside a scroll box of its own.
        parts: [...document.querySelectorAll("article.rules *")]
          .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 && !e.closest(".rules-scroll"))
          .map((e) => e.outerHTML.slice(0, 80)),
        boxes: [...document.querySelectorAll(".rules-scroll")].map((b) => ({ tab: b.tabIndex, label: b.getAttribute("aria-label"), role: b.getAttribute("role") })),
        bare: document.querySelectorAll("article.rules :is(table, pre):not(.rules-scroll > *)").length,
      }));
      if (wide.page > 0 || wide.parts.length) throw new Error(`${game} (${language}) is ${wide.page} px too wide: ${wide.parts.join(" | ")}`);
      if (wide.bare || wide.boxes.some((b) => b.tab !== 0 || !b.label || b.role !== "region")) throw new Error(`${game} (${language}): tables or code not in a named focusable box: ${JSON.stringify(wide)}`);
      if (game === "amakta" && language === "en") await page.screenshot({ path: shots + "rules-amakta-phone.png", fullPage: false });
      // A long text (above four screens) has its contents; a click on the last entry brings its section into sight (the page's end may keep it below the top).
      const tall = await page.evaluate(() => document.documentElement.scrollHeight);
      const contents = page.locator("nav.rules-contents a");
      if (tall > 4 * 844 && (await contents.count()) < 4) throw new Error(`${game} (${language}) is ${tall} px long without a table of contents`);
      if (await contents.count()) {
        const small = await contents.evaluateAll((links) => links.map((a) => a.getBoundingClientRect().height).filter((h) => h < 40));
        if (small.length) throw new Error(`${game} (${language}): contents' links under 40 px: ${small.join(", ")}`);
        await contents.last().click();
        const top = await page.evaluate(() => {
          const headings = document.querySelectorAll("article.rules h2");
          return { top: headings[headings.length - 1].getBoundingClientRect().top, focused: document.activeElement === headings[headings.length - 1], path: location.pathname };
        });
        if (top.top < -1 || top.top > 844 - 40 || !top.focused || top.path !== `/rules/${game}`) throw new Error(`${game} (${language}): the contents' last link does not lead to its section: ${JSON.stringify(top)}`);
      }
    });
  });
}
