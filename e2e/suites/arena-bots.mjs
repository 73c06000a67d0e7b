// An arena of four people and two bots to its end (issue 52's first target): four people sign up
// in browsers of their own; two bot accounts are made through the API (a fresh account, a token,
// the upgrade) and each is run by a `spielwerk bot --arena ID` bridge started here (the binary
// e2e/run.sh serves). One person makes a one-minute Ataxx arena of people and bots with the
// tournaments page's form (the server runs with --shortest-arena-minutes 1, which the form
// offers), every person joins with the arena page's Join button, and each plays every game the
// arena gives them by clicking a legal move on the board whenever it is their turn, taken from
// game to game by the pages themselves. Once the arena has finished, its page shows the winner
// and the standings; the names, points and games read from the page must equal a recomputation
// from the arena's stored games (lichess's scoring with the streak, as crates/cli/tests/bot.rs
// does it), and both bots must have played. The finished arena's page shows no games being
// played but the arena's games with their results, each linked to its page. The maker is joined
// by making it ("Join it myself" is ticked by default); the others join with the Join button.

import { spawn } from "node:child_process";
import { accountSteps, freshName } from "../people.mjs";

/** How long a step (a move, the next game, the end) may take before the test gives up. */
const PATIENCE = 90_000;
/** How long the whole arena may take: a minute of pairing, then the last games on a 1+0 clock. */
const ARENA_PATIENCE = 8 * 60_000;

/** Waits `ms` between two looks (never before an assertion of a time). */
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The points and counted games of each player from the arena's games in the order they were
 * scored, by lichess's rule: a win 2, a draw 1, a loss 0, all doubled after two wins in a row
 * until a game is not won.
 */
function arenaPoints(games) {
  const lines = new Map();
  const line = (name) => lines.get(name) ?? lines.set(name, { points: 0, games: 0, streak: 0 }).get(name);
  for (const game of games) {
    const halves = { "1-0": [2, 0], "0-1": [0, 2], "1/2-1/2": [1, 1] }[game.result];
    if (!halves) throw new Error(`a game without a result: ${JSON.stringify(game)}`);
    for (const [name, half] of [
      [game.white, halves[0]],
      [game.black, halves[1]],
    ]) {
      const player = line(name);
      player.points += half * (player.streak >= 2 ? 2 : 1);
      player.games += 1;
      player.streak = half === 2 ? player.streak + 1 : 0;
    }
  }
  return lines;
}

export function register(test, { base, shots, browser, server, until }) {
  const { signUp, stateOf } = accountSteps(base);

  /** A bot account made through the API as docs/bots.md says; its name and token. */
  async function botAccount(prefix) {
    const name = freshName(prefix);
    const signup = await fetch(`${base}/api/account/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name, password: "secret-pass" }),
    });
    if (signup.status !== 200) throw new Error(`sign up ${name}: ${signup.status}`);
    const cookie = signup.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const made = await fetch(`${base}/api/account/tokens`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ description: "bridge", scopes: ["bot:play", "challenge:read", "challenge:write"] }),
    });
    if (made.status !== 201) throw new Error(`token of ${name}: ${made.status}`);
    const { token } = await made.json();
    const upgraded = await fetch(`${base}/api/bot/account/upgrade`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
    });
    if (upgraded.status !== 200) throw new Error(`upgrade of ${name}: ${upgraded.status}`);
    return { name, token };
  }

  /** `spielwerk bot` for `token` in arena `id`, its own engine one ply deep; keeps its output. */
  function bridge(token, id) {
    const args = ["bot", "--server", base, "--max-depth", "1", "--game", "ataxx", "--arena", id];
    const child = spawn(server.binary, args, {
      env: { ...process.env, SPIELWERK_TOKEN: token },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const run = { child, output: "", exited: null };
    const keep = (chunk) => {
      run.output = (run.output + chunk).slice(-3000);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.on("exit", (code, signal) => {
      run.exited = `${code ?? signal}`;
    });
    return run;
  }

  /** Stops a bridge and waits until it has gone. */
  async function stop(run) {
    if (run.exited !== null) return;
    const gone = new Promise((resolve) => run.child.once("exit", resolve));
    run.child.kill();
    await gone;
  }

  /** Plays `move` (a clone's target, a jump's two squares, or a pass) by clicking, as a person would. */
  async function clickMove(page, move) {
    if (move === "0000") return page.locator("#pass").click();
    const square = (name) => page.locator(`svg.board [data-square="${name}"]`).click();
    if (move.length === 2) return square(move);
    await square(move.slice(0, 2));
    await page.locator(`svg.board [data-square="${move.slice(2)}"] [data-target="jump"]`).waitFor();
    await square(move.slice(2));
  }

  /**
   * Plays game `id`, open in `page`, to its end: a clone when there is one, else any legal move.
   * Returns how many of the moves clicked were played.
   */
  async function playGame(page, id, who) {
    let clicked = 0;
    let ply = -1;
    let deadline = 0;
    for (;;) {
      const state = await stateOf(page, id);
      if (state.outcome) return clicked;
      if (state.ply !== ply) {
        ply = state.ply;
        deadline = Date.now() + PATIENCE;
      }
      if (Date.now() > deadline) throw new Error(`game ${id} of ${who} stalled at ply ${ply}`);
      if (state.side_to_move !== state.you) {
        await pause(100);
        continue;
      }
      const moves = state.legal_moves;
      const clones = moves.filter((m) => m.length === 2);
      const choice = clones.length ? clones : moves;
      const move = choice[Math.floor(Math.random() * choice.length)];
      // The page may redraw under the click (the opponent's clock, the game's end): look again.
      await clickMove(page, move).catch(() => undefined);
      const played = await page
        .waitForFunction((n) => document.querySelectorAll("#moves button").length > n, ply, { timeout: 10_000 })
        .then(() => true, () => false);
      if (played) clicked += 1;
    }
  }

  /**
   * Plays every game arena `id` gives the person of `page` until the arena has finished: the
   * person stays on the game page they are on, which takes them to their next game as it is
   * paired. Fails when a page does not move on to the player's game. Returns the games played
   * and the moves clicked.
   */
  async function playArena(page, id, who) {
    const done = new Set();
    let clicked = 0;
    const deadline = Date.now() + ARENA_PATIENCE;
    let waitingFor = null;
    for (;;) {
      const arena = await (await page.request.get(`${base}/api/tournaments/${id}`)).json();
      if (arena.tournament.status === "finished") return { games: done.size, clicked };
      if (Date.now() > deadline)
        throw new Error(`arena ${id} never finished: ${arena.tournament.status}, running ${JSON.stringify(arena.running)}`);
      const shown = new URL(page.url()).pathname.match(/^\/play\/([a-z0-9]+)$/)?.[1];
      if (shown && shown === arena.me.game && !done.has(shown)) {
        await page.locator("#board svg.board").waitFor();
        clicked += await playGame(page, shown, who);
        done.add(shown);
        waitingFor = null;
        continue;
      }
      const next = arena.me.game && !done.has(arena.me.game) ? arena.me.game : null;
      if (next !== waitingFor?.game) waitingFor = next ? { game: next, since: Date.now() } : null;
      if (waitingFor && Date.now() - waitingFor.since > PATIENCE) {
        throw new Error(`${who}'s page never moved on to game ${next}: still at ${page.url()}`);
      }
      await pause(250);
    }
  }

  test("arena-bots: an arena of four people and two bridged bots runs to its end with standings that match its games", async () => {
    if (!server?.binary) return console.log("    skipped: the server was not started by e2e/run.sh");
    const names = ["ann", "ben", "cid", "dee"].map(freshName);
    const pages = await Promise.all(names.map(() => browser()));
    await Promise.all(pages.map((page, i) => signUp(page, names[i])));
    const bots = [await botAccount("bota"), await botAccount("botb")];

    // The arena, made with the tournaments page's form: Ataxx, 1+0, a minute, people and bots.
    const [maker] = pages;
    await maker.goto(`${base}/tournaments`);
    await maker.locator('#tour-create input[name="name"]').fill(`Bots ${names[0]}`);
    await maker.locator('#tour-create select[name="game"]').selectOption("ataxx");
    await maker.locator('#tour-create select[name="clock"]').selectOption("1+0");
    await maker.locator('#tour-create select[name="minutes"]').selectOption("1");
    await maker.locator('#tour-create select[name="bots"]').selectOption("welcome");
    await maker.locator('#tour-create button[type="submit"]').click();
    await maker.waitForURL(/\/tournaments\/[a-z0-9]+$/);
    const arena = new URL(maker.url()).pathname;
    const id = arena.split("/").pop();

    const bridges = bots.map((bot) => bridge(bot.token, id));
    try {
      // The maker joined by making it; everyone else joins with the arena page's button, and the
      // pages take them to their games.
      await Promise.all(
        pages.map(async (page, i) => {
          if (page !== maker) {
            await page.goto(`${base}${arena}`);
            await page.locator("#tour-join").click();
          }
          // The page may go to the first game at once: the joining is read from the API.
          await until(`${names[i]} joined`, async () => {
            const seen = await (await page.request.get(`${base}/api/tournaments/${id}`)).json();
            return seen.me?.joined === true;
          }, PATIENCE);
        }),
      );
      const played = await Promise.all(pages.map((page, i) => playArena(page, id, names[i])));
      played.forEach(({ games, clicked }, i) => {
        if (!games || !clicked) throw new Error(`${names[i]} played ${games} games, ${clicked} moves clicked`);
      });

      // Back on the arena's page, as the last game's page links to it: the winner and the standings.
      const back = maker.locator(`#rematch-tournament[href="${arena}"]`);
      if (await back.count()) await back.click();
      else await maker.goto(`${base}${arena}`);
      await maker.waitForURL(`${base}${arena}`);
      const winner = maker.locator("#tour-winner");
      await winner.waitFor({ timeout: PATIENCE });
      const rows = maker.locator("#tour-standings tbody tr[data-player]");
      await maker.waitForFunction(() => document.querySelectorAll("#tour-standings tbody tr[data-player]").length === 6);
      await maker.screenshot({ path: shots + "arena-bots-finished.png", fullPage: true });
      const standings = await rows.evaluateAll((trs) =>
        trs.map((tr) => ({
          name: tr.dataset.player,
          points: Number(tr.querySelector("td.points")?.textContent),
          games: Number(tr.querySelector("td.games")?.textContent),
        })),
      );

      const { games } = await (await maker.request.get(`${base}/api/tournaments/${id}/games`)).json();
      // Every player was there for every game: none ended without a result (aborted, abandoned).
      if (!games.every((game) => ["1-0", "0-1", "1/2-1/2"].includes(game.result)))
        throw new Error(`a game without a result: ${JSON.stringify(games)}`);
      const expected = arenaPoints(games);
      const everyone = [...names, ...bots.map((bot) => bot.name)];
      if (standings.map((line) => line.name).sort().join() !== [...everyone].sort().join())
        throw new Error(`the standings list ${standings.map((line) => line.name)}, not ${everyone}`);
      for (const line of standings) {
        const want = expected.get(line.name) ?? { points: 0, games: 0 };
        if (line.points !== want.points || line.games !== want.games)
          throw new Error(
            `${line.name}: the page says ${line.points} points in ${line.games} games, the games ${want.points} in ${want.games}: ${JSON.stringify(games)}`,
          );
      }
      const points = standings.map((line) => line.points);
      if (points.some((p, i) => i > 0 && p > points[i - 1])) throw new Error(`the standings are not by points: ${points}`);
      for (const bot of bots) {
        if (!games.some((game) => game.white === bot.name || game.black === bot.name))
          throw new Error(`${bot.name} played no game: ${JSON.stringify(games)}`);
      }
      await winner.filter({ hasText: `🏆 ${standings[0].name} won the arena` }).waitFor();
      // Finished: no games being played, but the arena's games with their results, each linked.
      await maker.locator(".tour-page[data-status=finished]").waitFor();
      if (await maker.locator("#tour-running").count()) throw new Error("a finished arena shows games being played");
      await maker.locator("#tour-games").locator("xpath=..").locator("h2").filter({ hasText: "The tournament's games" }).waitFor();
      const listed = await maker.locator("#tour-games li[data-game]").evaluateAll((items) =>
        items.map((li) => [li.dataset.game, li.querySelector(".tour-result")?.textContent.trim(), li.querySelector("a")?.getAttribute("href")]),
      );
      const scored = games.map((g) => [g.id, g.result, `/play/${g.id}`]);
      if (JSON.stringify(listed) !== JSON.stringify(scored))
        throw new Error(`the page lists ${JSON.stringify(listed)}, the arena's games are ${JSON.stringify(scored)}`);
      await maker.locator(`#tour-games [data-game="${games[0].id}"] a`).click();
      await maker.waitForURL(`${base}/play/${games[0].id}`);
      const moves = played.map((p) => p.clicked).join(", ");
      console.log(`    ${games.length} games, moves clicked ${moves}; winner ${standings[0].name} with ${standings[0].points}`);
    } catch (error) {
      for (const run of bridges)
        error.message += `\n    bridge (exited ${run.exited}): ${run.output.slice(-600).replace(/\n/g, " | ")}`;
      throw error;
    } finally {
      await Promise.all(bridges.map(stop));
    }
  });
}
