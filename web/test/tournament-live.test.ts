// The tournament pages as review 15 (kind 16) asked for them: the maker joins by a ticked "Join it
// myself"; the pages follow the lobby socket instead of polling (no "updates every few seconds",
// fetches coalesced, the socket told what is watched); empty lists say what to do, naming the next
// (house) arena, and an upcoming one counts down; a player away from the arena is marked.
import { test } from "node:test";
import assert from "node:assert/strict";
import { drawn, installDom } from "./dom.js";

installDom();
const { arenaView } = await import("../src/pages/tournaments/view.js");
const { listView } = await import("../src/pages/tournaments/list-view.js");
const { coalesced } = await import("../src/pages/tournaments/live.js");
const { watchRequest } = await import("../src/lobby-socket.js");
const { NOW, context, formFields, summary } = await import("./tournament-fixture.js");
const { setLang } = await import("../src/i18n.js");
const { v } = await import("../src/vdom.js");
type ListContext = import("../src/pages/tournaments/list-view.js").ListContext;
type TournamentsReply = import("../src/contract/TournamentsReply.js").TournamentsReply;
type TournamentReply = import("../src/contract/TournamentReply.js").TournamentReply;

/** The list page's context, signed in, with `list` loaded (or not yet). */
function listContext(list: TournamentsReply | null, change: Partial<ListContext> = {}): ListContext {
  return {
    registry: { games: [{ name: "ataxx", title: "Ataxx" }] } as never,
    list,
    error: null,
    now: NOW,
    signedIn: true,
    fields: formFields(),
    busy: false,
    link: (path, text) => v("a", { href: path }, text),
    setField: () => undefined,
    submit: () => undefined,
    ...change,
  };
}

/** A list reply with `upcoming` and nothing running or finished. */
function onlyUpcoming(upcoming: TournamentsReply["upcoming"]): TournamentsReply {
  return { upcoming, running: [], finished: [], shortest_arena_minutes: 10 };
}

test("the form's 'Join it myself' is ticked by default and sets the field", async () => {
  for (const [lang, label] of [
    ["en", "Join it myself"],
    ["de", "Selbst mitspielen"],
  ] as const) {
    setLang(lang);
    let changed: [string, unknown] | null = null;
    const page = await drawn(
      listView(
        listContext(null, {
          setField: (name, value) => {
            changed = [name, value];
          },
        }),
      ),
    );
    const box = page?.querySelector<HTMLInputElement>('#tour-create input[name="join"]');
    assert.ok(box, "the form has the checkbox");
    assert.equal(box.checked, true, "ticked by default");
    assert.equal(box.closest("label")?.textContent, label);
    box.checked = false;
    box.dispatchEvent(new window.Event("change"));
    assert.deepEqual(changed, ["join", false]);
  }
  setLang("en");
});

test("an empty list says what to do, naming the next arena with its time; an upcoming one counts down", async () => {
  const next = summary({ id: "house-ataxx-1", name: "Ataxx Arena", status: "upcoming", starts_ms: NOW + 90_000 });
  const page = await drawn(listView(listContext(onlyUpcoming([next]))));
  const running = page?.querySelector("#tour-running .tour-empty");
  assert.match(
    running?.textContent ?? "",
    /^No tournament is running\. Create one below, or join the next one: Ataxx Arena, at \d\d:\d\d$/,
  );
  assert.equal(running?.querySelector("a")?.getAttribute("href"), "/tournaments/house-ataxx-1");
  assert.equal(
    page?.querySelector('#tour-upcoming li[data-tournament="house-ataxx-1"] .tour-starts-in')?.textContent,
    "Starts in 1:30",
  );
  assert.equal(page?.querySelector("#tour-finished .tour-empty")?.textContent, "No tournament has finished yet.");
  assert.match(page?.querySelector('li[data-tournament="house-ataxx-1"] .muted')?.textContent ?? "", /· 2 players$/);
  const alone = await drawn(listView(listContext(onlyUpcoming([{ ...next, players: 1 }]))));
  assert.match(
    alone?.querySelector("#tour-upcoming .muted")?.textContent ?? "",
    /· 1 player$/,
    "one player, not '1 players'",
  );

  const empty = await drawn(listView(listContext(onlyUpcoming([]))));
  assert.equal(
    empty?.querySelector("#tour-running .tour-empty")?.textContent,
    "No tournament is running. Create one below.",
  );
  assert.equal(
    empty?.querySelector("#tour-upcoming .tour-empty")?.textContent,
    "Nothing is scheduled. Create a tournament below.",
  );
  setLang("de");
  const german = await drawn(listView(listContext(onlyUpcoming([next]))));
  assert.match(
    german?.querySelector("#tour-running .tour-empty")?.textContent ?? "",
    /^Gerade läuft kein Turnier\..*, um \d\d:\d\d$/,
  );
  setLang("en");
});

test("the arena's page no longer says it updates every few seconds, and marks a player away", async () => {
  const line = {
    performance: null,
    withdrawn: false,
    playing: false,
    on_fire: false,
    games: 0,
    wins: 0,
    points: 0,
    sheet: [],
  };
  const arena: TournamentReply = {
    tournament: summary(),
    standings: [
      { ...line, rank: 1, name: "anna", rating: 1500, away: false },
      { ...line, rank: 2, name: "bert", rating: 1500, away: true },
    ],
    running: [],
    recent: [],
    chat: [],
    me: { joined: true, game: null },
    swiss: null,
    now_ms: NOW,
  };
  for (const lang of ["en", "de"] as const) {
    setLang(lang);
    const page = await drawn(arenaView(context("anna", arena)));
    assert.doesNotMatch(page?.textContent ?? "", /every few seconds|alle paar Sekunden/);
    const bert = page?.querySelector('tr[data-player="bert"]');
    assert.equal(bert?.className, "away");
    assert.equal(bert?.querySelector(".away")?.textContent, lang === "en" ? " (away)" : " (abwesend)");
    assert.equal(page?.querySelector('tr[data-player="anna"] .away'), null, "anna is there");
  }
  setLang("en");
});

test("fetches asked for while one runs are coalesced into one more", async () => {
  const finish: (() => void)[] = [];
  let calls = 0;
  const load = coalesced(() => {
    calls += 1;
    return new Promise<void>((resolve) => finish.push(resolve));
  });
  load();
  load();
  load();
  assert.equal(calls, 1, "one fetch at a time");
  finish.shift()?.();
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.equal(calls, 2, "one more after it, for the changes meanwhile");
  finish.shift()?.();
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.equal(calls, 2, "and no more");
});

test("the lobby socket is told what the page watches", () => {
  assert.deepEqual(watchRequest({ tournament: "t1" }), { type: "watch_tournament", id: "t1" });
  assert.deepEqual(watchRequest("tournaments"), { type: "watch_tournaments" });
  assert.deepEqual(watchRequest(null), { type: "unwatch" });
});

test("a finished tournament's standings show no paused, playing or away marks; a running one's do", async () => {
  const { withoutMarks } = await import("../src/pages/tournaments/view.js");
  const lines = [{ name: "a", withdrawn: true, playing: false, away: true }];
  assert.deepEqual(withoutMarks(lines, "running"), lines, "kept while it runs");
  assert.deepEqual(withoutMarks(lines, "finished"), [{ name: "a", withdrawn: false, playing: false, away: false }]);
});

test("one day per move is said in the singular in the tournament's terms (EN, DE)", async () => {
  const { termsText } = await import("../src/pages/tournaments/common-view.js");
  const swiss = summary({ id: "s1", name: "Cup", status: "upcoming", starts_ms: NOW + 1000 });
  setLang("en");
  assert.match(termsText({ ...swiss, days_per_move: 1 }), /1 day per move/);
  setLang("de");
  assert.match(termsText({ ...swiss, days_per_move: 1 }), /1 Tag je Zug/);
  setLang("en");
});
