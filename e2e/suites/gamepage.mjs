// The game page: rematch, the players' chat with its mute, imported records' tags, unknown
// paths, and nodes that survive updates (the page patches the panel instead of rebuilding it).

/** Adds this suite's tests (see the end of e2e/tests.mjs for `harness`). */
export function register(test, { base, shots, until, browser, apiPeopleGame, openSeat, waitForMoves }) {
  const post = (request, path, data, token) =>
    request.post(`${base}${path}`, { data, headers: token ? { authorization: `Bearer ${token}` } : {} });

  async function playMoves(request, id, tokens, moves) {
    for (const [seat, move] of moves) {
      const response = await post(request, `/api/games/${id}/moves`, { move }, tokens[seat]);
      if (!response.ok()) throw new Error(`${move}: ${await response.text()}`);
    }
  }

  const seatOf = (page, id) => page.evaluate((key) => JSON.parse(localStorage.getItem(key)), `spielwerk.game.${id}`);

  test("gamepage: rematch between two browsers — offer, live accept, seats swapped, both move on, the old game links to it", async () => {
    const red = await browser();
    const blue = await browser();
    const { id, tokens } = await apiPeopleGame(red.request, { game: "ataxx", clock: "5+2" });
    await openSeat(red, id, tokens.p1, "p1");
    await openSeat(blue, id, tokens.p2, "p2");
    if (await red.locator("#rematch-offer").count()) throw new Error("a rematch is offered while the game runs");
    await post(red.request, `/api/games/${id}/resign`, {}, tokens.p2);
    await red.locator("#rematch-offer").click();
    await red.getByText("Rematch offered — waiting for your opponent").waitFor();
    await blue.getByText("Red offers a rematch").waitFor();
    // Leaving the page withdraws the offer.
    await red.goto(`${base}/`);
    await blue.locator("#rematch-offer").waitFor();
    await red.goto(`${base}/play/${id}`);
    await red.locator("#rematch-offer").click();
    await blue.getByText("Red offers a rematch").waitFor();
    await blue.screenshot({ path: shots + "rematch-offered.png" });
    await blue.locator("#rematch-accept").click();
    await blue.waitForURL((url) => !url.pathname.endsWith(id));
    const fresh = new URL(blue.url()).pathname.split("/").pop();
    await red.waitForURL(`${base}/play/${fresh}`);
    if ((await seatOf(blue, fresh))?.seat !== "p1") throw new Error("Blue is not the first player of the rematch");
    if ((await seatOf(red, fresh))?.seat !== "p2") throw new Error("Red is not the second player of the rematch");
    await blue.locator("#status").filter({ hasText: "Your turn" }).waitFor();
    await red.getByText("You play Blue").waitFor();
    const state = await (await red.request.get(`${base}/api/games/${fresh}`)).json();
    if (!state.seats.every((s) => s.joined) || state.clock?.initial_ms !== 300_000) throw new Error(JSON.stringify(state.seats));
    // The new game is played by the new seats.
    await playMoves(blue.request, fresh, { p1: (await seatOf(blue, fresh)).token }, [["p1", "f2"]]);
    await waitForMoves(red, 1);
    // A reload of the old game leads to the new one.
    await red.goto(`${base}/play/${id}`);
    await red.locator("#rematch-go").click();
    await red.waitForURL(`${base}/play/${fresh}`);
    await red.getByText("You play Blue").waitFor();
  });

  test("gamepage: play the engine again with the sides swapped", async () => {
    const page = await browser();
    const created = await (await post(page.request, "/api/games", { game: "ataxx", opponent: "engine", level: 1 })).json();
    await openSeat(page, created.id, created.token, "p1");
    await post(page.request, `/api/games/${created.id}/resign`, {}, created.token);
    await page.locator("#rematch-offer").filter({ hasText: "Play again" }).click();
    await page.waitForURL((url) => !url.pathname.endsWith(created.id));
    await page.getByText("You play Blue").waitFor();
    await waitForMoves(page, 1);
  });

  test("gamepage: chat both ways, live; mute hides the opponent; spectators see none; German labels; nodes survive updates", async () => {
    const red = await browser();
    const blue = await browser();
    const watcher = await browser();
    const { id, tokens } = await apiPeopleGame(red.request, { game: "ataxx" });
    await openSeat(red, id, tokens.p1, "p1");
    await openSeat(blue, id, tokens.p2, "p2");
    await watcher.goto(`${base}/play/${id}`);
    await watcher.locator("svg.board").waitFor();
    await red.locator("#chat-input").fill("Good luck!");
    await red.locator("#chat-send").click();
    await blue.locator("#chat-log li[data-seat=p1]").filter({ hasText: "Good luck!" }).waitFor();
    await blue.locator("#chat-input").fill("Thanks, you too");
    await blue.locator("#chat-input").press("Enter");
    await red.locator("#chat-log li[data-seat=p2]").filter({ hasText: "Thanks, you too" }).waitFor();
    await red.locator("#chat-log li.mine").filter({ hasText: "You Good luck!" }).waitFor();
    await red.screenshot({ path: shots + "chat.png" });
    if (await watcher.locator("#chat").count()) throw new Error("a spectator sees the chat");

    // Half a message typed while the opponent moves keeps its text and the focus; the live region and the input stay the same nodes.
    await blue.locator("#chat-input").fill("half a mess");
    await blue.evaluate(() => {
      document.getElementById("announce").marked = "live";
      document.getElementById("chat-input").marked = "input";
      document.getElementById("resign").marked = "button";
    });
    await playMoves(red.request, id, tokens, [["p1", "f2"]]);
    await waitForMoves(blue, 1);
    await blue.locator("#announce").filter({ hasText: "f2" }).waitFor({ state: "attached" });
    const kept = await blue.evaluate(() => ({
      live: document.getElementById("announce").marked,
      input: document.getElementById("chat-input").marked,
      button: document.getElementById("resign").marked,
      value: document.getElementById("chat-input").value,
      focused: document.activeElement?.id,
    }));
    if (JSON.stringify(kept) !== JSON.stringify({ live: "live", input: "input", button: "button", value: "half a mess", focused: "chat-input" })) {
      throw new Error(`nodes replaced: ${JSON.stringify(kept)}`);
    }

    // Mute hides the opponent's messages, and is remembered in this browser.
    await red.locator("#chat-mute").click();
    await until("Blue's messages are hidden", async () => (await red.locator("#chat-log li[data-seat=p2]").count()) === 0);
    await red.getByText("1 message(s) of your opponent hidden").waitFor();
    await post(blue.request, `/api/games/${id}/chat`, { text: "are you there?" }, tokens.p2);
    await red.reload();
    await red.locator("#chat-log li.mine").waitFor();
    await red.getByText("2 message(s) of your opponent hidden").waitFor();
    if (await red.locator("#chat-log li[data-seat=p2]").count()) throw new Error("muted messages show after a reload");
    if ((await red.locator("#chat-mute").getAttribute("aria-pressed")) !== "true") throw new Error("the mute switch was forgotten");

    await blue.locator('button[data-lang="de"]').click();
    await blue.locator("#chat-send").filter({ hasText: "Senden" }).waitFor();
    await blue.locator("#chat-mute").filter({ hasText: "Gegner stummschalten" }).waitFor();
    await blue.locator("#chat-log li.mine").filter({ hasText: "Du Thanks, you too" }).waitFor();
    await blue.screenshot({ path: shots + "chat-de.png" });
    if (await watcher.locator("#chat, #chat-log").count()) throw new Error("a spectator sees the chat");
    if ((await watcher.content()).includes("Good luck")) throw new Error("the spectator's page holds chat text");
  });

  test("gamepage: an imported record shows its players' names, event and date, and no open seats", async () => {
    const page = await browser();
    const record = '[Game "ataxx"]\n[Event "Bremen Open"]\n[Site "Bremen"]\n[Date "2024.05.01"]\n[Round "2"]\n[Red "Ada"]\n[Blue "Grace"]\n\n1. f2 f6 *';
    const imported = await (await post(page.request, "/api/records", { record })).json();
    await page.goto(`${base}/play/${imported.id}`);
    await page.locator('[data-seat="p1"]').filter({ hasText: "Ada" }).waitFor();
    await page.locator('[data-seat="p2"]').filter({ hasText: "Grace" }).waitFor();
    await page.locator("#record-tags").filter({ hasText: "Bremen Open · Bremen · 2024.05.01 · round 2" }).waitFor();
    if (await page.getByText("open", { exact: true }).count()) throw new Error("a seat shows as open");
    await page.screenshot({ path: shots + "record-tags.png" });
    await page.locator('button[data-lang="de"]').click();
    await page.locator("#record-tags").filter({ hasText: "Runde 2" }).waitFor();
    const text = await (await page.request.get(`${base}/api/games/${imported.id}/record`)).text();
    if (!text.includes('[Event "Bremen Open"]') || !text.includes('[Red "Ada"]')) throw new Error(text);
  });

  test("gamepage: unknown paths get the friendly page with 404, unknown API paths JSON", async () => {
    const page = await browser();
    const response = await page.goto(`${base}/nonsense/path`);
    if (response.status() !== 404) throw new Error(`status ${response.status()}`);
    await page.locator("#not-found").waitFor();
    const api = await page.request.get(`${base}/api/nope`);
    const body = await api.json();
    if (api.status() !== 404 || !body.message?.de) throw new Error(`${api.status()} ${JSON.stringify(body)}`);
  });
}
