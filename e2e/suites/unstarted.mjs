// The beginning and the non-ending of games, defects of issue 50 taken from the entries a person
// takes: Resign and Offer draw wait until the friend has taken the seat; the creator's invite box
// outlives reloads (and Amakta's circle step), a visitor without the invite is told to ask for it,
// the account's player on a device without the link is told where it is and makes a new link there; a game nobody began
// leaves the lobby's running games (its player still finds it under "My games"); an aborted
// game has no result on the game page, in the search and on the profile, and counts nowhere;
// and every page kind has a title of its own, in English and German.

import { accountSteps, freshName } from "../people.mjs";

export function register(test, { base, browser, until, server, stopServer, startServer, createFromLobby, PLAY_BY_CLICKING }) {
  const { signUp, stateOf, twoAccounts } = accountSteps(base);

  /** Logs `name` (signed up before, password "secret-pass") in on the page's sign-in page. */
  async function logIn(page, name) {
    await page.goto(`${base}/login`);
    await page.locator('#login input[name="name"]').fill(name);
    await page.locator('#login input[name="password"]').fill("secret-pass");
    await page.locator('#login button[type="submit"]').click();
    await page.locator("#account-name").filter({ hasText: name }).waitFor();
  }

  test("unstarted: Resign and Offer draw show only once the friend has taken the seat, then live", async () => {
    const host = await browser();
    await host.goto(`${base}/`);
    await host.locator('[data-pick="ataxx"]').click();
    await host.locator("#play-friend").click();
    await host.locator('#create button[type="submit"]').click();
    await host.waitForURL(/\/play\/[a-z0-9]+$/);
    const invite = await host.locator("#invite").inputValue();
    await host.locator("#status").waitFor();
    for (const action of ["#resign", "#draw"]) {
      if (await host.locator(action).count()) throw new Error(`${action} shows before the opponent has joined`);
    }
    const friend = await browser({ width: 390, height: 844 });
    await friend.goto(invite);
    await friend.locator("#board svg.board").waitFor();
    // The host's page learns of the friend over its socket, without a reload.
    await host.locator("#resign").waitFor();
    await host.locator("#draw").waitFor();
    await friend.locator("#resign").waitFor();
  });

  test("unstarted: the invite box outlives a reload and still seats the friend; a visitor without the invite is told to ask for it", async () => {
    const host = await browser();
    const id = await createFromLobby(host, { game: "ataxx", opponent: "human" });
    const invite = await host.locator("#invite").inputValue();
    if (!invite.includes("#invite=")) throw new Error(`the invite box holds ${invite}`);
    await host.reload();
    await host.locator("#board svg.board").waitFor();
    const kept = await host.locator("#invite").inputValue();
    if (kept !== invite) throw new Error(`after a reload the invite box holds ${kept}, not ${invite}`);
    await host.locator(".invite button").filter({ hasText: "Copy" }).click();
    await host.locator(".invite button").filter({ hasText: "Copied" }).waitFor();
    if (await host.locator("#seat-open-hint").count()) throw new Error("the creator is told to ask for the invite link");

    // Without the invite: a spectator told what to do, in English and German, with no way to the seat.
    const visitor = await browser();
    await visitor.goto(`${base}/play/${id}`);
    await visitor.locator("#board svg.board").waitFor();
    await visitor.locator("#seat-open-hint").filter({ hasText: "ask whoever invited you for the invite link" }).waitFor();
    if (await visitor.locator("#invite").count()) throw new Error("the visitor without the invite sees an invite box");
    await visitor.locator('button[data-lang="de"]').click();
    await visitor.locator("#seat-open-hint").filter({ hasText: "Einladungslink" }).waitFor();
    await visitor.locator('button[data-lang="en"]').click();

    // The link from the reloaded page seats the friend; the box and the hint go.
    const friend = await browser();
    await friend.goto(kept);
    await friend.locator("#board svg.board").waitFor();
    await friend.locator("#resign").waitFor();
    await host.locator("#invite").waitFor({ state: "detached" });
    await visitor.locator("#seat-open-hint").waitFor({ state: "detached" });
  });

  test("unstarted: in Amakta the invite box stays after the signed-in creator's circle step and a reload; on a device without the link the signed-in creator is told where it is and makes a new link there, which seats the friend (the old one no longer does)", async () => {
    const host = await browser();
    const name = freshName("ivy");
    await signUp(host, name);
    const id = await createFromLobby(host, { game: "amakta", opponent: "human" });
    const invite = await host.locator("#invite").inputValue();
    await host.locator('[data-circle-choice="none"]:not([disabled])').click();
    await until("the circle step is played", async () => (await host.locator("#moves button").count()) >= 1);
    const after = await host.locator("#invite").inputValue();
    if (after !== invite) throw new Error(`after the circle step the invite box holds ${after}, not ${invite}`);
    await host.reload();
    await host.locator("#board svg").first().waitFor();
    const kept = await host.locator("#invite").inputValue();
    if (kept !== invite) throw new Error(`after a reload the invite box holds ${kept}, not ${invite}`);
    if (await host.locator("#invite-elsewhere").count()) throw new Error("the creator holding the link is told it is elsewhere");
    // Another device of the account: the seat without its token and link (the server keeps only the link's hash).
    const laptop = await browser();
    await logIn(laptop, name);
    await laptop.goto(`${base}/play/${id}`);
    await laptop.locator("#invite-elsewhere").filter({ hasText: "only in the browser that created this game" }).waitFor();
    if (await laptop.locator("#seat-open-hint").count()) throw new Error("the account's player is told to ask for the invite link");
    if (await laptop.locator("#invite").count()) throw new Error("a device without the link shows an invite box");
    // It makes a new link there: the old one stops working, the new one seats the friend.
    await laptop.locator("#new-invite").filter({ hasText: "Make a new invite link" }).click();
    await laptop.locator("#invite").waitFor();
    const renewed = await laptop.locator("#invite").inputValue();
    if (!renewed.includes(`/play/${id}#invite=`) || renewed === invite) throw new Error(`the new invite box holds ${renewed}`);
    const late = await browser();
    const refused = await late.request.post(`${base}/api/games/${id}/join`, { data: { invite: invite.split("#invite=")[1] } });
    if (refused.status() !== 403) throw new Error(`the old link still answers ${refused.status()}`);
    const friend = await browser();
    await friend.goto(renewed);
    await friend.locator("#board svg").first().waitFor();
    await until("the friend holds the second seat", async () => (await stateOf(laptop, id)).seats.every((s) => s.joined));
    await laptop.locator("#invite").waitFor({ state: "detached" });
    await laptop.locator("#invite-elsewhere").waitFor({ state: "detached" });
  });

  test("unstarted: a game nobody began leaves the lobby's running games, a begun one stays; the player still finds it under My games", async () => {
    if (!server) return console.log("    skipped: the server was not started by e2e/run.sh");
    await stopServer();
    await startServer(["--unstarted-listed-secs", "6"]);
    try {
      const player = await browser();
      // An invitation nobody takes, and a game against the engine with a move played.
      const waiting = await createFromLobby(player, { game: "abalone", opponent: "human" });
      const begun = await createFromLobby(player, { game: "ataxx" });
      await player.locator("#status").filter({ hasText: "Your turn" }).waitFor();
      await PLAY_BY_CLICKING.ataxx(player);
      await until("the move is played", async () => (await player.locator("#moves button").count()) >= 1);

      const watcher = await browser();
      await watcher.goto(`${base}/`);
      await watcher.locator(`#running tr[data-game="${begun}"]`).waitFor();
      // The lobby refreshes its list by itself; the unbegun game leaves it, the begun one stays.
      await watcher.locator(`#running tr[data-game="${waiting}"]`).waitFor({ state: "detached", timeout: 60_000 });
      await watcher.reload();
      await watcher.locator(`#running tr[data-game="${begun}"]`).waitFor();
      if (await watcher.locator(`#running tr[data-game="${waiting}"]`).count()) throw new Error("the game nobody began is listed again after a reload");
      // Its player finds it under My games and can still send the invitation.
      await player.goto(`${base}/`);
      await player.locator(`.my-games li[data-game="${waiting}"]`).click();
      await player.waitForURL(`${base}/play/${waiting}`);
      await player.locator("#invite").waitFor();
    } finally {
      await stopServer();
      await startServer();
    }
  });

  test("unstarted: an aborted game has no result — the game page, its state, the search and the profile call it aborted and count it nowhere", async () => {
    const { anna, bert, a, b } = await twoAccounts(browser);
    const created = await (
      await a.request.post(`${base}/api/games`, { data: { game: "ataxx", opponent: "human", side: "p1", clock: "3+2", rated: true } })
    ).json();
    const joined = await b.request.post(`${base}/api/games/${created.id}/join`, { data: { invite: created.invite.split("#invite=")[1] } });
    if (!joined.ok()) throw new Error(`join: ${await joined.text()}`);
    const id = created.id;
    for (const page of [a, b]) {
      await page.goto(`${base}/play/${id}`);
      await page.locator("#board svg.board").waitFor();
    }
    await a.locator("#status").filter({ hasText: "Your turn" }).waitFor();
    await PLAY_BY_CLICKING.ataxx(a);
    await b.locator("#status").filter({ hasText: "Your turn" }).waitFor();
    await b.locator("#abort").click();

    // The game page: aborted, no draw, no rating change.
    for (const page of [a, b]) {
      const result = page.locator("#result").filter({ hasText: "aborted" });
      await result.waitFor();
      if (/draw/i.test(await result.textContent())) throw new Error(`the aborted game reads as a draw: ${await result.textContent()}`);
      if (await page.locator("[data-rating-change]").count()) throw new Error("an aborted game changed the ratings");
    }
    const state = await stateOf(a, id);
    if (state.outcome?.result !== "*" || state.outcome.winner !== null || state.outcome.reason !== "aborted") throw new Error(`the state ends ${JSON.stringify(state.outcome)}`);

    // The search: no result, aborted, in English and German.
    // Hidden by default; listed, as aborted, with "Include aborted games" (kept in the address).
    await b.goto(`${base}/games?player=${anna}&aborted=true`);
    const found = b.locator(`#search-games tr[data-game="${id}"] td.result`);
    await found.filter({ hasText: "Game aborted" }).filter({ hasText: "aborted" }).waitFor();
    await b.locator('#search-form input[name="aborted"]').uncheck();
    await found.waitFor({ state: "detached" });
    await b.locator('#search-form input[name="aborted"]').check();
    await found.filter({ hasText: "Game aborted" }).waitFor();
    if (/draw/i.test(await found.textContent())) throw new Error(`the search calls it a draw: ${await found.textContent()}`);
    if ((await found.textContent()).includes("(*)")) throw new Error(`the search shows PGN's "(*)": ${await found.textContent()}`);
    await b.locator('button[data-lang="de"]').click();
    await found.filter({ hasText: "Partie abgebrochen" }).filter({ hasText: "abgebrochen" }).waitFor();
    await b.locator('button[data-lang="en"]').click();

    // The profile: listed as aborted, not found among the drawn games, no rated game, no Ataxx rating.
    await a.goto(`${base}/@/${anna}`);
    await a.locator('.filters input[name="aborted"]').check();
    await a.locator(`#player-games tr[data-game="${id}"][data-result="aborted"] td.result`).filter({ hasText: "aborted" }).waitFor();
    const rated = await a.locator("#profile-stats .profile-stat").filter({ hasText: /rated/ }).locator("strong").textContent();
    if (rated !== "0") throw new Error(`the profile counts ${rated} rated games`);
    await a.locator('#ratings tr[data-unrated="ataxx"]').waitFor();
    if (await a.locator('#ratings tr[data-game="ataxx"]').count()) throw new Error("an Ataxx rating from an aborted game");
    await a.locator('select[name="result"]').selectOption("drawn");
    await a.locator("#no-player-games").waitFor();
  });

  test("unstarted: every page kind has a title of its own naming the page and its game, kept across client-side moves and a change of language", async () => {
    const name = freshName("tina");
    const page = await browser();
    await signUp(page, name);
    const game = await createFromLobby(page, { game: "ataxx" });
    const paths = [
      "/",
      "/rules/ataxx",
      "/rules/formation",
      "/learn",
      "/learn/abalone",
      "/puzzles",
      "/puzzles/amakta",
      "/research/amakta",
      "/settings",
      "/games",
      `/@/${name}`,
      `/play/${game}`,
      `/analysis/${game}`,
    ];
    const titles = async () => {
      const seen = new Map();
      for (const path of paths) {
        await page.goto(`${base}${path}`);
        await page.locator("main > .page-host > *").first().waitFor();
        // Pages that load their content set their title once it came; wait for it to settle.
        let title = "";
        let same = 0;
        await until(`${path} has its title`, async () => {
          const now = await page.title();
          same = now === title ? same + 1 : 0;
          title = now;
          return same >= 5;
        });
        seen.set(path, title);
      }
      return seen;
    };
    const english = await titles();
    const names = [...english.values()];
    if (new Set(names).size !== names.length) throw new Error(`pages share a title: ${JSON.stringify([...english])}`);
    for (const [path, title] of english) {
      if (!title.endsWith("Spielwerk")) throw new Error(`${path}: "${title}" does not name the site`);
      if (path !== "/" && title === "Spielwerk") throw new Error(`${path}: only the site's name`);
    }
    const expect = { "/rules/ataxx": "Ataxx", "/rules/formation": "Die Formation", "/learn/abalone": "Abalone", "/puzzles/amakta": "Amakta", [`/@/${name}`]: name };
    for (const [path, word] of Object.entries(expect)) {
      if (!english.get(path).includes(word)) throw new Error(`${path}: "${english.get(path)}" does not name ${word}`);
    }
    // A link followed in the page (no new load) brings the next page's title.
    await page.goto(`${base}/`);
    await page.locator('header a[href="/puzzles"]').first().click();
    await until("the puzzles title after a link", async () => (await page.title()) === english.get("/puzzles"));
    // A change of language changes the title at once.
    await page.goto(`${base}/rules/ataxx`);
    await page.locator('button[data-lang="de"]').click();
    await until("the German rules title", async () => (await page.title()).startsWith("Regeln: Ataxx"));
    const german = await titles();
    await page.locator('button[data-lang="en"]').click();
    for (const [path, title] of german) {
      if (path !== "/" && path !== `/@/${name}` && title === english.get(path)) {
        throw new Error(`${path}: the title "${title}" stays English in German`);
      }
    }
  });
}
