// A Swiss's page and form as pure functions: points with halves, the form's request (rounds, a clock
// or days per move), the round in play, the standings' tie-breaks under their heads, every round's
// pairings with results and the bye, the player's part and the winner — in English and German.
import { test } from "node:test";
import assert from "node:assert/strict";
import { drawn, installDom } from "./dom.js";

installDom();
const { arenaView } = await import("../src/pages/tournaments/view.js");
const { pointsText } = await import("../src/pages/tournaments/swiss-view.js");
const { createRequest } = await import("../src/pages/tournaments/model.js");
const { termsText, whenText } = await import("../src/pages/tournaments/common-view.js");
const { NOW, context, formFields, summary } = await import("./tournament-fixture.js");
const { setLang } = await import("../src/i18n.js");
type TournamentReply = import("../src/contract/TournamentReply.js").TournamentReply;
type SwissStandingLine = import("../src/contract/SwissStandingLine.js").SwissStandingLine;

/** A standings line with its figures. */
function line(rank: number, name: string, figures: Partial<SwissStandingLine>): SwissStandingLine {
  const base = { rating: 1500, buchholz: 0, buchholz_cut_one: 0, sonneborn_berger: 0, games: 1, byes: 0 };
  return { ...base, rank, name, points: 0, withdrawn: false, playing: false, ...figures };
}

/**
 * A Swiss of three rounds among anna, bert and cora in its second round: in round 1 anna beat bert
 * and cora had the bye; in round 2 cora and anna play, bert has the bye.
 */
function reply(change: Partial<TournamentReply> = {}): TournamentReply {
  return {
    tournament: summary({
      id: "s1",
      kind: "swiss",
      name: "Winter Swiss",
      clock: "",
      days_per_move: 3,
      rounds: 3,
      ends_ms: NOW - 60_000,
      players: 3,
    }),
    standings: [],
    running: [{ id: "g2", white: "cora", black: "anna", result: null }],
    recent: [{ id: "g1", white: "anna", black: "bert", result: "1-0" }],
    chat: [],
    me: { joined: true, game: null },
    swiss: {
      round: 2,
      standings: [
        line(1, "anna", { points: 1, buchholz: 1, buchholz_cut_one: 0, sonneborn_berger: 1, playing: true }),
        line(2, "cora", { points: 1, games: 0, byes: 1, playing: true }),
        line(3, "bert", { points: 1, buchholz: 1, buchholz_cut_one: 0, byes: 1 }),
      ],
      rounds: [
        {
          number: 1,
          boards: [{ game: { id: "g1", white: "anna", black: "bert", result: "1-0" }, white_points: 1 }],
          bye: "cora",
        },
        {
          number: 2,
          boards: [{ game: { id: "g2", white: "cora", black: "anna", result: null }, white_points: null }],
          bye: "bert",
        },
      ],
    },
    now_ms: NOW,
    ...change,
  };
}

test("a Swiss's points: whole, with a half, Sonneborn-Berger's quarters", () => {
  assert.equal(pointsText(0), "0");
  assert.equal(pointsText(0.5), "½");
  assert.equal(pointsText(2.5), "2½");
  assert.equal(pointsText(3), "3");
  assert.equal(pointsText(1.75), "1¾");
});

test("the form's request of a Swiss: its rounds, and days per move or else the clock; no duration", () => {
  const fields = formFields({ kind: "swiss", clock: "5+3", rounds: "7", days: "3", startIn: "10" });
  const post = createRequest(fields, 1000);
  assert.deepEqual(
    [post.kind, post.rounds, post.days_per_move, post.clock, post.minutes],
    ["swiss", 7, 3, undefined, undefined],
  );
  assert.equal(post.starts_ms, 1000 + 10 * 60_000);
  const live = createRequest({ ...fields, days: "" }, 1000);
  assert.deepEqual([live.rounds, live.days_per_move, live.clock], [7, undefined, "5+3"]);
});

test("a Swiss's terms name its rounds and days per move, and no end time while it runs", () => {
  const tour = reply().tournament;
  setLang("en");
  assert.equal(termsText(tour), "Swiss, 3 rounds · Ataxx · 3 days per move · Rated");
  assert.match(whenText(tour), /^Started /);
  assert.equal(whenText({ ...tour, status: "finished" }), "Finished");
  setLang("de");
  assert.equal(termsText(tour), "Schweizer System, 3 Runden · Ataxx · 3 Tage je Zug · Gewertet");
  setLang("en");
});

test("the page of a running Swiss: the round in play, the standings' tie-breaks, the rounds with results and byes", async () => {
  for (const lang of ["en", "de"]) {
    setLang(lang);
    const page = await drawn(arenaView(context("anna", reply())));
    assert.equal(page?.querySelector("#tour-round")?.textContent, lang === "en" ? "Round 2 of 3" : "Runde 2 von 3");
    assert.equal(page?.querySelector("#tour-countdown"), null, "a Swiss has no end time to count down to");
    const heads = [...(page?.querySelectorAll("#tour-standings th") ?? [])].map((th) => th.className);
    const cells = [...(page?.querySelectorAll("#tour-standings tbody tr:first-child td") ?? [])].map(
      (td) => td.className,
    );
    assert.deepEqual(heads, cells, "each head over its column");
    assert.deepEqual(heads, ["rank", "player", "games", "buchholz", "cut", "sb", "points"]);
    const cora = page?.querySelector('#tour-standings tr[data-player="cora"]')?.textContent ?? "";
    assert.match(cora, lang === "en" ? /byes: 1/ : /spielfrei: 1/);
    const rounds = [...(page?.querySelectorAll("#tour-rounds > li") ?? [])];
    assert.deepEqual(
      rounds.map((round) => round.getAttribute("data-round")),
      ["2", "1"],
      "the latest round first",
    );
    assert.match(rounds[1]?.textContent ?? "", /anna – bert 1–0/);
    assert.match(rounds[1]?.textContent ?? "", lang === "en" ? /Bye: cora \(1 point\)/ : /Spielfrei: cora \(1 Punkt\)/);
    const running = rounds[0]?.querySelector('li[data-game="g2"] a');
    assert.equal(running?.getAttribute("href"), "/play/g2", "a game in play is linked to watch");
    assert.match(
      page?.querySelector("#tour-part")?.textContent ?? "",
      lang === "en" ? /paired in every round/ : /in jeder Runde gepaart/,
    );
    assert.equal(page?.querySelector("#tour-leave")?.textContent, lang === "en" ? "Pause" : "Pausieren");
  }
  setLang("en");
});

test("a Swiss invites before its start and names its winner at the end", async () => {
  const upcoming = reply({ me: { joined: false, game: null } });
  upcoming.tournament = { ...upcoming.tournament, status: "upcoming", starts_ms: NOW + 90_000 };
  upcoming.swiss = { round: 0, standings: [], rounds: [] };
  const soon = await drawn(arenaView(context("dora", upcoming)));
  assert.equal(soon?.querySelector("#tour-countdown")?.textContent, "Starts in 1:30");
  assert.match(soon?.querySelector("#tour-part")?.textContent ?? "", /when the first round starts/);
  assert.match(soon?.querySelector("#tour-rounds")?.textContent ?? "", /No round paired yet/);
  const done = reply();
  done.tournament = { ...done.tournament, status: "finished", winner: "anna" };
  setLang("de");
  const page = await drawn(arenaView(context("anna", done)));
  assert.equal(page?.querySelector("#tour-winner")?.textContent, "🏆 anna hat das Turnier gewonnen");
  setLang("en");
});

test("after a Swiss's game: the next round follows the round's last game, no arena countdown or pause", async () => {
  const { afterTournamentGame } = await import("../src/pages/tournaments/next-game.js");
  for (const lang of ["en", "de"]) {
    setLang(lang);
    const notice = await drawn(afterTournamentGame("s1", "swiss", "g2"));
    assert.equal(notice?.id, "swiss-next");
    assert.match(notice?.textContent ?? "", lang === "en" ? /next round is paired/ : /nächste Runde wird gepaart/);
    assert.equal(notice?.querySelector("a"), null, "the way back to the tournament is the rematch's place");
    assert.equal(notice?.querySelector("#arena-pause"), null);
  }
  setLang("en");
});

test("a finished Swiss: no running games; its rounds list every game with its result", async () => {
  for (const lang of ["en", "de"]) {
    setLang(lang);
    const finished = reply({
      tournament: { ...reply().tournament, status: "finished", winner: "anna" },
      running: [],
    });
    const page = await drawn(arenaView(context("anna", finished)));
    assert.equal(page?.querySelector("#tour-running"), null, `${lang}: no running games once finished`);
    assert.doesNotMatch(
      page?.textContent ?? "",
      lang === "en" ? /being played|No game yet/ : /Laufende|Noch keine Partie/,
    );
    assert.ok(page?.querySelector('a[href="/play/g1"]'), "the rounds link the games");
  }
  setLang("en");
});
