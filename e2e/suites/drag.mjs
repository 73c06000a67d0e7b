// Moving pieces by dragging them, as on lichess (issue 50): an Ataxx stone with the mouse (a tiny
// move stays a click, dropped back it stays selected, off the board the selection goes) and with a
// finger on a phone; a Die Formation piece with "Confirm each move" on, an Abalone line moved by
// dragging one of its marbles a step, an Amakta stone relocated by dragging it.

/** Adds this suite's tests (see the end of e2e/tests.mjs for `harness`). */
export function register(test, { base, shots, browser, createFromLobby, waitForMoves, apiPeopleGame }) {
  const PHONE = { width: 390, height: 844 };

  /** The centre of the first element of `selector` on the page, once it is shown. */
  async function centreOf(page, selector) {
    const element = page.locator(selector).first();
    await element.waitFor();
    const box = await element.boundingBox();
    if (!box) throw new Error(`${selector} is not shown`);
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }

  /** Presses the mouse on `from`, moves it in steps to `to` (a selector or a point) and lets go. */
  async function mouseDrag(page, from, to) {
    const start = await centreOf(page, from);
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    const end = typeof to === "string" ? await centreOf(page, to) : to;
    await page.mouse.move(end.x, end.y, { steps: 8 });
    await page.mouse.up();
  }

  /** Opens game `id` as the player of `seat`, with `settings` kept in the browser. */
  async function openAs(page, id, token, seat, settings = {}) {
    await page.goto(base + "/");
    await page.evaluate(([game, seatText, kept]) => {
      localStorage.setItem(game, seatText);
      localStorage.setItem("spielwerk-settings", kept);
    }, [`spielwerk.game.${id}`, JSON.stringify({ token, seat }), JSON.stringify(settings)]);
    await page.goto(`${base}/play/${id}`);
    await page.locator("svg.board").waitFor();
  }

  async function play(request, id, token, move) {
    const response = await request.post(`${base}/api/games/${id}/moves`, { data: { move }, headers: { authorization: `Bearer ${token}` } });
    if (!response.ok()) throw new Error(`${move}: ${await response.text()}`);
  }

  const selected = (page) => page.locator("svg.board .selected").count();
  const moveCount = (page) => page.locator("#moves button").count();

  test("drag: an Ataxx stone dragged with the mouse jumps; a tiny move is a click, dropped back it stays selected, off the board the selection goes", async () => {
    const page = await browser();
    await createFromLobby(page, { game: "ataxx" });
    await page.locator("#status").filter({ hasText: "Your turn" }).waitFor();
    const g1 = await centreOf(page, '[data-square="g1"]');
    // A press that hardly moves is a click: it selects; a second click lets go.
    await page.mouse.move(g1.x, g1.y);
    await page.mouse.down();
    await page.mouse.move(g1.x + 2, g1.y + 1);
    await page.mouse.up();
    await page.locator('[data-square="g1"] .selected').waitFor();
    await page.locator('[data-square="e3"] [data-target="jump"]').waitFor();
    await page.mouse.click(g1.x, g1.y);
    await page.locator("svg.board .selected").waitFor({ state: "detached" });
    // Dragged out and back: a copy follows the pointer, the stone stays selected, nothing is played.
    await page.mouse.down();
    const f2 = await centreOf(page, '[data-square="f2"]');
    await page.mouse.move(f2.x, f2.y, { steps: 6 });
    await page.locator("svg.board .drag-ghost").waitFor();
    await page.locator('[data-square="g1"] .drag-origin').waitFor();
    await page.screenshot({ path: shots + "drag-ataxx.png" });
    await page.mouse.move(g1.x, g1.y, { steps: 6 });
    await page.mouse.up();
    await page.locator('[data-square="g1"] .selected').waitFor();
    if (await page.locator("svg.board .drag-ghost").count()) throw new Error("the copy stays after the drop");
    if (await moveCount(page)) throw new Error("dropping the stone back played a move");
    // Let go off the board: the selection goes.
    const board = await page.locator("svg.board").boundingBox();
    await mouseDrag(page, '[data-square="g1"]', { x: board.x + board.width + 40, y: g1.y });
    await page.locator("svg.board .selected").waitFor({ state: "detached" });
    // Dropped on a jump target: the jump is played.
    await mouseDrag(page, '[data-square="g1"] [data-drag]', '[data-square="e3"]');
    const moves = await waitForMoves(page, 1);
    if (moves[0] !== "g1e3") throw new Error(`the drag played ${moves[0]}`);
    if (await selected(page)) throw new Error("a square stays selected after the move");
  });

  test("drag: on a phone a finger drags an Ataxx stone to a clone target, the page not scrolling", async () => {
    const page = await browser(PHONE);
    await createFromLobby(page, { game: "ataxx" });
    await page.locator("#status").filter({ hasText: "Your turn" }).waitFor();
    const scrolled = await page.evaluate(() => window.scrollY);
    const from = await centreOf(page, '[data-square="g1"]');
    const to = await centreOf(page, '[data-square="f2"]');
    const cdp = await page.context().newCDPSession(page);
    const touch = (type, { x, y }) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x, y }] });
    await touch("touchStart", from);
    for (let i = 1; i <= 6; i++) await touch("touchMove", { x: from.x + ((to.x - from.x) * i) / 6, y: from.y + ((to.y - from.y) * i) / 6 });
    await touch("touchEnd", to);
    const moves = await waitForMoves(page, 1);
    if (moves[0] !== "f2") throw new Error(`the touch drag played ${moves[0]}`);
    const after = await page.evaluate(() => window.scrollY);
    if (after !== scrolled) throw new Error(`the page scrolled from ${scrolled} to ${after}`);
  });

  test("drag: a Die Formation piece dragged waits for Play with Confirm each move; an Abalone line moves a step by dragging one of its marbles", async () => {
    const page = await browser();
    const formation = await apiPeopleGame(page.request, { game: "formation" });
    await openAs(page, formation.id, formation.tokens.p1, "p1", { confirmMoves: true });
    // The press selects (the targets show), the drop on one holds the move for Play.
    const start = await centreOf(page, '[data-square="b1"] [data-drag]');
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    const target = await page.locator("svg.board g[data-square]:has([data-target])").first().getAttribute("data-square");
    const end = await centreOf(page, `[data-square="${target}"]`);
    await page.mouse.move(end.x, end.y, { steps: 8 });
    await page.mouse.up();
    const pending = page.locator("#pending-move");
    await pending.waitFor();
    if ((await pending.getAttribute("data-move")) !== `b1${target}`) throw new Error(`waiting: ${await pending.getAttribute("data-move")}`);
    if (await moveCount(page)) throw new Error("the dragged move was played without Play");
    await page.locator("#pending-play").click();
    const moves = await waitForMoves(page, 1);
    if (moves[0] !== `b1${target}`) throw new Error(`played ${moves[0]}`);

    const abalone = await apiPeopleGame(page.request, { game: "abalone" });
    await openAs(page, abalone.id, abalone.tokens.p1, "p1");
    await page.locator('svg.board [data-cell="c3"]').click();
    await page.locator('svg.board [data-cell="c5"]').click();
    await page.locator('svg.board [data-cell="c4"] circle.selected').waitFor();
    // c4 dragged to d4, a step north-west: the line of three steps that way.
    await mouseDrag(page, '[data-cell="c4"] [data-drag]', '[data-cell="d4"]');
    await waitForMoves(page, 1);
    for (const cell of ["d3", "d4", "d5"]) await page.locator(`svg.board [data-cell="${cell}"] [data-marble="b"]`).waitFor();
    if (await page.locator('svg.board [data-cell="c4"] [data-marble]').count()) throw new Error("c4 still holds a marble");
  });

  test("drag: an Amakta stone dragged to a cell it relocates to previews there with Confirm each move, and plays", async () => {
    const page = await browser();
    const options = { board: "hex3", set: "300100 000000", circles: "b:001003=d" };
    const created = await (await page.request.post(`${base}/api/games`, { data: { game: "amakta", options, opponent: "human" } })).json();
    const joined = await (await page.request.post(`${base}/api/games/${created.id}/join`, { data: { invite: created.invite.split("#invite=")[1] } })).json();
    const id = created.id;
    const state = async () => (await page.request.get(`${base}/api/games/${id}`)).json();
    // White's stone on c1 may relocate to c4 then (see amakta.mjs).
    await play(page.request, id, created.token, "place 001003 c1 300100");
    await play(page.request, id, joined.token, "place 001003 c5 001003");
    const stone = (await state()).view.legal.stones.find((s) => s.relocate.length);
    if (!stone) throw new Error("no stone of White's to relocate");
    const to = stone.relocate[0];
    await openAs(page, id, created.token, "p1", { confirmMoves: true });
    await waitForMoves(page, 2);
    await mouseDrag(page, `svg.amk-board [data-stone="${stone.cell}"]`, `svg.amk-board [data-cell="${to}"]`);
    await page.locator(`[data-ghost="${to}"]`).waitFor();
    const pending = await page.locator("#amk-pending").getAttribute("data-move");
    if (!pending?.startsWith(`relocate ${stone.cell} ${to}`)) throw new Error(`pending ${pending}`);
    if ((await moveCount(page)) !== 2) throw new Error("the drop played without confirmation");
    await page.locator("#amk-confirm").click();
    const moves = await waitForMoves(page, 3);
    if (!moves[2].startsWith(`relocate ${stone.cell} ${to}`)) throw new Error(`relocation played as ${moves[2]}`);
  });
}
