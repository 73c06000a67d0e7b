// The details of the look that issue 50 found wrong (its item 9), each measured in the page: the
// skip link, contrast read from the computed colours (the dark move list's current move, the light
// analysis board's score and labels, Die Formation's black piece and swatch in dark mode), Die
// Formation's target dots, the status line and seats of a game between accounts, a win not in red,
// the search's dates (one format, one line), tables no wider than a phone, the lobby's rules links,
// Ataxx's lesson naming its blocked squares as they are drawn, and a lesson's task in a phone's
// first screen. Abalone's last move over all its marbles is tested in abalone.mjs ("the last move
// of an in-line line move is marked…"), the rating chart's legend (no "--") in charts.mjs.

/** An sRGB colour `[r, g, b, alpha]` (0–255, alpha 0–1) from a computed CSS colour: rgb(), rgba() or color(srgb …). */
function parseColour(text) {
  const rgb = text.match(/^rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)$/);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), rgb[4] === undefined ? 1 : Number(rgb[4])];
  const srgb = text.match(/^color\(srgb ([-\d.e]+) ([-\d.e]+) ([-\d.e]+)(?: \/ ([\d.]+))?\)$/);
  if (srgb) return [1, 2, 3].map((i) => Number(srgb[i]) * 255).concat(srgb[4] === undefined ? 1 : Number(srgb[4]));
  throw new Error(`a colour this test cannot read: ${text}`);
}

/** `top` (with its alpha) painted over the opaque colour `under`. */
function over(top, under) {
  const alpha = top[3];
  return [0, 1, 2].map((i) => top[i] * alpha + under[i] * (1 - alpha)).concat(1);
}

/** The opaque colour seen behind an element: its own and its ancestors' backgrounds (innermost first) painted over white. */
function backdrop(backgrounds) {
  return backgrounds.map(parseColour).reverse().reduce((under, layer) => over(layer, under), [255, 255, 255, 1]);
}

/** WCAG's relative luminance of an opaque colour. */
function luminance([r, g, b]) {
  const linear = (c) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG's contrast ratio of two opaque colours. */
function contrast(a, b) {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** Hue (degrees) and saturation (0–1) of a colour, as HSL has them. */
function hueSaturation([r, g, b]) {
  const [max, min] = [Math.max(r, g, b) / 255, Math.min(r, g, b) / 255];
  const lightness = (max + min) / 2;
  if (max === min) return { hue: 0, saturation: 0 };
  const d = max - min;
  const saturation = d / (1 - Math.abs(2 * lightness - 1));
  const [rr, gg, bb] = [r / 255, g / 255, b / 255];
  const sector = max === rr ? ((gg - bb) / d + 6) % 6 : max === gg ? (bb - rr) / d + 2 : (rr - gg) / d + 4;
  return { hue: sector * 60, saturation };
}

/** Whether a colour is a red: a saturated hue within 30° of pure red. */
const isRed = (colour) => {
  const { hue, saturation } = hueSaturation(colour);
  return saturation > 0.25 && (hue < 30 || hue > 330);
};

/** The text colour (or `property`) of `locator`'s element and the backgrounds behind it, innermost first. */
const colours = (locator, property = "color") =>
  locator.evaluate((element, property) => {
    const backgrounds = [];
    for (let at = element; at; at = at.parentElement) backgrounds.push(getComputedStyle(at).backgroundColor);
    return { ink: getComputedStyle(element)[property], backgrounds };
  }, property);

/** The contrast of `locator`'s text (or `property`) against what is behind it. */
async function textContrast(locator, property = "color") {
  const { ink, backgrounds } = await colours(locator, property);
  const behind = backdrop(backgrounds);
  return contrast(over(parseColour(ink), behind), behind);
}

/** Adds this suite's tests (see the end of e2e/tests.mjs for `harness`). */
export function register(test, { base, shots, browser, until, apiPeopleGame, openSeat, waitForMoves }) {
  const post = (request, path, data, token) =>
    request.post(`${base}${path}`, { data, headers: token ? { authorization: `Bearer ${token}` } : {} });

  /** Plays `moves` (seat, move) of game `id` through the API. */
  async function play(request, id, tokens, moves) {
    for (const [seat, move] of moves) {
      const reply = await post(request, `/api/games/${id}/moves`, { move }, tokens[seat]);
      if (!reply.ok()) throw new Error(`${move}: ${await reply.text()}`);
    }
  }

  /** The page's colours: "light" or "dark", kept in the settings as the settings page keeps them. */
  async function useTheme(page, theme) {
    await page.goto(`${base}/`);
    await page.evaluate((theme) => localStorage.setItem("spielwerk-settings", JSON.stringify({ theme })), theme);
  }

  /**
   * Two new accounts in browsers `a` and `b`, and a rated Ataxx game between them (a plays Red)
   * that nobody has moved in yet: `{ names, id }`.
   */
  async function accountsGame(a, b, prefix) {
    const stamp = `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 100)}`;
    const names = [`${prefix}a${stamp}`, `${prefix}b${stamp}`];
    for (const [page, name] of [[a, names[0]], [b, names[1]]]) {
      const reply = await post(page.request, "/api/account/signup", { name, password: "secret-pass" });
      if (!reply.ok()) throw new Error(`sign-up: ${await reply.text()}`);
    }
    const seek = await (await post(a.request, "/api/seeks", { game: "ataxx", clock: "5+3", rated: true, side: "p1" })).json();
    const game = await (await post(b.request, `/api/seeks/${seek.id}/accept`, {})).json();
    if (!game.id) throw new Error(`no game from the seek: ${JSON.stringify(game)}`);
    return { names, id: game.id };
  }

  /** Switches `page` to the `theme` colours with the header's switch, unless it shows them already. */
  async function switchTo(page, theme) {
    if ((await page.evaluate(() => document.documentElement.dataset.theme)) === theme) return;
    await page.locator("#theme-switch").click();
    await page.waitForFunction((want) => document.documentElement.dataset.theme === want, theme);
  }

  /** The document's width beyond the viewport's, in px (0 when nothing scrolls sideways). */
  const sideways = (page) => page.evaluate(() => document.documentElement.scrollWidth - innerWidth);

  test("details: the skip link is the first Tab on the lobby and a game page, hidden until focused, in English and German, and takes the focus into the page's content", async () => {
    const page = await browser();
    const { id, tokens } = await apiPeopleGame(page.request, { game: "ataxx" });
    await openSeat(page, id, tokens.p1, "p1");
    const skip = page.locator("#skip-link");
    for (const [lang, words] of [["en", /^Skip to content$/], ["de", /^Zum Inhalt/]]) {
      await page.locator(`button[data-lang="${lang}"]`).click();
      for (const [where, drawn] of [["/", "[data-pick]"], [`/play/${id}`, "svg.board"]]) {
        await page.goto(`${base}${where}`);
        await page.locator(drawn).first().waitFor();
        const hidden = await skip.boundingBox();
        if (hidden && hidden.y + hidden.height > 0) throw new Error(`${lang} ${where}: the skip link shows unfocused at ${JSON.stringify(hidden)}`);
        await page.keyboard.press("Tab");
        const first = await page.evaluate(() => document.activeElement?.id);
        if (first !== "skip-link") throw new Error(`${lang} ${where}: the first Tab goes to #${first}`);
        const text = (await skip.textContent()).trim();
        if (!words.test(text)) throw new Error(`${lang} ${where}: the skip link says "${text}"`);
        const shown = await skip.boundingBox();
        if (!shown || shown.y < 0 || shown.y + shown.height > 800 || shown.width < 40) throw new Error(`${lang} ${where}: the focused skip link is at ${JSON.stringify(shown)}`);
        if ((await textContrast(skip)) < 4.5) throw new Error(`${lang} ${where}: the skip link's text is hard to read`);
        await page.screenshot({ path: shots + `details-skip-${lang}-${where === "/" ? "lobby" : "game"}.png` });
        await page.keyboard.press("Enter");
        await page.waitForFunction(() => document.querySelector("main")?.contains(document.activeElement));
        if (page.url() !== `${base}${where}`) throw new Error(`${lang} ${where}: the skip link changed the address to ${page.url()}`);
        // The next Tab goes on inside the content, past the header.
        await page.keyboard.press("Tab");
        const next = await page.evaluate(() => {
          const focused = document.activeElement;
          return focused && focused !== document.querySelector("main") && document.querySelector("main").contains(focused);
        });
        if (!next) throw new Error(`${lang} ${where}: the Tab after the skip link leaves the content`);
      }
    }
    await page.locator('button[data-lang="en"]').click();
  });

  test("details: contrast — the dark move list's current move, the light analysis board's score and bar labels, Die Formation's black piece and swatch in dark mode; its target dots large enough", async () => {
    const page = await browser();
    // The game page's move list in dark colours: the current move readable on its highlight.
    const ataxx = await apiPeopleGame(page.request, { game: "ataxx" });
    await play(page.request, ataxx.id, ataxx.tokens, [["p1", "f2"], ["p2", "b2"], ["p1", "g2"]]);
    await useTheme(page, "dark");
    await openSeat(page, ataxx.id, ataxx.tokens.p2, "p2");
    await waitForMoves(page, 3);
    const current = page.locator("#moves button.current");
    await current.waitFor();
    if ((await page.evaluate(() => document.documentElement.dataset.theme)) !== "dark") throw new Error("the page is not dark");
    const moveContrast = await textContrast(current);
    if (moveContrast < 4.5) throw new Error(`the dark current move's contrast is ${moveContrast.toFixed(2)}:1`);

    // The analysis board in light colours: the score and the bar's end labels; then dark, the current move of the tree.
    const record = await post(page.request, "/api/records", { record: '[Game "ataxx"]\n\n1. f2 b2 2. g2 b1 *' });
    if (!record.ok()) throw new Error(`import: ${await record.text()}`);
    const imported = await record.json();
    await useTheme(page, "light");
    await page.goto(`${base}/analysis/${imported.id}`);
    await page.locator("#ab-eval-text:not([hidden])").filter({ hasText: /\d|–/ }).waitFor({ timeout: 30_000 });
    for (const selector of ["#ab-eval-text", "#ab-bar-top", "#ab-bar-bottom"]) {
      const ratio = await textContrast(page.locator(selector));
      if (ratio < 4.5) throw new Error(`light analysis board: ${selector}'s contrast is ${ratio.toFixed(2)}:1`);
    }
    await switchTo(page, "dark");
    const treeMove = page.locator("#ab-tree .ab-move.current");
    await treeMove.waitFor();
    const treeContrast = await textContrast(treeMove);
    if (treeContrast < 4.5) throw new Error(`the dark analysis tree's current move: ${treeContrast.toFixed(2)}:1`);

    // Die Formation in dark colours: the black pieces stand out from their squares, the black seat's swatch from its strip.
    const formation = await apiPeopleGame(page.request, { game: "formation" });
    await openSeat(page, formation.id, formation.tokens.p1, "p1");
    const pieces = await page.locator("svg.board g[data-square]:has(.piece.black)").evaluateAll((squares) =>
      squares.map((square) => [square.dataset.square, getComputedStyle(square.querySelector(".piece.black")).fill, getComputedStyle(square.querySelector("rect.fm")).fill]),
    );
    if (!pieces.length) throw new Error("no black piece on the board");
    const faint = pieces.filter(([, piece, square]) => contrast(parseColour(piece), parseColour(square)) < 3);
    if (faint.length) throw new Error(`black pieces hard to see on ${faint.map(([square]) => square).join(", ")}`);
    const swatch = page.locator('.seat .swatch.formation-p2');
    const fill = await textContrast(swatch, "backgroundColor");
    const edge = await textContrast(swatch, "borderTopColor");
    const edgeWidth = await swatch.evaluate((e) => parseFloat(getComputedStyle(e).borderTopWidth));
    if (Math.max(fill, edgeWidth >= 1 ? edge : 0) < 3) throw new Error(`the black swatch in dark mode: ${fill.toFixed(2)}:1 filled, ${edge.toFixed(2)}:1 at its edge`);
    // A piece chosen: its target dots are at least 15 % of a square across in radius.
    await page.locator('svg.board [data-square="b1"]').click();
    await page.locator("svg.board [data-target]").first().waitFor();
    const dots = await page.locator("svg.board g[data-square]:has([data-target])").evaluateAll((squares) =>
      squares.map((square) => [square.dataset.square, square.querySelector("[data-target]").getBoundingClientRect().width / 2 / square.querySelector("rect.fm").getBoundingClientRect().width]),
    );
    const small = dots.filter(([, ratio]) => ratio < 0.15);
    if (!dots.length || small.length) throw new Error(`target dots smaller than 15 % of a square: ${JSON.stringify(small)}`);
    // Each target is a ring open in the middle: the square's symbol (how the piece moves next) stays readable.
    const filled = await page.locator("svg.board [data-target]").evaluateAll((rings) => rings.filter((ring) => getComputedStyle(ring).fill !== "none").length);
    if (filled) throw new Error(`${filled} targets cover the squares' symbols`);
    await page.screenshot({ path: shots + "details-formation-dark.png" });
  });

  test("details: a game between accounts names each colour once in the status and nothing under the players' names; the win is not red, on the game page and the profile; one rated game is a line from 1500 with its date in the legend", async () => {
    const [a, b] = [await browser(), await browser()];
    const { names, id } = await accountsGame(a, b, "det");
    await a.goto(`${base}/play/${id}`);
    await a.locator("#status").filter({ hasText: "Your turn" }).waitFor();
    const status = await a.locator("#status").textContent();
    const red = (status.match(/Red/g) || []).length;
    if (red !== 1 || /\(Red\)/.test(status)) throw new Error(`the status names Red ${red} times: "${status}"`);
    // Under a real name no words about who took the seat (only "you" at the own seat).
    const seats = await a.locator(".seat").evaluateAll((rows) => rows.map((row) => [row.querySelector(".seat-names")?.textContent ?? "", [...row.querySelectorAll(".seat-who:not(.you)")].map((e) => e.textContent).join(" ")]));
    for (const name of names) if (!seats.some(([shown]) => shown.includes(name))) throw new Error(`${name} is not on a seat: ${JSON.stringify(seats)}`);
    // Both names whole at 1280×800 (the own seat's "you" is on its second line, not beside the name).
    // (Read once the seats are drawn whole: under load a name may be measured while its row still grows.)
    const cutNames = () => a.locator(".seat .acct-name").evaluateAll((links) => links.filter((link) => link.scrollWidth > link.clientWidth + 1).map((link) => link.textContent));
    let cut = await cutNames();
    for (const deadline = Date.now() + 5_000; cut.length && Date.now() < deadline; cut = await cutNames()) await a.waitForTimeout(100);
    if (cut.length) throw new Error(`names cut: ${cut.join(", ")}`);
    const words = seats.filter(([, who]) => who.trim());
    if (words.length) throw new Error(`words under the players' names: ${JSON.stringify(words)}`);
    if (/taken this seat|anonymous/i.test(await a.locator("main").textContent())) throw new Error("the page says a seat was taken by someone");
    await a.locator('button[data-lang="de"]').click();
    await a.locator("#status").filter({ hasText: "Du bist am Zug" }).waitFor();
    const german = await a.locator("#status").textContent();
    if ((german.match(/Rot/g) || []).length !== 1) throw new Error(`the German status: "${german}"`);
    await a.locator('button[data-lang="en"]').click();

    // b resigns: a's page shows the win, and not in red (text or frame), in both themes.
    const resigned = await post(b.request, `/api/games/${id}/resign`, {});
    if (!resigned.ok()) throw new Error(`resign: ${await resigned.text()}`);
    const banner = a.locator("#result").filter({ hasText: "Red wins" });
    await banner.waitFor();
    for (const theme of ["light", "dark"]) {
      await switchTo(a, theme);
      for (const property of ["color", "borderTopColor", "backgroundColor"]) {
        const { ink, backgrounds } = await colours(banner, property);
        const seen = over(parseColour(ink), backdrop(backgrounds.slice(1)));
        if (isRed(seen)) throw new Error(`${theme}: the win's ${property} is red (${ink})`);
      }
    }
    await a.screenshot({ path: shots + "details-win.png" });
    // The profile: the game listed as won, not in red; one rated game is a line from 1500 with its date in the legend.
    await a.goto(`${base}/@/${names[0]}`);
    const won = a.locator("#player-games td.result").first();
    await won.filter({ hasText: /won/ }).waitFor();
    for (const theme of ["dark", "light"]) {
      await switchTo(a, theme);
      const { ink } = await colours(won);
      if (isRed(parseColour(ink))) throw new Error(`${theme}: the profile's won game is red (${ink})`);
    }
    const history = a.locator("#rating-history");
    await history.getByText(String(new Date().getUTCFullYear())).first().waitFor();
    await history.locator("#history-legend li").filter({ hasText: "1 rated game" }).waitFor();
    await history.locator("#rating-chart canvas").waitFor();
  });

  test("details: the search's dates are one line and written as the profile writes dates, its date fields the browser's, its players' names links to their profiles, its links whole, at 1280 and 390 px; no table is wider than a phone on the lobby, the search, a profile and the research page", async () => {
    const [a, b] = [await browser(), await browser()];
    const days = [new Date().toISOString().slice(0, 10)];
    const { names, id } = await accountsGame(a, b, "srch");
    const resigned = await post(b.request, `/api/games/${id}/resign`, {});
    if (!resigned.ok()) throw new Error(`resign: ${await resigned.text()}`);
    // A second finished game of the same player, so that the table has more than one date.
    const more = await (await post(a.request, "/api/seeks", { game: "ataxx", clock: "5+3", rated: false, side: "p1" })).json();
    const game = await (await post(b.request, `/api/seeks/${more.id}/accept`, {})).json();
    const resignedToo = await post(b.request, `/api/games/${game.id}/resign`, {});
    if (!resignedToo.ok()) throw new Error(`resign: ${await resignedToo.text()}`);
    // A running game for the lobby's table.
    const running = await apiPeopleGame(a.request, { game: "ataxx" });
    await play(a.request, running.id, running.tokens, [["p1", "f2"]]);

    days.push(new Date().toISOString().slice(0, 10));
    // The games' day (in UTC, as the filters count days) as the profile writes dates in each language.
    const written = (lang) => a.evaluate(([all, l]) => all.map((day) => new Intl.DateTimeFormat(l, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${day}T12:00:00Z`))), [days, lang]);
    /** The lines of the text in each of the `cells`' elements. */
    const lineCounts = (cells) =>
      cells.evaluateAll((elements) => elements.map((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return [element.textContent.trim(), new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size];
      }));
    for (const width of [1280, 390]) {
      await a.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      for (const lang of ["en", "de"]) {
        await a.goto(`${base}/games?player=${names[0]}`);
        await a.locator(`button[data-lang="${lang}"]`).click();
        await a.waitForFunction(() => document.querySelectorAll("#search-games tbody tr").length >= 2);
        const expected = await written(lang);
        // The table is drawn again in the language chosen: its dates read in it once that is done.
        await a.waitForFunction((all) => all.includes(document.querySelector("#search-games td.date")?.textContent.trim()), expected);
        const dates = await lineCounts(a.locator("#search-games td.date"));
        const wrong = dates.filter(([text, lines]) => lines !== 1 || !expected.includes(text));
        if (wrong.length) throw new Error(`${width} px ${lang}: dates ${JSON.stringify(wrong)}`);
        const links = await lineCounts(a.locator("#search-games td a"));
        const broken = links.filter(([text, lines]) => lines !== 1 && !/\s/.test(text));
        if (!links.length || broken.length) throw new Error(`${width} px ${lang}: links broken inside a word: ${JSON.stringify(broken)}`);
        // The filters' fields are date fields holding the address's day; the players' names lead to their profiles.
        await a.goto(`${base}/games?player=${names[0]}&from=2026-01-05`);
        const from = await a.locator('input[name="from"]').evaluate((input) => [input.type, input.value]);
        if (from.join(" ") !== "date 2026-01-05") throw new Error(`${width} px ${lang}: the field is ${JSON.stringify(from)}`);
        await a.locator(`#search-games a.found-player[href="/@/${names[0]}"]`).first().waitFor();
        if (width === 390 && (await sideways(a)) > 0) throw new Error(`${lang}: the search page is ${await sideways(a)} px too wide`);
        await a.screenshot({ path: shots + `details-search-${width}-${lang}.png`, fullPage: true });
      }
    }
    await a.locator('button[data-lang="en"]').click();
    // At 390 px the lobby (with its running games), a profile with games and the research page fit too.
    for (const [where, drawn] of [["/", "#running table"], [`/@/${names[0]}`, "#player-games"], ["/research/amakta", ".research-table"]]) {
      await a.goto(`${base}${where}`);
      await a.locator(drawn).first().waitFor();
      await until(`${where} is drawn at 390 px with nothing sideways`, async () => (await sideways(a)) <= 0, 10_000).catch(async () => {
        throw new Error(`${where} is ${await sideways(a)} px wider than the phone`);
      });
    }
  });

  test("details: the lobby's rules links in the site's colours without underline; Ataxx's lesson names its blocked squares as drawn (EN, DE); a lesson's rule and task in a phone's first screen, above the board", async () => {
    const page = await browser();
    for (const theme of ["light", "dark"]) {
      await useTheme(page, theme);
      await page.reload();
      const links = page.locator(".rules-card a");
      await links.first().waitFor();
      const looks = await links.evaluateAll((all) => all.map((a) => [a.textContent, getComputedStyle(a).textDecorationLine, getComputedStyle(a).color]));
      const plain = looks.filter(([, line, colour]) => line.includes("underline") || colour === "rgb(0, 0, 238)" || colour === "rgb(85, 26, 139)");
      if (looks.length < 5 || plain.length) throw new Error(`${theme}: browser-default links: ${JSON.stringify(plain)}`);
      for (let i = 0; i < looks.length; i++) {
        const ratio = await textContrast(links.nth(i));
        if (ratio < 4.5) throw new Error(`${theme}: "${looks[i][0]}" at ${ratio.toFixed(2)}:1`);
      }
    }

    // Ataxx's lesson: the step about blocked squares names them by what the board shows.
    await useTheme(page, "light");
    await page.goto(`${base}/learn/ataxx`);
    await page.locator(".learn-steps button").first().waitFor();
    const index = await page.locator(".learn-steps button").evaluateAll((buttons) => buttons.findIndex((b) => b.title === "Blockers"));
    if (index < 0) throw new Error("Ataxx's lesson has no step about blocked squares");
    await page.locator(".learn-steps button").nth(index).click();
    await page.locator('.learn-panel[data-step="blockers"]').waitFor();
    await page.locator("svg.board .sq.blocked").first().waitFor();
    const fills = await page.locator("svg.board .sq").evaluateAll((squares) => squares.map((s) => [s.classList.contains("blocked"), getComputedStyle(s).fill]));
    const blocked = parseColour(fills.find(([isBlocked]) => isBlocked)[1]);
    const others = fills.filter(([isBlocked]) => !isBlocked).map(([, fill]) => parseColour(fill));
    const { hue, saturation } = hueSaturation(blocked);
    const fits = {
      grey: saturation < 0.08,
      brown: saturation >= 0.08 && hue >= 15 && hue <= 50,
      dark: others.every((other) => luminance(blocked) < luminance(other)),
    };
    const words = { en: { grey: /\bgr[ae]y\b/i, brown: /\bbrown\b/i, dark: /\bdark\b/i }, de: { grey: /\bgrau/i, brown: /\bbraun/i, dark: /\bdunkl/i } };
    for (const lang of ["en", "de"]) {
      await page.locator(`button[data-lang="${lang}"]`).click();
      await page.locator(".learn-explanation").filter({ hasText: lang === "en" ? "jumps" : "Sprünge" }).waitFor();
      const text = await page.locator('.learn-panel[data-step="blockers"] .learn-explanation').textContent();
      const named = Object.entries(words[lang]).filter(([, word]) => word.test(text)).map(([look]) => look);
      if (!named.length || named.some((look) => !fits[look])) throw new Error(`${lang}: "${text}" for squares drawn ${fills.find(([b]) => b)[1]} (${JSON.stringify(fits)})`);
    }

    // On a phone the task is read before the board, within the first screen.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const lang of ["de", "en"]) {
      await page.locator(`button[data-lang="${lang}"]`).click();
      await page.goto(`${base}/learn/ataxx`);
      const task = (await page.locator(".learn-panel .learn-task").textContent()).trim();
      const board = await page.locator("svg.board").boundingBox();
      const shown = await page.locator(".learn-brief-task, .learn-task").evaluateAll((elements, task) =>
        elements.filter((e) => e.textContent.trim() === task && e.getBoundingClientRect().height > 0).map((e) => e.getBoundingClientRect().toJSON()), task);
      if (!shown.some((box) => box.bottom <= 844 && box.top >= 0 && box.bottom <= board.y + 1)) throw new Error(`${lang}: the task "${task}" is at ${JSON.stringify(shown)}, the board at ${JSON.stringify(board)}`);
      // The rule the step teaches is read there too, not only below the board's panel.
      const rule = await page.locator(".learn-brief-explanation").boundingBox();
      if (!rule || rule.y < 0 || rule.y + rule.height > board.y + 1) throw new Error(`${lang}: the step's rule is at ${JSON.stringify(rule)}, not above the board at ${JSON.stringify(board)}`);
      await page.screenshot({ path: shots + `details-learn-phone-${lang}.png` });
    }
  });
}
