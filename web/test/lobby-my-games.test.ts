// The lobby's "My games": the players by name without the ratings their seats kept from the start of
// each game (later games changed them), while the running games' list still shows them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom, drawn } from "./dom.js";

installDom();
const { myGamesView, lobbySeatLabel } = await import("../src/pages/lobby/seeks-view.js");
const { v } = await import("../src/vdom.js");
const { setLang } = await import("../src/i18n.js");
type LobbyGame = import("../src/contract/LobbyGame.js").LobbyGame;
type Seat = import("../src/contract/Seat.js").Seat;

const seat = (id: "p1" | "p2", en: string, de: string, name: string, rating: number): Seat => ({
  seat: id,
  names: { en, de },
  player: "human",
  joined: true,
  account: { name, rating, rating_after: null, bot: false, provisional: false, closed: false },
});

const game: LobbyGame = {
  id: "g1",
  game: "toy",
  title: "Toy",
  opponent: "human",
  level: null,
  rated: true,
  seats: [seat("p1", "Red", "Rot", "alice", 1500), seat("p2", "Blue", "Blau", "bob", 1500)],
  ply: 3,
  side_to_move: "p2",
  to_move_names: { en: "Blue", de: "Blau" },
  watchers: 0,
  created_ms: 0,
  updated_ms: 0,
  correspondence: 3,
  deadline_ms: null,
};

test("my games name the players without the ratings of the game's start, in both languages", async () => {
  for (const [lang, players, turn] of [
    ["en", "Red: alice – Blue: bob", "your turn"],
    ["de", "Rot: alice – Blau: bob", "du bist am Zug"],
  ] as const) {
    setLang(lang);
    const nodes = myGamesView([game], () => "p2", {
      link: (path, text) => v("a", { href: path }, text),
      navigate: () => undefined,
    });
    const card = await drawn(v("section", {}, nodes));
    const line = card?.querySelector('li[data-game="g1"]');
    assert.equal(line?.querySelector("small")?.textContent, players);
    assert.match(line?.textContent ?? "", new RegExp(turn));
    assert.doesNotMatch(line?.textContent ?? "", /1500/);
  }
  setLang("en");
  assert.equal(lobbySeatLabel(game.seats[0] as Seat), "Red: alice (1500)", "other lists keep the rating");
});
