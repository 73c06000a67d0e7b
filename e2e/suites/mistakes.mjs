// Browser tests of "Learn from your mistakes" on the analysis board: an imported Ataxx record
// whose first move throws away a win in one (Red could capture Blue's only stone) is replayed for
// Red: the move played and a move the engine finds losing are rejected and the board put back, a
// winning move other than the stored best is "good too" (judged by the result of the game it
// ends), the best move is accepted, the best move can be shown; Blue, without mistakes, cannot
// start. A finished game against the engine offers the player their own side only.

import { finishedGame } from "./analysis.mjs";

/**
 * Red (x, on f7) to move next to Blue's only stone (o, on g7): f6 or g6 captures it and wins; Red
 * plays e6 instead, and Blue's f6 captures both of Red's stones and wins.
 */
const BLUNDER = `[Game "ataxx"]
[Setup "5xo/7/7/7/7/7/7 x 0 1"]

1. e6 f6 *`;

/** Clicks Ataxx's square `square` on the analysis board (a clone move of Red's only stone). */
async function playSquare(page, square) {
  await page.locator(`svg.board [data-square="${square}"]`).click();
}

/** Waits for the verdict `kind` (best, good, wrong, shown) on the reply. */
async function verdict(page, kind) {
  await page.locator(`#ab-learn-verdict[data-verdict="${kind}"]`).waitFor({ timeout: 30_000 });
}

/** Waits until the board is back at the start position, the question asked again, without a variation in the tree. */
async function putBack(page) {
  await page.locator("#ab-where").filter({ hasText: "Start position" }).waitFor();
  await page.waitForFunction(() => !document.querySelector("#ab-tree .ab-variation"));
}

/** Opens the record's analysis board and starts Red's walk (Blue's start stays disabled, with the reason). */
async function startRed(page, base, id) {
  await page.goto(`${base}/analysis/${id}`);
  const red = page.locator('#ab-learn button.ab-learn-start[data-seat="p1"]:not([disabled])');
  await red.waitFor({ timeout: 30_000 });
  if (!(await page.locator('#ab-learn button.ab-learn-start[data-seat="p2"]').isDisabled())) throw new Error("Blue may learn without mistakes");
  await page.locator('#ab-learn [data-seat="p2"] .ab-learn-reason').filter({ hasText: "Blue made no mistakes or blunders" }).waitFor();
  await red.click();
  await page.locator("#ab-learn-progress").filter({ hasText: "Mistake 1 of 1" }).waitFor();
  await page.locator("#ab-learn-task").filter({ hasText: "Red played e6 here — find a better move for Red." }).waitFor();
  await page.locator("#ab-where").filter({ hasText: "Start position" }).waitFor();
  // The engine keeps quiet: no lines, no arrows to give the move away.
  await page.locator("#ab-engine").filter({ hasText: "The engine is quiet" }).waitFor();
  if (await page.locator("#ab-lines, .ab-arrows").count()) throw new Error("the engine shows its lines during the walk");
}

export function register(test, harness) {
  const { base, shots, browser } = harness;

  test("mistakes (Ataxx record): the blunder replayed, wrong moves rejected and put back, a good move and the best accepted, the best shown", async () => {
    const page = await browser();
    const imported = await (await page.request.post(`${base}/api/records`, { data: { record: BLUNDER } })).json();
    if (!imported.id) throw new Error(`import refused: ${JSON.stringify(imported)}`);
    await startRed(page, base, imported.id);
    await page.screenshot({ path: shots + "mistakes-task.png" });
    // The move played in the game: wrong at once.
    await playSquare(page, "e6");
    await verdict(page, "wrong");
    await page.locator("#ab-learn-verdict").filter({ hasText: "e6: not that one, try again." }).waitFor();
    await page.locator("#ab-where").filter({ hasText: "Start position" }).waitFor();
    // Another losing move: the engine judges it (Blue captures both stones), and the board goes back.
    // The judging may be over in a moment (a mate is found at once): an observer notes its progress.
    await page.evaluate(() => {
      const seen = (window.judgingSeen = []);
      new MutationObserver(() => {
        const judging = document.querySelector("#ab-learn-judging");
        if (judging) seen.push(Boolean(judging.querySelector("progress")));
      }).observe(document.body, { childList: true, subtree: true });
    });
    await playSquare(page, "e7");
    // e6's verdict is still "wrong" until e7's judging replaces it: wait for e7's own verdict.
    await page.locator("#ab-learn-verdict").filter({ hasText: "e7: not that one, try again." }).waitFor({ timeout: 30_000 });
    await verdict(page, "wrong");
    if (!(await page.evaluate(() => window.judgingSeen.includes(true)))) throw new Error("no progress shown while judging");
    await putBack(page);
    await page.screenshot({ path: shots + "mistakes-wrong.png" });
    // The stored best move is f6; g6 wins too (the game ends there: judged by its result).
    const evaluation = await (await page.request.get(`${base}/api/games/${imported.id}/evaluation`)).json();
    const best = evaluation.plies.find((p) => p.ply === 0).best;
    const other = best === "f6" ? "g6" : "f6";
    await playSquare(page, other);
    await verdict(page, "good");
    await page.locator("#ab-learn-verdict").filter({ hasText: `${other} is a good move too. The engine's best: ${best}.` }).waitFor();
    // g6 ends the game, Red has won: the bar shows the result (full for Red), not an even half.
    if (other === "g6") {
      await page.locator('#ab-evalbar[aria-label$=": 1–0"]').waitFor();
      await page.waitForFunction(() => {
        const bar = document.querySelector("#ab-evalbar")?.getBoundingClientRect();
        const fill = document.querySelector("#ab-evalbar .ab-bar-fill")?.getBoundingClientRect();
        return bar && fill && bar.height > 0 && bar.height - fill.height < 3; // the fill inside the border
      });
    }
    await page.screenshot({ path: shots + "mistakes-good.png" });
    await page.locator("#ab-learn-next").click();
    await page.locator("#ab-learn-summary").filter({ hasText: "you found a good move for 1 of 1 mistake." }).waitFor();
    await page.locator('#ab-learn-summary li[data-result="found"]').waitFor();
    // Back to the analysis: the engine's lines again; a second walk, in German, finds the best move.
    await page.locator("#ab-learn-back").click();
    await page.locator("#ab-learn button.ab-learn-start").first().waitFor();
    await page.locator('button[data-lang="de"]').click();
    await page.locator('#ab-learn button.ab-learn-start[data-seat="p1"]').filter({ hasText: "Aus den Fehlern von Rot lernen" }).click();
    await page.locator("#ab-learn-progress").filter({ hasText: "Fehler 1 von 1" }).waitFor();
    await page.locator("#ab-learn-task").filter({ hasText: "Hier hat Rot e6 gespielt — finde einen besseren Zug für Rot." }).waitFor();
    await playSquare(page, best);
    await verdict(page, "best");
    await page.locator("#ab-learn-verdict").filter({ hasText: `Sehr gut: ${best} ist der beste Zug.` }).waitFor();
    await page.screenshot({ path: shots + "mistakes-best-de.png" });
    await page.locator('button[data-lang="en"]').click();
    // A third walk: the best move shown.
    await page.locator("#ab-learn-back").click();
    await page.locator('#ab-learn button.ab-learn-start[data-seat="p1"]').click();
    await page.locator("#ab-learn-show").click();
    await verdict(page, "shown");
    await page.locator("#ab-where").filter({ hasText: "Variation: 1 move from ply 0" }).waitFor();
    await page.locator("#ab-tree .ab-variation .ab-move.current").filter({ hasText: best }).waitFor();
    await page.locator("#ab-learn-next").click();
    await page.locator('#ab-learn-summary li[data-result="shown"]').waitFor();
    await page.locator("#ab-learn-back").click();
    await page.locator("#ab-engine").filter({ hasText: "The engine is quiet" }).waitFor({ state: "detached" });
  });

  test("mistakes (Ataxx, finished game against the engine): the player is offered their own side only", async () => {
    const page = await browser();
    const { id } = await finishedGame(page.request, harness, "ataxx", 6);
    // The browser that played the game keeps its seat (as the game page does).
    await page.goto(`${base}/`);
    await page.evaluate((key) => localStorage.setItem(key, JSON.stringify({ seat: "p1" })), `spielwerk.game.${id}`);
    await page.goto(`${base}/analysis/${id}`);
    const start = page.locator("#ab-learn button.ab-learn-start");
    await page.locator("#ab-progress").waitFor();
    await harness.until("the evaluation is done", async () => {
      const [done, total] = await page.locator("#ab-progress").evaluate((p) => [p.dataset.done, p.dataset.total]);
      return done === total;
    });
    await page.waitForFunction(() => document.querySelectorAll("#ab-learn button.ab-learn-start").length === 1);
    if ((await start.getAttribute("data-seat")) !== "p1" || (await start.textContent()) !== "Replay them and find better moves") throw new Error("not the player's own side");
    if (await start.isDisabled()) {
      await page.locator("#ab-learn .ab-learn-reason").filter({ hasText: "You made no mistakes or blunders in this game" }).waitFor();
      return;
    }
    await start.click();
    await page.locator("#ab-learn-task").filter({ hasText: /^You played .+ here — find a better move for Red\.$/ }).waitFor();
    await page.screenshot({ path: shots + "mistakes-own.png" });
    // Skipping each mistake ends in the summary with nothing found.
    const total = Number(await page.locator("#ab-learn-progress").getAttribute("data-total"));
    for (let i = 0; i < total; i++) await page.locator("#ab-learn-skip").click();
    const mistakes = total === 1 ? "1 mistake." : `${total} mistakes.`;
    await page.locator("#ab-learn-summary").filter({ hasText: `you found a good move for 0 of ${mistakes}` }).waitFor();
  });
}
