// The arena page as a pure view: a viewer who never joined is invited (not told they paused), the
// standings' heads sit over their columns (results, games and points apart), and the time left
// to the end of a running arena, or to the start of an upcoming one, is shown; the form asks who may
// join (people, bots or both) and the page names it; the form offers the server's shortest arena.
import { test } from "node:test";
import assert from "node:assert/strict";
import { drawn, installDom } from "./dom.js";

installDom();
const { arenaView } = await import("../src/pages/tournaments/view.js");
const { NOW, context, summary } = await import("./tournament-fixture.js");
const { setLang } = await import("../src/i18n.js");
type TournamentReply = import("../src/contract/TournamentReply.js").TournamentReply;

/** An arena running until ten minutes and five seconds from NOW: anna won her game against bert. */
function reply(change: Partial<TournamentReply> = {}): TournamentReply {
  const line = { performance: null, withdrawn: false, away: false, playing: false, on_fire: false };
  return {
    tournament: summary(),
    standings: [
      {
        ...line,
        rank: 1,
        name: "anna",
        rating: 1500,
        points: 2,
        games: 1,
        wins: 1,
        sheet: [{ points: 2, doubled: false }],
      },
      {
        ...line,
        rank: 2,
        name: "bert",
        rating: 1500,
        points: 0,
        games: 1,
        wins: 0,
        sheet: [{ points: 0, doubled: false }],
      },
    ],
    running: [],
    recent: [],
    chat: [],
    me: { joined: false, game: null },
    swiss: null,
    now_ms: NOW,
    ...change,
  };
}

test("a viewer who never joined is invited to join; one who left is told they paused", async () => {
  for (const lang of ["en", "de"]) {
    setLang(lang);
    const viewer = await drawn(arenaView(context("carl", reply())));
    const part = viewer?.querySelector("#tour-part")?.textContent ?? "";
    assert.ok(viewer?.querySelector("#tour-join"), "the join button");
    assert.doesNotMatch(part, /paused|pausierst/i, `${lang}: never joined`);
    assert.match(part, lang === "en" ? /Join to play/ : /Tritt bei/);
    const left = await drawn(arenaView(context("bert", reply())));
    assert.match(left?.querySelector("#tour-part")?.textContent ?? "", lang === "en" ? /You paused/ : /Du pausierst/);
  }
  setLang("en");
});

test("the standings: each head over its column, the games counted apart from the points", async () => {
  for (const lang of ["en", "de"]) {
    setLang(lang);
    const page = await drawn(arenaView(context("anna", reply({ me: { joined: true, game: null } }))));
    const heads = [...(page?.querySelectorAll("#tour-standings th") ?? [])].map((th) => th.className);
    const cells = [...(page?.querySelectorAll("#tour-standings tbody tr:first-child td") ?? [])].map(
      (td) => td.className,
    );
    assert.deepEqual(heads, cells, "the same columns in the head and the rows (the phone hides one by class)");
    const cell = (column: string) =>
      page?.querySelector(`#tour-standings tbody tr:first-child td.${column}`)?.textContent;
    const head = (column: string) => page?.querySelector(`#tour-standings th.${column}`)?.textContent;
    assert.equal(cell("games"), "1", "one game played");
    assert.equal(cell("points"), "2", "a win scores 2");
    assert.equal(head("games"), lang === "en" ? "Games" : "Partien");
    assert.equal(head("points"), lang === "en" ? "Points" : "Punkte");
    assert.match(head("player") ?? "", lang === "en" ? /rating on joining/ : /Wertung beim Beitritt/);
  }
  setLang("en");
});

test("the time left to the end of a running arena, and to the start of an upcoming one", async () => {
  const running = await drawn(arenaView(context("anna", reply())));
  assert.equal(running?.querySelector("#tour-countdown")?.textContent, "Time left 10:05");
  const upcoming = reply();
  upcoming.tournament = { ...upcoming.tournament, status: "upcoming", starts_ms: NOW + 90_000 };
  setLang("de");
  const soon = await drawn(arenaView(context("carl", upcoming)));
  assert.equal(soon?.querySelector("#tour-countdown")?.textContent, "Beginnt in 1:30");
  assert.match(soon?.querySelector("#tour-part")?.textContent ?? "", /sobald die Arena beginnt/);
  setLang("en");
  const finished = reply();
  finished.tournament = { ...finished.tournament, status: "finished", winner: "anna" };
  assert.equal((await drawn(arenaView(context("anna", finished))))?.querySelector("#tour-countdown"), null);
});

test("after an arena game: the seconds to the next game and the pause, then that the player paused", async () => {
  const { nextGameView } = await import("../src/pages/tournaments/next-game.js");
  let paused = 0;
  const pause = () => {
    paused += 1;
  };
  const host = document.createElement("p");
  document.body.append(host);
  const { patch } = await import("../src/vdom.js");
  patch(host, ...nextGameView({ left: 6_200, paused: false, error: null }, pause));
  assert.match(host.textContent ?? "", /^Next arena game in 7 s\./);
  (host.querySelector("#arena-pause") as HTMLButtonElement | null)?.click();
  assert.equal(paused, 1, "the pause button pauses");
  setLang("de");
  patch(host, ...nextGameView({ left: 0, paused: false, error: null }, pause));
  assert.match(host.textContent ?? "", /^Nächste Arena-Partie, sobald jemand frei ist\./);
  patch(host, ...nextGameView({ left: 3_000, paused: true, error: null }, pause));
  assert.match(host.textContent ?? "", /Du pausierst: keine nächste Partie/);
  assert.equal(host.querySelector("#arena-pause"), null, "no pause once paused");
  assert.equal(host.querySelector("a"), null, "the way back to the arena is the rematch's place, not said twice");
  setLang("en");
});

test("the latest results: a game that ended without a result says it was aborted, not PGN's '*'", async () => {
  const recent = [
    { id: "g1", white: "anna", black: "bert", result: "0-1" },
    { id: "g2", white: "bert", black: "anna", result: "*" },
  ];
  for (const [lang, word] of [
    ["en", "aborted"],
    ["de", "abgebrochen"],
  ] as const) {
    setLang(lang);
    const page = await drawn(arenaView(context("anna", reply({ recent }))));
    const results = [...(page?.querySelectorAll("#tour-recent .tour-result") ?? [])].map((e) => e.textContent?.trim());
    assert.deepEqual(results, ["0-1", word]);
    assert.doesNotMatch(page?.querySelector("#tour-recent")?.textContent ?? "", /\*/);
  }
  setLang("en");
});

test("who may join: the form offers people only (the default), people and bots, bots only; the page names it", async () => {
  const { listView } = await import("../src/pages/tournaments/list-view.js");
  const { createRequest } = await import("../src/pages/tournaments/model.js");
  const { formFields } = await import("./tournament-fixture.js");
  const { v } = await import("../src/vdom.js");
  let changed: [string, unknown] | null = null;
  const form = (fields = formFields()) =>
    listView({
      registry: { games: [{ name: "ataxx", title: "Ataxx" }] } as never,
      list: null,
      error: null,
      now: 0,
      signedIn: true,
      fields,
      busy: false,
      link: (path, text) => v("a", { href: path }, text),
      setField: (name, value) => {
        changed = [name, value];
      },
      submit: () => undefined,
    });
  for (const [lang, words] of [
    ["en", ["People only", "People and bots", "Bots only"]],
    ["de", ["Nur Menschen", "Menschen und Bots", "Nur Bots"]],
  ] as const) {
    setLang(lang);
    const page = await drawn(form());
    const select = page?.querySelector<HTMLSelectElement>('#tour-create select[name="bots"]');
    const options = [...(select?.querySelectorAll("option") ?? [])];
    assert.deepEqual(
      options.map((o) => [o.value, o.textContent]),
      [
        ["no", words[0]],
        ["welcome", words[1]],
        ["only", words[2]],
      ],
    );
    assert.equal(select?.value, "no", "people only by default");
    assert.match(select?.closest("label")?.textContent ?? "", lang === "en" ? /Who may join/ : /Wer beitreten darf/);
    if (select) {
      select.value = "only";
      select.dispatchEvent(new window.Event("change"));
    }
    assert.deepEqual(changed, ["bots", "only"], "the choice sets the form's field");
    for (const bots of ["welcome", "only"] as const) {
      const arena = await drawn(arenaView(context("anna", reply({ tournament: summary({ bots }) }))));
      const head = lang === "en" ? "Who may join" : "Wer beitreten darf";
      const word = words[bots === "welcome" ? 1 : 2];
      assert.equal(arena?.querySelector("#tour-bots")?.textContent, `${head}: ${word}`);
    }
  }
  setLang("en");
  assert.equal(createRequest(formFields({ bots: "welcome" }), 0).bots, "welcome");
  assert.equal(createRequest(formFields(), 0).bots, "no");
});

test("the form offers the server's shortest arena, then the usual durations longer than it", async () => {
  const { DURATIONS, durations } = await import("../src/pages/tournaments/list-view.js");
  assert.deepEqual(durations(undefined), DURATIONS, "before the list has loaded");
  assert.deepEqual(durations(10), ["10", "20", "30", "45", "60", "90", "120"]);
  assert.deepEqual(durations(1), ["1", "20", "30", "45", "60", "90", "120"]);
  assert.deepEqual(durations(30), ["30", "45", "60", "90", "120"], "no duration shorter than the server allows");
});

test("a finished arena: no running games, the tournament's games with their results and links instead", async () => {
  const finished = (change: Partial<TournamentReply> = {}) =>
    reply({ tournament: summary({ status: "finished", winner: "anna" }), ...change });
  const recent = [{ id: "g2", white: "bert", black: "anna", result: "1/2-1/2" }];
  const games = [
    { id: "g1", white: "anna", black: "bert", result: "1-0" },
    { id: "g2", white: "bert", black: "anna", result: "1/2-1/2" },
  ];
  for (const [lang, head, none, open] of [
    ["en", "The tournament's games", "No game was played.", "Open"],
    ["de", "Die Partien des Turniers", "Es wurde keine Partie gespielt.", "Öffnen"],
  ] as const) {
    setLang(lang);
    // Before its games are fetched: the latest results of the reply; then every game.
    for (const [ctxGames, shown] of [
      [null, recent],
      [games, games],
    ] as const) {
      const ctx = { ...context("anna", finished({ recent })), games: ctxGames ? [...ctxGames] : null };
      const page = await drawn(arenaView(ctx));
      assert.equal(page?.querySelector("#tour-running"), null, `${lang}: no running games once finished`);
      assert.equal(page?.querySelector("#tour-recent"), null, `${lang}: listed once`);
      assert.doesNotMatch(
        page?.textContent ?? "",
        lang === "en" ? /being played|No game yet/ : /Laufende|Noch keine Partie/,
      );
      const list = page?.querySelector("#tour-games");
      assert.equal(list?.closest("section")?.querySelector("h2")?.textContent, head);
      const items = [...(list?.querySelectorAll("li") ?? [])];
      assert.deepEqual(
        items.map((li) => [li.getAttribute("data-game"), li.querySelector(".tour-result")?.textContent?.trim()]),
        shown.map((game) => [game.id, game.result]),
      );
      assert.deepEqual(
        items.map((li) => li.querySelector("a")?.getAttribute("href")),
        shown.map((game) => `/play/${game.id}`),
      );
      // A game that ended is opened, not watched.
      assert.deepEqual(
        items.map((li) => li.querySelector("a")?.textContent),
        shown.map(() => open),
      );
      assert.match(page?.querySelector("#tour-winner")?.textContent ?? "", /anna/);
    }
    const empty = await drawn(arenaView(context("anna", finished({ recent: [] }))));
    assert.equal(empty?.querySelector("#tour-games")?.textContent, none);
  }
  setLang("en");
  // Still ending (games under way): the running games stay.
  const ending = await drawn(arenaView(context("anna", reply({ tournament: summary({ status: "ending" }) }))));
  assert.ok(ending?.querySelector("#tour-running"), "the games still running at the end");
});
