// Browser tests of the charts and what goes with them: the analysis board's evaluation bar (a
// fixed height, labelled, also beside Amakta's tall board), its move tree as rows with variations
// indented, its mistake/blunder marks and accuracy; the profile's rating history, its explained
// ratings and dates; the research page's tables fitting 1280 px and its plots.

import { finishedGame, clickGraphPly } from "./analysis.mjs";

/** The expected score of the first player at `score` (as analysis/judgement.ts computes it). */
function share(score) {
  if (score >= 5000) return 1;
  if (score <= -5000) return 0;
  return 1 / (1 + Math.exp(-score / 250));
}

export function register(test, harness) {
  const { base, shots, browser, until } = harness;

  test("charts: analysis board — the bar has a fixed labelled height (Amakta too), the tree is numbered rows with an indented variation, marks and accuracy follow the graph", async () => {
    const page = await browser();
    // Amakta beside the bar: the bar keeps its height whatever the board's.
    const amakta = await (await page.request.post(`${base}/api/games`, { data: { game: "amakta", opponent: "engine", level: 1, side: "p1" } })).json();
    await page.goto(`${base}/analysis/${amakta.id}`);
    await page.locator("svg.board").first().waitFor();
    const sizes = await page.evaluate(() => ({
      bar: document.querySelector("#ab-evalbar").getBoundingClientRect().height,
      area: document.querySelector(".ab-board-area").getBoundingClientRect().height,
      view: innerHeight,
    }));
    if (!(sizes.bar > 150 && sizes.bar <= sizes.view * 0.6)) throw new Error(`bar ${JSON.stringify(sizes)}`);
    // The bar's ends name the players (the first at the bottom), the caption says whose view and the scale.
    await page.locator("#ab-bar-bottom").filter({ hasText: /\w/ }).waitFor();
    const bottom = await page.locator("#ab-bar-bottom").textContent();
    if (!(await page.locator("#ab-bar-top").textContent())) throw new Error("the bar's top end names nobody");
    await page.locator("#ab-bar-caption").filter({ hasText: `Evaluation from ${bottom}'s view` }).filter({ hasText: "100 engine units" }).waitFor();
    await page.screenshot({ path: shots + "charts-amakta-bar.png" });

    // An Ataxx game, finished: the graph, the tree, the marks.
    const { id, moves } = await finishedGame(page.request, harness, "ataxx", 6);
    await page.goto(`${base}/analysis/${id}`);
    await until("the evaluation graph is complete", async () => {
      const done = await page.locator("#ab-progress").evaluate((p) => p.dataset.done === p.dataset.total).catch(() => false);
      return done;
    });
    await page.locator("#ab-graph canvas").first().waitFor();
    // The tree: the start, then one row per move number with two moves, numbered 1., 2., …
    const rows = await page.locator("#ab-tree > .ab-row").evaluateAll((rs) => rs.map((r) => [r.querySelector(".ab-num").textContent, r.querySelectorAll("button.ab-move").length]));
    const expected = Array.from({ length: Math.ceil(moves.length / 2) }, (_, i) => [`${i + 1}.`, Math.min(2, moves.length - 2 * i)]);
    if (JSON.stringify(rows) !== JSON.stringify(expected)) throw new Error(`rows ${JSON.stringify(rows)}, expected ${JSON.stringify(expected)}`);
    // A variation at ply 2 (instead of the second player's first move) sits under row 1, indented, numbered 1….
    await clickGraphPly(page, 1);
    await page.locator("#ab-where").filter({ hasText: "After ply 1" }).waitFor();
    const position = await (await page.request.get(`${base}/api/games/${id}/explore?ply=1`)).json();
    const other = position.at.legal_moves.find((m) => m.length === 2 && m !== moves[1]);
    await page.locator(`svg.board [data-square="${other}"]`).click();
    const variation = page.locator("#ab-tree > .ab-variation");
    await variation.locator(".ab-move.current").filter({ hasText: `1…${other}` }).waitFor();
    const layout = await page.evaluate(() => {
      const tree = document.querySelector("#ab-tree");
      const block = tree.querySelector(":scope > .ab-variation");
      const before = block.previousElementSibling;
      return { indent: block.getBoundingClientRect().left - tree.getBoundingClientRect().left, after: before.querySelector(".ab-num")?.textContent };
    });
    if (!(layout.indent >= 16) || layout.after !== "1.") throw new Error(`variation ${JSON.stringify(layout)}`);
    // The marks are the drops beyond the thresholds the page states, from the stored evaluation.
    const stated = (await page.locator("#ab-thresholds").textContent()).match(/by (\d+) points.*from (\d+) points/);
    if (!stated) throw new Error("the thresholds are not stated");
    const [mistake, blunder] = [Number(stated[1]) / 100, Number(stated[2]) / 100];
    const { plies } = await (await page.request.get(`${base}/api/games/${id}/evaluation`)).json();
    const score = new Map(plies.map((p) => [p.ply, p.score]));
    const want = [];
    for (let ply = 1; ply < plies.length; ply++) {
      const loss = (ply % 2 ? 1 : -1) * (share(score.get(ply - 1)) - share(score.get(ply)));
      if (loss >= blunder) want.push(`${ply}:blunder`);
      else if (loss >= mistake) want.push(`${ply}:mistake`);
    }
    const marked = await page.locator("#ab-tree [data-mark]").evaluateAll((bs) => bs.map((b) => `${b.dataset.ply}:${b.dataset.mark}`));
    if (marked.join() !== want.join()) throw new Error(`marked ${marked}, expected ${want}`);
    const summary = await page.locator("#ab-summary tbody tr").evaluateAll((trs) => trs.map((tr) => [Number(tr.querySelector("[data-accuracy]").dataset.accuracy), Number(tr.querySelector("[data-mistakes]").dataset.mistakes) + Number(tr.querySelector("[data-blunders]").dataset.blunders)]));
    const perSeat = [1, 0].map((odd) => want.filter((w) => Number(w.split(":")[0]) % 2 === odd).length);
    if (summary.length !== 2 || summary.some(([acc], i) => !(acc >= 0 && acc <= 100) || summary[i][1] !== perSeat[i])) throw new Error(`summary ${JSON.stringify(summary)}, marks per seat ${perSeat}`);
    await page.screenshot({ path: shots + "charts-analysis-tree.png", fullPage: true });
    await page.locator('button[data-lang="de"]').click();
    await page.locator("#ab-summary th").filter({ hasText: "Genauigkeit" }).waitFor();
    await page.locator("#ab-bar-caption").filter({ hasText: "Bewertung aus Sicht von Rot" }).waitFor();
    await page.locator('button[data-lang="en"]').click();
  });

  test("charts: profile rating history as one chart with a legend, games of one day counted, a single game a line from 1500, and explained ratings; research tables fit 1280 px and have real plots", async () => {
    const [a, b] = [await browser(), await browser()];
    const stamp = Date.now().toString(36).slice(-6);
    const names = [`hist${stamp}`, `opp${stamp}`];
    for (const [page, name] of [[a, names[0]], [b, names[1]]]) {
      const reply = await page.request.post(`${base}/api/account/signup`, { data: { name, password: "secret-pass" } });
      if (!reply.ok()) throw new Error(`sign-up: ${await reply.text()}`);
    }
    // Three rated games of Ataxx and one of Abalone, each resigned by the opponent (a chart from the first game on).
    for (const kind of ["ataxx", "ataxx", "ataxx", "abalone"]) {
      const seek = await (await a.request.post(`${base}/api/seeks`, { data: { game: kind, clock: "5+3", rated: true, side: "p1" } })).json();
      const game = await (await b.request.post(`${base}/api/seeks/${seek.id}/accept`, { data: {} })).json();
      const resigned = await b.request.post(`${base}/api/games/${game.id}/resign`, { data: {} });
      if (!resigned.ok()) throw new Error(`resign: ${await resigned.text()}`);
    }
    await a.goto(`${base}/@/${names[0]}`);
    const year = String(new Date().getFullYear());
    // One chart of the games, each line starting at 1500 (so one rated game is a line too), a
    // legend naming each line with the rating now.
    const chart = a.locator("#rating-history #rating-chart");
    await chart.locator("canvas").waitFor();
    if ((await chart.getAttribute("data-games")) !== "abalone ataxx" || (await chart.getAttribute("data-points")) !== "4") throw new Error("the chart is not of Abalone's game and Ataxx's three");
    await a.locator('#history-legend li[data-history-game="ataxx"]').filter({ hasText: /^Ataxx 1\d{3} · 3 rated games, / }).waitFor();
    const swatch = await a.locator('#history-legend li[data-history-game="ataxx"] .history-swatch').evaluate((m) => getComputedStyle(m).backgroundColor);
    if (/^(transparent|rgba\(0, 0, 0, 0\))$/.test(swatch)) throw new Error(`the legend's swatch is hollow: ${swatch}`);
    // All games today: the axis counts the games (1 2 3 4; the start before them has no number), never times of day.
    await until("the chart's axis counts the games", async () => (await chart.getAttribute("data-x-ticks")) === "1 | 2 | 3 | 4");
    if (await chart.locator(".u-legend").count()) throw new Error("uPlot's legend (a block like a stuck tooltip) is shown");
    // A game with a single rated game is a line from 1500 with its legend entry, not a lone line of text.
    await a.locator('#history-legend li[data-history-game="abalone"]').filter({ hasText: new RegExp(`^Abalone 1\\d{3} · 1 rated game, .*${year}`) }).waitFor();
    if (await a.locator("#rating-history .history-single").count()) throw new Error("a single game as a line of text");
    await a.locator('#ratings tr[data-game="ataxx"] .rating').filter({ hasText: /^1\d{3}\? \(provisional\)$/ }).waitFor();
    await a.locator('#ratings th abbr[title="Rating deviation (RD)"]').filter({ hasText: "RD" }).waitFor();
    await a.locator("#rating-help").filter({ hasText: "provisional" }).filter({ hasText: "above 110" }).waitFor();
    await a.locator("#game-count").filter({ hasText: "4 games" }).waitFor();
    if (!(await a.locator("#player-games td.date").first().textContent()).includes(year)) throw new Error("the games have no dates");
    await a.screenshot({ path: shots + "charts-profile.png", fullPage: true });
    await a.locator('button[data-lang="de"]').click();
    await a.locator("#rating-help").filter({ hasText: "vorläufig" }).filter({ hasText: "Wertungsabweichung" }).waitFor();
    await a.locator('#history-legend li[data-history-game="ataxx"]').filter({ hasText: "3 gewertete Partien" }).waitFor();
    await until("the German axis names today's games", async () => (await chart.getAttribute("data-x-ticks")) === "1 | 2 | 3 | 4");
    await a.locator('button[data-lang="en"]').click();

    // The research page at 1280 px: every table's columns are inside the page, the plots drawn.
    await a.goto(`${base}/research/amakta`);
    await a.waitForFunction(() => document.querySelectorAll(".research-plot canvas").length === 3);
    const clipped = await a.evaluate(() => [...document.querySelectorAll(".research-table")].flatMap((table) => {
      const right = Math.min(table.parentElement.getBoundingClientRect().right, innerWidth);
      return [...table.querySelectorAll("thead th")].filter((th) => th.getBoundingClientRect().right > right + 1 || table.scrollWidth > table.clientWidth + 1).map((th) => th.textContent);
    }));
    if (clipped.length) throw new Error(`columns cut off at 1280 px: ${clipped.join(", ")}`);
    for (const label of ["Set (row # of the table)", "First player's score", "Decisive games"]) {
      await a.locator('.research-plot[data-plot="hex4"] .u-legend').getByText(label).first().waitFor();
    }
    await a.screenshot({ path: shots + "charts-research.png", fullPage: true });
    // On a phone each row is a card of labelled values: nothing scrolls sideways.
    await a.setViewportSize({ width: 390, height: 844 });
    const wide = await a.waitForFunction(() => {
      const tables = [...document.querySelectorAll(".research-table")];
      const labelled = tables.every((table) => getComputedStyle(table.querySelector("td[data-label]"), "::before").content.length > 2);
      const sideways = tables.filter((table) => table.scrollWidth > table.clientWidth + 1).length;
      return labelled && !sideways && document.documentElement.scrollWidth <= innerWidth ? true : false;
    }, null, { timeout: 10_000 }).catch(() => null);
    if (!wide) throw new Error("on a phone the research tables scroll sideways or lack their labels");
    await a.screenshot({ path: shots + "charts-research-phone.png", fullPage: true });
  });
}
