// The game page on a phone (390×844), after lichess's phone layout: the board, both players' strips and
// what the player acts with (the actions and the move field, Amakta's setup choice, Infinit's bid, after
// the game the rematch and the analysis board) on the first screen, however long the game; the moves
// one line that scrolls sideways with the move shown in sight; tap targets of at least 40 px.

import { clippedFields } from "../fields.mjs";
import { accountSteps, freshName } from "../people.mjs";

const PHONE = { width: 390, height: 844 };

/** Adds this suite's tests (see the end of e2e/tests.mjs for `harness`). */
export function register(test, { base, shots, browser, until, apiPeopleGame, openSeat, waitForMoves }) {
  /** Plays `plies` moves of game `id` through the API, each the first legal one that is not a pass. */
  async function playLegalMoves(request, id, tokens, plies) {
    for (let ply = 0; ply < plies; ply++) {
      const state = await (await request.get(`${base}/api/games/${id}`)).json();
      const move = state.legal_moves.find((m) => m !== "0000") ?? state.legal_moves[0];
      const reply = await request.post(`${base}/api/games/${id}/moves`, {
        data: { move },
        headers: { authorization: `Bearer ${tokens[state.side_to_move]}` },
      });
      if (!reply.ok()) throw new Error(`ply ${ply + 1} ${move}: ${await reply.text()}`);
    }
  }

  /** Fails unless the first element `selector` finds lies wholly in the window without scrolling the page. */
  async function inFirstScreen(page, selector, what) {
    const element = page.locator(selector).first();
    await element.waitFor();
    const box = await element.boundingBox();
    const scrolled = await page.evaluate(() => window.scrollY);
    if (!box || scrolled !== 0 || box.y < 0 || box.y + box.height > PHONE.height || box.x < 0 || box.x + box.width > PHONE.width)
      throw new Error(`${what} (${selector}) is not on the first screen: ${JSON.stringify(box)}, page scrolled by ${scrolled} px`);
  }

  /** Fails unless every element `selector` finds is at least 40 px high. */
  async function tallEnough(page, selector, what) {
    const heights = await page.locator(selector).evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
    if (!heights.length || heights.some((h) => h < 40)) throw new Error(`${what} (${selector}) are not 40 px high: ${heights.join(", ")}`);
  }

  /** Fails unless no entry of the move strip is cut at its left edge (the first entry in sight is whole). */
  async function noEntryCutAtLeft(page, what) {
    const cut = await page.locator("#moves").evaluate((list) => {
      const left = list.getBoundingClientRect().left;
      return [...list.children]
        .map((entry) => ({ text: entry.textContent, box: entry.getBoundingClientRect() }))
        .filter(({ box }) => box.left < left - 1 && box.right > left + 1)
        .map(({ text, box }) => `${text} at ${Math.round(box.left)}–${Math.round(box.right)} (strip from ${Math.round(left)})`);
    });
    if (cut.length) throw new Error(`${what}: the move strip cuts ${cut.join(", ")}`);
  }

  /** Fails unless Die Formation's last-move frame contrasts 3:1 or more with each of the four square colours. */
  async function lastMoveFrameStandsOut(page) {
    const ratios = await page.locator("svg.board rect.last").first().evaluate((frame) => {
      const rgb = (colour) => colour.match(/[\d.]+/g).slice(0, 3).map(Number);
      const light = (c) => {
        const [r, g, b] = rgb(c).map((x) => x / 255).map((x) => (x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4));
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const stroke = light(getComputedStyle(frame).stroke);
      return [...document.querySelectorAll("svg.board rect.fm[data-colour]")].map((cell) => {
        const [a, b] = [stroke, light(getComputedStyle(cell).fill)].sort((x, y) => y - x);
        return { colour: cell.dataset.colour, ratio: (a + 0.05) / (b + 0.05) };
      });
    });
    const faint = ratios.filter(({ ratio }) => ratio < 3);
    if (!ratios.length || faint.length) throw new Error(`the last-move frame is faint on ${JSON.stringify(faint)}`);
  }

  test("phone: after 14 moves of each game the move field, resign and draw are on the first screen; the moves one line with the move shown in sight; 40 px tap targets; no move cut at the strip's left edge; Die Formation's last-move frame seen on every colour", async () => {
    for (const game of ["ataxx", "abalone", "formation"]) {
      const page = await browser(PHONE);
      const { id, tokens } = await apiPeopleGame(page.request, { game, clock: "5+3" });
      await playLegalMoves(page.request, id, tokens, 14);
      await openSeat(page, id, tokens.p1, "p1");
      await waitForMoves(page, 14);
      await page.screenshot({ path: `${shots}phone-${game}-14-moves.png` });
      await inFirstScreen(page, 'input[name="move"]', `${game}: the move field`);
      await inFirstScreen(page, "#resign", `${game}: resign`);
      await inFirstScreen(page, "#draw", `${game}: the draw offer`);
      // The moves: one line (every move at the same height), the move shown within the line's box.
      const line = await page.locator("#moves").evaluate((list) => {
        const moves = [...list.querySelectorAll("button")].map((b) => b.getBoundingClientRect());
        const current = list.querySelector(".current").getBoundingClientRect();
        const box = list.getBoundingClientRect();
        return { tops: new Set(moves.map((m) => Math.round(m.top))).size, current, box };
      });
      if (line.tops !== 1) throw new Error(`${game}: the moves take ${line.tops} lines`);
      if (line.current.left < line.box.left - 1 || line.current.right > line.box.right + 1)
        throw new Error(`${game}: the move shown is out of the line's sight: ${JSON.stringify(line)}`);
      await noEntryCutAtLeft(page, game);
      if (game === "formation") await lastMoveFrameStandsOut(page);
      await tallEnough(page, ".nav button", `${game}: the move navigation's buttons`);
      // Stepping back to the first move keeps it in sight too.
      await page.locator('[data-nav="first"]').click();
      await page.locator('[data-nav="forward"]').click();
      await until(`${game}: the first move is shown in sight`, () =>
        page.locator("#moves").evaluate((list) => {
          const current = list.querySelector(".current");
          return current?.dataset.ply === "1" && current.getBoundingClientRect().left >= list.getBoundingClientRect().left - 1;
        }),
      );
    }
  });

  test("phone: the lobby shows every game at once (no row to scroll sideways with nothing to say so), each can be picked, and the seeks start within two screens", async () => {
    const page = await browser(PHONE);
    await page.goto(`${base}/`);
    const picks = page.locator(".game-picker .game-pick");
    await picks.first().waitFor();
    const count = await picks.count();
    if (count < 5) throw new Error(`${count} games in the lobby`);
    const row = await page.locator(".game-picker").evaluate((grid) => ({
      sideways: grid.scrollWidth - grid.clientWidth,
      cut: [...grid.querySelectorAll(".game-pick")].filter((p) => {
        const box = p.getBoundingClientRect();
        return box.left < 0 || box.right > innerWidth + 1;
      }).length,
    }));
    if (row.sideways > 1 || row.cut) throw new Error(`games out of sight: ${JSON.stringify(row)}`);
    await page.screenshot({ path: `${shots}phone-lobby-games.png` });
    for (let index = 0; index < count; index++) {
      const pick = picks.nth(index);
      await pick.click();
      await page.waitForFunction((i) => document.querySelectorAll(".game-picker .game-pick")[i].getAttribute("aria-pressed") === "true", index);
    }
    const seeks = await page.locator("#seeks").evaluate((card) => card.getBoundingClientRect().top + scrollY);
    if (seeks > 2 * PHONE.height) throw new Error(`the seeks start ${seeks} px down`);
  });

  test("phone: Abalone's board frame spans the width as the other games' boards do (at least 95 % of the window)", async () => {
    const page = await browser(PHONE);
    for (const game of ["abalone", "ataxx"]) {
      const { id, tokens } = await apiPeopleGame(page.request, { game });
      await openSeat(page, id, tokens.p1, "p1");
      const board = game === "abalone" ? "svg.board .frame" : "svg.board";
      const box = await page.locator(board).first().boundingBox();
      if (!box || box.width < 0.95 * PHONE.width) throw new Error(`${game}'s board is ${box?.width} px wide in a window of ${PHONE.width}`);
      if (game === "abalone") await page.screenshot({ path: `${shots}phone-abalone-board.png` });
    }
  });

  test("phone: the lobby's new-game form, signed in, in its challenge way, shows each select's choice and the name field's placeholder whole (German and English)", async () => {
    const { signUp } = accountSteps(base);
    const page = await browser(PHONE);
    await signUp(page, freshName("seekph"));
    for (const language of ["de", "en"]) {
      await page.goto(`${base}/`);
      await page.locator(`button[data-lang="${language}"]`).click();
      await until(`the lobby is in ${language}`, () => page.evaluate((l) => document.documentElement.lang === l, language), 15_000);
      await page.locator('[data-pick="ataxx"]').click();
      await page.locator("#play-challenge").click();
      await page.locator('#create input[name="challenge-name"]').waitFor();
      const clipped = await clippedFields(page, "#create :is(select, input:not([type=checkbox]))");
      if (clipped.length) throw new Error(`${language}: the new-game form cuts ${clipped.join("; ")}`);
    }
    await page.locator(".play-new").screenshot({ path: `${shots}phone-seek-form.png` });
  });

  test("phone: Amakta's setup choice and Amakta Infinit's bid input are on the first screen (English and German)", async () => {
    for (const language of ["en", "de"]) {
      const page = await browser(PHONE);
      await page.goto(`${base}/`);
      await page.evaluate((l) => localStorage.setItem("spielwerk.lang", l), language);
      const amakta = await apiPeopleGame(page.request, { game: "amakta" });
      await openSeat(page, amakta.id, amakta.tokens.p1, "p1");
      await inFirstScreen(page, ".amk-setup button", `Amakta (${language}): the setup's choice`);
      await page.screenshot({ path: `${shots}phone-amakta-setup-${language}.png` });
      const infinit = await apiPeopleGame(page.request, { game: "amakta-infinit" });
      await openSeat(page, infinit.id, infinit.tokens.p1, "p1");
      await inFirstScreen(page, ".amk-bid input", `Amakta Infinit (${language}): the bid input`);
      await tallEnough(page, ".amk-bid :is(input, button)", `Amakta Infinit (${language}): the bid's field and button`);
      await page.screenshot({ path: `${shots}phone-infinit-bidding-${language}.png` });
    }
  });

  test("phone: in Infinit's bidding and stone creation the step's panel comes before the board, both on the first screen; when play begins after Close my set the board and the stones to place come into view", async () => {
    const page = await browser(PHONE);
    await page.goto(`${base}/`);
    const { id, tokens } = await apiPeopleGame(page.request, { game: "amakta-infinit" });
    const state = async () => (await page.request.get(`${base}/api/games/${id}`)).json();
    const play = async (move) => {
      const seat = (await state()).side_to_move;
      const reply = await page.request.post(`${base}/api/games/${id}/moves`, { data: { move }, headers: { authorization: `Bearer ${tokens[seat]}` } });
      if (!reply.ok()) throw new Error(`${move}: ${await reply.text()}`);
    };
    /** Fails unless the board begins on the first screen, under `selector`'s element. */
    const boardAfter = async (selector, what) => {
      const board = await page.locator("svg.amk-board").boundingBox();
      const panel = await page.locator(selector).first().boundingBox();
      if (!board || !panel || board.y >= PHONE.height || board.y < panel.y)
        throw new Error(`${what}: the board ${JSON.stringify(board)} does not begin on the first screen under the panel ${JSON.stringify(panel)}`);
    };
    await openSeat(page, id, tokens.p1, "p1");
    await inFirstScreen(page, ".amk-bid input", "the bid input");
    await inFirstScreen(page, "#amk-bid", "the bid's Offer button");
    await boardAfter(".amk-bid", "bidding");
    await play("bid 50");
    await play("accept");
    await play("create 000000 n");
    await play("create 000000 n");
    const maker = (await state()).side_to_move;
    await openSeat(page, id, tokens[maker], maker);
    for (const [selector, what] of [["[data-editor-stone]", "the stone being made"], ["#amk-create", "Create"], ["#amk-close", "Close my set"]])
      await inFirstScreen(page, selector, `the stone editor: ${what}`);
    await boardAfter("#amk-create", "creation");
    await page.screenshot({ path: `${shots}phone-infinit-creation-first.png` });
    // Scrolled down to the sets, the player closes theirs; the other closes too and play begins.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // Closing asks for a second click (the set is closed for good).
    await page.locator("#amk-close").click();
    await page.locator('#amk-close[data-confirming="true"]').waitFor();
    await page.locator("#amk-close").click();
    await until("the other side is to create", async () => (await state()).side_to_move !== maker);
    await play("close");
    await page.locator(".amk-pocket [data-inventory]").first().waitFor();
    await until("the board and the stones to place are in view", async () => {
      const board = await page.locator("svg.amk-board").boundingBox();
      const stone = await page.locator(".amk-pocket [data-inventory]").first().boundingBox();
      return board && stone && board.y > -2 && board.y < PHONE.height / 2 && stone.y >= 0 && stone.y + stone.height <= PHONE.height;
    });
    await page.screenshot({ path: `${shots}phone-infinit-play-begins.png` });
  });

  test("phone: in Amakta's play the own stones in hand are a strip under the own seat's strip, on the first screen with the actions; each seat's dot shows its colour", async () => {
    const page = await browser(PHONE);
    const { id, tokens } = await apiPeopleGame(page.request, { game: "amakta", options: { board: "hex5", circles: "none", colour: "white" } });
    for (const [seat, move] of [["p1", "place 000001 e1 000001"], ["p2", "place 000001 e9 000001"]]) {
      const reply = await page.request.post(`${base}/api/games/${id}/moves`, { data: { move }, headers: { authorization: `Bearer ${tokens[seat]}` } });
      if (!reply.ok()) throw new Error(`${move}: ${await reply.text()}`);
    }
    await openSeat(page, id, tokens.p1, "p1");
    await inFirstScreen(page, '.amk-pocket [data-colour="white"] [data-inventory]', "the own first stone in hand");
    await inFirstScreen(page, "#resign", "resign");
    await page.locator("#moves .current").waitFor();
    await noEntryCutAtLeft(page, "Amakta");
    const pocket = await page.locator(".amk-pocket").boundingBox();
    const strip = await page.locator('.seat-slot.bottom').boundingBox();
    if (!pocket || !strip || pocket.y < strip.y + strip.height || pocket.y > strip.y + strip.height + 20)
      throw new Error(`the pocket ${JSON.stringify(pocket)} is not right under the own strip ${JSON.stringify(strip)}`);
    const dots = await page.locator(".seat .swatch").evaluateAll((els) => els.map((el) => el.className));
    if (!dots.some((c) => c.includes("swatch-white")) || !dots.some((c) => c.includes("swatch-black")))
      throw new Error(`the seats' dots do not show White and Black: ${dots.join(" | ")}`);
    await page.screenshot({ path: `${shots}phone-amakta-play.png` });
    // A stone picked from hand: what to do with it (turn, mirror, then a cell) and its buttons come on the first screen.
    await page.locator('.amk-pocket [data-colour="white"] [data-inventory]').first().click();
    for (const [selector, what] of [["#amk-hint", "the hint to turn the stone"], ["#amk-rotate-left", "turn left"], ["#amk-mirror", "mirror"]])
      await inFirstScreen(page, selector, `a stone picked from hand: ${what}`);
    await page.screenshot({ path: `${shots}phone-amakta-picked.png` });
  });

  test("phone: a game search's result card is one link: a tap on its middle opens the game, its Open a 40 px button", async () => {
    const page = await browser(PHONE);
    const { id, tokens } = await apiPeopleGame(page.request, { game: "ataxx" });
    await playLegalMoves(page.request, id, tokens, 2);
    await page.request.post(`${base}/api/games/${id}/resign`, { headers: { authorization: `Bearer ${tokens.p2}` } });
    await page.goto(`${base}/games`);
    const card = page.locator(`#search-games tr[data-game="${id}"]`);
    await card.waitFor();
    const box = await card.boundingBox();
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const target = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest("a")?.getAttribute("href") ?? null, centre);
    if (target !== `/play/${id}`) throw new Error(`the card's middle is not its link to the game but ${target}`);
    const links = await card.locator("a").evaluateAll((els) => els.filter((a) => a.getAttribute("href")?.startsWith("/play/")).length);
    if (links !== 1) throw new Error(`the card has ${links} links to the game, not one`);
    await tallEnough(page, `#search-games tr[data-game="${id}"] td.open a`, "the card's visible Open button");
    await page.screenshot({ path: `${shots}phone-search-cards.png` });
    await page.mouse.click(centre.x, centre.y);
    await page.waitForURL(`**/play/${id}`);
  });

  test("phone: an aborted Amakta setup and Infinit bidding show the result, no setup panel waiting for the other player", async () => {
    const page = await browser(PHONE);
    for (const game of ["amakta", "amakta-infinit"]) {
      const { id, tokens } = await apiPeopleGame(page.request, { game, clock: "5+3" });
      const aborted = await page.request.post(`${base}/api/games/${id}/abort`, { headers: { authorization: `Bearer ${tokens.p2}` } });
      if (!aborted.ok()) throw new Error(`${game}: abort: ${await aborted.text()}`);
      await openSeat(page, id, tokens.p1, "p1");
      await page.locator("#result").filter({ hasText: "aborted" }).waitFor();
      await inFirstScreen(page, "#result", `${game}: the result`);
      const setup = await page.locator(".amk-setup").count();
      if (setup) throw new Error(`${game}: the aborted game still shows ${setup} setup panel(s): ${await page.locator(".amk-setup").first().textContent()}`);
      await page.screenshot({ path: `${shots}phone-${game}-aborted.png` });
    }
  });

  test("phone: the header's Sign in (the game page's header too), the ☰ menu's colour switch and settings, the sign-in forms, the settings' checkbox and option rows and the lesson's and puzzle's text links and buttons, the puzzle's move field are 40 px tap targets", async () => {
    const page = await browser(PHONE);
    await page.goto(`${base}/`);
    await page.locator("#sign-in").waitFor();
    await tallEnough(page, "#sign-in", "the header's Sign in");
    // The ☰ menu's colour switch and settings link: 40×40 px at least.
    await page.locator("#menu-toggle").click();
    await page.locator("#settings-link").waitFor();
    const tools = await page.locator(".nav-tools :is(.theme-switch, #settings-link)").evaluateAll((els) => els.map((el) => [el.textContent, el.getBoundingClientRect().width, el.getBoundingClientRect().height]));
    if (tools.length !== 2 || tools.some(([, w, h]) => w < 40 || h < 40)) throw new Error(`the menu's tools are not 40×40 px: ${JSON.stringify(tools)}`);
    await page.screenshot({ path: shots + "phone-menu.png" });
    await page.locator("#menu-toggle").click();
    await page.goto(`${base}/login`);
    await page.locator(".acct-page form input").first().waitFor();
    await tallEnough(page, ".acct-page form :is(input, button)", "the sign-in forms' fields and buttons");
    await page.goto(`${base}/settings`);
    await page.locator(".settings fieldset.checks .check").first().waitFor();
    await tallEnough(page, ".settings fieldset.checks .check", "the settings' checkbox rows");
    await tallEnough(page, ".settings .choices label", "the settings' option rows (colours, theme, board)");
    await page.goto(`${base}/learn/ataxx`);
    await page.locator(".learn-rules").waitFor();
    await tallEnough(page, ":is(.learn-all, .learn-rules)", "the lesson's links");
    await tallEnough(page, ".learn-buttons button", "the lesson's buttons");
    await page.goto(`${base}/puzzles/ataxx`);
    await page.locator("#puzzle-address").waitFor();
    await tallEnough(page, ":is(#puzzle-sign-in, #puzzle-address)", "the puzzle's links");
    await tallEnough(page, ":is(.puzzle-buttons button, .puzzle-move :is(input, button))", "the puzzle's buttons and move field");
    // The sign-in link's sentence (German: two lines) keeps its lines' spacing (the link's height is padding, not a taller line).
    await page.locator('button[data-lang="de"]').click();
    await page.locator("#puzzle-sign-in").filter({ hasText: "Melde dich an" }).waitFor();
    const spacing = await page.locator("#puzzle-sign-in").evaluate((link) => {
      // The tops of the sentence's lines of text (its text nodes' boxes, not the link's padded one).
      const walker = document.createTreeWalker(link.parentElement, NodeFilter.SHOW_TEXT);
      const tops = new Set();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) tops.add(Math.round(rect.top));
      }
      const sorted = [...tops].sort((a, b) => a - b);
      return { gaps: sorted.slice(1).map((top, i) => top - sorted[i]), fontSize: parseFloat(getComputedStyle(link.parentElement).fontSize) };
    });
    if (!spacing.gaps.length || spacing.gaps.some((gap) => gap > spacing.fontSize * 1.7)) throw new Error(`the puzzle's German sign-in sentence is not two evenly spaced lines: ${JSON.stringify(spacing)}`);
    await page.locator('button[data-lang="en"]').click();
    // The game page's header keeps the other pages' 40 px ☰ and languages.
    const { id, tokens } = await apiPeopleGame(page.request, { game: "ataxx" });
    await openSeat(page, id, tokens.p1, "p1");
    await tallEnough(page, ":is(.menu-toggle, .lang button, #sign-in)", "the game page's header controls");
  });

  test("phone: a finished game's rematch and analysis board are by its result (on a phone on the first screen), the result shown once", async () => {
    const page = await browser(PHONE);
    const { id, tokens } = await apiPeopleGame(page.request, { game: "ataxx", clock: "5+3" });
    await playLegalMoves(page.request, id, tokens, 14);
    await page.request.post(`${base}/api/games/${id}/resign`, { headers: { authorization: `Bearer ${tokens.p2}` } });
    await openSeat(page, id, tokens.p1, "p1");
    await page.locator("#result").waitFor();
    await page.screenshot({ path: `${shots}phone-finished.png` });
    await inFirstScreen(page, "#analysis-board-link", "the analysis board's link");
    await inFirstScreen(page, "#rematch-offer", "the rematch");
    await tallEnough(page, "#result-actions :is(a, button)", "the rematch and analysis board buttons");
    // The result once: in its box, not again in the line above the board (which keeps the last move).
    const winner = (await page.locator("#result").textContent()).split(" (")[0];
    await page.locator("#turn").filter({ hasText: "Last move:" }).waitFor();
    const above = await page.locator("#turn").textContent();
    if (above.includes(winner)) throw new Error(`the result is shown twice: "${above}" above the board`);
    const desktop = await browser();
    await openSeat(desktop, id, tokens.p1, "p1");
    await desktop.locator("#result").waitFor();
    await desktop.screenshot({ path: `${shots}desktop-finished.png` });
    const [result, link] = await Promise.all(["#result", "#analysis-board-link"].map((s) => desktop.locator(s).boundingBox()));
    const under = link && link.x >= result.x && link.x + link.width <= result.x + result.width + 1;
    if (!under || link.y < result.y + result.height || link.y > result.y + result.height + 120)
      throw new Error(`desktop: the analysis board's link is not right under the result: ${JSON.stringify({ result, link })}`);
  });

  test("phone: the moves and the chat share tabs under the board; a message from the opponent (on a desktop) shows an unread count on the Chat tab, which opening the tab clears, and a reload counts only what came since (review 17); the desktop keeps its chat beside the game (review 15)", async () => {
    const desk = await browser();
    const phone = await browser(PHONE, { hasTouch: true, isMobile: true });
    const { id, tokens } = await apiPeopleGame(desk.request, { game: "ataxx" });
    await openSeat(desk, id, tokens.p1, "p1");
    await openSeat(phone, id, tokens.p2, "p2");
    await phone.locator("#game-tabs #tab-moves[aria-selected=true]").waitFor();
    if (await desk.locator("#game-tabs").count()) throw new Error("the desktop shows the phone's tabs");
    // The tabs sit right under the board's area: above the game's information and its tools.
    const [tabsTop, toolsTop] = await phone.evaluate(() => ["#game-tabs", ".game-side"].map((s) => document.querySelector(s).getBoundingClientRect().top));
    if (tabsTop > toolsTop) throw new Error(`the tabs (${tabsTop}) come after the game's information (${toolsTop})`);
    if (await phone.locator("#chat-unread").count()) throw new Error("an unread count before any message");
    await desk.locator("#chat-input").fill("hi from the desk");
    await desk.locator("#chat-send").click();
    await phone.locator("#tab-chat #chat-unread").filter({ hasText: "1" }).waitFor();
    await phone.screenshot({ path: `${shots}phone-chat-unread.png` });
    await desk.locator("#chat-input").fill("second");
    await desk.locator("#chat-send").click();
    await phone.locator("#tab-chat #chat-unread").filter({ hasText: "2" }).waitFor();
    await phone.locator("#tab-chat").click();
    await phone.locator("#chat-log li[data-seat=p1]").filter({ hasText: "second" }).waitFor();
    await phone.locator("#chat-unread").waitFor({ state: "detached" });
    await phone.screenshot({ path: `${shots}phone-chat-open.png` });
    // Written from the phone, read on the desktop; back on the moves tab nothing new is unread.
    await phone.locator("#chat-input").fill("hello from the phone");
    await phone.locator("#chat-send").click();
    await desk.locator("#chat-log li[data-seat=p2]").filter({ hasText: "hello from the phone" }).waitFor();
    await phone.locator("#tab-moves").click();
    await phone.locator("#moves").waitFor();
    if (await phone.locator("#chat-unread").count()) throw new Error("one's own message counts as unread");
    // The read state outlives a reload: a third message is the one unread after it (review 17, not "3").
    await desk.locator("#chat-input").fill("third");
    await desk.locator("#chat-send").click();
    await phone.locator("#tab-chat #chat-unread").filter({ hasText: "1" }).waitFor();
    await phone.reload();
    await phone.locator("#game-tabs #tab-moves[aria-selected=true]").waitFor();
    await phone.locator("#tab-chat #chat-unread").filter({ hasText: "1" }).waitFor();
    // Opened after the reload: all read, so after another reload a fourth message counts 1 (not 4).
    await phone.locator("#tab-chat").click();
    await phone.locator("#chat-log li[data-seat=p1]").filter({ hasText: "third" }).waitFor();
    await phone.reload();
    await phone.locator("#game-tabs #tab-moves[aria-selected=true]").waitFor();
    await desk.locator("#chat-input").fill("fourth");
    await desk.locator("#chat-send").click();
    await phone.locator("#tab-chat #chat-unread").filter({ hasText: "1" }).waitFor();
    // German tab names.
    await phone.locator('button[data-lang="de"]').click();
    await phone.locator("#tab-moves").filter({ hasText: "Züge" }).waitFor();
  });

  test("phone: Abalone's direction pad sits right under the board, before the own strip, its arrows named in English and German; the hint is under the board (review 15)", async () => {
    const page = await browser(PHONE, { hasTouch: true, isMobile: true });
    const { id, tokens } = await apiPeopleGame(page.request, { game: "abalone" });
    await openSeat(page, id, tokens.p1, "p1");
    await page.locator(".abalone-controls .hint").waitFor();
    await page.locator('svg.board [data-cell="c3"]').click();
    await page.locator('svg.board [data-cell="c5"]').click();
    await page.locator(".dirpad button:not([disabled])").first().waitFor();
    const [boardBottom, hintTop, padTop, padBottom, stripTop] = await page.evaluate(() => {
      const box = (s) => document.querySelector(s).getBoundingClientRect();
      return [box("svg.board").bottom, box(".abalone-controls .hint").top, box(".dirpad").top, box(".dirpad").bottom, box(".seat-slot.bottom").top];
    });
    if (hintTop < boardBottom - 1 || hintTop > boardBottom + 40) throw new Error(`the hint (top ${hintTop}) is not right under the board (bottom ${boardBottom})`);
    if (padTop < boardBottom - 1 || padBottom > stripTop + 1) throw new Error(`the pad (${padTop}–${padBottom}) is not between the board (${boardBottom}) and the own strip (${stripTop})`);
    const names = await page.locator(".dirpad button").evaluateAll((buttons) => buttons.map((b) => b.getAttribute("aria-label")));
    for (const name of ["Move north-west", "Move north-east", "Move west", "Move east", "Move south-west", "Move south-east"])
      if (!names.includes(name)) throw new Error(`no arrow named "${name}": ${names}`);
    await page.getByRole("button", { name: "Move north-east" }).waitFor();
    await page.screenshot({ path: `${shots}phone-abalone-pad.png` });
    await page.locator('button[data-lang="de"]').click();
    await page.getByRole("button", { name: "Nach Nordwesten ziehen" }).waitFor();
    // The notation is explained under the move list.
    await page.locator("#notation-help summary").filter({ hasText: "Wie Züge geschrieben werden" }).waitFor();
  });
}
