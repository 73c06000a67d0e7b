// Puzzles (/puzzles): from the lobby to each game's puzzles, one puzzle solved per game — Die
// Formation's by clicking its board, the others' moves typed into the puzzle's move field — the
// opponent's replies played from the solution; a miss shows the solution; German texts, the links
// above the board switched in place; the side to move, another try after a wrong move, the way to
// a rating for a guest, and each puzzle's permanent address; a theme chosen (its tags, the address
// keeping it over a reload) and a streak (the count up with each puzzle solved, ended by a wrong
// move), and both at phone width (issue 50).

/** Adds this suite's tests (see the end of e2e/tests.mjs for `harness`). */
export function register(test, { base, shots, browser, clickSquare, until }) {
  /**
   * The puzzle on the page: its id, and its solution as a give-up reveals it (a guest's; a signed-in
   * learner's in a streak, `streak`, so as to rate nothing).
   */
  async function shownPuzzle(page, streak = false) {
    const panel = page.locator(".puzzle-panel[data-puzzle]");
    await panel.waitFor();
    const id = await panel.getAttribute("data-puzzle");
    const reply = await page.request.post(`${base}/api/puzzles/${id}/solve`, { data: { moves: [], give_up: true, streak } });
    if (!reply.ok()) throw new Error(`the solution of ${id}: ${reply.status()}`);
    return { id, solution: (await reply.json()).solution };
  }

  /** Plays the learner's moves of `solution` once the opponent's move before the puzzle is played, waiting for each reply from the line. */
  async function solve(page, game, solution) {
    await page.locator('.puzzle-brief[data-lead-in="played"]').waitFor({ state: "attached" });
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

  /** Signs `page`'s browser up as a new account: its puzzle requests count against its own limit, not the address's. */
  async function signUp(page, prefix) {
    const name = `${prefix}${Date.now().toString(36).slice(-6)}`;
    const reply = await page.request.post(`${base}/api/account/signup`, { data: { name, password: "secret-pass" } });
    if (!reply.ok()) throw new Error(`sign-up: ${await reply.text()}`);
  }

  /** Waits for a puzzle other than `id` on the page, and gives its id. */
  async function another(page, id) {
    const panel = page.locator(`.puzzle-panel[data-puzzle]:not([data-puzzle="${id}"])`);
    await panel.waitFor();
    return panel.getAttribute("data-puzzle");
  }

  /** Fails when the page scrolls sideways (wider than its window). */
  async function noSideScroll(page, what) {
    const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    if (scroll > width) throw new Error(`${what}: ${scroll} px wide in a window of ${width}`);
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

  test("puzzles: the side to move, an illegal typed move answered on the page with no failing request, another try after a wrong move, the sign-in link for a guest, and a permanent address that opens the same puzzle", async () => {
    const page = await browser();
    await page.goto(`${base}/puzzles/ataxx`);
    const { id, solution } = await shownPuzzle(page);
    await page.waitForURL(`${base}/puzzles/ataxx/${id}`);
    await page.locator("#puzzle-to-move").filter({ hasText: /^Your turn — find the best move for (Red|Blue)\.$/ }).waitFor();
    // The opponent's move before the puzzle is named in the panel once played.
    await page.locator(".puzzle-panel .puzzle-lead-in").filter({ hasText: /^(Red|Blue) played ([a-g][1-7]([a-g][1-7])?|0000)\.$/ }).waitFor();
    await page.locator("#puzzle-sign-in").filter({ hasText: "Sign in" }).waitFor();
    const panel = await page.locator(".puzzle-panel").textContent();
    if (/Puzzle rating:/.test(panel)) throw new Error(`a rating beside the way to one: ${panel}`);
    // A wrong move: said, and the same position to try again; then the solution solves it.
    const served = await (await page.request.get(`${base}/api/puzzles/next?game=ataxx&id=${id}`)).json();
    // A typed move that is not legal here: said in words on the page, no request sent (none fails).
    const failed = [];
    page.on("response", (response) => response.status() >= 400 && failed.push(`${response.status()} ${response.url()}`));
    const squares = [..."abcdefg"].flatMap((file) => [..."1234567"].map((rank) => file + rank));
    const illegal = squares.find((square) => !served.start.legal_moves.some((move) => move.endsWith(square)));
    await page.locator('.puzzle-move input[name="move"]').fill(illegal);
    await page.locator('.puzzle-move button[type="submit"]').click();
    await page.locator(".puzzle-feedback").filter({ hasText: `${illegal} is not a legal move here — try another.` }).waitFor();
    if (failed.length) throw new Error(`an illegal typed move made requests fail: ${failed.join(", ")}`);
    const wrong = served.start.legal_moves.find((move) => move !== solution[0]);
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
    // At phone width the brief above the board says who moves (the panel's line is hidden there).
    await other.locator(".puzzle-brief strong").filter({ hasText: /^Du bist am Zug — finde den besten Zug für (Rot|Blau)\.$/ }).waitFor();
    await other.screenshot({ path: shots + "puzzle-address-phone-de.png" });
    // A puzzle the game lacks: the page says which.
    await other.goto(`${base}/puzzles/ataxx/ataxx-000000000000`);
    await other.locator("#puzzle-error").filter({ hasText: "ataxx hat keine Aufgabe „ataxx-000000000000“" }).waitFor();
  });

  test("puzzles: as on lichess a puzzle starts one move early — the opponent's move that led to it is played on the board and stays marked until the learner moves (phone and desktop)", async () => {
    for (const [size, name] of [[{ width: 390, height: 844 }, "phone"], [{ width: 1280, height: 900 }, "desktop"]]) {
      const page = await browser(size);
      for (const game of ["ataxx", "abalone", "formation", "amakta"]) {
        await page.goto(`${base}/puzzles/${game}`);
        const panel = page.locator(".puzzle-panel[data-puzzle]");
        await panel.waitFor();
        const id = await panel.getAttribute("data-puzzle");
        const served = await (await page.request.get(`${base}/api/puzzles/next?game=${game}&id=${id}`)).json();
        if (!served.lead_in || served.lead_in.before.side_to_move === served.start.side_to_move)
          throw new Error(`${id} has no lead-in by the opponent: ${JSON.stringify(served.lead_in)}`);
        // First the position before, the opponent to move, nothing marked; then the move is played and marked.
        if (game === "ataxx") {
          await page.locator('.puzzle-brief[data-lead-in="pending"]').waitFor({ state: "attached" });
          await page.locator('[data-lead-in="pending"] strong').filter({ hasText: /^(Red|Blue) moves …$/ }).waitFor({ state: "attached" });
          if (await page.locator("svg.board .last").count()) throw new Error("a last move marked before the lead-in");
          await page.screenshot({ path: shots + `puzzle-lead-in-before-${name}.png` });
        }
        await page.locator('.puzzle-brief[data-lead-in="played"]').waitFor({ state: "attached" });
        await page.locator("#puzzle-to-move, .puzzle-brief strong").filter({ hasText: /^Your turn — find the best move for \S+\.$/ }).first().waitFor({ state: "attached" });
        // A pass (Amakta's) has no cells to mark.
        if (served.lead_in.move !== "pass")
          await until(`${game}: the lead-in ${served.lead_in.move} marked`, async () => (await page.locator("svg.board .last").count()) > 0);
        if (game === "ataxx") {
          await page.screenshot({ path: shots + `puzzle-lead-in-after-${name}.png` });
          // A wrong move leaves the lead-in marked for the next try.
          const { solution } = await shownPuzzle(page);
          const wrong = served.start.legal_moves.find((move) => move !== solution[0]);
          await page.locator('.puzzle-move input[name="move"]').fill(wrong);
          await page.locator('.puzzle-move button[type="submit"]').click();
          // Said above the board on a phone, in the panel beside it on a desktop; the wrong move is shown, then taken back.
          await page.locator(".puzzle-brief .wrong:visible, .puzzle-feedback.wrong:visible").first().waitFor();
          await page.locator("#puzzle-retry").waitFor();
          await page.locator(`svg.board [data-square="${wrong.slice(-2)}"] [data-stone]`).waitFor({ state: "detached" });
          if (!(await page.locator("svg.board .last").count())) throw new Error("the lead-in's mark gone after a wrong move");
        }
      }
      // German: the opponent's move and the learner's turn.
      await page.goto(`${base}/puzzles/ataxx`);
      await page.locator('button[data-lang="de"]').click();
      await page.locator(".puzzle-brief strong").filter({ hasText: /^Du bist am Zug — finde den besten Zug für (Rot|Blau)\.$/ }).waitFor({ state: "attached" });
      await page.locator('button[data-lang="en"]').click();
    }
  });

  test("puzzles: a theme chosen brings puzzles of it, tagged; the address keeps it over a reload, and the labels come in German", async () => {
    const page = await browser();
    await signUp(page, "themes");
    await page.goto(`${base}/puzzles/ataxx`);
    await page.locator('.puzzle-theme[data-theme="all"][aria-pressed="true"]').waitFor();
    const counts = (await (await page.request.get(`${base}/api/puzzles`)).json()).find((g) => g.game === "ataxx").themes;
    await page.locator('.puzzle-theme[data-theme="win"] .puzzle-theme-count').filter({ hasText: String(counts.win) }).waitFor();
    let id = await page.locator(".puzzle-panel").getAttribute("data-puzzle");
    // "Short" is the rarest of Ataxx's themes (16 of 218): two puzzles of it in a row are no chance.
    for (const [theme, label] of [["win", "Winning line"], ["short", "Short (2 moves)"]]) {
      await page.locator(`.puzzle-theme[data-theme="${theme}"]`).click();
      for (let round = 0; round < 2; round++) {
        if (round) await page.locator(".puzzle-next").click();
        id = await another(page, id);
        await page.waitForURL((url) => url.href === `${base}/puzzles/ataxx/${id}?theme=${theme}`);
        await page.locator(`.puzzle-tag[data-theme="${theme}"]`).filter({ hasText: label }).waitFor();
      }
    }
    await page.locator('.puzzle-theme[data-theme="short"][aria-pressed="true"]').waitFor();
    await page.screenshot({ path: shots + "puzzle-themes.png", fullPage: true });
    // A reload shows the same puzzle, the theme still chosen; the next is of it too.
    await page.reload();
    await page.locator(`.puzzle-panel[data-puzzle="${id}"]`).waitFor();
    await page.locator('.puzzle-theme[data-theme="short"][aria-pressed="true"]').waitFor();
    await page.locator(".puzzle-next").click();
    id = await another(page, id);
    await page.waitForURL((url) => url.href === `${base}/puzzles/ataxx/${id}?theme=short`);
    await page.locator('.puzzle-tag[data-theme="short"]').waitFor();
    await page.locator('button[data-lang="de"]').click();
    await page.locator('.puzzle-theme[data-theme="short"] .puzzle-theme-name').filter({ hasText: "Kurz (2 Züge)" }).waitFor();
    await page.locator('.puzzle-tag[data-theme="short"]').filter({ hasText: "Kurz (2 Züge)" }).waitFor();
    await page.locator('button[data-lang="en"]').click();
    // All again: any puzzle, and the address without a theme.
    await page.locator('.puzzle-theme[data-theme="all"]').click();
    id = await another(page, id);
    await page.waitForURL((url) => url.href === `${base}/puzzles/ataxx/${id}`);
  });

  test("puzzles: a streak counts the puzzles solved in a row, in its order; a wrong move ends it with the solution and the best streak, unrated; a new streak starts at 0", async () => {
    const page = await browser();
    await signUp(page, "streak");
    await page.goto(`${base}/puzzles/ataxx`);
    const fetched = page.waitForResponse((response) => response.url().includes("/api/puzzles/streak?game=ataxx"));
    await page.locator('.puzzle-mode[data-mode="streak"]').click();
    await page.waitForURL(`${base}/puzzles/ataxx/streak`);
    const order = (await (await fetched).json()).puzzles.map((p) => p.id);
    await page.locator(".puzzle-title").filter({ hasText: "Puzzle streak: Ataxx" }).waitFor();
    await page.locator('.puzzle-mode[data-mode="streak"][aria-current="page"]').waitFor();
    await page.locator("#streak-count").filter({ hasText: /^0$/ }).waitFor();
    await page.locator(".puzzle-streak").filter({ hasText: `Puzzle 1 of ${order.length}` }).filter({ hasText: "Unrated" }).waitFor();
    await page.locator(".puzzle-show").filter({ hasText: "Give up" }).waitFor();
    if (await page.locator(".puzzle-next, .puzzle-player, .puzzle-themes").count()) throw new Error("a next puzzle, a rating or themes offered in a streak");
    const first = await shownPuzzle(page, true);
    if (first.id !== order[0]) throw new Error(`the streak began with ${first.id}, not ${order[0]}`);
    await solve(page, "ataxx", first.solution);
    await page.locator("#streak-count").filter({ hasText: /^1$/ }).waitFor();
    const said = await page.locator(".puzzle-panel").textContent();
    if (/rating:.*→|rating stays/.test(said)) throw new Error(`a rating's change in a streak: ${said}`);
    await page.locator(".puzzle-next").click();
    await another(page, first.id);
    const second = await shownPuzzle(page, true);
    if (second.id !== order[1]) throw new Error(`the streak went on with ${second.id}, not ${order[1]}`);
    await page.locator(".puzzle-streak").filter({ hasText: `Puzzle 2 of ${order.length}` }).waitFor();
    await page.screenshot({ path: shots + "puzzle-streak.png", fullPage: true });
    // A wrong move ends the streak: no other try, the solution shown.
    const served = await (await page.request.get(`${base}/api/puzzles/next?game=ataxx&id=${second.id}`)).json();
    const wrong = served.start.legal_moves.find((move) => move !== second.solution[0]);
    await page.locator('.puzzle-move input[name="move"]').fill(wrong);
    await page.locator('.puzzle-move button[type="submit"]').click();
    await page.locator("#streak-end").filter({ hasText: "Streak over: 1" }).waitFor();
    await page.locator(".puzzle-feedback.wrong").filter({ hasText: `${wrong} is not the solution.` }).waitFor();
    await page.locator(".puzzle-feedback.wrong").filter({ hasText: `Solution: ${second.solution.join(", ")}` }).waitFor();
    await page.locator("#streak-best").filter({ hasText: "Best streak: 1" }).waitFor();
    await page.locator("#streak-new-best").filter({ hasText: "A new best!" }).waitFor();
    if (await page.locator(".puzzle-feedback").filter({ hasText: "Try another move" }).count()) throw new Error("another try offered in a streak");
    if (await page.locator(".puzzle-next, .puzzle-show").count()) throw new Error("the next puzzle or giving up offered after the streak ended");
    if (!(await page.locator('.puzzle-move input[name="move"]').isDisabled())) throw new Error("the move field open after the streak ended");
    await page.screenshot({ path: shots + "puzzle-streak-over.png", fullPage: true });
    const kept = await page.evaluate(() => localStorage.getItem("spielwerk.puzzle-streak.ataxx"));
    if (kept !== "1") throw new Error(`the best streak kept: ${kept}`);
    // A new streak starts at 0, the best kept (over a reload too).
    await page.locator("#new-streak").click();
    await page.locator('.puzzle-streak[data-state="playing"] #streak-count').filter({ hasText: /^0$/ }).waitFor();
    await page.reload();
    await page.locator("#streak-best").filter({ hasText: "Best streak: 1" }).waitFor();
    await page.locator('button[data-lang="de"]').click();
    await page.locator(".puzzle-streak").filter({ hasText: "in Folge gelöst" }).filter({ hasText: "Beste Serie: 1" }).waitFor();
    await page.locator('button[data-lang="en"]').click();
  });

  test("puzzles: at phone width the tabs, the theme chooser and the streak fit without scrolling sideways", async () => {
    const page = await browser({ width: 390, height: 844 });
    await page.goto(`${base}/puzzles/abalone?theme=gain`);
    await page.locator('.puzzle-theme[data-theme="gain"][aria-pressed="true"]').waitFor();
    await page.locator('.puzzle-tag[data-theme="gain"]').waitFor();
    await page.waitForURL(new RegExp(`/puzzles/abalone/abalone-[0-9a-f]+\\?theme=gain$`));
    await noSideScroll(page, "the theme chooser");
    await page.screenshot({ path: shots + "puzzle-themes-phone.png", fullPage: true });
    await page.locator('.puzzle-mode[data-mode="streak"]').click();
    await page.locator("#streak-count").waitFor();
    await page.locator('button[data-lang="de"]').click();
    await page.locator(".puzzle-show").filter({ hasText: "Aufgeben" }).waitFor();
    await noSideScroll(page, "the streak");
    await page.screenshot({ path: shots + "puzzle-streak-phone-de.png", fullPage: true });
  });

  test("puzzles on a phone: the heading and tabs above the board; a wrong move shown, taken back, said once and a Retry offered; Show the solution keeps the board in view (review 15)", async () => {
    const page = await browser({ width: 390, height: 844 }, { hasTouch: true, isMobile: true });
    await page.goto(`${base}/puzzles/ataxx`);
    const { solution } = await shownPuzzle(page);
    await page.locator('.puzzle-brief[data-lead-in="played"]').waitFor({ state: "attached" });
    const [titleBottom, tabsBottom, boardTop] = await page.evaluate(() =>
      [".puzzle-title", ".puzzle-modes", ".puzzle-board"].map((selector) => document.querySelector(selector).getBoundingClientRect()[selector === ".puzzle-board" ? "top" : "bottom"]),
    );
    if (titleBottom > boardTop || tabsBottom > boardTop) throw new Error(`the heading (${titleBottom}) and tabs (${tabsBottom}) are not above the board (${boardTop})`);
    const served = await (await page.request.get(`${base}/api/puzzles/next?game=ataxx&id=${await page.locator(".puzzle-panel").getAttribute("data-puzzle")}`)).json();
    const wrong = served.start.legal_moves.find((move) => move !== solution[0]);
    await page.locator('.puzzle-move input[name="move"]').fill(wrong);
    await page.locator('.puzzle-move button[type="submit"]').click();
    // The wrong move's stone stands on its (empty) target square, then goes: the move is taken back.
    const target = wrong.slice(-2);
    await page.locator(`svg.board [data-square="${target}"] [data-stone]`).waitFor();
    await page.locator(`svg.board [data-square="${target}"] [data-stone]`).waitFor({ state: "detached" });
    await page.locator("#puzzle-retry").filter({ hasText: "Retry" }).waitFor();
    // Said once: in the brief above the board; the panel's copy of that line is not shown.
    const shown = await page.locator(".puzzle-brief .wrong, .puzzle-panel .puzzle-feedback.wrong").evaluateAll((lines) =>
      lines.filter((line) => line.getClientRects().length > 0 && line.textContent.includes("is not the solution")).length,
    );
    if (shown !== 1) throw new Error(`the wrong move is said ${shown} times`);
    await page.screenshot({ path: shots + "puzzle-phone-wrong.png" });
    await page.locator("#puzzle-retry").click();
    await page.locator("#puzzle-retry").waitFor({ state: "detached" });
    // Down to the button under the board, then Show the solution: the board comes (or stays) in view.
    await page.locator(".puzzle-show").scrollIntoViewIfNeeded();
    await page.locator(".puzzle-show").click();
    await page.locator(".puzzle-feedback").filter({ hasText: "Solution:" }).waitFor();
    await until("the board is in view after Show the solution", async () => {
      const box = await page.locator(".puzzle-board svg.board").boundingBox();
      return box && box.y >= 0 && box.y + box.height <= 844;
    });
    await page.screenshot({ path: shots + "puzzle-phone-solution.png" });
  });
}
