// Every page kind in light and dark, English and German, desktop (1280×800) and phone (390×844):
// a screenshot each into e2e/screenshots/pages/ (not committed), and axe-core on the desktop
// pages in both colour schemes, where no serious or critical violation may be found.

import { readFileSync, mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const GAMES = ["ataxx", "abalone", "formation", "amakta", "amakta-infinit"];
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

/** The serious and critical violations axe-core finds in `page`, as "rule: target" lines (tokens.mjs uses it too). */
export async function axeViolations(page) {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(" ")).slice(0, 5) }));
  });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

/** Adds this suite's tests (see the end of e2e/tests.mjs for `harness`). */
export function register(test, { base, shots, browser, until, apiPeopleGame }) {
  /**
   * Two accounts (signed up in browsers of their own: the one taking the screenshots stays signed out)
   * and four rated games between them, finished with moves played: the first account wins two Ataxx
   * games, draws one and loses one of Abalone. Its name, for the profile and the search.
   */
  async function finishedGames() {
    const stamp = Date.now().toString(36).slice(-6);
    const names = [`mia${stamp}`, `ole${stamp}`];
    const [a, b] = [(await browser()).request, (await browser()).request];
    for (const [request, name] of [[a, names[0]], [b, names[1]]]) {
      const reply = await request.post(`${base}/api/account/signup`, { data: { name, password: "secret-pass" } });
      if (!reply.ok()) throw new Error(`sign-up: ${await reply.text()}`);
    }
    const post = async (request, path, data) => {
      const reply = await request.post(`${base}${path}`, { data });
      if (!reply.ok()) throw new Error(`${path} ${JSON.stringify(data)}: ${await reply.text()}`);
      return reply.json();
    };
    // Each game: its name, the moves (the first account's first) and how it ends.
    const ends = {
      won: (id) => post(b, `/api/games/${id}/resign`, {}),
      lost: (id) => post(a, `/api/games/${id}/resign`, {}),
      drawn: async (id) => {
        await post(a, `/api/games/${id}/draw`, { action: "offer" });
        await post(b, `/api/games/${id}/draw`, { action: "accept" });
      },
    };
    const games = [["ataxx", ["f2", "f6", "b6"], "won"], ["ataxx", ["f2", "b2"], "drawn"], ["ataxx", ["b6", "f6", "f2", "b2"], "won"], ["abalone", [], "lost"]];
    for (const [game, moves, end] of games) {
      const seek = await post(a, "/api/seeks", { game, clock: "5+3", rated: true, side: "p1" });
      const { id } = await post(b, `/api/seeks/${seek.id}/accept`, {});
      for (const [i, move] of moves.entries()) await post(i % 2 ? b : a, `/api/games/${id}/moves`, { move });
      await ends[end](id);
    }
    return names[0];
  }

  /** The pages to visit: a name, a path and what shows that the page is drawn; `player` has finished games. */
  async function pageKinds(request, player) {
    const kinds = [
      { name: "lobby", path: "/", ready: "[data-pick]" },
      { name: "sign-in", path: "/login", ready: "#signup" },
      { name: "research", path: "/research/amakta", ready: "#research-recommended tbody tr" },
      { name: "rules", path: "/rules/abalone", ready: "figure.rules-diagram[data-drawn] svg.board" },
      { name: "rules-infinit", path: "/rules/amakta-infinit", ready: "article.rules h2" },
      { name: "not-found", path: "/no-such-page", ready: "#not-found" },
      { name: "settings", path: "/settings", ready: "#settings" },
      { name: "learn", path: "/learn", ready: ".learn-games li" },
      { name: "lesson", path: "/learn/amakta", ready: "svg.board" },
      { name: "puzzles", path: "/puzzles", ready: ".puzzle-list" },
      { name: "puzzle", path: "/puzzles/ataxx", ready: "svg.board" },
      { name: "search", path: `/games?player=${player}`, ready: "#search-games tbody tr" },
      { name: "leagues", path: "/leagues", ready: "[data-league]" },
      { name: "league", path: "/leagues/ataxx", ready: "#league-signup" },
    ];
    // Ataxx after four moves (the last one marked, the moves listed), the others at their start.
    const played = { ataxx: [["p1", "f2"], ["p2", "f6"], ["p1", "b6"], ["p2", "b2"]] };
    for (const game of GAMES) {
      const { id, tokens } = await apiPeopleGame(request, { game });
      for (const [seat, move] of played[game] ?? []) {
        const reply = await request.post(`${base}/api/games/${id}/moves`, { data: { move }, headers: { authorization: `Bearer ${tokens[seat]}` } });
        if (!reply.ok()) throw new Error(`${move}: ${await reply.text()}`);
      }
      // Amakta's setup and Infinit's bidding get a new game with a clock (5+3) before each screenshot
      // (fresh), taken while its first-move countdown is on: one made here would be aborted by then.
      const fresh = game.startsWith("amakta") ? game : null;
      kinds.push({ name: `game-${game}`, path: `/play/${id}`, ready: "svg.board", seat: { id, token: tokens.p1 }, fresh });
    }
    // The analysis board of an Ataxx game of twelve plies (an imported record opens it to everybody),
    // shown once the engine's lines are there: at its last position and at its start.
    const { id: analysed, tokens } = await apiPeopleGame(request, { game: "ataxx" });
    for (let ply = 0; ply < 12; ply++) {
      const state = await (await request.get(`${base}/api/games/${analysed}`)).json();
      const move = state.legal_moves.find((m) => m !== "0000") ?? state.legal_moves[0];
      const reply = await request.post(`${base}/api/games/${analysed}/moves`, { data: { move }, headers: { authorization: `Bearer ${tokens[state.side_to_move]}` } });
      if (!reply.ok()) throw new Error(`${move}: ${await reply.text()}`);
    }
    const record = await (await request.get(`${base}/api/games/${analysed}/record`)).text();
    const imported = await (await request.post(`${base}/api/records`, { data: { record } })).json();
    kinds.push({ name: "analysis", path: `/analysis/${imported.id}`, ready: "#ab-lines li" });
    kinds.push({ name: "analysis-start", path: `/analysis/${imported.id}`, ready: "#ab-lines li", keys: ["Home"] });
    kinds.push({ name: "profile", path: `/@/${player}`, ready: "#rating-chart canvas" });
    return kinds;
  }

  test("pages: every page kind in light and dark, English and German, desktop and phone: screenshots, and no serious or critical axe-core violation", async () => {
    const dir = `${shots}pages/`;
    mkdirSync(dir, { recursive: true });
    const found = [];
    const summary = {};
    const player = await finishedGames();
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      const page = await browser(viewport);
      const kinds = await pageKinds(page.request, player);
      await page.goto(`${base}/`);
      for (const kind of kinds.filter((k) => k.seat)) {
        await page.evaluate(([key, value]) => localStorage.setItem(key, value), [`spielwerk.game.${kind.seat.id}`, JSON.stringify({ token: kind.seat.token, seat: "p1" })]);
      }
      for (const language of ["en", "de"]) {
        await page.evaluate((l) => localStorage.setItem("spielwerk.lang", l), language);
        for (const scheme of ["light", "dark"]) {
          await page.emulateMedia({ colorScheme: scheme });
          for (const kind of kinds) {
            if (kind.fresh) {
              const { id, tokens } = await apiPeopleGame(page.request, { game: kind.fresh, clock: "5+3" });
              await page.evaluate(([key, value]) => localStorage.setItem(key, value), [`spielwerk.game.${id}`, JSON.stringify({ token: tokens.p1, seat: "p1" })]);
              kind.path = `/play/${id}`;
            }
            await page.goto(base + kind.path);
            await page.locator(kind.ready).first().waitFor();
            for (const key of kind.keys ?? []) {
              // A new position: its lines (gone at the key press) once the engine reports them anew.
              await page.keyboard.press(key);
              await until(`${kind.name}: the engine's lines after ${key}`, () => page.evaluate(() => document.querySelectorAll("#ab-lines li").length > 0), 15_000);
            }
            await until(`${kind.name} is in ${language}`, () => page.evaluate((l) => document.documentElement.lang === l, language), 15_000);
            await page.screenshot({ path: `${dir}${kind.name}-${scheme}-${language}-${size}.png` });
            // axe in English: every page on the desktop, and on the phone in dark (its own layout and colours).
            if (language !== "en" || (size !== "desktop" && scheme !== "dark")) continue;
            const violations = await axeViolations(page);
            summary[`${kind.name} ${scheme} ${size}`] = violations.length;
            for (const v of violations) found.push(`${kind.name} (${scheme}, ${size}): ${v.impact} ${v.id} at ${v.targets.join(", ")}`);
          }
        }
      }
    }
    writeFileSync(`${dir}axe.json`, JSON.stringify({ serious_or_critical: summary, found }, null, 1));
    if (found.length) throw new Error(`axe-core found ${found.length} serious or critical violations (all in screenshots/pages/axe.json): ${found.join("; ")}`);
  });

  test("pages: signed in with a game waiting on the move, the header's badge and the game search pass axe-core (light and dark, desktop and phone)", async () => {
    const stamp = Date.now().toString(36).slice(-6);
    const [anna, bert] = [`ann${stamp}`, `ber${stamp}`];
    const found = [];
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      const [a, b] = [await browser(viewport), await browser()];
      for (const [page, name] of [[a, `${anna}${size[0]}`], [b, `${bert}${size[0]}`]]) {
        const reply = await page.request.post(`${base}/api/account/signup`, { data: { name, password: "secret-pass" } });
        if (!reply.ok()) throw new Error(`sign-up: ${await reply.text()}`);
      }
      // A correspondence game the first account (Red, to move) waits in.
      const seekReply = await a.request.post(`${base}/api/seeks`, { data: { game: "ataxx", options: {}, clock: null, correspondence: 3, rated: false, takebacks: false, side: "p1" } });
      if (!seekReply.ok()) throw new Error(`seek: ${await seekReply.text()}`);
      const seek = await seekReply.json();
      const accepted = await b.request.post(`${base}/api/seeks/${seek.id}/accept`, { data: {} });
      if (!accepted.ok()) throw new Error(`accept: ${await accepted.text()}`);
      for (const scheme of ["light", "dark"]) {
        await a.emulateMedia({ colorScheme: scheme });
        await a.goto(`${base}/games?player=${anna}${size[0]}`);
        await a.locator("#turn-badge").filter({ hasText: "1" }).waitFor();
        const named = await a.locator("#turn-badge").getAttribute("aria-label");
        if (!named?.includes("1")) throw new Error(`the badge's name "${named}" lacks its text "1"`);
        for (const v of await axeViolations(a)) found.push(`${size} ${scheme}: ${v.impact} ${v.id} at ${v.targets.join(", ")}`);
      }
    }
    if (found.length) throw new Error(`axe-core: ${found.join("; ")}`);
  });
}
