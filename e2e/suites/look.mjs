// The designed look: settings (dark theme, board theme, coordinates) kept per browser with the
// header's switch; the game page's keys, in-page resign question, result banner, seat words and
// time-control line; the phone header and lobby table on one line each.

/** Adds this suite's tests (see the end of e2e/tests.mjs for `harness`). */
export function register(test, { base, shots, browser, until, apiPeopleGame, openSeat, waitForMoves }) {
  const post = (request, path, data, token) =>
    request.post(`${base}${path}`, { data, headers: token ? { authorization: `Bearer ${token}` } : {} });

  /** The number of line boxes the text of `selector`'s first match takes. */
  const lines = (page, selector) =>
    page.locator(selector).first().evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      return tops.size;
    });

  test("look: settings page and header switch (dark theme, board theme, coordinates) kept per browser; game page keys, in-page resign, result banner, seats and time control", async () => {
    const page = await browser();
    page.on("dialog", (dialog) => {
      throw new Error(`a browser dialog: ${dialog.message()}`);
    });
    // The settings page, linked from the header: dark colours, the wood board, no coordinates.
    await page.goto(`${base}/`);
    await page.locator("#settings-link").click();
    await page.waitForURL(`${base}/settings`);
    await page.locator('input[name="theme"][value="dark"]').check();
    await page.locator('input[name="boardTheme"][value="wood"]').check();
    await page.locator('input[name="coordinates"]').uncheck();
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem("spielwerk-settings")));
    if (saved.theme !== "dark" || saved.boardTheme !== "wood" || saved.coordinates !== false) throw new Error(JSON.stringify(saved));
    await page.reload();
    await page.locator("#settings").waitFor();
    const root = await page.evaluate(() => [document.documentElement.dataset.theme, document.documentElement.dataset.boardTheme, getComputedStyle(document.documentElement).backgroundColor]);
    if (root[0] !== "dark" || root[1] !== "wood" || root[2] !== "rgb(27, 29, 28)") throw new Error(`after a reload: ${root}`);
    await page.screenshot({ path: shots + "look-settings-dark.png" });
    // The header's switch turns the light colours back on and keeps them.
    await page.locator("#theme-switch").click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === "light");
    if ((await page.evaluate(() => JSON.parse(localStorage.getItem("spielwerk-settings")).theme)) !== "light") throw new Error("the switch is not kept");

    // A clocked game between people: seats in words, the time control in the header.
    const { id, tokens } = await apiPeopleGame(page.request, { game: "ataxx", clock: "5+2" });
    for (const [seat, move] of [["p1", "f2"], ["p2", "b2"], ["p1", "g2"]]) {
      const response = await post(page.request, `/api/games/${id}/moves`, { move }, tokens[seat]);
      if (!response.ok()) throw new Error(`${move}: ${await response.text()}`);
    }
    await openSeat(page, id, tokens.p1, "p1");
    await waitForMoves(page, 3);
    if (await page.locator("svg.board .coords").isVisible()) throw new Error("coordinates are shown though switched off");
    // The board may be drawn anew while it is read: wait for a square that
    // shows the colour, and name the colour seen if none does.
    const wood = "rgb(181, 136, 99)";
    const darkFill = () => {
      const square = document.querySelector("svg.board .sq.dark");
      return square ? getComputedStyle(square).fill : "missing";
    };
    await page.waitForFunction((expected) => {
      const square = document.querySelector("svg.board .sq.dark");
      return square !== null && getComputedStyle(square).fill === expected;
    }, wood, { timeout: 15000 }).catch(async () => {
      throw new Error(`the wood board's dark square is ${await page.evaluate(darkFill)}`);
    });
    await page.locator("#game-meta").filter({ hasText: "5+2 · Casual" }).waitFor();
    const mine = await page.locator('.seat[data-seat="p1"] .seat-who.you').textContent();
    if (!mine.includes("you") || (await page.locator(".seat").filter({ hasText: "✓" }).count())) throw new Error(`own seat: ${mine}`);
    await page.locator('.seat[data-seat="p2"] .seat-who').filter({ hasText: "anonymous" }).waitFor();
    const clockSize = await page.locator('[data-clock="p1"]').evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
    if (clockSize < 24) throw new Error(`the clock's font is ${clockSize}px`);

    // The move list's keys: Home/↑ to the start, → one on, ← one back, End/↓ to the live position.
    const shown = () => page.locator("#moves button.current").getAttribute("data-ply").catch(() => null);
    const expect = async (key, ply) => {
      await page.keyboard.press(key);
      await page.waitForFunction((want) => (document.querySelector("#moves button.current")?.getAttribute("data-ply") ?? "0") === want, String(ply));
    };
    await page.locator("h1").click();
    await expect("Home", 0);
    await expect("ArrowRight", 1);
    await expect("ArrowRight", 2);
    await expect("ArrowLeft", 1);
    await expect("End", 3);
    await expect("ArrowUp", 0);
    await expect("ArrowDown", 3);
    if ((await shown()) !== "3") throw new Error("not back at the live position");

    // Resign asks in the page (no browser dialog); Cancel and Escape withdraw, Yes resigns.
    await page.locator("#resign").click();
    await page.locator("#confirm-resign").waitFor();
    await page.locator("#resign-no").click();
    await page.locator("#confirm-resign").waitFor({ state: "detached" });
    await page.locator("#resign").click();
    await page.keyboard.press("Escape");
    await page.locator("#confirm-resign").waitFor({ state: "detached" });
    await page.locator("#resign").click();
    await page.locator("#resign-yes").click();
    await page.locator("#result").filter({ hasText: "Blue wins" }).waitFor();
    await page.screenshot({ path: shots + "look-result.png" });
  });

  test("look: on a phone the header stays one line, the lobby table keeps its words whole; game pictures, picking a game, Play a friend, quick pairing", async () => {
    const page = await browser({ width: 390, height: 844 });
    // A running game, so that the lobby's table is there.
    await apiPeopleGame(page.request, { game: "ataxx" });
    for (const lang of ["en", "de"]) {
      await page.goto(`${base}/`);
      await page.locator(`button[data-lang="${lang}"]`).click();
      await page.locator("#running table.games").waitFor();
      const bar = await page.locator("#bar").evaluate((e) => [e.scrollHeight, e.clientHeight, e.scrollWidth, e.clientWidth]);
      if (bar[0] > bar[1] || bar[2] > bar[3]) throw new Error(`${lang}: the header overflows: ${bar}`);
      if ((await lines(page, "#sign-in")) !== 1) throw new Error(`${lang}: "Sign in" takes more than one line`);
      const tops = await page.locator(".lang button").evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().top)));
      if (new Set(tops).size !== 1) throw new Error(`${lang}: EN/DE stacked: ${tops}`);
      const cells = await page.locator("table.games th, table.games td:not(:first-child)").count();
      for (let i = 0; i < cells; i++) {
        const cell = page.locator("table.games th, table.games td:not(:first-child)").nth(i);
        if (!(await cell.isVisible())) continue;
        const broken = await cell.evaluate((element) => {
          const range = document.createRange();
          range.selectNodeContents(element);
          const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          return tops.size > 1 && !/\s/.test(element.textContent.trim()) ? element.textContent : null;
        });
        if (broken) throw new Error(`${lang}: "${broken}" is broken inside the word`);
      }
      await page.screenshot({ path: shots + `look-phone-lobby-${lang}.png` });
    }
    // Each game's picture is drawn from its start position; picking one sets the form's game.
    const pictures = await page.locator("[data-picture]").evaluateAll((hosts) => hosts.map((host) => {
      const drawing = host.querySelector("svg");
      const box = drawing?.getBoundingClientRect();
      return box && box.width > 50 && box.height > 30 && drawing.querySelectorAll("*").length > 20 ? null : host.dataset.picture;
    }));
    if (pictures.length < 5 || pictures.some(Boolean)) throw new Error(`pictures missing: ${pictures}`);
    await page.locator('[data-pick="abalone"]').click();
    await page.locator('[data-pick="abalone"][aria-pressed="true"]').waitFor();
    await page.locator(".new-game-title").filter({ hasText: "Abalone" }).waitFor();
    await page.locator("#quick h2").filter({ hasText: "Abalone" }).waitFor();
    // "Play a friend" sets the form up and makes a game for a friend with the clock chosen.
    await page.locator("#play-friend").click();
    await page.locator('#play-friend[aria-pressed="true"]').waitFor();
    if (await page.locator('select[name="opponent"]').count()) throw new Error("a second way to choose the opponent");
    await page.locator('#create select[name="clock"]').selectOption("3+2");
    await page.locator('#create button[type="submit"]').click();
    await page.waitForURL(/\/play\/[a-z0-9]+$/);
    // The page is in German since the loop above.
    await page.locator("#game-meta").filter({ hasText: "3+2 · Ungewertet" }).waitFor();
    await page.locator("#invite").waitFor();
    // On the phone too each clock stays in its seat's row, beside the names.
    const rows = await page.locator(".seat").evaluateAll((seats) => seats.map((row) => {
      const clock = row.querySelector("[data-clock]").getBoundingClientRect();
      const names = row.querySelector(".seat-names").getBoundingClientRect();
      return clock.top < names.bottom && clock.bottom > names.top && clock.left >= names.right - 1;
    }));
    if (rows.length !== 2 || !rows.every(Boolean)) throw new Error(`a clock on a line of its own on the phone: ${rows}`);
    await page.screenshot({ path: shots + "look-phone-game.png", fullPage: true });
  });

  test("look: the one new-game form's Clock select shows its longest choice whole, on the desktop and a phone, in English and German; its sides follow the game picked; there is no second form; on a phone the new-game form comes before the seeks", async () => {
    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      const page = await browser(viewport);
      const name = `clk${Date.now().toString(36).slice(-6)}${viewport.width}`;
      const signed = await page.request.post(`${base}/api/account/signup`, { data: { name, password: "secret-pass" } });
      if (!signed.ok()) throw new Error(`sign-up: ${await signed.text()}`);
      await page.goto(`${base}/`);
      await page.locator("#play-seek").click();
      for (const language of ["en", "de"]) {
        await page.locator(`button[data-lang="${language}"]`).click();
        const select = page.locator('#create select[name="clock"]');
        await select.waitFor();
        await select.selectOption("days:14");
        // The widest choice's text, in the select's font, with its padding and the arrow's room, within the select.
        const fit = await select.evaluate((el) => {
          const style = getComputedStyle(el);
          const context = document.createElement("canvas").getContext("2d");
          context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const widest = Math.max(...[...el.options].map((o) => context.measureText(o.text).width));
          return { need: widest + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + 20, have: el.getBoundingClientRect().width };
        });
        if (fit.need > fit.have) throw new Error(`${viewport.width} px ${language}: the Clock select is ${fit.have} px for ${fit.need} px of text`);
        if (language === "en") await page.locator(".play-new").screenshot({ path: shots + `look-seek-clock-${viewport.width}.png` });
      }
      await page.locator('button[data-lang="en"]').click();
      // One form: one clock, one rated box, one side on the page; the seeks card has no form of its own.
      const counts = await page.evaluate(() => ['select[name$="clock"]', 'input[name$="rated"]', 'select[name$="side"]', "#seeks form"].map((s) => document.querySelectorAll(s).length));
      if (counts.join() !== "1,1,1,0") throw new Error(`the lobby's forms: ${counts}`);
      // The form's sides are the game picked's own.
      await page.locator('[data-pick="amakta"]').click();
      await page.locator(".new-game-title").filter({ hasText: "Amakta" }).waitFor();
      await until("the form's sides are Amakta's", async () => (await page.locator('#create select[name="side"] option').allTextContents()).includes("First player"));
      if (viewport.width !== 390) continue;
      // On a phone the new game of the game just picked comes right after the games and quick pairing, then the seeks.
      const tops = await page.evaluate(() => Object.fromEntries(["#seeks", ".play-new", "#quick-host"].map((s) => [s, document.querySelector(s).getBoundingClientRect().top + window.scrollY])));
      if (!(tops["#quick-host"] < tops[".play-new"] && tops[".play-new"] < tops["#seeks"] && tops[".play-new"] < 844)) throw new Error(`the phone lobby's order: ${JSON.stringify(tops)}`);
      await page.screenshot({ path: shots + "look-lobby-phone-seeks.png", fullPage: true });
    }
  });
}
