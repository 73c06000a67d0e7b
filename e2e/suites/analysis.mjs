// Browser tests of the analysis board (/analysis/<id>): the evaluation graph
// filling with its progress, a click on it going to a ply, a move played on
// the board becoming a variation in the tree, the evaluation bar, arrows and
// three engine lines; for Ataxx (an imported record) and Abalone (a finished
// game, opened from the game page).

/**
 * A game of `game` against the level-1 engine, played through the API (the first legal move at
 * each turn) for `plies` of the person's moves and then resigned, unless the engine has ended it
 * already (the first legal moves can lose all of the person's stones); returns its id and moves.
 */
export async function finishedGame(request, { base, until }, game, plies) {
  const created = await (await request.post(`${base}/api/games`, { data: { game, opponent: "engine", level: 1, side: "p1" } })).json();
  const headers = { authorization: `Bearer ${created.token}` };
  const state = async () => (await request.get(`${base}/api/games/${created.id}`)).json();
  for (let i = 0; i < plies; i++) {
    let now = null;
    await until("the person's turn", async () => {
      now = await state();
      return now.outcome || (now.side_to_move === "p1" && !now.engine_thinking);
    });
    if (now.outcome) break;
    const played = await request.post(`${base}/api/games/${created.id}/moves`, { headers, data: { move: now.legal_moves[0] } });
    if (!played.ok()) throw new Error(`move refused: ${await played.text()}`);
  }
  let last = null;
  await until("the engine's reply", async () => {
    last = await state();
    return !last.engine_thinking;
  });
  if (last.outcome) return { id: created.id, moves: last.moves };
  const resigned = await request.post(`${base}/api/games/${created.id}/resign`, { headers, data: {} });
  if (!resigned.ok()) throw new Error(`resignation refused: ${await resigned.text()}`);
  return { id: created.id, moves: (await state()).moves };
}

/**
 * Waits until the evaluation graph of the page is complete; returns the progress (done of total)
 * seen on the way, which must have started below the total and ended at it with a point per ply.
 */
async function graphFills(page, until) {
  const seen = [];
  await until("the evaluation graph is complete", async () => {
    const progress = await page.locator("#ab-progress").evaluate((p) => [Number(p.dataset.done), Number(p.dataset.total)]).catch(() => null);
    if (progress && progress[0] !== seen[seen.length - 1]?.[0]) seen.push(progress);
    return progress && progress[0] === progress[1];
  });
  const [first, last] = [seen[0], seen[seen.length - 1]];
  if (!(first[0] < first[1])) throw new Error(`the graph was complete at once: ${JSON.stringify(seen)}`);
  const points = await page.locator("#ab-graph").getAttribute("data-points");
  if (Number(points) !== last[1]) throw new Error(`${points} points for ${last[1]} positions`);
  return seen;
}

/** Clicks the evaluation graph (uPlot's plotting area, plies 0 to the last from left to right) at `ply`. */
export async function clickGraphPly(page, ply) {
  const over = page.locator("#ab-graph .u-over");
  await over.waitFor();
  const total = Number(await page.locator("#ab-graph").getAttribute("data-total"));
  const box = await over.boundingBox();
  await over.click({ position: { x: Math.min(box.width - 1, (box.width * ply) / (total - 1)), y: box.height / 2 } });
}

/** Checks the engine's part for the position shown: three lines, the evaluation bar's number and an arrow on the board. */
async function engineShows(page) {
  await page.waitForFunction(() => document.querySelectorAll("#ab-lines .ab-line").length === 3, null, { timeout: 30_000 });
  await page.locator('svg.board .ab-arrows [data-arrow="1"]').waitFor({ timeout: 30_000 });
  const text = await page.locator("#ab-eval-text").textContent();
  if (!/^([+−]\d+[.,]\d\d|#-?\d+|1–0|0–1)$/.test(text)) throw new Error(`evaluation bar says '${text}'`);
}

export function register(test, harness) {
  const { base, shots, browser, until } = harness;

  test("analysis board (Ataxx, imported record): graph fills with progress, click jumps, a board move becomes a variation, bar, arrows, three lines", async () => {
    const page = await browser();
    const finished = await finishedGame(page.request, harness, "ataxx", 5);
    const record = await (await page.request.get(`${base}/api/games/${finished.id}/record`)).text();
    const imported = await (await page.request.post(`${base}/api/records`, { data: { record } })).json();
    await page.goto(`${base}/analysis/${imported.id}`);
    await page.locator("#ab-progress").waitFor();
    await page.screenshot({ path: shots + "analysis-ataxx-evaluating.png" });
    await graphFills(page, until);
    // A click on the graph goes to that ply of the main line.
    await clickGraphPly(page, 2);
    await page.locator("#ab-where").filter({ hasText: "After ply 2" }).waitFor();
    await page.locator('#ab-graph[data-now="2"]').waitFor({ state: "attached" });
    await page.locator('#ab-tree .ab-move.current[data-ply="2"]').waitFor();
    await engineShows(page);
    // A clone onto an empty square other than the game's next move: a variation branches off.
    const position = await (await page.request.get(`${base}/api/games/${imported.id}/explore?ply=2`)).json();
    const clone = position.at.legal_moves.find((m) => m.length === 2 && m !== finished.moves[2]);
    await page.locator(`svg.board [data-square="${clone}"]`).click();
    await page.locator("#ab-where").filter({ hasText: "Variation: 1 move from ply 2" }).waitFor();
    const branch = page.locator("#ab-tree .ab-variation .ab-move.current");
    await branch.filter({ hasText: clone }).waitFor();
    await engineShows(page);
    await page.screenshot({ path: shots + "analysis-ataxx-variation.png" });
    // The keyboard steps back to where the variation left the main line.
    await page.locator("#ab-where").click();
    await page.keyboard.press("ArrowLeft");
    await page.locator("#ab-where").filter({ hasText: "After ply 2" }).waitFor();
    // In German: the texts, and the decimal comma of the evaluation.
    await page.locator('button[data-lang="de"]').click();
    await page.getByText("Bewertungskurve").waitFor();
    await page.locator("#ab-where").filter({ hasText: "Nach Halbzug 2" }).waitFor();
    const german = await page.locator("#ab-eval-text").textContent();
    if (/\d\.\d/.test(german)) throw new Error(`no decimal comma in German: ${german}`);
    await page.screenshot({ path: shots + "analysis-ataxx-de.png" });
    await page.locator('button[data-lang="en"]').click();
    // A variation can be deleted.
    await page.locator("#ab-tree .ab-variation .ab-delete").click();
    await page.waitForFunction(() => !document.querySelector("#ab-tree .ab-variation"));
  });

  test("analysis board of a game without moves: one line 'No moves yet' instead of the graph, no box of mistakes to learn from", async () => {
    const page = await browser();
    const created = await (await page.request.post(`${base}/api/games`, { data: { game: "ataxx", opponent: "human", side: "p1" } })).json();
    const record = await (await page.request.get(`${base}/api/games/${created.id}/record`)).text();
    const imported = await (await page.request.post(`${base}/api/records`, { data: { record } })).json();
    await page.goto(`${base}/analysis/${imported.id}`);
    await page.locator("#ab-graph-box #ab-no-moves").filter({ hasText: /^No moves yet$/ }).waitFor();
    // The page has drawn the finished evaluation of the lone position, and the coach's offer with it.
    await until("the evaluation is done", async () =>
      page.locator("#ab-no-moves").evaluate((p) => p.dataset.total !== undefined && p.dataset.done === p.dataset.total),
    );
    for (const part of ["#ab-graph", "#ab-progress", "#ab-graph-box h2"]) {
      if (await page.locator(part).count()) throw new Error(`${part} is drawn for a game without moves`);
    }
    if (await page.locator("#ab-learn").isVisible()) throw new Error(`the mistakes' box shows: ${await page.locator("#ab-learn").textContent()}`);
    if (await page.locator("#ab-learn button.ab-learn-start").count()) throw new Error("a button to learn from mistakes in a game without moves");
    await page.locator('button[data-lang="de"]').click();
    await page.locator("#ab-no-moves").filter({ hasText: /^Noch keine Züge$/ }).waitFor();
    await page.locator('button[data-lang="en"]').click();
  });

  test("analysis board on a phone (390 px): the evaluation bar at least 8 px wide with a gap to the screen's edge, the coordinates in a 13 px font or larger (glyphs of 10 px), over the pieces; on a desktop the moves fill the panel's height", async () => {
    const page = await browser({ width: 390, height: 844 });
    const created = await (await page.request.post(`${base}/api/games`, { data: { game: "ataxx", opponent: "human", side: "p1" } })).json();
    const record = await (await page.request.get(`${base}/api/games/${created.id}/record`)).text();
    const imported = await (await page.request.post(`${base}/api/records`, { data: { record } })).json();
    await page.goto(`${base}/analysis/${imported.id}`);
    await page.locator("#ab-lines li").first().waitFor();
    const bar = await page.locator(".ab-bar-box").boundingBox();
    if (!bar || bar.width < 8 || 390 - (bar.x + bar.width) < 4) throw new Error(`the evaluation bar: ${JSON.stringify(bar)}`);
    const coordinates = await page.locator("svg.board .coords text").evaluateAll((texts) =>
      texts.map((text) => {
        // Drawn after every square (and so over its piece).
        const squares = text.closest("svg").querySelectorAll("[data-square]");
        const lastSquare = squares[squares.length - 1];
        // The font's size on the screen (the drawing's units times its scale): 13 px gives glyphs of about 10 px.
        const px = parseFloat(getComputedStyle(text).fontSize) * (text.closest("svg").getScreenCTM()?.a ?? 0);
        return { text: text.textContent, px, last: Boolean(lastSquare && lastSquare.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING) };
      }),
    );
    const small = coordinates.filter((c) => c.px < 13);
    if (!coordinates.length || small.length || !coordinates.every((c) => c.last)) throw new Error(`the coordinates: ${JSON.stringify(coordinates)}`);
    await page.screenshot({ path: shots + "analysis-phone-start.png" });
    // Wide: the moves' box reaches down to the panel's foot (the panel as tall as the window allows).
    await page.setViewportSize({ width: 1280, height: 800 });
    await until("the moves fill the panel", () =>
      page.evaluate(() => {
        const panel = document.querySelector(".ab-panel")?.getBoundingClientRect();
        const tree = document.querySelector(".ab-tree-box")?.getBoundingClientRect();
        return Boolean(panel && tree && tree.height > 200 && panel.height > 600);
      }),
    );
  });

  test("analysis board (Abalone, finished game): opened from the game page, graph, click, variations from an engine line and the board", async () => {
    const page = await browser();
    const { id, moves } = await finishedGame(page.request, harness, "abalone", 3);
    await page.goto(`${base}/play/${id}`);
    await page.locator("#analysis-board-link").click();
    await page.waitForURL(`${base}/analysis/${id}`);
    await page.locator("svg.board").waitFor();
    await graphFills(page, until);
    await clickGraphPly(page, 1);
    await page.locator("#ab-where").filter({ hasText: "After ply 1" }).waitFor();
    await engineShows(page);
    // An engine line whose first move is not the game's: clicking it plays that move into a variation
    // (read once the engine is done, so that the lines stay as they are).
    await page.locator("#ab-engine").filter({ hasText: "thinking" }).waitFor({ state: "detached", timeout: 30_000 });
    // The lines are written as the move list writes Abalone's moves (its notation), their words in the title.
    const lines = await page.locator("#ab-lines .ab-line").evaluateAll((buttons) => buttons.map((b) => b.querySelector(".pv").getAttribute("data-moves").split(" ")[0]));
    const shown = await page.locator("#ab-lines .ab-line .pv").first().evaluate((pv) => ({ text: pv.textContent, title: pv.getAttribute("title") }));
    if (!shown.text.startsWith(lines[0]) || !/ moves the marble/.test(shown.title)) throw new Error(`an engine line: ${JSON.stringify(shown)}`);
    const index = lines.findIndex((first) => first !== moves[1]);
    await page.locator(`#ab-lines .ab-line[data-line="${index + 1}"]`).click();
    await page.locator("#ab-where").filter({ hasText: "Variation: 1 move from ply 1" }).waitFor();
    await page.locator("#ab-tree .ab-variation .ab-move.current").filter({ hasText: lines[index] }).waitFor();
    // And one more played on the board: a marble of a legal move, then its direction.
    const query = `ply=1&moves=${encodeURIComponent(`${lines[index]};`)}`;
    const after = await (await page.request.get(`${base}/api/games/${id}/explore?${query}`)).json();
    const single = after.at.view.legal.find((m) => m.marbles.length === 1);
    await page.locator(`svg.board [data-cell="${single.marbles[0]}"]`).click();
    await page.locator(`.dirpad button[data-direction="${single.direction}"]`).click();
    await page.locator("#ab-where").filter({ hasText: "Variation: 2 moves from ply 1" }).waitFor();
    await page.locator("#ab-tree .ab-variation .ab-move.current").filter({ hasText: single.move }).waitFor();
    await engineShows(page);
    await page.screenshot({ path: shots + "analysis-abalone-variation.png" });
  });

  test("analysis board: a hint in a running game against the engine, absent and explained in a running game between people", async () => {
    const page = await browser();
    const id = await harness.createFromLobby(page, { game: "ataxx" });
    await page.locator("#analysis-board-link").click();
    await page.waitForURL(`${base}/analysis/${id}`);
    await engineShows(page);
    await page.locator("#ab-graph-box").getByText("The evaluation graph is made once the game is over.").waitFor();
    const people = await harness.apiPeopleGame(page.request, { game: "ataxx" });
    await harness.openSeat(page, people.id, people.tokens.p1, "p1");
    await page.locator("#status").waitFor();
    if (await page.locator("#analysis-board-link").count()) throw new Error("the analysis board is offered in a running game between people");
    await page.goto(`${base}/analysis/${people.id}`);
    // A plain sentence why, the way to the game, and no request the server refuses (review F3).
    const refused = [];
    page.on("response", (r) => r.status() === 403 && refused.push(r.url()));
    await page.reload();
    await page.locator("#ab-running").filter({ hasText: "open when this game between two people is over" }).waitFor();
    await page.locator(`#ab-to-game[href="/play/${people.id}"]`).waitFor();
    if (await page.locator("#ab-lines, svg.board, #ab-evalbar").count()) throw new Error("the analysis board shows a position, lines or a bar");
    if (refused.length) throw new Error(`refused requests: ${refused}`);
  });
}
