// End-to-end tests of the Spielwerk web UI: real headless Chromium against
// a running `spielwerk serve`. Usage: node tests.mjs http://127.0.0.1:PORT
// Prints one line per test and a closing line "N passed, N failed".

import { chromium } from "playwright-core";
import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const base = process.argv[2];
if (!base) {
  console.error("usage: node tests.mjs BASE_URL");
  process.exit(2);
}
const shots = new URL("./screenshots/", import.meta.url).pathname;
mkdirSync(shots, { recursive: true });

const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const TIMEOUT = 15_000;
const contexts = [];
const profiles = [];

/** A browser of its own (fresh user-data-dir): one person's browser. */
async function browser(viewport = { width: 1280, height: 800 }) {
  const profile = mkdtempSync(join(tmpdir(), "spielwerk-e2e-"));
  profiles.push(profile);
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: ARGS,
    viewport,
  });
  context.setDefaultTimeout(TIMEOUT);
  contexts.push(context);
  const page = context.pages()[0] || (await context.newPage());
  page.on("pageerror", (error) => console.log(`    page error: ${error.message}`));
  return page;
}

async function moveTexts(page) {
  return page.locator("#moves button").allTextContents();
}

async function waitForMoves(page, count) {
  await page.waitForFunction((n) => document.querySelectorAll("#moves button").length >= n, count, { timeout: TIMEOUT });
  return moveTexts(page);
}

/** Creates a game from the lobby form; returns its id. */
async function createFromLobby(page, { game, opponent = "engine", level = "1", side = "p1", options = {} }) {
  await page.goto(base + "/");
  await page.locator('select[name="game"]').selectOption(game);
  for (const [name, value] of Object.entries(options)) {
    await page.locator(`[name="option-${name}"]`).selectOption(value);
  }
  await page.locator('select[name="opponent"]').selectOption(opponent);
  if (opponent === "engine") await page.locator('select[name="level"]').selectOption(level);
  await page.locator('select[name="side"]').selectOption(side);
  await page.locator('#create button[type="submit"]').click();
  await page.waitForURL(/\/play\/[a-z0-9]+$/);
  await page.locator("svg.board").waitFor();
  return new URL(page.url()).pathname.split("/").pop();
}

async function clickSquare(page, square) {
  await page.locator(`svg.board [data-square="${square}"]`).click();
}

/** Plays one human move of the game by clicking, as a person would. */
const PLAY_BY_CLICKING = {
  async ataxx(page) {
    await clickSquare(page, "g1");
    await page.locator('[data-square="f2"] [data-target="clone"]').waitFor();
    await page.locator('[data-square="e3"] [data-target="jump"]').waitFor();
    await clickSquare(page, "f2");
    return "f2";
  },
  async abalone(page) {
    await page.locator('svg.board [data-cell="c4"]').click();
    const direction = page.locator(".dirpad button:not([disabled])").first();
    await direction.waitFor();
    await page.locator('svg.board [data-target]').first().waitFor();
    await direction.click();
    return null;
  },
  async formation(page) {
    await clickSquare(page, "b1");
    const target = page.locator("svg.board g[data-square]:has([data-target])").first();
    await target.waitFor();
    await target.click();
    return null;
  },
};

const tests = [];
const test = (name, run) => tests.push({ name, run });

test("lobby lists the games and switches language", async () => {
  const page = await browser();
  await page.goto(base + "/");
  const games = await page.locator('select[name="game"] option').allTextContents();
  for (const title of ["Ataxx", "Abalone"]) {
    if (!games.some((g) => g.includes(title))) throw new Error(`lobby lacks ${title}: ${games}`);
  }
  await page.locator('button[data-lang="de"]').click();
  await page.getByText("Neues Spiel").waitFor();
  await page.screenshot({ path: shots + "lobby-de.png" });
  await page.locator('button[data-lang="en"]').click();
  await page.getByText("New game").waitFor();
  await page.screenshot({ path: shots + "lobby-en.png" });
});

for (const game of ["ataxx", "abalone", "formation"]) {
  test(`${game}: play by clicking against the engine, reload keeps the game`, async () => {
    const page = await browser();
    const id = await createFromLobby(page, { game });
    await page.screenshot({ path: shots + `${game}-start.png` });
    const expected = await PLAY_BY_CLICKING[game](page);
    const moves = await waitForMoves(page, 2);
    if (expected && moves[0] !== expected) throw new Error(`first move ${moves[0]}, expected ${expected}`);
    await page.locator("#status").filter({ hasText: /Your turn|Game over/ }).waitFor();
    await page.screenshot({ path: shots + `${game}-after-reply.png` });
    const board = await page.locator("svg.board").innerHTML();
    await page.reload();
    await page.locator("svg.board").waitFor();
    const again = await waitForMoves(page, moves.length);
    if (again.join(" ") !== moves.join(" ")) throw new Error(`after reload ${again} instead of ${moves}`);
    const boardAgain = await page.locator("svg.board").innerHTML();
    if (boardAgain !== board) throw new Error("the board differs after reload");
    const state = await (await page.request.get(`${base}/api/games/${id}`)).json();
    if (state.moves.join(" ") !== moves.join(" ")) throw new Error(`server has ${state.moves}`);
    // Step back through the game and return to the live position.
    await page.locator('[data-nav="first"]').click();
    await page.getByText(`Viewing move 0 of ${moves.length}`).waitFor();
    await page.locator('[data-nav="last"]').click();
    if (game === "ataxx") {
      const record = await (await page.request.get(base + (await page.locator("a[download]").getAttribute("href")))).text();
      if (!record.includes('[Game "ataxx"]') || !record.includes(`1. ${moves[0]} ${moves[1]}`)) throw new Error(record);
      await page.locator("#undo").click();
      await page.waitForFunction(() => document.querySelectorAll("#moves button").length === 0);
      await page.locator("#status").filter({ hasText: "Your turn" }).waitFor();
    }
    if (game === "formation") {
      page.once("dialog", (dialog) => dialog.accept());
      await page.locator("#resign").click();
      await page.locator("#status").filter({ hasText: "Game over: Black wins — resignation" }).waitFor();
    }
  });
}

test("ataxx on a phone: the board fits the screen and a move typed as text plays", async () => {
  const page = await browser({ width: 390, height: 844 });
  await createFromLobby(page, { game: "ataxx" });
  const box = await page.locator("svg.board").boundingBox();
  if (box.width > 390 || box.width < 300) throw new Error(`board is ${box.width}px wide on a 390px screen`);
  await page.locator('input[name="move"]').fill("g1e3");
  await page.locator(".move-form button[type=submit]").click();
  const moves = await waitForMoves(page, 2);
  if (moves[0] !== "g1e3") throw new Error(`first move ${moves[0]}`);
  await page.screenshot({ path: shots + "ataxx-phone.png", fullPage: true });
});

test("human game: invite link, live moves both ways, live spectator", async () => {
  const red = await browser();
  const id = await createFromLobby(red, { game: "ataxx", opponent: "human" });
  const invite = await red.locator("#invite").inputValue();
  if (!invite.includes(`/play/${id}#invite=`)) throw new Error(`invite link ${invite}`);
  const blue = await browser();
  await blue.goto(invite);
  await blue.getByText("You joined the game as Blue").waitFor();
  const spectator = await browser();
  await spectator.goto(base + "/");
  await spectator.locator(`tr[data-game="${id}"] a`).click();
  await spectator.getByText("You are watching").waitFor();
  await red.locator("#invite").waitFor({ state: "detached" });
  await clickSquare(red, "g1");
  await clickSquare(red, "f2");
  await waitForMoves(blue, 1);
  await waitForMoves(spectator, 1);
  await blue.locator("#status").filter({ hasText: "Your turn" }).waitFor();
  await clickSquare(blue, "g7");
  await clickSquare(blue, "f6");
  const redSees = await waitForMoves(red, 2);
  const spectatorSees = await waitForMoves(spectator, 2);
  if (redSees.join() !== "f2,f6" || spectatorSees.join() !== "f2,f6") throw new Error(`${redSees} / ${spectatorSees}`);
  await red.screenshot({ path: shots + "human-red.png" });
  await spectator.screenshot({ path: shots + "human-spectator.png" });
  // A draw offer reaches the opponent live and can be accepted there.
  await blue.locator("#draw").click();
  await red.getByText("Blue offers a draw").waitFor();
  await red.getByRole("button", { name: "Accept draw" }).click();
  await spectator.locator("#status").filter({ hasText: "Draw" }).waitFor();
});

test("rules pages in German and English", async () => {
  const page = await browser();
  await page.goto(`${base}/rules/ataxx`);
  await page.locator("article.rules h2, article.rules h3").first().waitFor();
  const english = await page.locator("article.rules").innerText();
  await page.locator('button[data-lang="de"]').click();
  await page.waitForFunction((text) => document.querySelector("article.rules").innerText !== text, english);
  await page.screenshot({ path: shots + "rules-de.png" });
});

let passed = 0;
let failed = 0;
for (const { name, run } of tests) {
  const started = Date.now();
  try {
    await run();
    passed++;
    console.log(`ok   ${name} (${Date.now() - started} ms)`);
  } catch (error) {
    failed++;
    console.log(`FAIL ${name}\n    ${String(error.stack || error).split("\n").slice(0, 4).join("\n    ")}`);
  }
  for (const context of contexts.splice(0)) await context.close().catch(() => {});
}
for (const profile of profiles) rmSync(profile, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
