// The lobby's featured game (issue 50, as lichess TV): a game between two people being played
// shows on the lobby with its players and its own board, follows each move live, and leads to
// the game; on a phone it fits the screen.

export function register(test, { base, shots, browser, until, apiPeopleGame }) {
  /** Plays `move` for `seat` in API game `game`. */
  async function play(request, game, seat, move) {
    const reply = await request.post(`${base}/api/games/${game.id}/moves`, { data: { move }, headers: { authorization: `Bearer ${game.tokens[seat]}` } });
    if (!reply.ok()) throw new Error(`${move}: ${await reply.text()}`);
  }

  /** The stones of each colour on the featured Ataxx board. */
  const stones = (page) => page.evaluate(() => ({
    x: document.querySelectorAll('#featured svg.board [data-stone="x"]').length,
    o: document.querySelectorAll('#featured svg.board [data-stone="o"]').length,
  }));

  test("featured: the lobby shows the game being played, live, and leads to it; on a phone it fits", async () => {
    const players = await browser();
    const game = await apiPeopleGame(players.request, { game: "ataxx" });
    await play(players.request, game, "p1", "a6");
    const lobby = await browser();
    await lobby.goto(`${base}/`);
    await lobby.locator(`#featured-link[data-game="${game.id}"]`).waitFor();
    await lobby.locator("#featured-status").filter({ hasText: "to move" }).waitFor();
    await until("the featured board shows the first move", async () => (await stones(lobby)).x === 3);
    // The next move shows without reloading: the box watches the game's socket.
    await play(players.request, game, "p2", "a2");
    await until("the featured board follows the second move", async () => (await stones(lobby)).o === 3, 10_000);
    await lobby.locator(".featured-card").screenshot({ path: shots + "featured-desktop.png" });
    // It leads to the game, where the lobby's visitor watches.
    await lobby.locator("#featured-link").click();
    await lobby.waitForURL(`${base}/play/${game.id}`);
    await lobby.locator("#moves button").nth(1).waitFor();
    // On a phone the box fits the screen's width.
    const phone = await browser({ width: 390, height: 844 });
    await phone.goto(`${base}/`);
    await phone.locator(`#featured-link[data-game="${game.id}"]`).waitFor();
    const width = await phone.evaluate(() => document.querySelector(".featured-card").getBoundingClientRect().right);
    if (width > 390) throw new Error(`the featured box reaches ${width} px on a 390 px phone`);
    await phone.locator(".featured-card").screenshot({ path: shots + "featured-phone.png" });
  });

  test("featured: an Amakta Infinit game in its stone creation shows the board alone, no player's controls or sets, and who plays each side", async () => {
    const players = await browser();
    const game = await apiPeopleGame(players.request, { game: "amakta-infinit" });
    const mover = async () => (await (await players.request.get(`${base}/api/games/${game.id}`)).json()).side_to_move;
    await play(players.request, game, await mover(), "bid 50");
    await play(players.request, game, await mover(), "accept");
    const lobby = await browser();
    await lobby.goto(`${base}/`);
    await lobby.locator(`#featured-link[data-game="${game.id}"]`).waitFor();
    await lobby.locator("#featured svg.amk-board").waitFor();
    // The creation's panel, the sets and the toolbar are the players' own: none shows in the box.
    const controls = await lobby.evaluate(() => document.querySelectorAll("#featured :is(.amk-extras, .amk-prompt, .amk-setup, .amk-inventory, #amk-create, button, select)").length);
    if (controls) throw new Error(`the featured box shows ${controls} of a player's controls`);
    const named = await lobby.locator(".featured-players").textContent();
    if (!/: anonymous – .+: anonymous$/.test(named)) throw new Error(`the featured box names the players ${named}`);
    await lobby.locator(".featured-card").screenshot({ path: shots + "featured-infinit.png" });
  });
}
