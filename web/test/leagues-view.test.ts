// The league pages as pure functions: the list's cards (running season, sign-up and its start), and
// one league's page — the season, each division's table with its head over each column and the
// promotion and relegation zones marked, its games linked, the sign-up with its button — in
// English and German.
import { test } from "node:test";
import assert from "node:assert/strict";
import { drawn, installDom } from "./dom.js";

installDom();
const { leagueView, leaguesView, startText } = await import("../src/pages/leagues/view.js");
const { v } = await import("../src/vdom.js");
const { setLang } = await import("../src/i18n.js");
type LeagueContext = import("../src/pages/leagues/view.js").LeagueContext;
type LeagueReply = import("../src/contract/LeagueReply.js").LeagueReply;
type LeagueTableLine = import("../src/contract/LeagueTableLine.js").LeagueTableLine;
type Registry = import("../src/types.js").Registry;

const NOW = Date.UTC(2026, 11, 4, 20, 0, 0);
const registry = {
  games: [{ name: "ataxx", title: "Ataxx", titles: { en: "Ataxx", de: "Ataxx" } }],
} as unknown as Registry;
const link = (path: string, text: unknown) => v("a", { href: path }, text as string);

/** A table line with its figures. */
function line(place: number, name: string, change: Partial<LeagueTableLine> = {}): LeagueTableLine {
  const base = { played: 2, wins: 1, draws: 0, losses: 1, points: 1, head_to_head: 0, sonneborn_berger: 0.5 };
  return { ...base, place, name, zone: "stay", ...change };
}

/** Season 1 of the Ataxx league running in two divisions; anna plays in the second. */
function reply(change: Partial<LeagueReply> = {}): LeagueReply {
  return {
    game: "ataxx",
    days_per_move: 3,
    signup_period_ms: 7 * 86_400_000,
    season: {
      number: 1,
      status: "running",
      started_ms: NOW - 86_400_000,
      divisions: [
        {
          number: 1,
          table: [
            line(1, "bert", { points: 2 }),
            line(2, "cora"),
            line(3, "dora", { zone: "relegation", points: 0.5 }),
          ],
          games: [{ id: "g1", round: 1, white: "bert", black: "cora", result: "1-0" }],
        },
        {
          number: 2,
          table: [line(1, "anna", { zone: "promotion", points: 1.5 }), line(2, "emil")],
          games: [{ id: "g2", round: 1, white: "anna", black: "emil", result: null }],
        },
      ],
    },
    signup: { number: 2, starts_ms: null, players: ["finn"] },
    me: { signed_up: false, division: 2 },
    ...change,
  };
}

function context(league: LeagueReply, signedIn = true): LeagueContext {
  const none = () => undefined;
  return { registry, game: "ataxx", league, error: null, signedIn, busy: false, link, join: none, leave: none };
}

test("the list: one card per game with its running season and the sign-up's start", async () => {
  const list = {
    days_per_move: 3,
    leagues: [{ game: "ataxx", running: 1, playing: 5, signup: 2, starts_ms: null, signed_up: 1 }],
  };
  for (const lang of ["en", "de"]) {
    setLang(lang);
    const page = await drawn(leaguesView({ registry, list, error: null, link }));
    const card = page?.querySelector('[data-league="ataxx"]');
    assert.equal(card?.querySelector("a")?.getAttribute("href"), "/leagues/ataxx");
    assert.equal(card?.querySelector("a")?.textContent, lang === "en" ? "Ataxx league" : "Ataxx-Liga");
    assert.match(
      card?.textContent ?? "",
      lang === "en" ? /Season 1 is being played by 5/ : /Saison 1 wird von 5 gespielt/,
    );
    assert.match(card?.textContent ?? "", lang === "en" ? /Season 2: 1 signed up/ : /Saison 2: 1 angemeldet/);
  }
  setLang("en");
  assert.match(startText(NOW), /^Starts /);
  assert.equal(startText(null), "Starts a sign-up period after the current season");
});

test("a league's page: divisions with their tables, zones marked, heads over columns, games linked", async () => {
  for (const lang of ["en", "de"]) {
    setLang(lang);
    const page = await drawn(leagueView(context(reply())));
    assert.match(
      page?.querySelector("#league-season")?.textContent ?? "",
      lang === "en" ? /Season 1 · Running/ : /Saison 1 · Läuft/,
    );
    const divisions = [...(page?.querySelectorAll("[data-division]") ?? [])];
    assert.deepEqual(
      divisions.map((d) => d.getAttribute("data-division")),
      ["1", "2"],
    );
    assert.ok(divisions[1]?.classList.contains("mine"), "the player's own division is marked");
    const heads = [...(divisions[0]?.querySelectorAll("th") ?? [])].map((th) => th.className);
    const cells = [...(divisions[0]?.querySelectorAll("tbody tr:first-child td") ?? [])].map((td) => td.className);
    assert.deepEqual(heads, cells, "each head over its column");
    assert.deepEqual(heads, ["place", "player", "wdl", "played", "h2h", "sb", "points"]);
    const dora = divisions[0]?.querySelector('tr[data-player="dora"]');
    assert.ok(dora?.classList.contains("zone-relegation"));
    assert.equal(dora?.querySelector(".zone-mark")?.getAttribute("title"), lang === "en" ? "goes down" : "steigt ab");
    assert.equal(dora?.querySelector(".points")?.textContent, "½");
    const anna = divisions[1]?.querySelector('tr[data-player="anna"]');
    assert.ok(anna?.classList.contains("zone-promotion"));
    assert.equal(anna?.querySelector(".points")?.textContent, "1½");
    const running = divisions[1]?.querySelector('li[data-game="g2"]');
    assert.equal(running?.querySelector("a")?.getAttribute("href"), "/play/g2");
    assert.match(running?.textContent ?? "", lang === "en" ? /running/ : /läuft/);
    assert.match(page?.querySelector("#league-mine")?.textContent ?? "", lang === "en" ? /division 2/ : /Liga 2/);
    assert.equal(page?.querySelector("#league-join")?.textContent, lang === "en" ? "Sign up" : "Anmelden");
    assert.match(page?.querySelector("#league-signup")?.textContent ?? "", /finn/);
  }
  setLang("en");
});

test("the sign-up: leave once signed up, sign in when signed out, and no season before the first", async () => {
  const signedUp = await drawn(leagueView(context(reply({ me: { signed_up: true, division: null } }))));
  assert.equal(signedUp?.querySelector("#league-leave")?.textContent, "Leave");
  assert.equal(signedUp?.querySelector("#league-join"), null);
  assert.equal(signedUp?.querySelector("#league-mine"), null);
  const guest = await drawn(leagueView(context(reply({ me: null }), false)));
  assert.equal(guest?.querySelector("#league-signup a")?.getAttribute("href"), "/login");
  const first = await drawn(
    leagueView(context(reply({ season: null, signup: { number: 1, starts_ms: NOW, players: [] } }))),
  );
  assert.equal(first?.querySelector("#league-season")?.textContent, "No season played yet.");
  assert.equal(first?.querySelectorAll("[data-division]").length, 0);
  assert.match(first?.querySelector("#league-signup")?.textContent ?? "", /Nobody yet/);
});
