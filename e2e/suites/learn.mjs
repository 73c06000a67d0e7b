// Lessons (/learn): a newcomer's path into Amakta from the lobby — a few steps with a wrong move,
// a hint and "show me", each finished step's chip marked with its stars, each step at its own
// address (Back goes to the step before), an unknown step's address answered with a notice; all
// sixteen steps played by hand, the final test too, and on into a game against the computer — one
// step of every other game's lesson played on its own board, Infinit's final test, and "Show me"
// playing an Abalone line move by move (and still, with move animation off), in English and German.

/** Adds this suite's tests (see the end of e2e/tests.mjs for `harness`). */
export function register(test, { base, shots, browser, until, clickSquare, waitForMoves }) {
  const done = (page) => page.locator(".learn-feedback.done").waitFor();
  const step = (page, id) => page.locator(`.learn-panel[data-step="${id}"]`).waitFor();

  /** How a learner makes Amakta's moves on the lesson's board, by clicking it (moves wait for "Play"). */
  function amaktaHands(page) {
    const cell = (name) => page.locator(`svg.amk-board [data-cell="${name}"]`);
    const stone = (name) => page.locator(`svg.amk-board [data-stone="${name}"]`);
    const inventory = (code) => page.locator(`[data-inventory="${code}"]`);
    /** Plays the move the board has built once it reads `move` (a beginning of the move text). */
    const confirm = async (move) => {
      await page.locator(`#amk-pending[data-move^="${move}"]`).waitFor();
      await page.locator("#amk-confirm").click();
    };
    /** Turns the stone in the making until the pending move reads `move`, then plays it. */
    const turnTo = async (move) => {
      for (let turns = 0; (await page.locator("#amk-pending").getAttribute("data-move")) !== move; turns++) {
        if (turns === 6) throw new Error(`no turn of the stone gives ${move}`);
        await page.locator("#amk-rotate-left").click();
      }
      await confirm(move);
    };
    return {
      place: async (code, at) => { await inventory(code).click(); await cell(at).click(); await confirm(`place ${code} ${at}`); },
      act: async (at, action) => { await stone(at).click(); await page.locator(`[data-action="${action}"]`).click(); },
      cell, inventory, confirm, turnTo,
    };
  }

  test("learn: a newcomer goes from the lobby into Amakta's lesson, plays wrong, takes a hint, is shown, and keeps the progress", async () => {
    const page = await browser();
    await page.goto(base + "/");
    // Amakta's moves wait for "Play" (the setting confirmMoves), as this walk expects.
    await page.evaluate(() => localStorage.setItem("spielwerk-settings", JSON.stringify({ confirmMoves: true })));
    await page.locator('.learn-link[data-game="amakta"]').click();
    // The lesson's address names the step it opens (the first not yet done).
    await page.waitForURL(/\/learn\/amakta\/base$/);
    // Step 1: the first stone goes onto the own base — at the first try without help: three stars.
    await step(page, "base");
    const chip = (id) => page.locator(`.learn-steps li[data-step="${id}"]`);
    if ((await chip("base").getAttribute("class")) !== "current") throw new Error("step 1 marked before it is done");
    await page.locator('[data-inventory="000001"]').click();
    await page.locator('svg.amk-board [data-cell="c1"]').click();
    await page.locator("#amk-confirm").click();
    await done(page);
    await page.locator(".learn-feedback.done").filter({ hasText: "Well done! 3 of 3 stars." }).waitFor();
    await chip("base").and(page.locator(".done")).locator(".learn-chip-stars").filter({ hasText: "★★★" }).waitFor();
    await chip("base").locator('button[aria-label="Step 1: Your base — done, 3 of 3 stars"]').waitFor();
    await page.locator(".learn-next").click();
    await page.waitForURL(/\/learn\/amakta\/reach$/);
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
    // A wrong move and a hint cost a star: the chip shows two.
    await chip("reach").locator(".learn-chip-stars").filter({ hasText: "★★☆" }).waitFor();
    await page.locator('.learn-earned[data-stars="2"]').waitFor();
    await page.screenshot({ path: shots + "learn-amakta.png", fullPage: true });
    await page.locator('button[data-lang="de"]').click();
    await page.locator(".learn-feedback.done").filter({ hasText: "Gut gemacht!" }).waitFor();
    await page.locator(".learn-task").filter({ hasText: "grüner Pfeil" }).waitFor();
    // The links and the heading above the board switch in place too, without a reload.
    await page.locator(".learn-all").filter({ hasText: "Spielen lernen" }).waitFor();
    await page.locator(".learn-rules").filter({ hasText: "Die Regeln lesen" }).waitFor();
    await page.locator(".learn h1").filter({ hasText: "Spielen lernen: Amakta" }).waitFor();
    await page.locator('button[data-lang="en"]').click();
    await page.locator(".learn-rules").filter({ hasText: "Read the rules" }).waitFor();
    // Step 3: "show me" plays the solution on the board, without counting the step; then the board
    // goes back to the step's start for the learner to play it (the text says so).
    await page.locator(".learn-next").click();
    await step(page, "blocking");
    // Back goes to the step before, by its address, with its chip still marked; Forward returns.
    await page.waitForURL(/\/learn\/amakta\/blocking$/);
    await page.goBack();
    await page.waitForURL(/\/learn\/amakta\/reach$/);
    await step(page, "reach");
    await chip("reach").and(page.locator(".current")).waitFor();
    await chip("reach").locator(".learn-chip-stars").filter({ hasText: "★★☆" }).waitFor();
    await page.goForward();
    await page.waitForURL(/\/learn\/amakta\/blocking$/);
    await step(page, "blocking");
    await page.locator(".learn-show").click();
    // The solution is named as the move list names Amakta's moves, not in its notation.
    await page.locator(".learn-feedback.shown").filter({ hasText: "The solution: White places empty stone on a1." }).waitFor();
    await page.locator('svg.amk-board [data-stone="a1"]').waitFor();
    await page.locator(".learn-feedback.shown").filter({ hasText: "That was the solution: White places empty stone on a1. Now play it yourself." }).waitFor();
    await until("the shown stone taken back", async () => (await page.locator('svg.amk-board [data-stone="a1"]').count()) === 0, 10_000);
    await page.screenshot({ path: shots + "learn-shown-back.png" });
    // The browser keeps the two finished steps and opens the first open one.
    await page.reload();
    await step(page, "blocking");
    const finished = await page.locator(".learn-steps li.done").count();
    if (finished !== 2) throw new Error(`${finished} steps marked done after a reload`);
    // A step can be linked: its address opens it, even when it is done.
    await page.goto(base + "/learn/amakta/base");
    await step(page, "base");
    await page.goto(base + "/learn");
    const progress = page.locator('.learn-games [data-game="amakta"] .learn-progress');
    await progress.filter({ hasText: "2 of 16 steps done" }).waitFor();
    await progress.locator(".learn-stars-total").filter({ hasText: "★ 5 of 48 stars" }).waitFor();
  });

  test("learn: a newcomer plays every step of Amakta's lesson by hand, its final test too, then a game against the computer from the lesson's end", async () => {
    const page = await browser();
    await page.goto(base + "/");
    await page.evaluate(() => localStorage.setItem("spielwerk-settings", JSON.stringify({ confirmMoves: true })));
    await page.locator('.learn-link[data-game="amakta"]').click();
    await page.waitForURL(/\/learn\/amakta\/base$/);
    const { place, act, cell, inventory, confirm, turnTo } = amaktaHands(page);
    // Each step's task, played as its words say: the step's id and the learner's clicks.
    const walk = [
      ["base", () => place("000001", "c1")],
      ["reach", () => place("000001", "e1")],
      ["blocking", () => place("000000", "a1")],
      ["control", () => place("000003", "b2")],
      ["freedom", () => act("c2", "take")],
      ["rotate", async () => { await act("c1", "rotate"); await turnTo("rotate c1 300000"); }],
      ["relocate", async () => { await act("b1", "relocate"); await cell("c4").click(); await confirm("relocate b1 c4"); }],
      ["replace", async () => { await act("c1", "replace"); await inventory("000003").click(); await confirm("replace c1 000003"); }],
      ["expropriate", () => act("b2", "expropriate")],
      ["appropriate", async () => { await act("b2", "appropriate"); await confirm("appropriate b2"); }],
      ["remove", () => act("b2", "remove")],
      ["release", () => act("b2", "release")],
      ["release-place", async () => { await act("b2", "release-place"); await inventory("000002").click(); await confirm("release-place b2 000002"); }],
      ["circles", () => act("b2", "expropriate")],
      ["win", () => place("000003", "c5")],
      // The final test: c5 is White's two arrows to one (Black's green arrow is blocked on d4), and
      // the stone Black expropriated stands there; releasing it and placing a stone of White's wins.
      ["final", async () => { await act("c5", "release-place"); await inventory("000002").click(); await confirm("release-place c5 000002"); }],
    ];
    await step(page, "base");
    const count = await page.locator(".learn-steps li").count();
    if (count !== walk.length) throw new Error(`the lesson has ${count} steps, the walk ${walk.length}`);
    for (const [index, [id, play]] of walk.entries()) {
      await step(page, id);
      await play();
      await page.locator(`.learn-panel[data-step="${id}"] .learn-feedback.done`).waitFor();
      if (index < walk.length - 1) await page.locator(".learn-next").click();
    }
    const finished = await page.locator(".learn-steps li.done").count();
    if (finished !== walk.length) throw new Error(`${finished} of ${walk.length} steps marked done`);
    await page.locator(".learn-finished").waitFor();
    await page.screenshot({ path: shots + "learn-amakta-finished.png", fullPage: true });

    // On to a real game: the computer is the opponent, the game page asks for the circles first.
    await page.locator(".learn-play-computer").filter({ hasText: "Play a game against the computer" }).click();
    await page.waitForURL(/\/play\/[a-z0-9]+$/);
    const id = new URL(page.url()).pathname.split("/").pop();
    const state = await (await page.request.get(`${base}/api/games/${id}`)).json();
    const engine = state.seats.find((seat) => seat.seat === "p2");
    if (state.game !== "amakta" || engine?.player !== "engine") throw new Error(`started ${state.game} against ${JSON.stringify(state.seats)}`);
    await page.locator("#amk-circles-none:not([disabled])").click();
    const moves = await waitForMoves(page, 2);
    if (moves[0] !== "circles none" || !moves[1].startsWith("colour ")) throw new Error(`the setup played ${moves}`);
    // The first stone goes onto the own base, as the lesson's first step taught (White moves
    // first: when the computer chose White, its stone comes first).
    const mine = moves[1] === "colour white" ? 4 : 3;
    await waitForMoves(page, mine - 1);
    const legal = (await (await page.request.get(`${base}/api/games/${id}`)).json()).view.legal.place;
    const [code] = legal.stones;
    const own = legal.cells.length === 1 ? legal.cells[0] : null;
    if (!code || !own) throw new Error(`the first stone should go only onto the base: ${JSON.stringify(legal)}`);
    await place(code, own);
    const played = await waitForMoves(page, mine);
    if (!played[mine - 1].startsWith(`place ${code} ${own}`)) throw new Error(`played ${played[mine - 1]}`);
    await page.screenshot({ path: shots + "learn-amakta-first-game.png" });
  });

  test("learn: the first step of Ataxx, Die Formation, Abalone and Amakta Infinit on their boards, an unknown step's address, Infinit's final test; the rules page links in", async () => {
    const page = await browser();
    await page.goto(base + "/rules/ataxx");
    await page.locator(".learn-link").click();
    await page.waitForURL(/\/learn\/ataxx\/clone$/);
    await step(page, "clone");
    await clickSquare(page, "a7");
    await clickSquare(page, "b6");
    await done(page);
    await page.screenshot({ path: shots + "learn-ataxx.png", fullPage: true });

    // An address naming no step: the step where the learner left off (the one after "clone", solved),
    // its address put in place of the wrong one, and a notice says why.
    await page.goto(base + "/learn/ataxx/nonsense-step");
    await page.waitForURL(/\/learn\/ataxx\/jump$/);
    await step(page, "jump");
    const missing = page.locator(".learn-feedback.missing[role=status]");
    await missing.filter({ hasText: "No step named “nonsense-step”; here is where you left off." }).waitFor();
    await page.locator('button[data-lang="de"]').click();
    await missing.filter({ hasText: "Einen Schritt namens „nonsense-step“ gibt es nicht; hier geht es weiter, wo du aufgehört hast." }).waitFor();
    await page.locator('button[data-lang="en"]').click();
    await missing.filter({ hasText: "No step named" }).waitFor();
    await page.screenshot({ path: shots + "learn-unknown-step.png" });

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
    // Infinit's final test: two white arrows (one from behind the base) against two black ones, and the
    // damage circle of Black's stone on its base tips it: expropriating that stone wins.
    await page.locator(".learn-steps li:last-child button").click();
    await step(page, "final");
    await page.locator('svg.amk-board [data-stone="3,0"]').click();
    await page.locator('[data-action="expropriate"]').click();
    await done(page);
    await page.screenshot({ path: shots + "learn-amakta-infinit-final.png", fullPage: true });
  });

  test("learn: Show me plays an Abalone line on the board move by move, slid in and marked, says it in words, then puts the board back; with move animation off it shows the final position still", async () => {
    const page = await browser();
    // Every slide the boards start, by the cell of the marble slid.
    await page.addInitScript(() => {
      window.__slid = [];
      const animate = Element.prototype.animate;
      Element.prototype.animate = function (...args) {
        window.__slid.push(this.closest("[data-cell]")?.getAttribute("data-cell") ?? "?");
        return animate.apply(this, args);
      };
    });
    await page.goto(base + "/learn/abalone/two-against-two");
    await step(page, "two-against-two");
    const marble = (cell, colour) => `svg.board [data-cell="${cell}"] circle.marble.${colour}`;
    const startsWith = async () => page.locator(marble("d2", "b")).count();
    if ((await startsWith()) !== 1) throw new Error("the step does not start with Black's marble on d2");
    await page.locator(".learn-show").click();
    // First Black's move d2 → e2, marked as the last move, while White's marble is still on i9.
    await page.waitForFunction(
      ([e2, i9]) => document.querySelector(e2) && document.querySelector(i9) && document.querySelector('svg.board [data-cell="e2"] circle.last'),
      [marble("e2", "b"), marble("i9", "w")],
    );
    const words = "The solution: Black moves the marble on d2 north-west; White moves the marble on i9 south-east; Black moves the marbles e2–e4 east, pushing the white marbles e5–e6.";
    await page.locator(".learn-feedback.shown").filter({ hasText: words }).waitFor();
    // Then White's reply, then Black's push: the white marbles end on e6 and e7.
    await page.locator(marble("h9", "w")).waitFor();
    await page.locator(marble("e7", "w")).waitFor();
    await page.locator('svg.board [data-cell="e5"] circle.last').waitFor();
    const slid = await page.evaluate(() => window.__slid);
    for (const cell of ["e2", "h9", "e5", "e7"]) if (!slid.includes(cell)) throw new Error(`no slide onto ${cell}: ${slid}`);
    // Back at the start for the learner: the marble on d2 again, the sentence says to play it.
    await page.locator(".learn-feedback.shown").filter({ hasText: "Now play it yourself." }).waitFor();
    await page.locator(marble("d2", "b")).waitFor();
    if (await page.locator(marble("e7", "w")).count()) throw new Error("the shown position stayed");
    await page.screenshot({ path: shots + "learn-abalone-shown-back.png" });

    // Move animation off (the setting): the final position at once, nothing slid, then back.
    await page.evaluate(() => localStorage.setItem("spielwerk-settings", JSON.stringify({ animation: false })));
    await page.reload();
    await step(page, "two-against-two");
    await page.evaluate(() => (window.__slid = []));
    await page.locator(".learn-show").click();
    await page.locator(marble("e7", "w")).waitFor();
    await page.locator(".learn-feedback.shown").filter({ hasText: "Now play it yourself." }).waitFor();
    await page.locator(marble("d2", "b")).waitFor();
    const still = await page.evaluate(() => window.__slid);
    if (still.length) throw new Error(`slid with animation off: ${still}`);
  });
}
