// Accounts end to end: sign-up and log-in with their errors at the fields (English and German),
// a seek accepted by a second account in another browser, the rated clocked game to its end with
// both ratings changing on both pages, a rematch between the accounts, the profile and its filters, the finished game's analysis board
// with its evaluation graph, a seat continued in a third browser after log-in, and "My games" with and without an account.

import { accountSteps, freshName } from "../people.mjs";

export function register(test, { base, shots, browser, until, PLAY_BY_CLICKING, createFromLobby }) {
  const { signUp, stateOf, twoAccounts } = accountSteps(base);

  test("accounts: a seek accepted in another browser becomes a rated clocked game; both see both ratings change; a rematch keeps the accounts; the profile lists and filters it", async () => {
    const { anna, bert, a, b } = await twoAccounts(browser);

    // Anna looks for a rated Ataxx 5+3 game; Bert sees it in his lobby with her provisional rating.
    await a.locator('[data-pick="ataxx"]').click();
    await a.locator("#play-seek").click();
    await a.locator('#create select[name="clock"]').selectOption("5+3");
    if (!(await a.locator('#create input[name="rated"]').isChecked())) throw new Error("seeks are rated by default");
    await a.locator('#create button[type="submit"]').click();
    await a.locator("#seek-list li").filter({ hasText: anna }).locator("[data-cancel]").waitFor();
    await b.goto(`${base}/`);
    const offer = b.locator("#seek-list li").filter({ hasText: anna });
    await offer.filter({ hasText: "Ataxx 5+3 rated" }).filter({ hasText: "(1500?)" }).waitFor();
    await b.screenshot({ path: shots + "accounts-seek.png" });
    await offer.locator("[data-accept]").click();

    // Both browsers go to the game: Bert at once, Anna when her lobby learns of it.
    await b.waitForURL(/\/play\/[a-z0-9]+$/);
    const id = new URL(b.url()).pathname.split("/").pop();
    await a.waitForURL(`${base}/play/${id}`);
    for (const page of [a, b]) await page.locator("#board svg.board").waitFor();
    const [aState, bState] = [await stateOf(a, id), await stateOf(b, id)];
    if (!aState.rated || !aState.clock || !aState.you || aState.you === bState.you) throw new Error(`seats ${aState.you} ${bState.you}`);
    const first = aState.you === "p1" ? a : b;
    const second = first === a ? b : a;
    for (const page of [a, b]) {
      // Newcomers: the rating is provisional during play too, as on the profile and in the seek list.
      await page.locator('[data-rating="p1"]').filter({ hasText: "(1500?)" }).waitFor();
      await page.locator(".acct-name").filter({ hasText: anna }).waitFor();
      await page.locator(".acct-name").filter({ hasText: bert }).waitFor();
    }

    // The first player moves by clicking (no token in this browser: the session plays the seat);
    // the second resigns.
    await first.locator("#status").filter({ hasText: "Your turn" }).waitFor();
    await PLAY_BY_CLICKING.ataxx(first);
    await second.locator("#status").filter({ hasText: "Your turn" }).waitFor();
    await second.locator("#resign").click();
    await second.locator("#resign-yes").click();
    for (const page of [a, b]) {
      await page.locator("#result").waitFor();
      await page.locator('[data-rating-change]').nth(1).waitFor();
      const winner = await page.locator('[data-rating-change="p1"]').textContent();
      const loser = await page.locator('[data-rating-change="p2"]').textContent();
      if (!/^1500\? → 1\d{3} \(\+\d+\)$/.test(winner) || !/^1500\? → 1\d{3} \(−\d+\)$/.test(loser)) throw new Error(`${winner} / ${loser}`);
      // The clock stays beside the names and rating change, not on a line of its own (look).
      const besideNames = await page.locator('.seat[data-seat="p1"]').evaluate((row) => {
        const clock = row.querySelector("[data-clock]").getBoundingClientRect();
        const names = row.querySelector(".seat-names").getBoundingClientRect();
        return clock.top < names.bottom && clock.bottom > names.top && clock.left >= names.right - 1;
      });
      if (!besideNames) throw new Error("the clock drops onto its own line after the rated game");
    }
    await first.screenshot({ path: shots + "accounts-rated-game.png" });

    // A rematch keeps both accounts, on swapped seats, rated, with the ratings after the game.
    const winnerAfter = (await first.locator('[data-rating-change="p1"]').textContent()).split(" → ")[1].split(" ")[0];
    await second.locator("#rematch-offer").click();
    await first.locator("#rematch-accept").click();
    await first.waitForURL((url) => url.pathname.startsWith("/play/") && !url.pathname.endsWith(id));
    const rematchId = new URL(first.url()).pathname.split("/").pop();
    await second.waitForURL(`${base}/play/${rematchId}`);
    // After one game the rating is still provisional (its deviation above 110): "(1662?)".
    for (const page of [a, b]) await page.locator(`[data-rating="p2"]`).filter({ hasText: `(${winnerAfter}?)` }).waitFor();
    const rematchState = await stateOf(second, rematchId);
    if (rematchState.you !== "p1" || !rematchState.rated) throw new Error(`rematch seat ${rematchState.you}, rated ${rematchState.rated}`);
    await first.goto(`${base}/`);

    // The winner's profile: the rating, the game; the filters find it as won, not as lost.
    const winnerName = first === a ? anna : bert;
    await first.locator("#account-name").click();
    await first.waitForURL(`${base}/@/${winnerName}`);
    // Both games are listed; the filters find the rated one as won, not as lost.
    await first.locator(`#player-games tr[data-game="${rematchId}"][data-result="running"]`).waitFor();
    await first.locator('#ratings tr[data-game="ataxx"] .rating').filter({ hasText: /^1\d{3}\? \(provisional\)$/ }).waitFor();
    await first.locator(`#player-games tr[data-game="${id}"][data-result="won"]`).waitFor();
    await first.locator('select[name="result"]').selectOption("lost");
    await first.locator("#no-player-games").waitFor();
    await first.locator('select[name="result"]').selectOption("won");
    await first.locator(`#player-games tr[data-game="${id}"]`).waitFor();
    await first.locator('select[name="game"]').selectOption("abalone");
    await first.locator("#no-player-games").waitFor();
    await first.locator('select[name="game"]').selectOption("ataxx");
    await first.locator(`#player-games tr[data-game="${id}"]`).waitFor();
    await first.screenshot({ path: shots + "accounts-profile.png" });
    await first.locator('button[data-lang="de"]').click();
    await first.getByRole("heading", { name: "Wertungen" }).waitFor();
    await first.locator(`#player-games tr[data-game="${id}"] td.result`).filter({ hasText: /^gewonnen \(\+\d+\)$/ }).waitFor();
    await first.locator('button[data-lang="en"]').click();

    // The finished rated game's analysis board: its evaluation graph fills with progress and is complete.
    await first.goto(`${base}/play/${id}`);
    await first.locator("#analysis-board-link").click();
    await first.waitForURL(`${base}/analysis/${id}`);
    await until("the evaluation graph is complete", () =>
      first.locator("#ab-progress").evaluate((p) => Number(p.dataset.total) > 1 && p.dataset.done === p.dataset.total).catch(() => false),
    );
    const positions = await first.locator("#ab-progress").evaluate((p) => Number(p.dataset.total));
    const points = Number(await first.locator("#ab-graph").getAttribute("data-points"));
    if (points !== positions) throw new Error(`${points} points on the graph for ${positions} positions`);
    await first.screenshot({ path: shots + "accounts-analysis.png" });
  });

  test("accounts: errors at their fields in English and German; a seat continues in a third browser after log-in; my games", async () => {
    const carla = freshName("carla");
    const laptop = await browser();
    await signUp(laptop, carla);
    const id = await createFromLobby(laptop, { game: "ataxx", opponent: "human" });
    await laptop.locator('[data-rating="p1"]').waitFor();

    // Another browser: a taken name at its field and a wrong password for the form, in both languages.
    const phone = await browser();
    await phone.goto(`${base}/`);
    await phone.locator("#sign-in").click();
    await phone.waitForURL(`${base}/login`);
    await phone.locator('#signup input[name="name"]').fill(carla.toUpperCase());
    await phone.locator('#signup input[name="password"]').fill("another-pass");
    await phone.locator('#signup button[type="submit"]').click();
    await phone.locator('#signup [data-error="name"]').filter({ hasText: "is taken" }).waitFor();
    // A bad name and a too short password: both are said at once.
    await phone.locator('#signup input[name="name"]').fill("x");
    await phone.locator('#signup input[name="password"]').fill("123");
    await phone.locator('#signup button[type="submit"]').click();
    await phone.locator('#signup [data-error="password"]').filter({ hasText: "Too short: a password has at least 8 characters" }).waitFor();
    await phone.locator('#signup [data-error="name"]').waitFor();
    await phone.locator('#signup input[name="name"]').fill(carla.toUpperCase());
    await phone.locator('#signup input[name="password"]').fill("another-pass");
    await phone.locator('#login input[name="name"]').fill(carla);
    await phone.locator('#login input[name="password"]').fill("wrong-pass");
    await phone.locator('#login button[type="submit"]').click();
    // A wrong password and an unknown name get the same answer (no name
    // enumeration), for the form as a whole.
    await phone.locator('#login [data-error="form"]').filter({ hasText: "wrong name or password" }).waitFor();
    await phone.screenshot({ path: shots + "accounts-login-errors.png" });
    await phone.locator('button[data-lang="de"]').click();
    await phone.locator('#login button[type="submit"]').click();
    await phone.locator('#login [data-error="form"]').filter({ hasText: "falscher Name oder falsches Passwort" }).waitFor();
    await phone.locator('#signup button[type="submit"]').click();
    await phone.locator('#signup [data-error="name"]').filter({ hasText: "schon vergeben" }).waitFor();
    await phone.locator('button[data-lang="en"]').click();

    // Logged in, the phone lists the game under "My games" and plays the seat (no token here).
    await phone.locator('#login input[name="password"]').fill("secret-pass");
    await phone.locator('#login button[type="submit"]').click();
    await phone.waitForURL(`${base}/`);
    await phone.locator(`#my-games li[data-game="${id}"]`).filter({ hasText: "your turn" }).click();
    await phone.waitForURL(`${base}/play/${id}`);
    await phone.getByText("You play Red").waitFor();
    const token = await phone.evaluate((key) => localStorage.getItem(key), `spielwerk.game.${id}`);
    if (token !== null) throw new Error("the phone keeps no token");
    // The opponent joins with the invite, then the phone moves for the seat.
    const invite = (await laptop.locator("#invite").inputValue()).split("#invite=")[1];
    const guest = await browser();
    await guest.goto(`${base}/play/${id}#invite=${invite}`);
    await guest.locator("svg.board").waitFor();
    await phone.locator("#status").filter({ hasText: "Your turn" }).waitFor();
    await PLAY_BY_CLICKING.ataxx(phone);
    await until("the move is stored", async () => (await stateOf(guest, id)).ply === 1);
    await laptop.locator('#moves button[data-move="f2"]').waitFor();

    // Signed out, "My games" lists the games whose seats this browser keeps.
    await guest.goto(`${base}/`);
    await guest.locator(`#my-games li[data-game="${id}"]`).filter({ hasText: "your turn" }).waitFor();
    await phone.locator("#sign-out").click();
    await phone.locator("#sign-in").waitFor();
    await phone.locator("#my-games").getByText("You have no running games.").waitFor();
  });

  test("accounts: a game against the computer is the account's — named on its page, in My games and the profile (unrated), played on from a phone after log-in", async () => {
    const dora = freshName("dora");
    const laptop = await browser();
    await signUp(laptop, dora);
    const id = await createFromLobby(laptop, { game: "ataxx" });
    await laptop.locator('.seat[data-seat="p1"] .acct-name').filter({ hasText: dora }).waitFor();
    if ((await stateOf(laptop, id)).seats[0].account?.name !== dora) throw new Error("the game is not bound to the account");
    await laptop.locator("#status").filter({ hasText: "Your turn" }).waitFor();
    await PLAY_BY_CLICKING.ataxx(laptop);
    await until("the engine answers", async () => (await stateOf(laptop, id)).ply === 2);

    // The phone logs in: the game is under My games, and its seat is played there (no token).
    const phone = await browser({ width: 390, height: 844 });
    await phone.goto(`${base}/login`);
    await phone.locator('#login input[name="name"]').fill(dora);
    await phone.locator('#login input[name="password"]').fill("secret-pass");
    await phone.locator('#login button[type="submit"]').click();
    await phone.waitForURL(`${base}/`);
    await phone.locator(`#my-games li[data-game="${id}"]`).click();
    await phone.waitForURL(`${base}/play/${id}`);
    await phone.getByText("You play Red").waitFor();
    await phone.locator("#status").filter({ hasText: "Your turn" }).waitFor();
    const move = (await stateOf(phone, id)).legal_moves[0];
    await phone.locator('input[name="move"]').fill(move);
    await phone.locator(".move-form button[type=submit]").click();
    await until("the phone's move and the engine's answer are played", async () => (await stateOf(phone, id)).ply === 4);
    await laptop.locator(`#moves button[data-ply="3"][data-move="${move}"]`).waitFor();
    await phone.screenshot({ path: shots + "accounts-engine-phone.png" });

    // Over, the profile lists it against the engine, casual, lost; no rating came of it.
    await phone.locator("#resign").click();
    await phone.locator("#resign-yes").click();
    await phone.locator("#result").waitFor();
    await laptop.goto(`${base}/@/${dora}`);
    const row = laptop.locator(`tr[data-game="${id}"]`);
    await row.filter({ hasText: "Engine" }).filter({ hasText: "casual" }).waitFor();
    if ((await row.getAttribute("data-result")) !== "lost") throw new Error(`the profile's result: ${await row.getAttribute("data-result")}`);
    const profile = await (await laptop.request.get(`${base}/api/players/${dora}`)).json();
    if (profile.ratings.length) throw new Error(`a game against the engine made a rating: ${JSON.stringify(profile.ratings)}`);
  });
}
