// Every page kind in light and dark, English and German, desktop (1280×800) and phone (390×844):
// a screenshot each into e2e/screenshots/pages/ (not committed), and axe-core on the desktop
// pages in both colour schemes, where no serious or critical violation may be found.

import { readFileSync, mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const GAMES = ["ataxx", "abalone", "formation", "amakta", "amakta-infinit"];
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

/** The serious and critical violations axe-core finds in `page`, as "rule: target" lines. */
async function axeViolations(page) {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(" ")).slice(0, 5) }));
  });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

/** Adds this suite's tests (see the end of e2e/tests.mjs for `harness`). */
export function register(test, { base, shots, browser, until, apiPeopleGame }) {
  /** The pages to visit: a name, a path and what shows that the page is drawn. */
  async function pageKinds(request) {
    const kinds = [
      { name: "lobby", path: "/", ready: "[data-pick]" },
      { name: "sign-in", path: "/login", ready: "#signup" },
      { name: "research", path: "/research/amakta", ready: "#research-recommended tbody tr" },
      { name: "rules", path: "/rules/abalone", ready: "figure.rules-diagram[data-drawn] svg.board" },
      { name: "settings", path: "/settings", ready: "#settings" },
      { name: "learn", path: "/learn", ready: ".learn-games li" },
      { name: "lesson", path: "/learn/amakta", ready: "svg.board" },
      { name: "puzzles", path: "/puzzles", ready: ".puzzle-list" },
      { name: "puzzle", path: "/puzzles/ataxx", ready: "svg.board" },
      { name: "search", path: "/games", ready: "#search-form" },
    ];
    for (const game of GAMES) {
      const { id, tokens } = await apiPeopleGame(request, { game });
      kinds.push({ name: `game-${game}`, path: `/play/${id}`, ready: "svg.board", seat: { id, token: tokens.p1 } });
    }
    // The analysis board of a finished Ataxx game (an imported record opens it to everybody).
    const created = await (await request.post(`${base}/api/games`, { data: { game: "ataxx", opponent: "human", side: "p1" } })).json();
    const record = await (await request.get(`${base}/api/games/${created.id}/record`)).text();
    const imported = await (await request.post(`${base}/api/records`, { data: { record } })).json();
    kinds.push({ name: "analysis", path: `/analysis/${imported.id}`, ready: "svg.board" });
    const name = `pages${Date.now().toString(36).slice(-6)}`;
    // Signed up outside the browser, which stays signed out: the sign-in page shows its form.
    const signup = await fetch(`${base}/api/account/signup`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ name, password: "secret-pass" }),
    });
    if (!signup.ok) throw new Error(`sign-up: ${await signup.text()}`);
    kinds.push({ name: "profile", path: `/@/${name}`, ready: "main h1" });
    return kinds;
  }

  test("pages: every page kind in light and dark, English and German, desktop and phone: screenshots, and no serious or critical axe-core violation", async () => {
    const dir = `${shots}pages/`;
    mkdirSync(dir, { recursive: true });
    const found = [];
    const summary = {};
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      const page = await browser(viewport);
      const kinds = await pageKinds(page.request);
      await page.goto(`${base}/`);
      for (const kind of kinds.filter((k) => k.seat)) {
        await page.evaluate(([key, value]) => localStorage.setItem(key, value), [`spielwerk.game.${kind.seat.id}`, JSON.stringify({ token: kind.seat.token, seat: "p1" })]);
      }
      for (const language of ["en", "de"]) {
        await page.evaluate((l) => localStorage.setItem("spielwerk.lang", l), language);
        for (const scheme of ["light", "dark"]) {
          await page.emulateMedia({ colorScheme: scheme });
          for (const kind of kinds) {
            await page.goto(base + kind.path);
            await page.locator(kind.ready).first().waitFor();
            await until(`${kind.name} is in ${language}`, () => page.evaluate((l) => document.documentElement.lang === l, language), 15_000);
            await page.screenshot({ path: `${dir}${kind.name}-${scheme}-${language}-${size}.png` });
            if (size !== "desktop" || language !== "en") continue;
            const violations = await axeViolations(page);
            summary[`${kind.name} ${scheme}`] = violations.length;
            for (const v of violations) found.push(`${kind.name} (${scheme}): ${v.impact} ${v.id} at ${v.targets.join(", ")}`);
          }
        }
      }
    }
    writeFileSync(`${dir}axe.json`, JSON.stringify({ serious_or_critical: summary, found }, null, 1));
    if (found.length) throw new Error(`axe-core found ${found.length} serious or critical violations (all in screenshots/pages/axe.json): ${found.join("; ")}`);
  });
}
