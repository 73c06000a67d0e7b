// End-to-end tests of the Spielwerk web UI: real headless Chromium against
// a running `spielwerk serve`. Usage: node tests.mjs http://127.0.0.1:PORT
// Prints one line per test and a closing line "N passed, N failed".

import { chromium } from "playwright-core";
import { mkdtempSync, mkdirSync, rmSync, openSync, closeSync, writeFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawn } from "node:child_process";
import { openMoreOptions } from "./fields.mjs";

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
// What the browser refused under the server's Content-Security-Policy: a test fails on any.
const policyViolations = [];
// JavaScript errors thrown in a page: a test fails on any.
const pageErrors = [];

// ---------------------------------------------------------------- stopping the server

// e2e/run.sh tells which server it started; a test may stop it and start it again on the same
// address and database. Against a server started elsewhere such tests are skipped.
const server = process.env.E2E_SERVER_PID
  ? { pid: Number(process.env.E2E_SERVER_PID), binary: process.env.E2E_BINARY, db: process.env.E2E_DB, work: process.env.E2E_WORK, child: null }
  : null;

/** Polls `check` (an async function) until it is true; fails after `ms`. */
async function until(what, check, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const answers = () => fetch(base + "/api/registry").then((r) => r.ok, () => false);

async function stopServer() {
  if (server.child) server.child.kill();
  else process.kill(server.pid);
  server.child = null;
  await until("the server is down", async () => !(await answers()));
}

/** Starts the server again on the same address and database; `flags` are added to run.sh's. */
async function startServer(flags = []) {
  const log = openSync(join(server.work, "restarted.log"), "a");
  const args = ["serve", "--addr", new URL(base).host, "--db", server.db, "--absence-secs", "3", "--league-signup-minutes", "0.1", "--shortest-arena-minutes", "1", ...flags];
  // No house arenas unless a test asks for them (suites/tournaments.mjs).
  if (!flags.includes("--house-arena-minutes")) args.push("--house-arena-minutes", "0");
  server.child = spawn(server.binary, args, { stdio: ["ignore", log, log] });
  writeFileSync(join(server.work, "restarted.pid"), String(server.child.pid));
  await until("the server answers again", answers);
}

/** A browser of its own (fresh user-data-dir): one person's browser. */
async function browser(viewport = { width: 1280, height: 800 }, options = {}) {
  const profile = mkdtempSync(join(tmpdir(), "spielwerk-e2e-"));
  profiles.push(profile);
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: ARGS,
    viewport,
    // A phone's touch screen, when a test asks for it ({ hasTouch: true, isMobile: true }).
    ...options,
  });
  context.setDefaultTimeout(TIMEOUT);
  contexts.push(context);
  const page = context.pages()[0] || (await context.newPage());
  page.on("pageerror", (error) => pageErrors.push(error.message));
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) policyViolations.push(message.text());
  });
  return page;
}

/** The moves of the move list as move text (a game may list them in words, with the text kept in `data-move`). */
async function moveTexts(page) {
  return page.locator("#moves button").evaluateAll((buttons) => buttons.map((b) => b.dataset.move));
}

async function waitForMoves(page, count) {
  await page.waitForFunction((n) => document.querySelectorAll("#moves button").length >= n, count, { timeout: TIMEOUT });
  return moveTexts(page);
}

/** Creates a game from the lobby form; returns its id. */
async function createFromLobby(page, { game, opponent = "engine", level = "1", side = "p1", options = {} }) {
  await page.goto(base + "/");
  await page.locator(`[data-pick="${game}"]`).click();
  if (Object.keys(options).length) await openMoreOptions(page);
  for (const [name, value] of Object.entries(options)) {
    await page.locator(`[name="option-${name}"]`).selectOption(value);
  }
  await page.locator(opponent === "engine" ? "#play-computer" : "#play-friend").click();
  if (opponent === "engine") await page.locator('select[name="level"]').selectOption(level);
  await page.locator('select[name="side"]').selectOption(side);
  await page.locator('#create button[type="submit"]').click();
  await page.waitForURL(/\/play\/[a-z0-9]+$/);
  await page.locator("#board svg.board").waitFor();
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
  // The lobby is drawn once the registry and the account are loaded.
  await page.locator("[data-pick]").first().waitFor();
  const games = await page.locator("[data-pick]").allTextContents();
  for (const title of ["Ataxx", "Abalone"]) {
    if (!games.some((g) => g.includes(title))) throw new Error(`lobby lacks ${title}: ${games}`);
  }
  await page.locator('button[data-lang="de"]').click();
  await page.getByText("Neue Partie").waitFor();
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
    await page.locator("#status, #result").filter({ hasText: /Your turn|wins|Draw|No result/ }).waitFor();
    await page.screenshot({ path: shots + `${game}-after-reply.png` });
    // The drawing without the keyboard's tab stop, which stays where the player clicked.
    const drawing = () => page.locator("svg.board").evaluate((board) => board.innerHTML.replace(/ tabindex="-?\d+"/g, ""));
    const board = await drawing();
    await page.reload();
    await page.locator("svg.board").waitFor();
    const again = await waitForMoves(page, moves.length);
    if (again.join(" ") !== moves.join(" ")) throw new Error(`after reload ${again} instead of ${moves}`);
    const boardAgain = await drawing();
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
      await page.locator("#resign").click();
      await page.locator("#resign-yes").click();
      await page.locator("#result").filter({ hasText: "Black wins" }).filter({ hasText: "White resigned" }).waitFor();
    }
  });
}

test("ataxx on a phone: the board fits, a wrong typed move is explained in English and German, a right one plays", async () => {
  const page = await browser({ width: 390, height: 844 });
  await createFromLobby(page, { game: "ataxx" });
  // The board keeps its element across updates (a vnode view keyed by the board): a locator measures it.
  const { width } = await page.locator("svg.board").boundingBox();
  if (width > 390 || width < 300) throw new Error(`board is ${width}px wide on a 390px screen`);
  // A wrong move is explained, in the language of the page.
  await page.locator('input[name="move"]').fill("d4");
  await page.locator(".move-form button[type=submit]").click();
  await page.locator("#error").filter({ hasText: "illegal move 'd4'" }).waitFor();
  await page.locator('button[data-lang="de"]').click();
  await page.locator("#error").filter({ hasText: "unzulässiger Zug „d4“: kein Stein von Rot grenzt an d4" }).waitFor();
  await page.locator('button[data-lang="en"]').click();
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
  await spectator.locator("#result").filter({ hasText: "Draw" }).waitFor();
});

/** A game between people created through the API, the second seat joined: `{ id, tokens }`. */
async function apiPeopleGame(request, data) {
  const created = await (await request.post(`${base}/api/games`, { data: { opponent: "human", side: "p1", ...data } })).json();
  const joined = await (await request.post(`${base}/api/games/${created.id}/join`, { data: { invite: created.invite.split("#invite=")[1] } })).json();
  return { id: created.id, tokens: { p1: created.token, p2: joined.token } };
}

/** Opens game `id` in `page` as the player of `seat`, keeping the seat's token as the page does. */
async function openSeat(page, id, token, seat) {
  await page.goto(base + "/");
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [`spielwerk.game.${id}`, JSON.stringify({ token, seat })]);
  await page.goto(`${base}/play/${id}`);
  await page.locator("svg.board").waitFor();
}

test("the server goes away and comes back: the page says so, takes the moves away, resyncs and plays on; a failed move is explained", async () => {
  if (!server) return console.log("    skipped: the server was not started by e2e/run.sh");
  const page = await browser();
  await createFromLobby(page, { game: "ataxx" });
  await page.locator("#status").filter({ hasText: "Your turn" }).waitFor();
  const lobby = await browser();
  await lobby.goto(base + "/");
  await lobby.locator("#running table").waitFor();
  try {
    await stopServer();
    await lobby.locator("#running #connection").filter({ hasText: "Connection lost — reconnecting…" }).waitFor();
    await page.locator("#connection").filter({ hasText: "Connection lost — reconnecting…" }).waitFor();
    await page.locator("#status").filter({ hasText: "Connection lost" }).waitFor();
    // The banner takes a place of its own: it covers neither the board nor the line above it, wide or on a phone.
    for (const size of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
      await page.setViewportSize(size);
      const covered = await page.evaluate(() => {
        const banner = document.querySelector("#connection").getBoundingClientRect();
        return ["svg.board", "#turn", "#status", ".seat-slot.top"].filter((selector) => {
          const element = document.querySelector(selector);
          const box = element?.getBoundingClientRect();
          if (!box || !box.height || getComputedStyle(element).visibility === "hidden") return false;
          return box.top < banner.bottom && banner.top < box.bottom && box.left < banner.right && banner.left < box.right;
        });
      });
      if (covered.length) throw new Error(`at ${size.width} px the connection banner covers ${covered.join(", ")}`);
    }
    if (await page.locator('input[name="move"], #resign').count()) throw new Error("moves can be entered while the server is away");
    await clickSquare(page, "g1");
    if (await page.locator("svg.board .selected").count()) throw new Error("the board takes clicks while the server is away");
    await page.locator('button[data-lang="de"]').click();
    await page.locator("#connection").filter({ hasText: "Verbindung unterbrochen — neuer Versuch …" }).waitFor();
    await page.screenshot({ path: shots + "connection-lost-de.png" });
    await page.locator('button[data-lang="en"]').click();
  } finally {
    if (!(await answers())) await startServer();
  }
  await page.locator("#connection").waitFor({ state: "hidden" });
  await page.locator("#status").filter({ hasText: "Your turn" }).waitFor();
  await lobby.locator("#running #connection").waitFor({ state: "detached" });
  // A move the network loses is explained, not "Failed to fetch".
  await page.route("**/moves", (route) => route.abort());
  await clickSquare(page, "g1");
  await clickSquare(page, "f2");
  await page.locator("#error").filter({ hasText: "The server could not be reached: the move was not played." }).waitFor();
  await page.unroute("**/moves");
  await page.locator("#status").filter({ hasText: "Your turn" }).waitFor();
  await PLAY_BY_CLICKING.ataxx(page);
  const moves = await waitForMoves(page, 2);
  if (moves[0] !== "f2") throw new Error(`first move ${moves[0]}`);
});

test("the tab title tells whose turn it is, the sound switch is remembered, a low clock turns red and pulses", async () => {
  const page = await browser();
  const { id, tokens } = await apiPeopleGame(page.request, { game: "ataxx" });
  await openSeat(page, id, tokens.p1, "p1");
  await until("the title says it is your turn", async () => (await page.title()) === "(•) Your turn · Spielwerk");
  await clickSquare(page, "g1");
  await clickSquare(page, "f2");
  await until("the title no longer says it is your turn", async () => (await page.title()) === "Ataxx · Spielwerk");
  await playMoves(page.request, id, tokens, [["p2", "f6"]]);
  await until("the title says it is your turn again", async () => (await page.title()) === "(•) Your turn · Spielwerk");
  await page.locator("#announce").filter({ hasText: "Blue: f6" }).waitFor({ state: "attached" });
  // A change arriving while a move is typed keeps the field, its text and the focus.
  await page.locator('input[name="move"]').fill("e3");
  await page.request.post(`${base}/api/games/${id}/draw`, { data: { action: "offer" }, headers: { authorization: `Bearer ${tokens.p2}` } });
  await page.getByText("Blue offers a draw").waitFor();
  const field = await page.evaluate(() => [document.activeElement.name, document.activeElement.value]);
  if (field.join() !== "move,e3") throw new Error(`after the update the focus is on ${field}`);
  await page.locator('button[data-lang="de"]').click();
  await until("the title is German", async () => (await page.title()) === "(•) Du bist am Zug · Spielwerk");
  await page.locator('button[data-lang="en"]').click();
  await page.locator('#sound[aria-pressed="true"]').click();
  await page.locator('#sound[aria-pressed="false"]').waitFor();
  await page.reload();
  await page.locator('#sound[aria-pressed="false"]').waitFor();
  // 18 seconds on the clock: below 20 seconds, red, and the running one pulses.
  // The clocks run once both sides made their first move.
  const clocked = await apiPeopleGame(page.request, { game: "ataxx", clock: "0.3+0" });
  await playMoves(page.request, clocked.id, clocked.tokens, [["p1", "f2"], ["p2", "f6"]]);
  await openSeat(page, clocked.id, clocked.tokens.p1, "p1");
  await page.locator('.clock.low.pulse[data-clock="p1"]').waitFor();
  await page.locator('.clock.low[data-clock="p2"]:not(.pulse)').waitFor();
  await page.screenshot({ path: shots + "clock-low.png" });
});

test("sounds: the opponent's move beeps, a move of theirs that captures plays the lower double tone, and nothing sounds once switched off", async () => {
  const page = await browser();
  // Each tone's pitch, as the page starts it (the sound module plays tones of an AudioContext's oscillators).
  await page.addInitScript(() => {
    window.__tones = [];
    const create = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function () {
      const oscillator = create.call(this);
      const start = oscillator.start.bind(oscillator);
      oscillator.start = (when) => {
        window.__tones.push(oscillator.frequency.value);
        start(when);
      };
      return oscillator;
    };
  });
  const tones = () => page.evaluate(() => window.__tones);
  const { id, tokens } = await apiPeopleGame(page.request, { game: "ataxx" });
  await openSeat(page, id, tokens.p1, "p1");
  await clickSquare(page, "g1");
  await clickSquare(page, "f2");
  await waitForMoves(page, 1);
  await playMoves(page.request, id, tokens, [["p2", "f6"]]);
  await until("the move beep", async () => (await tones()).join() === "880");
  await clickSquare(page, "f2");
  await clickSquare(page, "e3");
  await waitForMoves(page, 3);
  // Blue's jump to e4 takes over Red's e3: the capture's two falling tones.
  await playMoves(page.request, id, tokens, [["p2", "f6e4"]]);
  await until("the capture tones", async () => (await tones()).join() === "880,440,330");
  await page.locator('#sound[aria-pressed="true"]').click();
  await page.locator('#sound[aria-pressed="false"]').waitFor();
  await clickSquare(page, "f2");
  await clickSquare(page, "g2");
  await waitForMoves(page, 5);
  await playMoves(page.request, id, tokens, [["p2", "a2"]]);
  await page.locator("#status").filter({ hasText: "Your turn" }).waitFor();
  await waitForMoves(page, 6);
  const after = (await tones()).join();
  if (after !== "880,440,330") throw new Error(`a tone while the sound is off: ${after}`);
});

test("ataxx: in a clocked game a premove chosen while the opponent thinks is played when the turn comes; one can be cancelled", async () => {
  const page = await browser();
  // On a clock (5+3), as lichess offers premoves; Die Formation's test below has none.
  const { id, tokens } = await apiPeopleGame(page.request, { game: "ataxx", clock: "5+3" });
  await openSeat(page, id, tokens.p1, "p1");
  await page.locator('.clock[data-clock="p2"]').waitFor();
  await clickSquare(page, "g1");
  await clickSquare(page, "f2");
  await waitForMoves(page, 1);
  // Blue to move: Red chooses a clone from f2 to e3 ahead.
  await clickSquare(page, "f2");
  await page.locator('[data-square="e3"] [data-target="clone"]').waitFor();
  await clickSquare(page, "e3");
  await page.locator("#premove").filter({ hasText: "Premove e3" }).waitFor();
  await page.locator('[data-premove="e3"]').waitFor();
  if (await page.locator("svg.board .selected, svg.board [data-target]").count()) throw new Error("the selection stays after the premove");
  await page.screenshot({ path: shots + "ataxx-premove.png" });
  await playMoves(page.request, id, tokens, [["p2", "f6"]]);
  const moves = await waitForMoves(page, 3);
  if (moves[2] !== "e3") throw new Error(`the premove was not played: ${moves}`);
  await page.locator("#premove").waitFor({ state: "detached" });
  // A premove cancelled is not played.
  await clickSquare(page, "e3");
  await clickSquare(page, "d4");
  await page.locator("#premove-cancel").click();
  await page.locator("#premove").waitFor({ state: "detached" });
  await playMoves(page.request, id, tokens, [["p2", "e6"]]);
  await waitForMoves(page, 4);
  await page.locator("#status").filter({ hasText: "Your turn" }).waitFor();
  if ((await moveTexts(page)).length !== 4) throw new Error("a cancelled premove was played");
});

test("formation: a premove is played when the turn comes", async () => {
  const page = await browser();
  const state = async (id) => (await page.request.get(`${base}/api/games/${id}`)).json();
  // A twin game with the same two moves tells which move White may play then.
  const twin = await apiPeopleGame(page.request, { game: "formation" });
  const first = (await state(twin.id)).legal_moves[0];
  await playMoves(page.request, twin.id, twin.tokens, [["p1", first]]);
  const reply = (await state(twin.id)).legal_moves[0];
  await playMoves(page.request, twin.id, twin.tokens, [["p2", reply]]);
  const ahead = (await state(twin.id)).legal_moves.find((m) => /^[a-h]\d[a-h]\d$/.test(m));
  const { id, tokens } = await apiPeopleGame(page.request, { game: "formation" });
  await playMoves(page.request, id, tokens, [["p1", first]]);
  await openSeat(page, id, tokens.p1, "p1");
  await clickSquare(page, ahead.slice(0, 2));
  await clickSquare(page, ahead.slice(2));
  await page.locator("#premove").filter({ hasText: `Premove ${ahead}` }).waitFor();
  await playMoves(page.request, id, tokens, [["p2", reply]]);
  const moves = await waitForMoves(page, 3);
  if (moves[2] !== ahead) throw new Error(`premove ${ahead}, played ${moves}`);
});

test("moves slide in: an Ataxx jump from where it came, Abalone's marbles with it", async () => {
  const page = await browser();
  // Records every animation the page starts: the cell it moves on and its first frame.
  await page.addInitScript(() => {
    const animate = Element.prototype.animate;
    window.slides = [];
    Element.prototype.animate = function (frames, options) {
      const cell = this.closest("[data-square], [data-cell]");
      slides.push({ cell: cell?.dataset.square || cell?.dataset.cell, from: frames[0].transform });
      return animate.call(this, frames, options);
    };
  });
  await createFromLobby(page, { game: "ataxx" });
  await page.locator('input[name="move"]').fill("g1e3");
  await page.locator(".move-form button[type=submit]").click();
  await waitForMoves(page, 2);
  await page.waitForFunction(() => slides.some((s) => s.cell === "e3" && s.from === "translate(2px, 2px)"));
  await createFromLobby(page, { game: "abalone" });
  await PLAY_BY_CLICKING.abalone(page);
  await waitForMoves(page, 2);
  await page.waitForFunction(() => slides.filter((s) => /^[a-i]\d$/.test(s.cell)).length >= 2);
});

// ---------------------------------------------------------------- keyboard

/** Presses Tab (or Shift+Tab) until a cell of the board has the focus. */
async function tabIntoBoard(page, key = "Tab") {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press(key);
    if (await page.evaluate(() => Boolean(document.activeElement?.closest("svg.board")))) return;
  }
  throw new Error("Tab never reaches the board");
}

/** Moves the focus with the arrow keys to the board cell whose `attr` is `name`, as someone looking at the board would. */
async function arrowTo(page, attr, name) {
  for (let i = 0; i < 40; i++) {
    const key = await page.evaluate(([attr, name]) => {
      const centre = (e) => {
        const box = e.getBoundingClientRect();
        return [box.x + box.width / 2, box.y + box.height / 2];
      };
      const here = document.activeElement;
      if (here.getAttribute(attr) === name) return null;
      const [x0, y0] = centre(here);
      const [x, y] = centre(document.querySelector(`svg.board [${attr}="${name}"]`));
      if (Math.abs(x - x0) > Math.abs(y - y0)) return x > x0 ? "ArrowRight" : "ArrowLeft";
      return y > y0 ? "ArrowDown" : "ArrowUp";
    }, [attr, name]);
    if (!key) return;
    await page.keyboard.press(key);
  }
  throw new Error(`the arrow keys do not reach ${name}`);
}

const focusedCell = (page, attr) => page.evaluate((attr) => document.activeElement?.getAttribute(attr), attr);

test("keyboard only: an Ataxx and an Abalone move, the focus kept across redraws, the live region says the moves", async () => {
  const page = await browser();
  await createFromLobby(page, { game: "ataxx" });
  await tabIntoBoard(page);
  await arrowTo(page, "data-square", "g1");
  await page.keyboard.press("Enter");
  await page.locator('[data-square="f2"] [data-target="clone"]').waitFor();
  if ((await focusedCell(page, "data-square")) !== "g1") throw new Error("the selection lost the focus");
  const ring = await page.evaluate(() => getComputedStyle(document.activeElement.firstElementChild).stroke);
  if (ring !== "rgb(11, 87, 208)") throw new Error(`focus ring ${ring}`);
  await page.screenshot({ path: shots + "ataxx-keyboard.png" });
  await arrowTo(page, "data-square", "f2");
  await page.keyboard.press(" ");
  const moves = await waitForMoves(page, 2);
  if (moves[0] !== "f2") throw new Error(`first move ${moves[0]}`);
  await page.locator("#announce").filter({ hasText: `Blue: ${moves[1]}` }).waitFor({ state: "attached" });
  if (!(await focusedCell(page, "data-square"))) throw new Error("the reply took the focus off the board");

  await createFromLobby(page, { game: "abalone" });
  await tabIntoBoard(page);
  await arrowTo(page, "data-cell", "c4");
  await page.keyboard.press("Enter");
  const target = await page.locator("svg.board [data-target]").first().evaluate((e) => e.closest("[data-cell]").dataset.cell);
  await arrowTo(page, "data-cell", target);
  await page.keyboard.press("Enter");
  await waitForMoves(page, 2);
  await page.locator("#announce").filter({ hasText: "White: " }).waitFor({ state: "attached" });

  // Amakta: a stone from the inventory, placed on a cell chosen with the keyboard.
  const { id, tokens } = await apiHumanGame(page.request, { board: "hex3", set: "300100 000000", circles: "none" });
  await openAs(page, id, tokens.p1, "p1");
  await page.locator('[data-inventory="001003"]').focus();
  await page.keyboard.press("Enter");
  await tabIntoBoard(page, "Shift+Tab");
  await arrowTo(page, "data-cell", "c1");
  await page.keyboard.press("Enter");
  await page.locator('[data-ghost="c1"]').waitFor();
  await page.screenshot({ path: shots + "amakta-keyboard.png" });
  if (!(await pending(page)).startsWith("place 001003 c1")) throw new Error(`pending ${await pending(page)}`);
});

// ---------------------------------------------------------------- defects

test("lobby: running games keep their Watch link in the card at 1280×800 and 390×844, in English and German; a whole row opens its game", async () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const page = await browser(viewport);
    const { id } = await apiPeopleGame(page.request, { game: "abalone" });
    await page.goto(base + "/");
    for (const code of ["en", "de"]) {
      await page.locator(`button[data-lang="${code}"]`).click();
      await page.locator(`tr[data-game="${id}"] a`).waitFor();
      const fits = await page.evaluate((id) => {
        const link = document.querySelector(`tr[data-game="${id}"] a`).getBoundingClientRect();
        const card = document.querySelector(".running-card").getBoundingClientRect();
        const list = document.getElementById("running");
        return link.width > 0 && link.left >= card.left && link.right <= card.right && list.scrollWidth <= list.clientWidth;
      }, id);
      if (!fits) throw new Error(`the Watch link leaves the card at ${viewport.width}px in ${code}`);
      await page.locator(`tr[data-game="${id}"]`).scrollIntoViewIfNeeded();
      await page.screenshot({ path: shots + `lobby-games-${viewport.width}-${code}.png` });
    }
    await page.locator(`tr[data-game="${id}"] td`).first().click();
    await page.waitForURL(`**/play/${id}`);
    await page.locator("#board svg.board").waitFor();
  }
});

test("abalone: the labels stay in view on the turned board", async () => {
  const page = await browser();
  await createFromLobby(page, { game: "abalone" });
  for (const turn of ["upright", "turned"]) {
    const outside = await page.evaluate(() => {
      const board = document.querySelector("svg.board").getBoundingClientRect();
      return [...document.querySelectorAll("svg.board .coords text")].filter((text) => {
        const box = text.getBoundingClientRect();
        return box.top < board.top || box.bottom > board.bottom || box.left < board.left || box.right > board.right;
      }).map((text) => text.textContent);
    });
    if (outside.length) throw new Error(`${turn}: labels ${outside} outside the board`);
    await page.locator("#flip").click();
  }
  await page.screenshot({ path: shots + "abalone-turned.png" });
});

test("errors where they belong: a long move echo wraps in the panel, a bad option at its field, an import in its card, unknown pages", async () => {
  const page = await browser();
  await createFromLobby(page, { game: "ataxx" });
  await page.locator('input[name="move"]').fill("a1".repeat(120));
  await page.locator(".move-form button[type=submit]").click();
  await page.locator("#error").waitFor();
  const wraps = await page.evaluate(() => {
    const panel = document.querySelector(".panel");
    return document.getElementById("error").getBoundingClientRect().right <= panel.getBoundingClientRect().right && panel.scrollWidth <= panel.clientWidth;
  });
  if (!wraps) throw new Error("the echoed move runs out of the panel");

  await page.goto(base + "/");
  await page.locator('[data-pick="abalone"]').click();
  await openMoreOptions(page);
  await page.locator('input[name="option-plylimit"]').fill("many");
  await page.locator('#create button[type="submit"]').click();
  const error = page.locator('label:has([name="option-plylimit"]) #create-error');
  await error.waitFor();
  if (!(await error.evaluate((e) => e.getBoundingClientRect().bottom <= innerHeight && e.getBoundingClientRect().top >= 0))) throw new Error("the option's error is out of sight");
  await page.screenshot({ path: shots + "lobby-option-error.png" });

  // Die Formation's board in words: tiles of one's own that are wrong are refused where the
  // player sees it; a random board by its number is the game's board option.
  await page.locator('[data-pick="formation"]').click();
  await openMoreOptions(page);
  await page.locator('select[name="option-board-kind"]').selectOption("tiles");
  await page.locator('input[name="option-board"]').fill("1a0 2a0");
  await page.locator('#create button[type="submit"]').click();
  await page.locator("#create #create-error").filter({ hasText: "4" }).waitFor();
  await page.locator('select[name="option-board-kind"]').selectOption("random");
  await page.locator('input[name="option-board-number"]').fill("7");
  await page.locator("#play-computer").click();
  await page.locator('#create button[type="submit"]').click();
  await page.waitForURL(/\/play\/[a-z0-9]+$/);
  const formation = await (await page.request.get(`${base}/api/games/${new URL(page.url()).pathname.split("/").pop()}`)).json();
  if (formation.options.board !== "random:7") throw new Error(`board option ${formation.options.board}`);
  await page.goto(base + "/");

  await page.locator('textarea[name="record"]').fill("this is no record");
  await page.locator("#import").click();
  await page.locator('section:has(textarea[name="record"]) #import-error').waitFor();

  await page.goto(`${base}/play/nosuchgame0`);
  await page.locator("#not-found").filter({ hasText: "There is no such game." }).waitFor();
  await page.locator('#not-found a[href="/"]').click();
  await page.locator("#create").waitFor();
  await page.evaluate(() => {
    history.pushState(null, "", "/nonsense");
    dispatchEvent(new PopStateEvent("popstate"));
  });
  await page.locator("#not-found").filter({ hasText: "There is no such page." }).waitFor();
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

// ---------------------------------------------------------------- Amakta

/** Opens the lobby with Amakta chosen; the form is Amakta's own. */
/** Sets the browser of `page` (open on the site) to confirm moves: a click previews, a second plays. */
async function confirmingMoves(page) {
  await page.evaluate(() => localStorage.setItem("spielwerk-settings", JSON.stringify({ confirmMoves: true })));
}

async function amaktaLobby(page) {
  await page.goto(base + "/");
  await confirmingMoves(page);
  await page.locator('[data-pick="amakta"]').click();
  await openMoreOptions(page);
  await page.locator('select[name="option-board"]').waitFor();
}

async function startGame(page, { opponent, level = "3" }) {
  await page.locator(opponent === "engine" ? "#play-computer" : "#play-friend").click();
  if (opponent === "engine") await page.locator('select[name="level"]').selectOption(level);
  await page.locator('select[name="side"]').selectOption("p1");
  await page.locator('#create button[type="submit"]').click();
  await page.waitForURL(/\/play\/[a-z0-9]+$/);
  await page.locator("svg.amk-board").waitFor();
  return new URL(page.url()).pathname.split("/").pop();
}

/**
 * Builds the stone `code` (as the editor draws it) in Amakta's stone editor: each direction whose
 * arrows differ opened by its button, and its digit picked in the choice that opens.
 */
async function editorStone(page, code) {
  for (let d = 0; d < 6; d++) {
    const button = page.locator(`button[data-editor-dir="${d}"]`);
    if ((await button.getAttribute("data-digit")) === code[d]) continue;
    await button.click();
    await page.locator(`[data-choice-dir="${d}"] [data-choice="${code[d]}"]`).click();
    await page.locator(`button[data-editor-dir="${d}"][data-digit="${code[d]}"]`).waitFor();
  }
}

/** The move the Amakta panel would play (shown in words, the move text kept in `data-move`). */
async function pending(page) {
  return page.locator("#amk-pending").getAttribute("data-move");
}

test("amakta: a short game on hex3 against the engine, composed set and circles, by clicking", async () => {
  const page = await browser();
  await amaktaLobby(page);
  await page.locator('select[name="option-board"]').selectOption("hex3");
  await page.locator('select[name="option-set"]').selectOption("custom");
  // Compose the set {300100, 000000} in the stone editor.
  while (await page.locator("[data-set-stone] button").count()) await page.locator("[data-set-stone] button").first().click();
  const compose = async (code) => {
    await editorStone(page, code);
    await page.locator(`[data-editor-code="${code}"]`).waitFor();
    await page.locator("#add-stone").click();
  };
  await compose("300100");
  await compose("000000");
  const codes = await page.locator("[data-set-stone]").evaluateAll((els) => els.map((e) => e.dataset.setStone));
  if (codes.join() !== "001003,000000") throw new Error(`composed set ${codes}`);
  // Black's stones get damage circles: a handicap that makes the short win possible.
  await page.locator('select[name="option-circles"]').selectOption("assign");
  await page.locator('select[name="circle-b:001003"]').selectOption("d");
  await page.locator('select[name="circle-b:000000"]').selectOption("d");
  await page.screenshot({ path: shots + "amakta-lobby.png", fullPage: true });
  const id = await startGame(page, { opponent: "engine", level: "3" });
  const state = await (await page.request.get(`${base}/api/games/${id}`)).json();
  if (state.view.board.name !== "hex3" || state.view.stones.filter((s) => s.circle === "damage").length !== 2) throw new Error("options not applied");

  // 1. Place the stone turned once: red arrow east, blue west.
  await page.locator('[data-inventory="001003"]').click();
  await page.locator("#amk-rotate-left").click();
  await page.locator('svg.amk-board [data-cell="c1"]').click();
  await page.locator('[data-ghost="c1"]').waitFor();
  if ((await pending(page)) !== "place 001003 c1 300100") throw new Error(`pending ${await pending(page)}`);
  await page.screenshot({ path: shots + "amakta-preview.png", fullPage: true });
  await page.locator("#amk-confirm").click();
  let moves = await waitForMoves(page, 2);
  if (moves[0] !== "place 001003 c1 300100") throw new Error(`first move ${moves[0]}`);
  await page.locator("#status").filter({ hasText: "Your turn" }).waitFor();

  // 2. Relocate it to c4, turned half round: its blue arrow now aims at Black's base.
  await page.locator('svg.amk-board [data-stone="c1"]').click();
  await page.locator('[data-target="c4"]').waitFor();
  await page.locator('svg.amk-board [data-cell="c4"]').click();
  for (let i = 0; i < 3; i++) await page.locator("#amk-rotate-right").click();
  if ((await pending(page)) !== "relocate c1 c4 100300") throw new Error(`pending ${await pending(page)}`);
  await page.locator('[data-ghost="c4"]').click();
  moves = await waitForMoves(page, 4);
  if (moves[2] !== "relocate c1 c4 100300") throw new Error(`third move ${moves[2]}`);
  await page.locator("#status").filter({ hasText: "Your turn" }).waitFor();

  // 3. The damaged stone on Black's base is now under White's control: expropriate it and win.
  await page.locator('svg.amk-board [data-stone="c5"]').click();
  await page.locator('[data-action="expropriate"]').click();
  await page.locator("#result").filter({ hasText: "White wins" }).waitFor();
  await page.locator('[data-stone="c5"] [data-expropriated="black"]').waitFor();
  await page.screenshot({ path: shots + "amakta-won.png", fullPage: true });
  const record = await (await page.request.get(`${base}/api/games/${id}/record`)).text();
  if (!record.includes("expropriate c5") || !record.includes("1-0")) throw new Error(record);
  // Replay: the start position has no stones on the board.
  await page.locator('[data-nav="first"]').click();
  await page.getByText("Viewing move 0 of 5").waitFor();
  if (await page.locator("svg.amk-board [data-stone]").count()) throw new Error("stones at move 0");
});

/** A human game made through the API: returns the id and both tokens. */
async function apiHumanGame(request, options) {
  const created = await (await request.post(`${base}/api/games`, { data: { game: "amakta", options, opponent: "human" } })).json();
  const invite = created.invite.split("#invite=")[1];
  const joined = await (await request.post(`${base}/api/games/${created.id}/join`, { data: { invite } })).json();
  return { id: created.id, tokens: { p1: created.token, p2: joined.token } };
}

test("amakta: control shading and counts match the server on a known position", async () => {
  const page = await browser();
  const { id, tokens } = await apiHumanGame(page.request, { board: "hex3", set: "300100 000000", circles: "b:001003=d" });
  for (const [seat, move] of [["p1", "place 001003 c1 300100"], ["p2", "place 001003 c5 001003"], ["p1", "relocate c1 c4 100300"]]) {
    const response = await page.request.post(`${base}/api/games/${id}/moves`, { data: { move }, headers: { authorization: `Bearer ${tokens[seat]}` } });
    if (!response.ok()) throw new Error(`${move}: ${await response.text()}`);
  }
  const view = (await (await page.request.get(`${base}/api/games/${id}`)).json()).view;
  await page.goto(`${base}/play/${id}`);
  await page.locator("svg.amk-board").waitFor();
  await page.locator("#amk-shading").check();
  await page.locator("svg.amk-board.shaded").waitFor();
  const shown = await page.locator("svg.amk-board g[data-cell]").evaluateAll((els) => els.map((e) => ({
    name: e.dataset.cell, control: e.dataset.control, arrows: e.dataset.arrows, fill: e.querySelector("polygon").getAttribute("class"),
  })));
  if (shown.length !== view.cells.length) throw new Error(`${shown.length} cells drawn, ${view.cells.length} in the view`);
  for (const cell of view.cells) {
    const drawn = shown.find((s) => s.name === cell.name);
    if (!drawn || drawn.control !== cell.control || drawn.arrows !== `${cell.arrows.white}:${cell.arrows.black}` || !drawn.fill.includes(`ctl-${cell.control}`)) {
      throw new Error(`${cell.name}: drawn ${JSON.stringify(drawn)}, server ${cell.control} ${JSON.stringify(cell.arrows)}`);
    }
  }
  const c5 = view.cells.find((c) => c.name === "c5");
  if (c5.control !== "white" || c5.effective.white !== 2) throw new Error(`c5 on the server: ${JSON.stringify(c5)}`);
  await page.locator('svg.amk-board [data-cell="b2"]').hover();
  await page.locator('svg.amk-board [data-stone="c5"]').hover();
  await page.locator("#amk-info").filter({ hasText: "c5: controlled by White — arrows White 1 : Black 1 (with circles 2 : 1)" }).waitFor();
  await page.locator('svg.amk-board [data-stone="c5"] [data-state="blocked"], svg.amk-board [data-stone="c5"] [data-state="nowhere"]').first().waitFor();
  await page.screenshot({ path: shots + "amakta-shading.png", fullPage: true });
  await page.locator('button[data-lang="de"]').click();
  await page.getByText("Felder nach Kontrolle einfärben").waitFor();
});

test("amakta: setup phase between two browsers (circles, colour), then the first move on a phone", async () => {
  const p1 = await browser();
  await amaktaLobby(p1);
  await p1.locator('select[name="option-board"]').selectOption("hex3");
  await p1.locator('select[name="option-set"]').selectOption("beginner");
  const id = await startGame(p1, { opponent: "human" });
  const invite = await p1.locator("#invite").inputValue();
  const p2 = await browser({ width: 390, height: 844 });
  await p2.goto(base + "/");
  await confirmingMoves(p2);
  await p2.goto(invite);
  await p2.getByText("You joined the game").waitFor();
  await p1.getByText("Setup: circles").waitFor();
  await p1.locator('[data-circle-choice="reinforcement"]:not([disabled])').click();
  await waitForMoves(p1, 1);
  await p1.locator('[data-circle-choice="damage"]:not([disabled])').click();
  await waitForMoves(p1, 2);
  await p1.locator("#amk-circles-none").click();
  await p2.locator('[data-colour-choice="white"]:not([disabled])').click();
  const moves = await waitForMoves(p1, 4);
  if (moves.join(" | ") !== "circle w:000001=r | circle w:000011=d | circles none | colour white") throw new Error(moves.join(" | "));
  // P2 plays White on a phone: the board fits, the first stone goes on White's base.
  const board = p2.locator("svg.amk-board");
  await board.waitFor();
  const { width } = await board.boundingBox();
  if (width > 390) throw new Error(`board ${width}px wide on a 390px screen`);
  await p2.locator('[data-inventory="000001"]').click();
  await p2.locator('svg.amk-board [data-cell="c1"]').click();
  await p2.locator("#amk-confirm").click();
  await waitForMoves(p1, 5);
  await p1.locator('svg.amk-board [data-stone="c1"] [data-circle="reinforcement"]').waitFor();
  await p2.screenshot({ path: shots + "amakta-phone.png", fullPage: true });
  await p1.screenshot({ path: shots + "amakta-setup-p1.png", fullPage: true });
  const state = await (await p1.request.get(`${base}/api/games/${id}`)).json();
  if (state.view.p1_colour !== "black") throw new Error(`p1 colour ${state.view.p1_colour}`);
});

test("amakta infinit: bidding, stone creation and the first moves against the engine", async () => {
  const page = await browser();
  await page.goto(base + "/");
  await confirmingMoves(page);
  await page.locator('[data-pick="amakta-infinit"]').click();
  await openMoreOptions(page);
  for (const [name, value] of [["distance", "4"], ["points", "50"]]) {
    await page.locator(`input[name="option-${name}"]`).fill(value);
    await page.locator(`input[name="option-${name}"]`).dispatchEvent("change");
  }
  await page.locator("#play-computer").click();
  await page.locator('select[name="level"]').selectOption("3");
  await page.locator('select[name="side"]').selectOption("p1");
  await page.locator('#create button[type="submit"]').click();
  await page.waitForURL(/\/play\/[a-z0-9]+$/);
  const id = new URL(page.url()).pathname.split("/").pop();
  await page.locator("svg.amk-plane").waitFor();
  // Bidding: offer 5 points for Black; the engine outbids; accept its offer and play Black.
  await page.locator('input[name="bid"]').fill("5");
  await page.locator("#amk-bid").click();
  await page.locator("#amk-accept").waitFor();
  const offer = Number((await page.locator("#amk-offer").textContent()).match(/\d+/)[0]);
  await page.screenshot({ path: shots + "infinit-bidding.png", fullPage: true });
  await page.locator("#amk-accept").click();
  // Creation: White (the engine) starts; then compose stones and see their value.
  await page.locator("#amk-create").waitFor();
  await editorStone(page, "100000");
  await page.locator('#amk-value[data-value="4"]').waitFor();
  await page.locator(`#amk-left[data-left="${offer - 4}"]`).waitFor();
  await page.screenshot({ path: shots + "infinit-creation.png", fullPage: true });
  // With 50 points the creation moves are too many to list; the page builds them from the view.
  const creating = await (await page.request.get(`${base}/api/games/${id}`)).json();
  if (creating.legal_moves.length !== 0 || creating.legal_moves_count <= 4096) {
    throw new Error(`creation lists ${creating.legal_moves.length} of ${creating.legal_moves_count} moves`);
  }
  await page.locator("#amk-create:not([disabled])").click();
  await page.locator('[data-set="black"] [data-created="000001"]').waitFor();
  await page.locator("#amk-create").waitFor();
  // The stone made is said as done, not as an error; the editor starts again from a stone not in the set.
  await page.locator("#amk-created").waitFor();
  if (await page.locator(".amk-value .error").count()) throw new Error("an error after a stone was created");
  await page.locator('select[name="editor-circle"]').selectOption("reinforcement");
  await editorStone(page, "200000");
  await page.locator('#amk-value[data-value="8"]').waitFor();
  await page.locator("#amk-create:not([disabled])").click();
  await page.locator('[data-set="black"] [data-created="000002"]').waitFor();
  // Closing is final: the first press asks again, naming the points left unspent.
  await page.locator("#amk-close").click();
  await page.locator('#amk-close[data-confirming="true"]').filter({ hasText: "points unspent" }).waitFor();
  await page.locator("#amk-close").click();
  // Play: the engine (White) places on its base; Black answers on its own base.
  await page.locator('[data-inventory="000001"]').waitFor();
  await page.locator('[data-inventory="000001"]').click();
  await page.locator('[data-target="4,0"]').waitFor();
  for (let i = 0; i < 3; i++) await page.locator("#amk-rotate-left").click();
  await page.locator('svg.amk-plane [data-cell="4,0"]').click();
  if ((await pending(page)) !== "place 000001 4,0 001000") throw new Error(`pending ${await pending(page)}`);
  const played = (await moveTexts(page)).length;
  await page.locator("#amk-confirm").click();
  await page.locator('svg.amk-plane [data-stone="4,0"]').waitFor();
  // The engine's answer redraws the plane: it comes before the fingers do.
  await waitForMoves(page, played + 2);
  // Two fingers spread apart zoom in (the plane shows fewer cells), as on a phone.
  const plane = page.locator("svg.amk-plane");
  const widthOf = async () => Number((await plane.getAttribute("viewBox")).split(" ")[2]);
  const before = await widthOf();
  const finger = (type, pointerId, clientX) => plane.dispatchEvent(type, { pointerId, pointerType: "touch", isPrimary: pointerId === 1, clientX, clientY: 200, bubbles: true });
  await finger("pointerdown", 1, 150);
  await finger("pointerdown", 2, 250);
  await finger("pointermove", 1, 100);
  await finger("pointermove", 2, 300);
  await finger("pointerup", 1, 100);
  await finger("pointerup", 2, 300);
  const after = await widthOf();
  const expected = Math.max(6, before / 2);
  if (Math.abs(after - expected) > 0.01) throw new Error(`pinch: plane width ${before} → ${after}, expected ${expected}`);
  await page.locator("#amk-zoom-out").click();
  await page.locator("#amk-fit").click();
  await page.screenshot({ path: shots + "infinit-play.png", fullPage: true });
  const state = await (await page.request.get(`${base}/api/games/${id}`)).json();
  const moves = state.moves.join(" | ");
  for (const part of ["bid 5", "accept", "create 000001 n", "create 000002 r", "close", "place 000001 4,0 001000"]) {
    if (!moves.includes(part)) throw new Error(`moves lack ${part}: ${moves}`);
  }
  const record = await (await page.request.get(`${base}/api/games/${id}/record`)).text();
  if (!record.includes("bid 5") || !record.includes("create 000002 r")) throw new Error(record);
});

// ---------------------------------------------------------------- Amakta: reading the position in the browser

/** Plays `moves` ([seat, move text]) in an API game. */
async function playMoves(request, id, tokens, moves) {
  for (const [seat, move] of moves) {
    const response = await request.post(`${base}/api/games/${id}/moves`, { data: { move }, headers: { authorization: `Bearer ${tokens[seat]}` } });
    if (!response.ok()) throw new Error(`${move}: ${await response.text()}`);
  }
}

/** Opens game `id` in `page` as the player of `seat` (the browser keeps the seat's token as the page does). */
async function openAs(page, id, token, seat) {
  await page.goto(base + "/");
  await confirmingMoves(page);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [`spielwerk.game.${id}`, JSON.stringify({ token, seat })]);
  await page.goto(`${base}/play/${id}`);
  await page.locator("svg.amk-board").waitFor();
}

// hex3, set {300100, 000000}, Black's 001003 damaged: after these moves White's blue arrow and the
// damage give White c5, where Black's stone stands: that stone is bound.
const BOUND_POSITION = [["p1", "place 001003 c1 300100"], ["p2", "place 001003 c5 001003"], ["p1", "relocate c1 c4 100300"]];

test("amakta: control shading measured in the browser: fills by side, readable labels, locks on bound stones, barred blocked arrows", async () => {
  const page = await browser();
  const { id, tokens } = await apiHumanGame(page.request, { board: "hex3", set: "300100 000000", circles: "b:001003=d" });
  await playMoves(page.request, id, tokens, BOUND_POSITION);
  const view = (await (await page.request.get(`${base}/api/games/${id}`)).json()).view;
  await openAs(page, id, tokens.p1, "p1");
  // Shading is on for a new player.
  await page.locator("svg.amk-board.shaded").waitFor();
  // The cells keep their elements across redraws (keyed by name): a locator's elements stay measurable.
  const measure = () => page.locator("svg.amk-board g[data-cell]").evaluateAll((cells) => cells.map((g) => ({
    cell: g.dataset.cell,
    control: g.dataset.control,
    fill: getComputedStyle(g.querySelector(".amk-cell")).fill,
    labels: [...g.querySelectorAll(".amk-name, .amk-counts")].map((label) => getComputedStyle(label).fill),
  })));
  const cells = await measure();
  const fillsOf = (control) => [...new Set(cells.filter((c) => c.control === control).map((c) => c.fill))];
  const [white, black, free] = ["white", "black", "free"].map(fillsOf);
  if (white.length !== 1 || black.length !== 1 || free.length !== 1) throw new Error(`one fill per side expected: ${JSON.stringify({ white, black, free })}`);
  if (new Set([white[0], black[0], free[0]]).size !== 3) throw new Error(`white ${white}, black ${black}, neutral ${free}: not all different`);
  // The cell names (drawn on these large hexes) and the arrow counts contrast with their cell's shade (WCAG: at least 4.5 for small text).
  const luminance = (rgb) => {
    const [r, g, b] = rgb.match(/\d+/g).map(Number).map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const labelled = cells.filter((c) => c.labels.length && c.fill.startsWith("rgb"));
  if (!labelled.some((c) => c.control === "black") || !labelled.some((c) => c.control === "free")) throw new Error(`labels on too few shades: ${JSON.stringify(labelled)}`);
  for (const cell of labelled) {
    for (const label of cell.labels) {
      const [a, b] = [luminance(cell.fill), luminance(label)].sort((x, y) => y - x);
      const contrast = (a + 0.05) / (b + 0.05);
      if (contrast < 4.5) throw new Error(`${cell.cell}: label ${label} on ${cell.fill}, contrast ${contrast.toFixed(2)}`);
    }
  }
  // Bound stones carry a lock in the colour of the side holding their cell; free ones none.
  for (const cell of view.cells.filter((c) => c.stone)) {
    const locks = await page.locator(`svg.amk-board [data-stone="${cell.name}"] [data-bound]`).count();
    if (locks !== (cell.stone.free ? 0 : 1)) throw new Error(`${cell.name}: free ${cell.stone.free}, ${locks} locks drawn`);
  }
  if (await page.locator('[data-stone="c5"] [data-bound="white"]').isHidden()) throw new Error("no lock on the bound stone on c5");
  await page.screenshot({ path: shots + "amakta-control.png", fullPage: true });
  // Without shading every cell has the neutral fill.
  await page.locator("#amk-shading").uncheck();
  await page.locator("svg.amk-board:not(.shaded)").waitFor();
  const plain = new Set((await measure()).map((c) => c.fill));
  if (plain.size !== 1 || !plain.has(free[0])) throw new Error(`unshaded fills ${[...plain]}`);

  // A blocked arrow is crossed out: White's stone on c4 stands between Black's red arrow on c5 and c2.
  const second = await apiHumanGame(page.request, { board: "hex3", set: "300100 000000", circles: "none" });
  await playMoves(page.request, second.id, second.tokens, [["p1", "place 001003 c1 300100"], ["p2", "place 001003 c5 100300"], ["p1", "place 000000 c4 000000"]]);
  const arrows = (await (await page.request.get(`${base}/api/games/${second.id}`)).json()).view.arrows;
  if (!arrows.some((a) => a.from === "c5" && a.to === "c2" && a.blocked)) throw new Error(`c5 → c2 not blocked: ${JSON.stringify(arrows)}`);
  await openAs(page, second.id, second.tokens.p1, "p1");
  const bar = page.locator('[data-stone="c5"] [data-arrow="3:3"][data-state="blocked"] .amk-block-bar');
  await bar.waitFor({ state: "attached" });
  // getPropertyValue: this Chromium leaves the camel-case accessor `.stroke` empty on SVG lines.
  const stroke = await bar.evaluate((e) => getComputedStyle(e).getPropertyValue("stroke"));
  if (stroke !== "rgb(255, 255, 255)") throw new Error(`the bar on Black's blocked arrow is ${stroke}, not white`);
  if (await page.locator('[data-stone="c1"] [data-arrow="0:3"] .amk-block-bar').count()) throw new Error("an open arrow is barred");
  await page.screenshot({ path: shots + "amakta-blocked.png" });
});

test("amakta and infinit on a phone: whose turn, the last move and the action panel on the first screen, cells large enough", async () => {
  const page = await browser({ width: 390, height: 844 });
  const { id, tokens } = await apiHumanGame(page.request, { board: "hex5", circles: "none", colour: "white" });
  await playMoves(page.request, id, tokens, [["p1", "place 000001 e1 000001"], ["p2", "place 000001 e9 000001"]]);
  await openAs(page, id, tokens.p1, "p1");
  await page.locator("#turn").filter({ hasText: "Your turn" }).filter({ hasText: "Last move: Black places ↘1 on e9" }).waitFor();
  const box = async (selector) => {
    const { x, y, width, height } = await page.locator(selector).first().boundingBox();
    return { width, top: y, bottom: y + height, left: x };
  };
  const turn = await box("#turn");
  const panel = await box(".amk-play");
  if (turn.bottom > 844 || panel.top > 844) throw new Error(`turn line ${turn.top}–${turn.bottom}, action panel at ${panel.top} on an 844px screen`);
  const board = await box("svg.amk-board");
  if (board.width > 390) throw new Error(`board ${board.width}px wide`);
  const cell = await box("svg.amk-board .amk-cell");
  if (cell.width < 36) throw new Error(`hex5 cells ${cell.width}px wide`);
  const thickness = await page.evaluate(() => {
    const e = document.querySelector("svg.amk-board .amk-shaft");
    const root = e.ownerSVGElement;
    return parseFloat(getComputedStyle(e).strokeWidth) * root.getBoundingClientRect().width / root.viewBox.baseVal.width;
  });
  if (thickness < 2.5) throw new Error(`arrows ${thickness}px thick`);
  await page.screenshot({ path: shots + "amakta-phone-turn.png" });
  await page.locator('button[data-lang="de"]').click();
  await page.locator("#turn").filter({ hasText: "Letzter Zug: Schwarz setzt ↘1 auf e9" }).waitFor();

  // Infinit: the bidding panel, whose turn it is and the last offer in words come with the plane.
  const created = await (await page.request.post(`${base}/api/games`, { data: { game: "amakta-infinit", opponent: "human", side: "p1" } })).json();
  const joined = await (await page.request.post(`${base}/api/games/${created.id}/join`, { data: { invite: created.invite.split("#invite=")[1] } })).json();
  await playMoves(page.request, created.id, { p1: created.token }, [["p1", "bid 5"]]);
  await page.goto(base + "/");
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [`spielwerk.game.${created.id}`, JSON.stringify({ token: joined.token, seat: joined.seat })]);
  await page.goto(`${base}/play/${created.id}`);
  await page.locator("svg.amk-plane").waitFor();
  await page.locator("#turn").filter({ hasText: "Du bist am Zug" }).filter({ hasText: "Letzter Zug: Angebot: 5 Punkte für Schwarz" }).waitFor();
  await page.locator('#moves button[title="bid 5"]').filter({ hasText: "Angebot: 5 Punkte für Schwarz" }).waitFor({ state: "attached" });
  const bidding = await box(".amk-setup");
  if (bidding.top > 844) throw new Error(`the bidding panel starts at ${bidding.top}`);
  await page.screenshot({ path: shots + "infinit-phone-turn.png" });
});

test("amakta: the circles show on the stones while the colour is chosen; a stone has one code in lobby, setup and inventories", async () => {
  const page = await browser();
  await amaktaLobby(page);
  await page.locator('select[name="option-set"]').selectOption("beginner");
  const lobbyCodes = await page.locator("[data-set-stone] .amk-code").evaluateAll((els) => els.map((e) => e.dataset.code));
  if (lobbyCodes.join() !== "000001,000011,000101,000002,000111,000000") throw new Error(`lobby codes ${lobbyCodes}`);
  const { id, tokens } = await apiHumanGame(page.request, { board: "hex3", set: "beginner" });
  await playMoves(page.request, id, tokens, [["p1", "circle w:000001=r"], ["p1", "circle w:000011=d"]]);
  const next = (await (await page.request.get(`${base}/api/games/${id}`)).json()).view.next_circle.split(":")[1];
  await openAs(page, id, tokens.p1, "p1");
  // The circle setup names the next stone by its arrows (its code on hover) and highlights it in the inventory.
  await page.locator(".amk-next-circle").filter({ hasText: "White's stone" }).locator(`[data-code="${next}"][title="${next}"]`).waitFor();
  await page.locator(`[data-stock="white:${next}"].selected`).waitFor();
  await page.locator("#amk-circles-none").click();
  const chooser = await browser();
  await openAs(chooser, id, tokens.p2, "p2");
  await chooser.locator('[data-colour-choice="white"]:not([disabled])').waitFor();
  for (const [stone, circle] of [["white:000001", "reinforcement"], ["white:000011", "damage"]]) {
    const ring = chooser.locator(`[data-stock="${stone}"] [data-circle="${circle}"]`);
    if (!(await ring.isVisible())) throw new Error(`no visible ${circle} ring on ${stone}`);
  }
  const inventory = await chooser.locator('[data-colour="white"] .amk-code').evaluateAll((els) => els.map((e) => e.dataset.code));
  if (inventory.sort().join() !== [...lobbyCodes].sort().join()) throw new Error(`inventory ${inventory}, lobby ${lobbyCodes}`);
  if (await chooser.locator('[data-stock="black:000001"] [data-circle]').count()) throw new Error("a circle on a stone without one");
  await chooser.screenshot({ path: shots + "amakta-colour-choice.png", fullPage: true });
});

test("amakta: the move list in words in English and German, the move text on hover, turned on a turned board as the board draws the stones", async () => {
  const page = await browser();
  const { id, tokens } = await apiHumanGame(page.request, { board: "hex3", set: "300100 000000", circles: "b:001003=d" });
  await playMoves(page.request, id, tokens, BOUND_POSITION);
  await openAs(page, id, tokens.p1, "p1");
  await waitForMoves(page, 3);
  const list = () => page.locator("#moves button").evaluateAll((buttons) => buttons.map((b) => [b.textContent, b.title]));
  const english = [
    ["White places →3←1 on c1", "place 001003 c1 300100"],
    ["Black places ↖1↘3 on c5", "place 001003 c5 001003"],
    ["White moves the stone from c1 to c4 as →1←3", "relocate c1 c4 100300"],
  ];
  if (JSON.stringify(await list()) !== JSON.stringify(english)) throw new Error(JSON.stringify(await list()));
  await page.locator('button[data-lang="de"]').click();
  await page.locator("#moves button").first().filter({ hasText: "Weiß setzt →3←1 auf c1" }).waitFor();
  const german = (await list()).map(([text]) => text);
  if (german[2] !== "Weiß setzt den Stein von c1 auf c4 um, als →1←3") throw new Error(german.join(" | "));
  await page.screenshot({ path: shots + "amakta-moves-de.png" });
  // A turned board says so; the moves' arrows are written as it draws them (review 14), each move's
  // record text on hover as before.
  await page.locator("#flip").click();
  await page.locator(".amk-turned").filter({ hasText: "Dein Brett ist gedreht" }).waitFor();
  const turned = await list();
  const expected = [
    ["Weiß setzt →1←3 auf c1", english[0][1]],
    ["Schwarz setzt ↖3↘1 auf c5", english[1][1]],
    ["Weiß setzt den Stein von c1 auf c4 um, als →3←1", english[2][1]],
  ];
  if (JSON.stringify(turned) !== JSON.stringify(expected)) throw new Error(`turned: ${JSON.stringify(turned)}`);
  // A move played meanwhile arrives in words too.
  await page.locator('button[data-lang="en"]').click();
  await playMoves(page.request, id, tokens, [["p2", "pass"]]);
  await page.locator('#moves button[title="pass"]').filter({ hasText: "Black passes" }).waitFor();
});

test("amakta: the board follows the colour — upright for both before the choice, then each player's own base on the left and own strip at the bottom; the moves read as each board draws them", async () => {
  const first = await browser();
  const second = await browser();
  const { id, tokens } = await apiHumanGame(first.request, { board: "hex3", set: "300100 000000" });
  await openAs(first, id, tokens.p1, "p1");
  await openAs(second, id, tokens.p2, "p2");
  const whiteLeft = (page) =>
    page.evaluate(() => {
      const x = (colour) => document.querySelector(`[data-base="${colour}"]`).getBoundingClientRect().x;
      return x("white") < x("black");
    });
  for (const page of [first, second]) {
    await page.locator(".amk-turned").filter({ hasText: "Until the colours are chosen" }).waitFor();
    if (!(await whiteLeft(page))) throw new Error("turned before the colours are chosen");
  }
  // The first seat assigns no circles, the second chooses White: the first seat plays Black.
  await playMoves(first.request, id, tokens, [["p1", "circles none"], ["p2", "colour white"], ["p2", "place 300100 c1 300100"]]);
  await first.locator(".amk-turned").filter({ hasText: "Your board is turned: Black's base is on the left" }).waitFor();
  await second.locator(".amk-turned").waitFor({ state: "detached" });
  if (await whiteLeft(first)) throw new Error("Black's board keeps White's base on the left");
  if (!(await whiteLeft(second))) throw new Error("White's board (the second seat's) is turned");
  for (const [page, seat] of [[first, "p1"], [second, "p2"]]) {
    if (!(await page.locator(`.seat-slot.bottom [data-seat="${seat}"]`).count())) throw new Error(`${seat}'s strip is not at the bottom`);
  }
  const words = (page) => page.locator("#moves").evaluate((list) => list.textContent);
  await first.locator("#moves button").filter({ hasText: "White places" }).waitFor();
  await second.locator("#moves button").filter({ hasText: "White places" }).waitFor();
  // White's page writes the record's arrows; Black's turned page the same stone turned, as its board draws it.
  const [mine, theirs] = [await words(first), await words(second)];
  if (!theirs.includes("White places →3←1 on c1")) throw new Error(`White's list: ${theirs}`);
  if (!mine.includes("White places →1←3 on c1")) throw new Error(`Black's list: ${mine}`);
  await first.screenshot({ path: shots + "amakta-black-turned.png" });
});

test("amakta: at 1280×800 the move list beside the prompt shows five lines or so and the latest move whole, a stone picked too", async () => {
  const page = await browser();
  const { id, tokens } = await apiHumanGame(page.request, { board: "hex3", set: "300100 000000", circles: "b:001003=d" });
  await playMoves(page.request, id, tokens, [...BOUND_POSITION, ["p2", "pass"]]);
  await openAs(page, id, tokens.p1, "p1");
  await waitForMoves(page, 4);
  const measure = () =>
    page.evaluate(() => {
      const list = document.querySelector("#moves").getBoundingClientRect();
      const current = document.querySelector("#moves .current").getBoundingClientRect();
      return { height: list.height, top: list.top, bottom: list.bottom, currentTop: current.top, currentBottom: current.bottom };
    });
  await page.locator(".amk-pocket button.amk-inv").first().click();
  await page.locator("#amk-rotate-left").waitFor();
  // The panel's resize is seen by an observer: poll until the list has settled.
  let box = await measure();
  for (let i = 0; i < 50 && (box.currentTop < box.top - 1 || box.currentBottom > box.bottom + 1); i++) {
    await page.waitForTimeout(100);
    box = await measure();
  }
  if (box.height < 100) throw new Error(`the move list is ${box.height} px high`);
  if (box.currentTop < box.top - 1 || box.currentBottom > box.bottom + 1) throw new Error(`the latest move is cut: ${JSON.stringify(box)}`);
  await page.screenshot({ path: shots + "amakta-moves-room.png" });
});

test("ataxx: the engine analyses the position against the engine, live, and shows its best move", async () => {
  const page = await browser();
  const id = await createFromLobby(page, { game: "ataxx" });
  // A long analysis can be stopped.
  await page.locator('select[name="analysis-time"]').selectOption("10000");
  await page.locator("#analyse").click();
  await page.locator("#analysis-stop").click();
  await page.locator("#analysis-stop").waitFor({ state: "detached" });
  if (await page.locator("#analysis-best").count()) throw new Error("a stopped analysis shows a best move");
  // A short one runs to its end. On a machine whose cores are busy elsewhere 300 ms may end
  // before the first iteration does (the depth then shows "–"): such a run is started again.
  await page.locator('select[name="analysis-time"]').selectOption("300");
  let depth = NaN;
  let best = null;
  for (let attempt = 0; attempt < 10 && !(depth >= 1); attempt++) {
    await page.locator("#analyse").click();
    await page.locator("#analysis-best").waitFor();
    best = await page.locator("#analysis-best").getAttribute("data-best");
    const shown = await page.locator("#analysis-depth").textContent();
    if (shown !== "–") depth = Number(shown);
    if (shown !== "–" && !(depth >= 1)) throw new Error(`depth ${shown}`);
  }
  if (!(depth >= 1)) throw new Error("no analysis of 10 reported a finished iteration");
  const state = await (await page.request.get(`${base}/api/games/${id}`)).json();
  if (!state.legal_moves.includes(best)) throw new Error(`best move ${best} is not legal: ${state.legal_moves}`);
  await page.locator("#analysis-score[data-score]").waitFor();
  await page.screenshot({ path: shots + "ataxx-analysis.png" });
  await page.locator('button[data-lang="de"]').click();
  await page.getByText(`Bester Zug: ${best}`).waitFor();
  await page.getByText("Bewertung für Rot").waitFor();
  const score = await page.locator("#analysis-score").textContent();
  if (!/^([+−]?\d+,\d\d|.*(gewinnt|verliert).*)$/.test(score)) throw new Error(`German score ${score}`);
});

// ---------------------------------------------------------------- research page

test("research: Amakta's balance results and recommended sets in English and German", async () => {
  const page = await browser();
  await page.goto(`${base}/research/amakta`);
  await page.locator("#research-recommended tbody tr").first().waitFor();
  if ((await page.locator("#research-recommended tbody tr").count()) < 3) throw new Error("fewer than three recommended sets");
  for (const board of ["hex4", "hex5", "hex6"]) {
    const rows = await page.locator(`section[data-board="${board}"] tbody tr`).count();
    if (rows < 2) throw new Error(`${board}: ${rows} rows`);
  }
  await page.waitForFunction(() => document.querySelectorAll(".research-plot canvas").length === 3);
  await page.getByText("Recommended sets").waitFor();
  await page.locator('button[data-lang="de"]').click();
  await page.getByText("Empfohlene Sätze").waitFor();
  await page.locator("#research-bunker").getByText("Bunker").waitFor();
  await page.screenshot({ path: shots + "research-de.png", fullPage: true });
  // The header links to it from the lobby.
  await page.goto(`${base}/`);
  await page.locator('header a[href="/research/amakta"]').click();
  await page.locator("#research-recommended").waitFor();
});

// Further suites: every e2e/suites/*.mjs exports `register(test, harness)` and adds its tests
// with `test(name, run)`, using the helpers of this file from `harness`.
const harness = {
  base, shots, TIMEOUT, server, until, stopServer, startServer, browser, moveTexts, waitForMoves,
  createFromLobby, clickSquare, PLAY_BY_CLICKING, apiPeopleGame, openSeat, editorStone,
};
const suites = new URL("./suites/", import.meta.url);
for (const file of readdirSync(suites).filter((f) => f.endsWith(".mjs")).sort()) {
  const suite = await import(new URL(file, suites));
  suite.register(test, harness);
}

let passed = 0;
let failed = 0;
// E2E_ONLY=text runs only the tests whose name contains the text (or one of several, "a|b").
const only = process.env.E2E_ONLY?.split("|");
// E2E_QUEUE names a folder shared by several runs of this file (run.sh's lanes, each against a
// server of its own): a run takes a test by creating the file of its number there first, and
// leaves the tests another run took.
const queue = process.env.E2E_QUEUE;
const taken = (index) => {
  if (!queue) return true;
  try {
    closeSync(openSync(join(queue, String(index)), "wx"));
    return true;
  } catch (error) {
    if (error.code === "EEXIST") return false;
    throw error;
  }
};
for (const [index, { name, run }] of tests.entries()) {
  if (only && !only.some((text) => name.includes(text))) continue;
  if (!taken(index)) continue;
  const started = Date.now();
  try {
    policyViolations.length = 0;
    pageErrors.length = 0;
    await run();
    if (policyViolations.length) throw new Error(`refused by the security policy: ${policyViolations.join("; ")}`);
    if (pageErrors.length) throw new Error(`JavaScript errors: ${pageErrors.join("; ")}`);
    passed++;
    console.log(`ok   ${name} (${Date.now() - started} ms)`);
  } catch (error) {
    failed++;
    console.log(`FAIL ${name}\n    ${String(error.stack || error).split("\n").slice(0, 4).join("\n    ")}`);
  }
  for (const context of contexts.splice(0)) await context.close().catch(() => {});
}
for (const profile of profiles) rmSync(profile, { recursive: true, force: true });
server?.child?.kill();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
