// Amakta's setup flow after review 13: the lobby says who assigns the circles and who chooses the
// colour (its circles select whole), names the stones of the stone-by-stone grid under a heading per
// colour, and keeps Infinit's arrow cap and ply limit explained under their own fields; in a game the
// circle step shows where it stands and every stone, only Abort is offered until both sides made a
// move of play, the move list's heading stays whole at its top while it scrolls; a rematch's open
// seat shows no invite hints.

import { clippedFields, openMoreOptions } from "../fields.mjs";

/** Adds this suite's tests (see the end of e2e/tests.mjs for `harness`). */
export function register(test, { base, shots, browser, until, apiPeopleGame, openSeat }) {
  test("amakta flow: the lobby says who assigns and who chooses, names the assigned stones, explains arrow cap and ply limit", async () => {
    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      const page = await browser(viewport);
      await page.goto(base + "/");
      await page.locator('[data-pick="amakta"]').click();
      await page.locator("#play-friend").click();
      await openMoreOptions(page);
      const circles = page.locator('select[name="option-circles"]');
      for (const choice of ["play", "none", "assign"]) {
        await circles.selectOption(choice);
        const clipped = await clippedFields(page, 'select[name="option-circles"]');
        if (clipped.length) throw new Error(`${viewport.width}: the circles' choice is cut: ${clipped}`);
      }
      await circles.selectOption("play");
      await page.locator("label", { has: circles }).filter({ hasText: /first player gives each stone a circle.*second player chooses a colour.*White moves first/ }).waitFor();
      await circles.selectOption("assign");
      const headings = await page.locator("[data-assign-colour] h4").allTextContents();
      if (headings.join("|") !== "White's stones|Black's stones") throw new Error(`headings: ${headings}`);
      const names = await page.locator('[data-assign-colour="b"] .amk-assign-name').allTextContents();
      if (names.length !== 10 || !names.includes("↘1")) throw new Error(`Black's stones named: ${names}`);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (wide > 0) throw new Error(`${viewport.width}: the assignment makes the page ${wide} px wider than the window`);
      await page.screenshot({ path: `${shots}flow-lobby-assign-${viewport.width}.png`, fullPage: true });
      // An own set starts from the default one (which holds the composer's first stone, ↘1↗1): the
      // composer opens on a stone not in it, and goes on to another after Add (review 14, flaw 12).
      await page.locator('select[name="option-set"]').selectOption("custom");
      for (let added = 0; added < 2; added++) {
        const held = await page.locator("[data-set-stone]").evaluateAll((els) => els.map((e) => e.dataset.setStone));
        const composing = await page.locator("[data-editor-stone]").getAttribute("data-editor-stone");
        if (held.includes(composing)) throw new Error(`${viewport.width}: the composer shows ${composing}, already in the set ${held}`);
        if (await page.locator(".amk-compose .error").count()) throw new Error(`${viewport.width}: the composer opens with an error`);
        await page.locator("#add-stone").click();
        await until("the stone is added", async () => (await page.locator("[data-set-stone]").count()) === held.length + 1);
      }
      await page.locator('select[name="option-set"]').selectOption("default");

      await page.locator('[data-pick="amakta-infinit"]').click();
      for (const [name, words] of [["arrow-cap", /0 \(the default\) means no cap/], ["ply-limit", /0 \(the default\) means no limit/]]) {
        const field = page.locator("label", { has: page.locator(`input[name="option-${name}"]`) });
        // The help is the field's own line, in sight without opening anything.
        await field.locator("small").filter({ hasText: words }).waitFor();
      }
      if (viewport.width > 900) {
        await page.locator('[data-lang="de"]').click();
        await page.locator("label", { has: page.locator('input[name="option-arrow-cap"]') }).locator("small").filter({ hasText: /0 \(Vorgabe\) heißt keine Grenze/ }).waitFor();
        await page.screenshot({ path: `${shots}flow-lobby-infinit-de-${viewport.width}.png`, fullPage: true });
        await page.locator('[data-lang="en"]').click();
      } else {
        await page.screenshot({ path: `${shots}flow-lobby-infinit-${viewport.width}.png`, fullPage: true });
      }
    }
  });

  test("amakta flow: the circle step shows its progress and every stone; only Abort until both sides made a move of play; the move list's heading stays whole", async () => {
    const page = await browser();
    const { id, tokens } = await apiPeopleGame(page.request, { game: "amakta", clock: "5+3" });
    const play = async (token, move) => {
      const response = await page.request.post(`${base}/api/games/${id}/moves`, { data: { move }, headers: { authorization: `Bearer ${token}` } });
      if (!response.ok()) throw new Error(`${move}: ${await response.text()}`);
    };
    await openSeat(page, id, tokens.p1, "p1");
    await page.locator("#amk-circle-progress").filter({ hasText: "Stone 1 of 20" }).waitFor();
    // Why it matters, in the step's help ("How it works").
    await page.locator(".amk-setup .amk-help summary").click();
    await page.locator("#amk-circle-fair").filter({ hasText: /opponent chooses a colour/ }).waitFor();
    await page.screenshot({ path: `${shots}flow-circles-help-1280.png` });
    await page.locator(".amk-setup .amk-help summary").click();
    await page.locator('[data-overview-state="next"][data-overview-stone^="w:"]').waitFor();
    const onlyAbort = async (what) => {
      await page.locator("#abort").waitFor();
      for (const action of ["#resign", "#draw", "#takeback"])
        if (await page.locator(action).count()) throw new Error(`${what}: ${action} is offered`);
    };
    await onlyAbort("before the first circle");
    for (let i = 0; i < 12; i++) await play(tokens.p1, i % 3 === 0 ? "circle r" : "circle n");
    await page.locator("#amk-circle-progress").filter({ hasText: "Stone 13 of 20" }).waitFor();
    if ((await page.locator('[data-overview-state="done"]').count()) !== 12) throw new Error("twelve stones shown done");
    await onlyAbort("after twelve circles");
    await page.screenshot({ path: `${shots}flow-circles-1280.png` });
    const phone = await browser({ width: 390, height: 844 });
    await openSeat(phone, id, tokens.p2, "p2");
    await phone.locator(".amk-setup .amk-help summary").click();
    await phone.locator("#amk-circle-fair").filter({ hasText: /other player then chooses a colour/ }).waitFor();
    await phone.locator("#amk-circle-progress").filter({ hasText: "Stone 13 of 20" }).waitFor();
    await phone.screenshot({ path: `${shots}flow-circles-390.png`, fullPage: true });

    // The other eight one by one: the move list grows longer than its room.
    for (let i = 0; i < 8; i++) await play(tokens.p1, "circle n");
    // Only the chooser is asked to choose; the first player is told who does (review 14, flaw 7).
    await page.locator('[data-colour-help="amk.setupColourWait"]').filter({ hasText: "Your opponent chooses a colour. White moves first." }).waitFor();
    if (await page.getByText("Choose your colour").count()) throw new Error("the waiting player is asked to choose a colour");
    await phone.locator('[data-colour-help="amk.setupColourHelp"]').filter({ hasText: "Choose your colour" }).waitFor();
    await play(tokens.p2, "colour white");
    await onlyAbort("the setup over, no move of play");
    // White (P2) and Black (P1) make their first moves of play: the game has begun.
    for (const token of [tokens.p2, tokens.p1]) {
      const state = await (await page.request.get(`${base}/api/games/${id}`)).json();
      await play(token, state.legal_moves.find((move) => move !== "pass"));
    }
    await page.locator("#resign").waitFor();
    await page.locator("#abort").waitFor({ state: "detached" });
    // The list scrolled to the last move: the heading of the part in sight stands whole at its top.
    await until("the move list has scrolled", () => page.locator("#moves").evaluate((list) => list.scrollTop > 0));
    const whole = await page.locator("#moves").evaluate((list) => {
      const top = list.getBoundingClientRect().top;
      return [...list.querySelectorAll(".moves-heading")].some((heading) => {
        const box = heading.getBoundingClientRect();
        return Math.abs(box.top - top) <= 2 && box.height > 8;
      });
    });
    if (!whole) throw new Error("no heading stands whole at the top of the scrolled move list");
    // The entry scrolled to stands whole below that heading (review 14, flaw 8).
    const covered = await page.locator("#moves").evaluate((list) => {
      const current = list.querySelector(".current")?.getBoundingClientRect();
      const headings = [...list.querySelectorAll(".moves-heading")].map((h) => h.getBoundingClientRect());
      const over = headings.filter((h) => h.top <= list.getBoundingClientRect().top + 2).pop();
      return current && over && current.top < over.bottom - 1 ? { current: current.top, heading: over.bottom } : null;
    });
    if (covered) throw new Error(`the heading covers the move shown: ${JSON.stringify(covered)}`);
    await page.screenshot({ path: `${shots}flow-moves-1280.png` });
  });

  test("amakta flow: an abort in the setup says who aborted, to both players (English and German)", async () => {
    const page = await browser();
    const { id, tokens } = await apiPeopleGame(page.request, { game: "amakta" });
    const post = (action, token, data = {}) => page.request.post(`${base}/api/games/${id}/${action}`, { data, headers: { authorization: `Bearer ${token}` } });
    if (!(await post("moves", tokens.p1, { move: "circle r" })).ok()) throw new Error("circle");
    await openSeat(page, id, tokens.p1, "p1");
    const other = await browser({ width: 390, height: 844 });
    await other.goto(base + "/");
    await other.evaluate(() => localStorage.setItem("spielwerk.lang", "de"));
    await openSeat(other, id, tokens.p2, "p2");
    await page.locator("#abort").click();
    await page.locator("#result").filter({ hasText: "You aborted the game during the setup" }).waitFor();
    await other.locator("#result").filter({ hasText: /hat die Partie während der Startphase abgebrochen/ }).waitFor();
    const text = await other.locator("#result").textContent();
    if (/vor dem zweiten Zug|Du hast/.test(text)) throw new Error(`the opponent reads: ${text}`);
    await other.screenshot({ path: `${shots}flow-abort-390-de.png` });
  });

  test("amakta flow: a rematch's seat waiting for its holder shows neither invite hint", async () => {
    const first = await browser();
    const { id, tokens } = await apiPeopleGame(first.request, { game: "ataxx" });
    const post = (action, token) =>
      first.request.post(`${base}/api/games/${id}/${action}`, { data: action === "rematch" ? { action: "offer" } : {}, headers: { authorization: `Bearer ${token}` } });
    if (!(await post("resign", tokens.p1)).ok()) throw new Error("resign");
    // P1 offers a rematch and leaves (never claims the new seat); P2 accepts in the page.
    if (!(await post("rematch", tokens.p1)).ok()) throw new Error("rematch offer");
    const second = await browser();
    await openSeat(second, id, tokens.p2, "p2");
    await second.locator("#rematch-accept").click();
    await second.waitForURL((url) => !url.pathname.endsWith(id));
    const rematch = new URL(second.url()).pathname.split("/").pop();
    await second.locator("svg.board").waitFor();
    await until("the rematch's other seat is open", async () => {
      const state = await (await second.request.get(`${base}/api/games/${rematch}`)).json();
      return state.seats.some((s) => !s.joined && s.awaits_claim);
    });
    const visitor = await browser();
    await visitor.goto(`${base}/play/${rematch}`);
    await visitor.locator("svg.board").waitFor();
    for (const [page, hint] of [[second, "#invite-elsewhere"], [visitor, "#seat-open-hint"], [second, "#seat-open-hint"]]) {
      await page.locator("#status").waitFor();
      if (await page.locator(hint).count()) throw new Error(`${hint} shows in a rematch`);
    }
  });
}
