// The featured game's empty box says what a featured game is (a move in the last three minutes),
// so that it does not contradict the running games listed beside it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./dom.js";

installDom();
const { t, setLang } = await import("../src/i18n.js");
await import("../src/featured.js");

test("no featured game: the box says no game had a move lately, not that none is played", () => {
  setLang("en");
  assert.match(t("featured.none"), /^No game has had a move in the last three minutes\./);
  assert.doesNotMatch(t("featured.none"), /is being played/);
  setLang("de");
  assert.match(t("featured.none"), /^In den letzten drei Minuten wurde in keiner Partie gezogen\./);
  setLang("en");
});

test("the featured game names who plays each side: an account with its rating, the engine at its level, a guest", async () => {
  const { featuredSeatLabel } = await import("../src/featured.js");
  const names = (en: string, de: string) => ({ en, de });
  const game = {
    id: "g",
    game: "amakta-infinit",
    title: "Amakta Infinit",
    opponent: "engine",
    level: 3,
    rated: false,
    seats: [
      { seat: "p1", names: names("Black", "Schwarz"), player: "human", joined: true },
      { seat: "p2", names: names("White", "Weiß"), player: "engine", joined: true },
    ],
  } as unknown as import("../src/contract/LobbyGame.js").LobbyGame;
  const [guest, engine] = game.seats as [(typeof game.seats)[number], (typeof game.seats)[number]];
  setLang("en");
  assert.equal(featuredSeatLabel(game, guest), "Black: anonymous");
  assert.equal(featuredSeatLabel(game, engine), "White: Computer (level 3)");
  const member = { ...guest, account: { name: "anna", rating: 1512.4 } } as typeof guest;
  assert.equal(featuredSeatLabel(game, member), "Black: anna (1512)");
  setLang("de");
  assert.equal(featuredSeatLabel(game, guest), "Schwarz: anonym");
  assert.equal(featuredSeatLabel(game, engine), "Weiß: Computer (Stufe 3)");
  setLang("en");
});
