// The rematch on the game page: the page that accepts a rematch does not also claim the seat its
// own accept brings (that claim was refused with a 409 in the console on every accepted rematch);
// a tournament's game offers no rematch but the way back to its tournament, a league's game the way
// back to its league.
import { test } from "node:test";
import assert from "node:assert/strict";
import { drawn, installDom } from "./dom.js";
import type { GameOutcome } from "../src/contract/GameOutcome.js";
import type { GameSeatReply } from "../src/contract/GameSeatReply.js";
import type { GameState } from "../src/contract/GameState.js";
import type { GameUpdate } from "../src/contract/GameUpdate.js";

installDom();

/** A joined seat named by its id. */
const seatOf = (seat: "p1" | "p2") => ({ seat, names: { en: seat, de: seat }, player: "human" as const, joined: true });
const { createRematch } = await import("../src/rematch.js");

test("accepting a rematch claims nothing, even when the socket tells of the rematch before the reply comes", async () => {
  const posted: string[] = [];
  const went: string[] = [];
  let answer: (reply: GameSeatReply) => void = () => {};
  const rematch = createRematch({
    id: "old",
    post: (action) => {
      posted.push(action);
      return action === "accept"
        ? new Promise((resolve) => {
            answer = resolve;
          })
        : Promise.resolve({} as GameUpdate);
    },
    taken: () => {},
    failed: (e) => assert.fail(String(e)),
    hasSeat: () => false,
    saveSeat: () => {},
    navigate: (path) => went.push(path),
  });
  const seat = { token: "t", seat: "p1" as const };
  const before = {
    outcome: {} as GameOutcome,
    opponent: "human" as const,
    rematch: null,
    rematch_offer: "p2" as const,
    tournament: null,
    league: null,
    seats: [seatOf("p1"), seatOf("p2")] as GameState["seats"],
  };
  const controls = await drawn(rematch.controls(before, seat));
  const accept = controls?.querySelector<HTMLButtonElement>("#rematch-accept");
  assert.ok(accept);
  accept.click();
  // The socket's update of the old game comes first: it names the rematch.
  rematch.follow(before, { ...before, rematch: "new", rematch_offer: null }, seat);
  answer({ id: "new", token: "n", seat: "p2", state: {} as GameState });
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepEqual(posted, ["accept"]);
  assert.deepEqual(went, ["/play/new"]);

  // The other player's page, which did not accept, still claims its seat when it learns of the rematch.
  posted.length = 0;
  rematch.follow(before, { ...before, rematch: "new", rematch_offer: null }, seat);
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepEqual(posted, ["claim"]);
});

/** A rematch part that never posts, the first seat's page, and a game between people that ended. */
function endedBetweenPeople() {
  const rematch = createRematch({
    id: "old",
    post: () => Promise.resolve({} as GameUpdate),
    taken: () => {},
    failed: (e) => assert.fail(String(e)),
    hasSeat: () => false,
    saveSeat: () => {},
    navigate: () => {},
  });
  const seat = { token: "t", seat: "p1" as const };
  const ended = {
    outcome: {} as GameOutcome,
    opponent: "human" as const,
    rematch: null,
    rematch_offer: null,
    seats: [seatOf("p1"), seatOf("p2")] as GameState["seats"],
    tournament: null as string | null,
    league: null as GameState["league"],
  };
  return { rematch, seat, ended };
}

test("a tournament's game offers no rematch: the way back to the tournament instead, in both languages", async () => {
  const { setLang } = await import("../src/i18n.js");
  const { rematch, seat, ended } = endedBetweenPeople();
  const casual = await drawn(rematch.controls(ended, seat));
  assert.ok(casual?.querySelector("#rematch-offer"), "a game of no tournament offers a rematch");
  for (const [lang, word] of [
    ["en", "Back to the tournament"],
    ["de", "Zurück zum Turnier"],
  ] as const) {
    setLang(lang);
    for (const viewer of [seat, null]) {
      const part = await drawn(rematch.controls({ ...ended, tournament: "t1" }, viewer));
      assert.equal(part?.querySelector("#rematch-offer, #rematch-accept, #rematch-go"), null, "no rematch");
      const back = part?.querySelector("#rematch-tournament");
      assert.equal(back?.getAttribute("href"), "/tournaments/t1");
      assert.equal(back?.textContent, word);
    }
  }
  setLang("en");
  const running = await drawn(rematch.controls({ ...ended, outcome: null, tournament: "t1" }, seat));
  assert.equal(running, null, "nothing while the game runs");
});

test("a league's game offers no rematch: the way back to its league instead, in both languages", async () => {
  const { setLang } = await import("../src/i18n.js");
  const fixture = endedBetweenPeople();
  const { rematch, seat } = fixture;
  const ended = { ...fixture.ended, league: { game: "ataxx", season: 2 } };
  for (const [lang, word] of [
    ["en", "Back to the league"],
    ["de", "Zurück zur Liga"],
  ] as const) {
    setLang(lang);
    for (const viewer of [seat, null]) {
      const part = await drawn(rematch.controls(ended, viewer));
      assert.equal(part?.querySelector("#rematch-offer, #rematch-accept, #rematch-go"), null, "no rematch");
      const back = part?.querySelector("#rematch-league");
      assert.equal(back?.getAttribute("href"), "/leagues/ataxx");
      assert.equal(back?.textContent, word);
    }
  }
  setLang("en");
  const running = await drawn(rematch.controls({ ...ended, outcome: null }, seat));
  assert.equal(running, null, "nothing while the game runs");
});
