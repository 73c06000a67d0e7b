// Playing a person as on lichess, in two browsers: clocks that stand until both sides made their
// first move, abort before the second move, a takeback asked for and granted, and the opponent
// leaving and the win claimed (run.sh serves with --absence-secs 3).

/** Adds this suite's tests (see the end of e2e/tests.mjs for `harness`). */
export function register(test, { base, shots, until, browser, apiPeopleGame, openSeat, waitForMoves }) {
  async function playMoves(request, id, tokens, moves) {
    for (const [seat, move] of moves) {
      const response = await request.post(`${base}/api/games/${id}/moves`, { data: { move }, headers: { authorization: `Bearer ${tokens[seat]}` } });
      if (!response.ok()) throw new Error(`${move}: ${await response.text()}`);
    }
  }

  const clocks = (page) => page.locator("[data-clock]").allTextContents();

  test("people: a 3+2 game — neither clock moves before both first moves; abort before the second move", async () => {
    const red = await browser();
    const blue = await browser();
    const { id, tokens } = await apiPeopleGame(red.request, { game: "ataxx", clock: "3+2" });
    await openSeat(red, id, tokens.p1, "p1");
    await openSeat(blue, id, tokens.p2, "p2");
    await red.locator("#first-move").waitFor();
    const shown = await red.locator("#first-move").textContent();
    // The first move's countdown goes on, the clocks stand.
    await until("the first move's countdown goes on", async () => (await red.locator("#first-move").textContent()) !== shown);
    if ((await clocks(red)).some((c) => c !== "3:00")) throw new Error(`a clock ran before the first move: ${await clocks(red)}`);
    await playMoves(red.request, id, tokens, [["p1", "f2"]]);
    await waitForMoves(blue, 1);
    await blue.locator("#first-move").waitFor();
    await blue.screenshot({ path: shots + "people-first-move.png" });
    const blueShown = await blue.locator("#first-move").textContent();
    await until("Blue's first move's countdown goes on", async () => (await blue.locator("#first-move").textContent()) !== blueShown);
    for (const page of [red, blue]) {
      if ((await clocks(page)).some((c) => c !== "3:00")) throw new Error(`a clock ran before both first moves: ${await clocks(page)}`);
    }
    await blue.locator("#abort").click();
    // Each is told who aborted (review 14): the one who did, and the other by name.
    await blue.locator("#result").filter({ hasText: "You aborted the game before the second move" }).waitFor();
    await red.locator("#result").filter({ hasText: /\S aborted the game before the second move/ }).waitFor();
    if (/You aborted/.test(await red.locator("#result").textContent())) throw new Error("Red is told it aborted");
    if (await red.locator("#abort").count()) throw new Error("Abort is still offered after the game ended");
  });

  test("people: a takeback asked for in a casual game is granted live in the other browser", async () => {
    const red = await browser();
    const blue = await browser();
    const { id, tokens } = await apiPeopleGame(red.request, { game: "ataxx", clock: "5+2" });
    await playMoves(red.request, id, tokens, [["p1", "f2"], ["p2", "f6"], ["p1", "e2"]]);
    await openSeat(red, id, tokens.p1, "p1");
    await openSeat(blue, id, tokens.p2, "p2");
    await waitForMoves(blue, 3);
    await red.locator("#takeback").click();
    await red.locator("#takeback-sent").waitFor();
    await blue.locator("#takeback-offer").filter({ hasText: "asks to take back" }).waitFor();
    await blue.screenshot({ path: shots + "people-takeback.png" });
    await blue.locator("#takeback-accept").click();
    for (const page of [red, blue]) {
      await page.waitForFunction(() => document.querySelectorAll("#moves button").length === 2);
    }
    await red.locator("#status").filter({ hasText: "Your turn" }).waitFor();
  });

  test("people: the opponent leaves, the other is told and claims the win", async () => {
    const red = await browser();
    const blue = await browser();
    const { id, tokens } = await apiPeopleGame(red.request, { game: "ataxx", clock: "5+2" });
    await openSeat(red, id, tokens.p1, "p1");
    await playMoves(red.request, id, tokens, [["p1", "f2"]]);
    await openSeat(blue, id, tokens.p2, "p2");
    await red.locator("#presence").filter({ hasText: "Your opponent joined the game." }).waitFor();
    // The news goes by itself after a few seconds (it does not stay for the whole game).
    await red.locator("#presence").waitFor({ state: "detached", timeout: 20_000 });
    await playMoves(blue.request, id, tokens, [["p2", "f6"]]);
    await waitForMoves(red, 2);
    await blue.context().close();
    await red.locator("#presence").filter({ hasText: "Your opponent left the game." }).waitFor();
    await red.locator("#claim-win").click();
    // Said of the player who left, by the seat's name (review 15).
    await red.locator("#result").filter({ hasText: "Blue left the game" }).waitFor();
    await red.locator("#result").filter({ hasText: "Red wins" }).waitFor();
    await red.screenshot({ path: shots + "people-claimed.png" });
  });

  test("people: a casual game without a clock — 'Waiting for your friend to join' until the friend comes; the Rules open in a new tab and the game stays; a player who left cannot be claimed against", async () => {
    const red = await browser();
    const created = await (await red.request.post(`${base}/api/games`, { data: { game: "ataxx", opponent: "human", side: "p1" } })).json();
    const id = created.id;
    await openSeat(red, id, created.token, "p1");
    await red.locator("#status").filter({ hasText: "Waiting for your friend to join" }).waitFor();
    await red.locator('button[data-lang="de"]').click();
    await red.locator("#status").filter({ hasText: "Warte darauf, dass dein Freund beitritt" }).waitFor();
    await red.locator('button[data-lang="en"]').click();
    await red.screenshot({ path: shots + "people-waiting-friend.png" });
    const joined = await (await red.request.post(`${base}/api/games/${id}/join`, { data: { invite: created.invite.split("#invite=")[1] } })).json();
    await red.locator("#status").filter({ hasText: "Your turn" }).waitFor();
    const blue = await browser();
    await openSeat(blue, id, joined.token, "p2");
    await playMoves(red.request, id, { p1: created.token, p2: joined.token }, [["p1", "f2"], ["p2", "f6"]]);
    await waitForMoves(blue, 2);

    // The Rules open beside the game: the game's page stays, and with it the player.
    const [rules] = await Promise.all([blue.context().waitForEvent("page"), blue.locator("#rules-link").click()]);
    await rules.waitForURL(`${base}/rules/ataxx`);
    await rules.locator("main h1").first().waitFor();
    if (blue.url() !== `${base}/play/${id}`) throw new Error(`the game's page left for ${blue.url()}`);
    await blue.locator("#status").filter({ hasText: "Red to move" }).waitFor();
    const present = await (await red.request.get(`${base}/api/games/${id}`)).json();
    if (present.people.presence[1].gone) throw new Error("reading the rules counts as leaving the game");

    // Blue leaves for good: Red is told, but a game without a clock waits — no countdown, no claim.
    await blue.context().close();
    await red.locator("#presence").filter({ hasText: "Your opponent left the game." }).waitFor();
    if (await red.locator("#claim-soon, #claim-win").count()) throw new Error("a claim is offered in a game without a clock");
    const left = await (await red.request.get(`${base}/api/games/${id}`)).json();
    if (left.people.presence[1].claim_in_ms !== null) throw new Error(`a claim counts down: ${JSON.stringify(left.people)}`);
  });
}
