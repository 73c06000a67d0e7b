// The profile's pure view: a row per game of the site in the ratings (rated ones first, the others
// muted with "–"), and for an account without games neither a count nor filters.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./dom.js";

const win = installDom();
const { profileView } = await import("../src/pages/account/profile-view.js");
const { patch, v } = await import("../src/vdom.js");
const { setLang } = await import("../src/i18n.js");
type Registry = import("../src/types.js").Registry;
type PlayerProfile = import("../src/contract/PlayerProfile.js").PlayerProfile;

const game = (name: string, en: string, de: string) => ({
  name,
  title: en,
  titles: { en, de },
  board: name,
  options: [],
  players: { p1: { en: "Red", de: "Rot" }, p2: { en: "Blue", de: "Blau" } },
  start_view: null,
});
const registry: Registry = {
  games: [game("toy", "Toy", "Spielzeug"), game("dice", "Dice", "Würfel")],
  levels: { min: 1, max: 8, default: 4, each: [] },
};

/** The profile page drawn for `profile`, with the filters `filter`; `choose` gets the filters set. */
function page(
  profile: PlayerProfile,
  filter = { game: "", result: "", aborted: "", page: 1 },
  choose: (name: string, value: string) => void = () => undefined,
  openChallenge: () => void = () => undefined,
): HTMLElement {
  const holder = document.createElement("div");
  patch(
    holder,
    profileView({
      profile,
      filter,
      history: [],
      registry,
      link: (path, text) => v("a", { href: path }, text),
      navigate: () => undefined,
      chartHost: () => v("div"),
      choose,
      turn: () => undefined,
      openChallenge,
      challengeDialog: null,
    }),
  );
  return holder;
}

const empty: PlayerProfile = {
  name: "newcomer",
  bot: false,
  created_ms: 0,
  closed_ms: null,
  ratings: [],
  games: [],
  page: 1,
  pages: 1,
  total: 0,
  tournaments: [],
};

test("an account without games: every game's row muted with no rating, no count, and of the filters only the aborted box", () => {
  setLang("de");
  const shown = page(empty);
  const rows = [...shown.querySelectorAll("#ratings tbody tr")].map((row) =>
    [...row.querySelectorAll("td")].map((cell) => cell.textContent),
  );
  assert.deepEqual(rows, [
    ["Spielzeug", "–", "–", "0"],
    ["Würfel", "–", "–", "0"],
  ]);
  assert.ok(shown.querySelector("#no-ratings"), "says there are no rated games yet");
  assert.equal(shown.querySelector("#game-count"), null, "no count of zero games beside 'No games'");
  assert.equal(shown.querySelectorAll(".filters select").length, 0, "no game or result filter for an empty list");
  assert.ok(shown.querySelector('.filters input[name="aborted"]'), "aborted games may be all there is: the box stays");
  assert.ok(shown.querySelector("#no-player-games"));
  setLang("en");
});

test("a rated game comes first with its rating; the other games follow muted; a filter with no games keeps the filters", () => {
  setLang("en");
  const rated: PlayerProfile = {
    ...empty,
    ratings: [
      {
        game: "dice",
        correspondence: false,
        title: "Dice",
        titles: { en: "Dice", de: "Würfel" },
        rating: 1612,
        deviation: 80,
        provisional: false,
        games: 14,
      },
    ],
    total: 14,
  };
  const shown = page(rated);
  const rows = [...shown.querySelectorAll("#ratings tbody tr")];
  assert.deepEqual(
    rows.map((row) => [row.getAttribute("data-game"), row.getAttribute("data-unrated")]),
    [
      ["dice", null],
      [null, "toy"],
    ],
  );
  assert.match(rows[0]?.querySelector(".rating")?.textContent ?? "", /1612/);
  assert.equal(shown.querySelector("#no-ratings"), null);
  assert.equal(shown.querySelector("#game-count")?.textContent, "14 games");
  assert.ok(shown.querySelector(".filters"));
  const filtered = page({ ...rated, total: 0 }, { game: "toy", result: "", aborted: "", page: 1 });
  assert.ok(filtered.querySelector(".filters"), "a filter that finds nothing can be changed back");
});

test("a bot's profile marks its name with BOT, its title saying what it means; a person's has no mark", () => {
  setLang("en");
  const bot = page({ ...empty, name: "Botto", bot: true }).querySelector("h1");
  assert.equal(bot?.textContent, "BOT Botto");
  assert.equal(bot?.querySelector(".bot-mark")?.getAttribute("title"), "A bot: a program plays this account");
  setLang("de");
  const german = page({ ...empty, name: "Botto", bot: true }).querySelector("h1 .bot-mark");
  assert.equal(german?.getAttribute("title"), "Ein Bot: ein Programm spielt dieses Konto");
  assert.equal(page(empty).querySelector("h1 .bot-mark"), null);
});

/** A game's rating history of `ratings` from `start`, one rated game a day from 1 Dec 2026 on. */
function history(name: string, en: string, ratings: number[], start: number | null = 1500) {
  const day = Date.UTC(2026, 11, 1, 12);
  return {
    game: name,
    correspondence: false,
    title: en,
    titles: { en, de: en },
    start,
    points: ratings.map((rating, i) => ({ time_ms: day + i * 86_400_000, rating, id: `${name}${i}` })),
  };
}

test("the rating history: one chart with a legend entry (the rating now) per game, a line of text for a single game whose start is not known", async () => {
  const { historySection } = await import("../src/pages/account/profile-view.js");
  setLang("en");
  const holder = document.createElement("div");
  const games = [history("toy", "Toy", [1540, 1520]), history("dice", "Dice", [1338], null)];
  const section = historySection(games, () => v("div", { class: "chart", id: "rating-chart" }));
  assert.ok(section);
  patch(holder, section);
  assert.equal(holder.querySelectorAll(".chart").length, 1);
  const legend = [...holder.querySelectorAll("#history-legend li")].map((li) => li.textContent);
  assert.equal(legend.length, 1);
  assert.match(legend[0] ?? "", /^Toy 1520 · 2 rated games, Dec 1, 2026 – Dec 2, 2026$/);
  assert.equal(
    holder.querySelector('.history-single[data-history-game="dice"]')?.textContent,
    "Dice: 1338 after 1 rated game (Dec 1, 2026)",
  );
});

test("one rated game draws a line from the rating it started at (1500), not a line of text", async () => {
  const { historySection } = await import("../src/pages/account/profile-view.js");
  const { chartPoints } = await import("../src/pages/account/history.js");
  setLang("en");
  const one = history("dice", "Dice", [1662]);
  assert.deepEqual(
    chartPoints(one).map((p) => p.rating),
    [1500, 1662],
  );
  const holder = document.createElement("div");
  const section = historySection([one], () => v("div", { class: "chart" }));
  assert.ok(section);
  patch(holder, section);
  assert.ok(holder.querySelector(".chart"), "a chart");
  assert.equal(holder.querySelector(".history-single"), null);
  assert.match(holder.querySelector("#history-legend li")?.textContent ?? "", /^Dice 1662 · /);
});

test("the tournaments joined: each with its place of the players, points and games, linked to its page; no card without any", () => {
  setLang("en");
  assert.equal(page(empty).querySelector("#player-tournaments"), null);
  const tournament = {
    id: "t1",
    kind: "arena",
    name: "Toy Arena",
    game: "toy",
    title: { en: "Toy", de: "Spielzeug" },
    clock: "5+3",
    rated: true,
    bots: "no" as const,
    min_rating: null,
    max_rating: null,
    starts_ms: Date.UTC(2026, 11, 1, 12),
    ends_ms: Date.UTC(2026, 11, 1, 13),
    days_per_move: null,
    rounds: null,
    status: "finished" as const,
    created_by: "anna",
    players: 4,
    winner: "anna",
  };
  const joined = { ...empty, tournaments: [{ tournament, place: 2, points: 1, games: 3 }] };
  const card = page(joined).querySelector("#player-tournaments");
  assert.equal(card?.querySelector("a")?.getAttribute("href"), "/tournaments/t1");
  assert.equal(card?.querySelector("a")?.textContent, "Toy Arena");
  assert.equal(card?.querySelector(".player-tournament-place")?.textContent, "Place 2 of 4 · 1 point · 3 games");
  assert.match(card?.querySelector(".muted")?.textContent ?? "", /^Toy · 5\+3 · Rated · /);
  setLang("de");
  const german = page({ ...joined, tournaments: [{ tournament, place: 1, points: 7, games: 1 }] });
  assert.equal(german.querySelector("#player-tournaments h2")?.textContent, "Turniere");
  assert.equal(german.querySelector(".player-tournament-place")?.textContent, "Platz 1 von 4 · 7 Punkte · 1 Partie");
  setLang("en");
  // A Swiss's points come doubled: 3 are 1½ points, 2 are 1 point.
  const swiss = { ...tournament, kind: "swiss", rounds: 3, clock: "", days_per_move: 2 };
  const inSwiss = page({ ...empty, tournaments: [{ tournament: swiss, place: 1, points: 3, games: 3 }] });
  assert.equal(inSwiss.querySelector(".player-tournament-place")?.textContent, "Place 1 of 4 · 1½ points · 3 games");
  assert.match(
    inSwiss.querySelector("#player-tournaments .muted")?.textContent ?? "",
    /^Swiss, 3 rounds · Toy · 2 days per move · /,
  );
  const one = page({ ...empty, tournaments: [{ tournament: swiss, place: 2, points: 2, games: 3 }] });
  assert.match(one.querySelector(".player-tournament-place")?.textContent ?? "", / · 1 point · /);
});

test("another player's profile offers Challenge (a dialog on the profile) to a signed-in visitor; one's own and a guest's view do not", async () => {
  const { setAccountName } = await import("../src/account.js");
  setLang("en");
  setAccountName("visitor");
  let opened = 0;
  const button = page({ ...empty, name: "Rival" }, undefined, undefined, () => {
    opened += 1;
  }).querySelector<HTMLButtonElement>("button#profile-challenge");
  assert.ok(button, "a button, not a link to the lobby");
  assert.equal(button.textContent, "Challenge");
  assert.equal(button.getAttribute("aria-haspopup"), "dialog");
  button.click();
  assert.equal(opened, 1, "it opens the dialog");
  const own = page({ ...empty, name: "visitor" });
  assert.equal(own.querySelector("#profile-challenge"), null, "not on one's own");
  // One's own profile leads to the settings (password, recovery code, account) in words.
  const settings = own.querySelector<HTMLAnchorElement>("a#profile-settings");
  assert.equal(settings?.getAttribute("href"), "/settings");
  assert.equal(settings?.textContent, "Settings: password, recovery code, account");
  setAccountName(null);
  assert.equal(page({ ...empty, name: "Rival" }).querySelector("#profile-challenge"), null, "not for a guest");
});

test("the profile's games hide aborted ones unless the box 'Include aborted games' is ticked, in both languages", () => {
  setLang("en");
  const chosen: [string, string][] = [];
  const shown = page({ ...empty, total: 3 }, undefined, (name, value) => chosen.push([name, value]));
  const box = shown.querySelector<HTMLInputElement>('.filters input[name="aborted"]');
  assert.ok(box, "the box is among the filters");
  assert.equal(box.checked, false, "aborted games are hidden by default");
  assert.equal(box.closest("label")?.textContent, "Include aborted games");
  box.checked = true;
  box.dispatchEvent(new win.Event("change") as unknown as Event);
  assert.deepEqual(chosen, [["aborted", "true"]]);
  setLang("de");
  const ticked = page({ ...empty, total: 0 }, { game: "", result: "", aborted: "true", page: 1 });
  const german = ticked.querySelector<HTMLInputElement>('.filters input[name="aborted"]');
  assert.equal(german?.checked, true, "kept ticked, and shown even when nothing is left");
  assert.equal(german?.closest("label")?.textContent, "Abgebrochene Partien zeigen");
  setLang("en");
});

test("a closed account's profile says so in both languages and offers no challenge", () => {
  setLang("en");
  const open = page(empty);
  assert.equal(open.querySelector("#profile-closed"), null, "an open account is not marked");
  const closed = page({ ...empty, closed_ms: 5 });
  assert.equal(closed.querySelector("#profile-closed")?.textContent, "closed account");
  assert.equal(closed.querySelector("#profile-challenge"), null);
  setLang("de");
  assert.equal(page({ ...empty, closed_ms: 5 }).querySelector("#profile-closed")?.textContent, "geschlossenes Konto");
  setLang("en");
});

test("the legend of a line of one rated game says it in the singular, in both languages", async () => {
  const { historySection } = await import("../src/pages/account/profile-view.js");
  const holder = document.createElement("div");
  setLang("en");
  patch(holder, historySection([history("dice", "Dice", [1662])], () => v("div", { class: "chart" })) ?? v("div"));
  assert.equal(holder.querySelector("#history-legend li")?.textContent, "Dice 1662 · 1 rated game, Dec 1, 2026");
  setLang("de");
  const german = document.createElement("div");
  patch(german, historySection([history("dice", "Dice", [1662])], () => v("div", { class: "chart" })) ?? v("div"));
  assert.match(german.querySelector("#history-legend li")?.textContent ?? "", /· 1 gewertete Partie, /);
  setLang("en");
});
