// Correspondence end to end, in two browsers: a seek with days per move accepted by a second
// account, moves typed on both sides with the time left shown, the game on the "your turn" lists
// of the lobby and the own profile, the game played on across a server restart, its own
// correspondence rating, and the finished game found by the search page `/games` (with a refused
// filter explained in English and German); the search's player field completes names, the start
// of one name finds that player, a name nobody has offers the names that start so, and aborted
// games come in only with "Include aborted games" (review 15, 8.1 and 8.2).

import { accountSteps, freshName } from "../people.mjs";

export function register(test, { base, shots, browser, server, stopServer, startServer, waitForMoves }) {
  const { signUp } = accountSteps(base);

  /** Types `move` into the game page's move field and plays it once it is the page's turn. */
  async function typeMove(page, move, plies) {
    await page.locator("#status").filter({ hasText: "Your turn" }).waitFor();
    await page.locator('input[name="move"]').fill(move);
    await page.locator(".move-form button[type=submit]").click();
    await waitForMoves(page, plies);
  }

  test("corresp: a correspondence game in two browsers: days per move, your turn, across a restart, rated apart, found by the search", async () => {
    const anna = freshName("cora");
    const bert = freshName("cobe");
    const a = await browser();
    const b = await browser();
    await signUp(a, anna);
    await signUp(b, bert);

    // Anna looks for a rated Ataxx game with three days per move, as Red; Bert accepts.
    await a.locator('[data-pick="ataxx"]').click();
    await a.locator("#play-seek").click();
    await a.locator('#create select[name="side"]').selectOption("p1");
    await a.locator('#create select[name="clock"]').selectOption("days:3");
    await a.locator('#create button[type="submit"]').click();
    await b.goto(`${base}/`);
    const offer = b.locator("#seek-list li").filter({ hasText: anna }).filter({ hasText: "3 days per move" });
    await offer.locator("[data-accept]").click();
    await b.waitForURL(/\/play\/[a-z0-9]+$/);
    const id = new URL(b.url()).pathname.split("/").pop();
    await a.waitForURL(`${base}/play/${id}`);
    for (const page of [a, b]) await page.locator("#game-meta").filter({ hasText: /3 days per move · \d d \d+ h left/ }).waitFor();

    // Anna moves; the game is then on Bert's "your turn" list in the lobby, with his time left.
    await typeMove(a, "f2", 1);
    await b.goto(`${base}/`);
    const turn = b.locator(`#your-turn li[data-turn="${id}"]`);
    await turn.filter({ hasText: anna }).filter({ hasText: /3 days per move · \d d \d+ h left/ }).waitFor();
    await b.screenshot({ path: shots + "corresp-your-turn.png" });
    await turn.locator("a").click();
    await b.waitForURL(`${base}/play/${id}`);
    await typeMove(b, "f6", 2);

    // The server restarts; the game and its deadline stay, and Anna plays on from the lobby's list.
    if (server) {
      await stopServer();
      await startServer();
    }
    await a.goto(`${base}/`);
    await a.locator(`#your-turn li[data-turn="${id}"]`).filter({ hasText: /left/ }).locator("a").click();
    await a.waitForURL(`${base}/play/${id}`);
    await a.locator("#game-meta").filter({ hasText: /3 days per move · \d d \d+ h left/ }).waitFor();
    await typeMove(a, "b6", 3);

    // Bert resigns; Anna's correspondence rating is listed apart from the others.
    await b.locator("#status").filter({ hasText: "Your turn" }).waitFor();
    await b.locator("#resign").click();
    await b.locator("#resign-yes").click();
    await a.locator("#result").waitFor();
    await a.goto(`${base}/@/${anna}`);
    await a.locator('#ratings tr[data-game="ataxx"][data-correspondence="1"]').filter({ hasText: "Ataxx · correspondence" }).waitFor();

    // The search page finds the game among Bert's lost games; the address keeps the filters.
    await a.locator("header a.nav-games").click();
    await a.waitForURL(`${base}/games`);
    await a.locator('#search-form input[name="player"]').fill(bert);
    await a.locator('#search-form select[name="result"]').selectOption("lost");
    await a.locator('#search-form select[name="game"]').selectOption("ataxx");
    await a.locator('#search-form button[type="submit"]').click();
    const found = a.locator(`#search-games tr[data-game="${id}"]`);
    await found.filter({ hasText: anna }).filter({ hasText: "3 days per move" }).filter({ hasText: "Red wins" }).waitFor();
    if (!a.url().includes(`player=${bert}`) || !a.url().includes("result=lost")) throw new Error(`the address ${a.url()} lost the filters`);
    await a.screenshot({ path: shots + "corresp-search.png" });
    await found.locator(`a[href="/play/${id}"]`).click();
    await a.waitForURL(`${base}/play/${id}`);

    // Opened from its address, the page searches again; a refused filter is explained in both languages.
    await a.goto(`${base}/games?player=nobody-${bert}`);
    await a.locator("#search-error").filter({ hasText: `no player 'nobody-${bert}'` }).waitFor();
    await a.locator('button[data-lang="de"]').click();
    await a.locator("#search-error").filter({ hasText: `kein Spieler „nobody-${bert}“` }).waitFor();
    await a.getByRole("heading", { name: "Partien suchen" }).waitFor();
    await a.locator('button[data-lang="en"]').click();
  });

  test("search: the player field offers names as typed; a unique start finds its player; no such player offers the names; aborted games only when asked", async () => {
    const stem = freshName("fi");
    const [anna, bert] = [`${stem}anna`, `${stem}bert`];
    const a = await browser();
    const b = await browser();
    await signUp(a, anna);
    await signUp(b, bert);
    // Two games of Anna's with Bert: one she resigns, one aborted before the second move.
    const game = async (end) => {
      const created = await (await a.request.post(`${base}/api/games`, { data: { game: "ataxx", opponent: "human" } })).json();
      const joined = await b.request.post(`${base}/api/games/${created.id}/join`, { data: { invite: created.invite.split("#invite=")[1] } });
      if (!joined.ok()) throw new Error(`not joined: ${joined.status()}`);
      const ended = await a.request.post(`${base}/api/games/${created.id}/${end}`, { data: {} });
      if (!ended.ok()) throw new Error(`${end}: ${ended.status()} ${await ended.text()}`);
      return created.id;
    };
    const resigned = await game("resign");
    const aborted = await game("abort");

    await a.goto(`${base}/games`);
    const field = a.locator('#search-form input[name="player"]');
    await field.pressSequentially(stem);
    const offered = a.locator("#player-names option");
    await a.waitForFunction((names) => [...document.querySelectorAll("#player-names option")].map((o) => o.value).join() === names, [anna, bert].join());
    if ((await offered.count()) !== 2) throw new Error("not both names offered");
    // The start of two names is nobody in particular: both are offered; one click searches for that player.
    await a.locator('#search-form button[type="submit"]').click();
    await a.locator("#search-error").filter({ hasText: `no player '${stem}'` }).waitFor();
    await a.locator(`#search-suggestions button[data-player="${anna}"]`).waitFor();
    await a.screenshot({ path: shots + "search-suggestions.png" });
    await a.locator(`#search-suggestions button[data-player="${bert}"]`).click();
    await a.locator(`#search-games tr[data-game="${resigned}"]`).waitFor();
    if (!a.url().includes(`player=${bert}`)) throw new Error(`the address ${a.url()} does not name ${bert}`);
    // The start of Anna's name alone finds her, the field and the address naming her in full.
    await field.fill(`${stem}AN`);
    await a.locator('#search-form button[type="submit"]').click();
    await a.waitForFunction((name) => document.querySelector('#search-form input[name="player"]').value === name, anna);
    if (!a.url().includes(`player=${anna}`)) throw new Error(`the address ${a.url()} does not name ${anna}`);
    await a.locator(`#search-games tr[data-game="${resigned}"]`).waitFor();
    if (await a.locator(`#search-games tr[data-game="${aborted}"]`).count()) throw new Error("an aborted game is listed");
    // Ticked, the aborted game comes in, and the address keeps the box.
    await a.locator('#search-form input[name="aborted"]').check();
    await a.locator(`#search-games tr[data-game="${aborted}"]`).waitFor();
    if (!a.url().includes("aborted=true")) throw new Error(`the address ${a.url()} lost the box`);
    await a.reload();
    await a.locator(`#search-games tr[data-game="${aborted}"]`).waitFor();
    if (!(await a.locator('#search-form input[name="aborted"]').isChecked())) throw new Error("the box was not kept");
    await a.screenshot({ path: shots + "search-aborted.png" });
  });
}
