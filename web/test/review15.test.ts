// Review 15's game page, Abalone's controls and puzzles: the moves and the chat in tabs on a phone
// with an unread count, offers and results naming the player, the direction pad's names, the
// notation explained, a ghost of a move waiting for Play, the engine levels in words, a wrong
// puzzle move said once with a Retry, and one German word ("Partie") for a single game.
import { test } from "node:test";
import assert from "node:assert/strict";
import { drawn, installDom } from "./dom.js";

installDom();
const { setLang, t } = await import("../src/i18n.js");
const view = await import("../src/game/view.js");
const tabs = await import("../src/game/phone-tabs.js");
const { v } = await import("../src/vdom.js");
const abaloneView = await import("../src/games/abalone-view.js");
const abalone = await import("../src/games/abalone.js");
const { ghostCells } = await import("../src/games/abalone-model.js");
const ataxxView = await import("../src/games/ataxx-view.js");
const formationView = await import("../src/games/formation-view.js");
const { levelOption } = await import("../src/engine-levels.js");
const { loserSentence } = await import("../src/result-words.js");
const puzzlesView = await import("../src/pages/puzzles-view.js");

type Context = Parameters<typeof view.gameParts>[0];

const red = { seat: "p1", names: { en: "Red", de: "Rot" }, player: "human", joined: true };
const blue = { seat: "p2", names: { en: "Blue", de: "Blau" }, player: "human", joined: true };

/** A game between people with `state`'s parts, seen from p1's seat (what the panel does not read is left out). */
function context(state: Record<string, unknown>, extra: Record<string, unknown> = {}): Context {
  return {
    id: "g1",
    state: {
      game: "ataxx",
      title: "Ataxx",
      outcome: null,
      opponent: "human",
      seats: [red, blue],
      moves: [],
      ply: 0,
      legal_moves: [],
      to_move_names: { en: "Red", de: "Rot" },
      side_to_move: "p1",
      view: {},
      ...state,
    },
    seat: { seat: "p1", token: "x" },
    module: {},
    viewPly: null,
    shownView: {},
    online: true,
    elapsed: 0,
    notice: "",
    error: null,
    premove: null,
    pending: null,
    confirming: null,
    flipped: false,
    bottom: "p1",
    analysisMs: 2000,
    words: null,
    labels: null,
    myTurn: true,
    canMove: true,
    canPremove: false,
    send: () => {},
    showPly: () => {},
    ...extra,
  } as unknown as Context;
}

/** The play column of `c` drawn into one element. */
async function column(c: Context, tabbed: Parameters<typeof view.gameParts>[3] = null): Promise<HTMLElement | null> {
  return drawn(v("div", {}, view.gameParts(c, null, null, tabbed).column));
}

test("on a narrow screen the moves and the chat share tabs; the Chat tab counts the unread messages, none once read", async () => {
  for (const [lang, moves, unread] of [
    ["en", "Moves", "2 unread"],
    ["de", "Züge", "2 ungelesen"],
  ] as const) {
    setLang(lang);
    const chat = v("section", { key: "chat", id: "chat" }, "the chat");
    const picked: string[] = [];
    const select = (tab: string) => picked.push(tab);
    const onMoves = await column(context({}), { tab: "moves", unread: tabs.unreadCount(3, 1), select, chat });
    assert.equal(onMoves?.querySelector("#tab-moves")?.textContent, moves);
    assert.equal(onMoves?.querySelector("#tab-moves")?.getAttribute("aria-selected"), "true");
    assert.equal(onMoves?.querySelector("#chat-unread")?.textContent, "2");
    assert.equal(onMoves?.querySelector("#chat-unread")?.getAttribute("aria-label"), unread);
    assert.ok(onMoves?.querySelector("#moves"), "the moves tab shows the moves");
    assert.equal(onMoves?.querySelector("#chat"), null);
    onMoves?.querySelector<HTMLElement>("#tab-chat")?.click();
    assert.deepEqual(picked, ["chat"]);
    const onChat = await column(context({}), { tab: "chat", unread: tabs.unreadCount(3, 3), select, chat });
    assert.ok(onChat?.querySelector("#chat"), "the chat tab shows the chat");
    assert.equal(onChat?.querySelector("#moves"), null);
    assert.equal(onChat?.querySelector("#chat-unread"), null, "no count once read");
  }
  // A wide screen: no tabs, the moves as before.
  const wide = await column(context({}));
  assert.equal(wide?.querySelector("#game-tabs"), null);
  assert.ok(wide?.querySelector("#moves"));
  assert.equal(tabs.unreadCount(1, 4), 0);
  setLang("en");
});

test("a draw offer names the player by the account's name; the colour only where there is no name", async () => {
  setLang("en");
  const named = [red, { ...blue, account: { name: "bob0808", rating: 1500 } }];
  const offered = await column(context({ seats: named, draw_offer: "p2" }));
  assert.match(offered?.textContent ?? "", /bob0808 offers a draw\./);
  assert.doesNotMatch(offered?.textContent ?? "", /Blue offers a draw/);
  const anonymous = await column(context({ draw_offer: "p2" }));
  assert.match(anonymous?.textContent ?? "", /Blue offers a draw\./);
  setLang("de");
  const german = await column(context({ seats: named, draw_offer: "p2" }));
  assert.match(german?.textContent ?? "", /bob0808 bietet Remis an\./);
  setLang("en");
});

test("a game lost by resignation, on time or by leaving says so as a sentence about the loser, named (EN, DE)", async () => {
  setLang("en");
  assert.equal(loserSentence("resignation", "bob0808"), "bob0808 resigned");
  assert.equal(loserSentence("time", "Red"), "Red ran out of time");
  assert.equal(loserSentence("board-full", "Red"), null, "other reasons keep the server's words");
  setLang("de");
  assert.equal(loserSentence("resignation", "Blau"), "Blau hat aufgegeben");
  assert.equal(loserSentence("time", "Rot"), "Rot hat die Zeit überschritten");
  setLang("en");
  const outcome = {
    result: "1-0",
    winner: "p1",
    reason: "resignation",
    description: "resignation",
    text: { en: "resignation", de: "aufgegeben" },
  };
  const seats = [red, { ...blue, account: { name: "bob0808", rating: 1500 } }];
  const over = await column(context({ seats, outcome }));
  assert.match(over?.querySelector("#result small")?.textContent ?? "", /^bob0808 resigned$/);
});

test("German says Partie for a single game: the lobby's running games, a new game, a missing game", () => {
  setLang("de");
  assert.equal(t("runningGames"), "Laufende Partien");
  assert.equal(t("newGame"), "Neue Partie");
  assert.equal(t("notFound"), "Diese Partie gibt es nicht.");
  for (const key of ["runningGames", "newGame", "create", "noGames", "notFound", "noBestMove"] as const)
    assert.doesNotMatch(t(key), /Spiel\b|Spiele\b/, key);
  setLang("en");
});

/** Abalone's props at the start with `legal` moves, Black (p1) to move. */
function abaloneProps(flipped: boolean) {
  const cells = [
    ...["c3", "c4", "c5"].map((cell) => ({ cell, row: 3, diag: Number(cell[1]), marble: "b" })),
    ...["d4", "d5", "d6"].map((cell) => ({ cell, row: 4, diag: Number(cell[1]), marble: null })),
  ];
  const legal = [
    { move: "c3c5d4", marbles: ["c3", "c4", "c5"], direction: "NE" },
    { move: "c3d3", marbles: ["c3", "c4", "c5"], direction: "NW" },
  ];
  return {
    view: { cells, legal, ejected: { black: 0, white: 0 } },
    legal: legal.map((m) => m.move),
    flipped,
    interactive: true,
    toMove: "p1",
    premove: null,
    queued: null,
  } as unknown as Parameters<typeof abaloneView.directionPad>[0];
}

test("Abalone's direction pad names each arrow by the direction it moves on the screen, in English and German", async () => {
  const model = { selection: ["c3", "c4", "c5"], ambiguous: null, animate: false };
  for (const [lang, nw] of [
    ["en", "Move north-west"],
    ["de", "Nach Nordwesten ziehen"],
  ] as const) {
    setLang(lang);
    const pad = await drawn(abaloneView.directionPad(abaloneProps(false), model, t, () => {}));
    const button = pad?.querySelector('[data-direction="NW"]');
    assert.equal(button?.getAttribute("aria-label"), nw);
    assert.equal(button?.getAttribute("title"), nw);
    assert.equal(button?.querySelector("[aria-hidden]")?.textContent, "↖");
    assert.equal(pad?.querySelectorAll("button[aria-label]").length, 6);
  }
  setLang("en");
  // Turned, the board's north-west is the screen's south-east: the name says what the player sees.
  const turned = await drawn(abaloneView.directionPad(abaloneProps(true), model, t, () => {}));
  assert.equal(turned?.querySelector('[data-direction="NW"]')?.getAttribute("aria-label"), "Move south-east");
  assert.equal(turned?.querySelector('[data-direction="NW"] [aria-hidden]')?.textContent, "↘");
});

test("the move list explains a game's notation where the game does (Abalone), folded under a '?'", async () => {
  for (const [lang, title] of [
    ["en", "How moves are written"],
    ["de", "Wie Züge geschrieben werden"],
  ] as const) {
    setLang(lang);
    const withHelp = await column(context({ game: "abalone" }, { module: { notationHelp: abalone.notationHelp } }));
    const help = withHelp?.querySelector("#notation-help");
    assert.equal(help?.tagName.toLowerCase(), "details");
    assert.match(help?.querySelector("summary")?.textContent ?? "", new RegExp(title));
    assert.match(help?.querySelector("p")?.textContent ?? "", /c3c5d3/);
  }
  setLang("en");
  const plain = await column(context({}));
  assert.equal(plain?.querySelector("#notation-help"), null, "a game whose moves read plainly has none");
});

test("a move waiting for Play shows a ghost of the mover's piece on its target (Ataxx, Abalone, Die Formation); a premove none", async () => {
  const ataxx = (queued: string, premove: string | null) =>
    ({
      view: { board: ["...", "...", "x.o"], files: 3, ranks: 3 },
      legal: ["b2", "a1c3"],
      last: null,
      flipped: false,
      interactive: true,
      toMove: "p1",
      animate: false,
      premove,
      queued,
    }) as unknown as Parameters<typeof ataxxView.view>[0];
  const pending = await drawn(ataxxView.view(ataxx("a1c3", null), { selected: null, animate: false }, () => {}));
  const ghosts = [...(pending?.querySelectorAll("[data-ghost]") ?? [])];
  assert.deepEqual(
    ghosts.map((g) => [g.closest("[data-square]")?.getAttribute("data-square"), g.getAttribute("data-ghost")]),
    [["c3", "x"]],
  );
  assert.ok(ghosts[0]?.classList.contains("ghost") && ghosts[0]?.classList.contains("stone"));
  const premoved = await drawn(ataxxView.view(ataxx("a1c3", "p1"), { selected: null, animate: false }, () => {}));
  assert.equal(premoved?.querySelector("[data-ghost]"), null);

  // Abalone: in line, the line's head steps on; sideways, each marble of the line.
  const marbles = new Map([
    ["c3", "b"],
    ["c4", "b"],
    ["c5", "b"],
  ]);
  const at = (cell: string) => marbles.get(cell);
  assert.deepEqual(ghostCells("c3c4", at, "b"), ["c4", "c5", "c6"]);
  assert.deepEqual(ghostCells("c3c5d4", at, "b"), ["d4", "d5", "d6"]);
  assert.deepEqual(ghostCells("c3c5d3", at, "b"), ["d3", "d4", "d5"]);
  const props = { ...abaloneProps(false), queued: "c3c5d4", last: null } as Parameters<typeof abaloneView.board>[0];
  const board = await drawn(
    abaloneView.board(
      props,
      { selection: [], ambiguous: null, animate: false },
      { cell: () => {}, direction: () => {} },
    ),
  );
  const abaloneGhosts = [...(board?.querySelectorAll("[data-ghost]") ?? [])];
  assert.deepEqual(abaloneGhosts.map((g) => g.closest("[data-cell]")?.getAttribute("data-cell")).sort(), [
    "d4",
    "d5",
    "d6",
  ]);
  assert.ok(abaloneGhosts.every((g) => g.classList.contains("marble") && g.classList.contains("ghost")));

  // Die Formation: the moving piece, translucent on the target.
  const pieces = ["........", "........", "........", "........", "........", "........", "........", "W......."];
  const formation = {
    view: { game: "formation", pieces, colors: pieces.map(() => "RYGBRYGB") },
    legal: ["a1a2"],
    last: null,
    queued: "a1a2",
    premove: null,
    flipped: false,
    interactive: true,
    toMove: "p1",
  } as unknown as Parameters<typeof formationView.board>[0];
  const fm = await drawn(formationView.board(formation, { selected: null, animate: false }, () => {}));
  const ghost = fm?.querySelector("[data-ghost]");
  assert.equal(ghost?.closest("[data-square]")?.getAttribute("data-square"), "a2");
  assert.equal(ghost?.getAttribute("data-ghost"), "white");
});

test("the engine level picker says what each level means, as the server says the levels play (EN, DE)", () => {
  const each = [
    { level: 1, engine: "random", depth: 1, movetime_ms: null },
    { level: 2, engine: "greedy", depth: 1, movetime_ms: null },
    { level: 3, engine: null, depth: 1, movetime_ms: null },
    { level: 5, engine: null, depth: 3, movetime_ms: null },
    { level: 6, engine: null, depth: 4, movetime_ms: null },
    { level: 7, engine: null, depth: null, movetime_ms: 300 },
    { level: 9, engine: null, depth: null, movetime_ms: 2500 },
  ];
  setLang("en");
  assert.equal(levelOption(1, each), "1 · random moves");
  assert.equal(levelOption(3, each), "3 · looks one move ahead");
  assert.equal(levelOption(6, each), "6 · looks 4 moves ahead");
  assert.equal(levelOption(7, each), "7 · thinks 0.3 s per move");
  assert.equal(levelOption(11, each), "11", "a level the server does not describe is its number alone");
  setLang("de");
  assert.equal(levelOption(2, each), "2 · gierig, ohne Vorausschau");
  assert.equal(levelOption(5, each), "5 · schaut 3 Züge voraus");
  assert.equal(levelOption(9, each), "9 · denkt 2,5 s je Zug");
  setLang("en");
});

test("after a wrong puzzle move the panel offers Retry beside Show the solution, and marks its verdict line (shown once on a phone)", async () => {
  for (const [lang, retry] of [
    ["en", "Retry"],
    ["de", "Nochmal versuchen"],
  ] as const) {
    setLang(lang);
    const puzzle = { id: "p1", game: "ataxx", learner_moves: 1, rating: 1500, themes: [], player: null };
    const reply = { status: "wrong", played: "b2", rated: false, player: undefined };
    const retried: string[] = [];
    const actions = { show: () => {}, next: () => {}, typed: () => {}, retry: () => retried.push("retry") };
    const sides = { side: "Red", opponent: "Blue", leadIn: false, played: null };
    const panel = await drawn(
      puzzlesView.puzzlePanel(puzzle as never, { kind: "retry", reply } as never, false, actions, t, {
        sides,
        link: (path: string, text: unknown) => v("a", { href: path }, text as string),
        streak: false,
      } as never),
    );
    const button = panel?.querySelector("#puzzle-retry") as HTMLElement | null;
    assert.equal(button?.textContent, retry);
    assert.ok(panel?.querySelector(".puzzle-show"), "Show the solution stays");
    button?.click();
    assert.deepEqual(retried, ["retry"]);
    const verdicts = panel?.querySelectorAll(".puzzle-feedback[data-verdict]");
    assert.equal(verdicts?.length, 1);
    assert.match(verdicts?.[0]?.textContent ?? "", /b2/);
  }
  setLang("en");
});

test("a rematch offer names the player who offers it: the account's name, else the colour", async () => {
  setLang("en");
  const { createRematch } = await import("../src/rematch.js");
  const rematch = createRematch({
    id: "old",
    post: () => new Promise(() => {}),
    taken: () => {},
    failed: () => {},
    hasSeat: () => false,
    saveSeat: () => {},
    navigate: () => {},
  });
  const ended = (seats: unknown[]) =>
    ({
      outcome: {},
      opponent: "human",
      rematch: null,
      rematch_offer: "p2",
      tournament: null,
      league: null,
      seats,
    }) as unknown as Parameters<typeof rematch.controls>[0];
  const seat = { token: "t", seat: "p1" as const };
  const named = await drawn(
    rematch.controls(ended([red, { ...blue, account: { name: "bob0808", rating: 1500 } }]), seat),
  );
  assert.match(named?.textContent ?? "", /bob0808 offers a rematch/);
  const anonymous = await drawn(rematch.controls(ended([red, blue]), seat));
  assert.match(anonymous?.textContent ?? "", /Blue offers a rematch/);
});
