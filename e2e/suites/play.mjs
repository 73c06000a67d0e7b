// The play loop's defects of issue 50, each from the entry a person takes: "Confirm each move"
// (set on the settings page) holds a move clicked in Ataxx, Abalone and Die Formation until Play,
// on a desktop and a phone; the analysis board opens without scrolling the window and keeps it
// still while stepping through the moves; a finished game's one analysis button leads to the
// analysis board; the phone's ☰ menu reaches every page the header links; the header's badge
// shows the games waiting on the account's move on every page and leads to them: the one waiting
// longest, and from its page on to the next (review 15, 7.5: it led to the lobby).

import { accountSteps, freshName } from "../people.mjs";
import { finishedGame } from "./analysis.mjs";

export function register(test, { base, shots, browser, until, createFromLobby, PLAY_BY_CLICKING, waitForMoves }) {
  const { signUp } = accountSteps(base);
  const PHONE = { width: 390, height: 844 };

  /** Switches "Confirm each move" on, on the settings page as a person does. */
  async function confirmEachMove(page) {
    await page.goto(`${base}/settings`);
    await page.locator('input[name="confirmMoves"]').check();
    await until("the setting is kept", () => page.evaluate(() => JSON.parse(localStorage.getItem("spielwerk-settings") || "{}").confirmMoves === true), 5000);
  }

  const moveCount = (page) => page.locator("#moves button").count();

  test("play: with Confirm each move a clicked move waits for Play in Ataxx, Abalone and Die Formation; Cancel and Escape drop it, Enter plays it", async () => {
    const page = await browser();
    await confirmEachMove(page);
    for (const game of ["ataxx", "abalone", "formation"]) {
      await createFromLobby(page, { game });
      await page.locator("#status").filter({ hasText: "Your turn" }).waitFor();
      // The first click plays nothing: the move waits in the panel, marked on the board.
      await PLAY_BY_CLICKING[game](page);
      await page.locator("#pending-move").waitFor();
      await page.locator("svg.board [data-premove]").first().waitFor();
      if (await moveCount(page)) throw new Error(`${game}: the move was played without Play`);
      if (game === "ataxx") await page.screenshot({ path: shots + "play-confirm-ataxx.png" });
      // Cancel drops it; so does Escape.
      await page.locator("#pending-cancel").click();
      await page.locator("#pending-move").waitFor({ state: "detached" });
      await PLAY_BY_CLICKING[game](page);
      await page.locator("#pending-move").waitFor();
      await page.keyboard.press("Escape");
      await page.locator("#pending-move").waitFor({ state: "detached" });
      if (await moveCount(page)) throw new Error(`${game}: a dropped move was played`);
      // Play plays it (for Ataxx, Enter does).
      await PLAY_BY_CLICKING[game](page);
      const pending = await page.locator("#pending-move").getAttribute("data-move");
      if (game === "ataxx") await page.keyboard.press("Enter");
      else await page.locator("#pending-play").click();
      await waitForMoves(page, 1);
      const first = await page.locator("#moves button").first().getAttribute("data-move");
      if (first !== pending) throw new Error(`${game}: played ${first}, confirmed ${pending}`);
    }
  });

  test("play: on a phone the move waiting for Play shows above the board, in view, and plays from there", async () => {
    const page = await browser(PHONE);
    await confirmEachMove(page);
    await createFromLobby(page, { game: "ataxx" });
    await PLAY_BY_CLICKING.ataxx(page);
    const play = page.locator("#turn .pending-play");
    await play.waitFor();
    const box = await play.boundingBox();
    if (!box || box.y < 0 || box.y + box.height > PHONE.height) throw new Error(`Play is out of view: ${JSON.stringify(box)}`);
    await page.screenshot({ path: shots + "play-confirm-phone.png" });
    await play.click();
    await waitForMoves(page, 1);
  });

  test("play: the analysis board opens with the window at the top on a desktop and a phone, and stepping through the moves (keys, a click on a move) keeps it there", async () => {
    const { id } = await finishedGame((await browser()).request, { base, until }, "ataxx", 25);
    for (const viewport of [{ width: 1280, height: 800 }, PHONE]) {
      const page = await browser(viewport);
      await page.goto(`${base}/analysis/${id}`);
      await page.locator(".ab-tree .current").waitFor();
      await page.locator("#ab-where").waitFor();
      const scrolled = () => page.evaluate(() => window.scrollY);
      if ((await scrolled()) !== 0) throw new Error(`${viewport.width} px: the window scrolled by ${await scrolled()} px on load`);
      for (const key of ["ArrowLeft", "ArrowLeft", "Home", "ArrowRight", "End"]) {
        await page.keyboard.press(key);
        if ((await scrolled()) !== 0) throw new Error(`${viewport.width} px: ${key} scrolled the window by ${await scrolled()} px`);
      }
      // A click on a move of the list goes there without scrolling the window (a DOM click: Playwright's
      // own would scroll the move into view first).
      await page.locator('.ab-tree .ab-move[data-ply="3"]').evaluate((move) => move.click());
      await page.locator("#ab-where").filter({ hasText: "After ply 3" }).waitFor();
      if ((await scrolled()) !== 0) throw new Error(`${viewport.width} px: a click on a move scrolled the window by ${await scrolled()} px`);
    }
  });

  test("play: an engine game's controls say what they are (the actions' names on a desktop, the analysis time's label, what Analyse does, EN and DE); the player is never counted as watching", async () => {
    const page = await browser();
    // Every "watching" line the page ever shows is noted, from its first moment.
    await page.addInitScript(() => {
      window.__watching = [];
      new MutationObserver(() => {
        const line = document.querySelector("#watchers");
        if (line) window.__watching.push(line.textContent);
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await createFromLobby(page, { game: "ataxx" });
    await page.locator("#status").filter({ hasText: "Your turn" }).waitFor();
    const resign = page.locator("#resign .action-name");
    if ((await resign.textContent()) !== "Resign" || !(await resign.isVisible())) throw new Error("Resign's name is not shown beside its flag");
    await page.locator("label.analysis-time").filter({ hasText: "Engine time per position" }).locator('select[name="analysis-time"]').waitFor();
    await page.locator(".analysis-hint").filter({ hasText: "the engine's evaluation and best line" }).waitFor();
    await PLAY_BY_CLICKING.ataxx(page);
    await waitForMoves(page, 2);
    await page.locator("#undo .action-name").filter({ hasText: "Take back" }).waitFor();
    await page.locator('button[data-lang="de"]').click();
    await page.locator("#resign .action-name").filter({ hasText: "Aufgeben" }).waitFor();
    await page.locator("label.analysis-time").filter({ hasText: "Bedenkzeit der Engine je Stellung" }).waitFor();
    // Up to the engine's reply nobody watched: the player's own socket was never counted.
    const watching = await page.evaluate(() => window.__watching);
    if (watching.length) throw new Error(`the player was counted as watching: ${watching.join(" / ")}`);
    // A spectator is counted, once.
    const spectator = await browser();
    await spectator.goto(page.url());
    await spectator.locator("#board svg.board").waitFor();
    await page.locator("#watchers").filter({ hasText: "1" }).waitFor();
    await page.screenshot({ path: shots + "play-engine-controls-de.png" });
  });

  test("play: a finished game's analysis button leads to the analysis board (no quick analysis of a final position)", async () => {
    const page = await browser();
    const { id } = await finishedGame(page.request, { base, until }, "ataxx", 3);
    await page.goto(`${base}/play/${id}`);
    await page.locator("#result").waitFor();
    if (await page.locator("#analyse").count()) throw new Error("the final position offers the quick analysis");
    await page.locator("#analysis-board-link").click();
    await page.waitForURL(`${base}/analysis/${id}`);
    await page.locator(".ab-tree .current").waitFor();
    // A position before the end can still be analysed in the game page.
    await page.goto(`${base}/play/${id}`);
    await page.locator('[data-nav="back"]').click();
    await page.locator("#analyse").waitFor();
  });

  test("play: on a phone the ☰ menu reaches the lobby, research, learn, the game search and the tournaments; Escape and a click outside close it", async () => {
    const page = await browser(PHONE);
    await page.goto(`${base}/rules/ataxx`);
    const menu = page.locator("#menu-toggle");
    const pages = [["nav-tournaments", "/tournaments", "#tour-create, #tour-running"], ["nav-games", "/games", "#search-form, form"], ["nav-research", "/research/amakta", "#research-recommended"], ["nav-learn", "/learn", "main"], ["nav-lobby", "/", "#create"]];
    for (const [name, path, shown] of pages) {
      await menu.click();
      const entry = page.locator(`#nav-pages .${name}`);
      await entry.waitFor();
      const box = await entry.boundingBox();
      if (!box || box.height < 40) throw new Error(`${name}: a tap target of ${box?.height} px`);
      if (name === "nav-games") await page.screenshot({ path: shots + "play-phone-menu.png" });
      await entry.click();
      await page.waitForURL(`${base}${path}`);
      await page.locator(shown).first().waitFor();
      if (await page.locator("#nav-pages .nav-lobby").isVisible()) throw new Error(`the menu stays open on ${path}`);
    }
    await menu.click();
    await page.keyboard.press("Escape");
    await page.locator("#nav-pages .nav-lobby").waitFor({ state: "hidden" });
    await menu.click();
    // Below the menu (six pages and the tools).
    await page.locator("main").click({ position: { x: 20, y: 600 } });
    await page.locator("#nav-pages .nav-lobby").waitFor({ state: "hidden" });
    // On a desktop the links stand in the header and there is no menu button.
    const desk = await browser();
    await desk.goto(`${base}/`);
    await desk.locator("#nav-pages .nav-games").waitFor();
    if (await desk.locator("#menu-toggle").isVisible()) throw new Error("the menu button shows on a desktop");
  });

  test("play: the header's badge shows a correspondence game waiting on the account's move on every page, on a phone too, and leads to it", async () => {
    const [anna, bert] = [freshName("badge"), freshName("bade")];
    const a = await browser(PHONE);
    const b = await browser();
    await signUp(a, anna);
    await signUp(b, bert);
    if (await a.locator("#turn-badge").count()) throw new Error("a badge without a game");
    await a.locator('[data-pick="ataxx"]').click();
    await a.locator("#play-seek").click();
    await a.locator('#create select[name="side"]').selectOption("p1");
    await a.locator('#create select[name="clock"]').selectOption("days:3");
    await a.locator('#create button[type="submit"]').click();
    await b.goto(`${base}/`);
    await b.locator("#seek-list li").filter({ hasText: anna }).locator("[data-accept]").click();
    await b.waitForURL(/\/play\/[a-z0-9]+$/);
    const id = new URL(b.url()).pathname.split("/").pop();
    // Anna (Red) is to move: her badge says so on the page she reads, and leads to the game.
    await a.goto(`${base}/learn`);
    await a.locator("#turn-badge").filter({ hasText: "1" }).waitFor();
    await a.screenshot({ path: shots + "play-badge-phone.png" });
    // Signed in on a phone the bar still fits; the theme, the settings and Sign out are in the menu.
    const bar = await a.locator("#bar").evaluate((e) => [e.scrollWidth, e.clientWidth]);
    if (bar[0] > bar[1]) throw new Error(`the phone's header overflows: ${bar}`);
    await a.locator("#menu-toggle").click();
    for (const tool of ["#theme-switch", "#settings-link", "#menu-sign-out"]) await a.locator(`#nav-menu ${tool}`).waitFor();
    await a.keyboard.press("Escape");
    await a.locator("#turn-badge").click();
    await a.waitForURL(`${base}/play/${id}`);
    await a.locator("#status").filter({ hasText: "Your turn" }).waitFor();
    await a.locator('input[name="move"]').fill("f2");
    await a.locator(".move-form button[type=submit]").click();
    await waitForMoves(a, 1);
    // Now Bert's badge shows on the next page he opens; Anna's is gone.
    await b.goto(`${base}/games`);
    await b.locator("#turn-badge").filter({ hasText: "1" }).waitFor();
    await a.goto(`${base}/games`);
    await a.locator("#account-name").waitFor();
    await until("Anna's badge is gone", async () => (await a.locator("#turn-badge").count()) === 0, 10_000);
    // Bert resigns on the game's page: his badge goes with the game's end, without a reload (review 10's N2).
    await b.goto(`${base}/play/${id}`);
    await b.locator("#turn-badge").filter({ hasText: "1" }).waitFor();
    await b.locator("#resign").click();
    await b.locator("#resign-yes").click();
    await until("Bert's badge is gone with the game's end", async () => (await b.locator("#turn-badge").count()) === 0, 10_000);
  });

  test("play: with two games waiting on the account's move the badge leads to the one waiting longest, then on to the next, round again", async () => {
    const [anna, bert] = [freshName("next"), freshName("nexb")];
    const a = await browser();
    const b = await browser();
    await signUp(a, anna);
    await signUp(b, bert);
    const games = [];
    for (const days of [3, 5]) {
      const seek = await (await a.request.post(`${base}/api/seeks`, { data: { game: "ataxx", correspondence: days, side: "p1" } })).json();
      const accepted = await b.request.post(`${base}/api/seeks/${seek.id}/accept`, { data: {} });
      if (!accepted.ok()) throw new Error(`the seek was not accepted: ${accepted.status()} ${await accepted.text()}`);
      games.push((await accepted.json()).id);
      // The second game is made some milliseconds later: the first one has waited longer.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await a.goto(`${base}/learn`);
    const badge = a.locator("#turn-badge").filter({ hasText: "2" });
    await badge.waitFor();
    for (const id of [games[0], games[1], games[0]]) {
      await badge.click();
      await a.waitForURL(`${base}/play/${id}`);
      await a.locator("#status").filter({ hasText: "Your turn" }).waitFor();
    }
    await a.screenshot({ path: shots + "play-badge-next.png" });
  });
}
