// The lobby's one new-game form: "Takebacks" follows "Rated" (on in casual games, off in rated ones,
// as lichess) until the player sets it; every way (the computer, a friend, a challenge, a seek) asks
// with the same settings; "Rated" is disabled with its reason where it does not apply; the seek
// list's note names takebacks in both languages.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./dom.js";

installDom();
const { setLang } = await import("../src/i18n.js");
const { patch, v } = await import("../src/vdom.js");
const { newLobbyForm, pairingBody, createRequest, unratedReason, takebacksMark, keptForm, restoredLobbyForm } =
  await import("../src/pages/lobby/pairing-form.js");
const { lobbyView } = await import("../src/pages/lobby/view.js");
// The texts of the cards around the form (the lobby page imports them).
await import("../src/featured.js");
await import("../src/pages/lobby/seeks-view.js");
type Registry = import("../src/types.js").Registry;

/** A vnode drawn into an element of its own, to read as the page shows it. */
function drawn(node: import("../src/vdom.js").VNode): HTMLElement {
  const holder = document.createElement("div");
  patch(holder, node);
  return holder.firstElementChild as HTMLElement;
}

const registry: Registry = {
  games: [
    {
      name: "toy",
      title: "Toy",
      titles: { en: "Toy", de: "Spielzeug" },
      board: "toy",
      options: [],
      players: { p1: { en: "Red", de: "Rot" }, p2: { en: "Blue", de: "Blau" } },
      start_view: null,
    },
  ],
  levels: { min: 1, max: 8, default: 4, each: [] },
};

test("takebacks follow the rating until the player sets them", () => {
  const form = newLobbyForm(registry);
  form.way = "seek";
  form.clock = "5+3";
  assert.deepEqual([pairingBody(form).rated, pairingBody(form).takebacks], [true, false], "rated: off");
  form.rated = false;
  assert.equal(pairingBody(form).takebacks, true, "casual: on");
  form.rated = true;
  form.clock = "";
  assert.deepEqual([pairingBody(form).rated, pairingBody(form).takebacks], [false, true], "no clock is casual: on");
  form.clock = "5+3";
  form.takebacks = true;
  assert.deepEqual([pairingBody(form).rated, pairingBody(form).takebacks], [true, true], "set on in a rated game");
  form.rated = false;
  form.takebacks = false;
  assert.equal(pairingBody(form).takebacks, false, "set off in a casual game");
});

test("every way asks with the form's one set of settings", () => {
  const form = newLobbyForm(registry);
  Object.assign(form, { side: "p2", clock: "days:3", options: { rules: "misere" } });
  form.way = "challenge";
  const challenge = pairingBody(form);
  assert.deepEqual(
    [challenge.game, challenge.side, challenge.clock, challenge.correspondence, challenge.rated, challenge.options],
    ["toy", "p2", null, 3, true, { rules: "misere" }],
  );
  form.way = "human";
  // A game by invite link is casual until the player ticks Rated (the friend may have no account).
  assert.equal(createRequest(form, true).rated, false, "a friend's game is casual by default");
  form.rated = true;
  const friend = createRequest(form, true);
  assert.deepEqual(
    [friend.opponent, friend.side, friend.correspondence, friend.rated, friend.options],
    ["human", "p2", 3, true, { rules: "misere" }],
  );
  assert.equal(createRequest(form, false).rated, false, "a guest's game with a friend is casual");
  form.way = "engine";
  const engine = createRequest(form, true);
  assert.deepEqual([engine.opponent, engine.level, engine.side, engine.rated], ["engine", 4, "p2", undefined]);
  form.way = "seek";
  form.clock = "custom";
  form.custom = " 7+4 ";
  assert.deepEqual([pairingBody(form).clock, pairingBody(form).correspondence], ["7+4", undefined]);
});

test("rated applies to a game with a person with an account and a time control, else says why not", () => {
  const form = newLobbyForm(registry);
  assert.equal(unratedReason(form, true), "pair.ratedEngine");
  form.way = "seek";
  assert.equal(unratedReason(form, false), "pair.ratedGuest");
  assert.equal(unratedReason(form, true), "pair.ratedNoClock");
  form.clock = "3+2";
  assert.equal(unratedReason(form, true), null);
});

/** The lobby drawn with `form` (the cards that draw themselves left empty). */
function lobby(form: ReturnType<typeof newLobbyForm>, signedIn: boolean): HTMLElement {
  const host = document.createElement("div");
  const empty = v("div");
  patch(
    host,
    lobbyView({
      registry,
      form,
      error: null,
      signedIn,
      parts: { quick: null, turns: empty, seeks: empty, mine: empty, featured: empty, tournaments: empty, list: [] },
      record: { text: "", error: null, input: () => {}, open: () => {} },
      render: () => {},
      pick: () => {},
      setUp: () => {},
      outcome: { sentTo: "", seekPosted: false },
      signInLink: () => v("a", { href: "/login" }, "Sign in"),
      update: () => {},
      setOption: () => {},
      create: () => {},
      moreOpen: false,
      setMoreOpen: () => {},
    }),
  );
  return host;
}

test("the form shows each setting once, the name to challenge in its way, and why rated does not apply", () => {
  setLang("en");
  const form = newLobbyForm(registry);
  const engine = lobby(form, true);
  assert.equal(engine.querySelectorAll("#create select[name=clock]").length, 0, "the computer plays without a clock");
  const rated = engine.querySelector<HTMLInputElement>("#create input[name=rated]");
  assert.equal(rated?.disabled, true);
  assert.match(rated?.parentElement?.textContent ?? "", /a person with an account/);
  form.way = "challenge";
  form.clock = "days:3";
  const challenge = lobby(form, true);
  assert.equal(challenge.querySelectorAll("#create select[name=clock]").length, 1);
  assert.equal(challenge.querySelectorAll("input[name=challenge-name]").length, 1);
  assert.equal(challenge.querySelector("select[name=clock] option[selected]")?.getAttribute("value"), "days:3");
  assert.equal(challenge.querySelector<HTMLInputElement>("input[name=rated]")?.disabled, false);
  assert.equal(challenge.querySelector("#create button[type=submit]")?.textContent, "Challenge");
  assert.equal(challenge.querySelector("#play-challenge")?.getAttribute("aria-pressed"), "true");
  const guest = lobby(form, false);
  assert.equal(guest.querySelector("#create button[type=submit]"), null, "a guest signs in first");
  assert.match(guest.querySelector("#create .sign-in-first")?.textContent ?? "", /Sign in/);
  setLang("de");
  assert.equal(lobby(form, true).querySelector("#create button[type=submit]")?.textContent, "Herausfordern");
  setLang("en");
});

test("the seek list's note says takebacks are allowed, in both languages, and nothing when not", () => {
  assert.equal(takebacksMark(false), null);
  setLang("en");
  const en = drawn(takebacksMark(true)!);
  assert.deepEqual([en.textContent, en.title], ["takebacks", "The players may ask each other to take a move back"]);
  setLang("de");
  const de = drawn(takebacksMark(true)!);
  assert.deepEqual(
    [de.textContent, de.title],
    ["Rücknahmen", "Die Spieler dürfen einander bitten, einen Zug zurückzunehmen"],
  );
  setLang("en");
});

test("a guest's quick tile signs in first and comes back into the tile's pool", async () => {
  const { quickSignInPath } = await import("../src/pages/lobby/controller.js");
  const path = quickSignInPath("ataxx", "5+3");
  const next = new URLSearchParams(path.split("?")[1]).get("next");
  assert.ok(path.startsWith("/login?"), path);
  assert.equal(next, "/?quick=ataxx+5%2B3");
  assert.equal(new URLSearchParams(next?.split("?")[1]).get("quick"), "ataxx 5+3");
});

test("the form is kept across a reload: the game chosen and its settings, not the name to challenge", () => {
  const games: Registry = {
    ...registry,
    games: [
      ...registry.games,
      {
        ...(registry.games[0] as Registry["games"][number]),
        name: "dice",
        options: [
          {
            name: "rules",
            label: { en: "Rules", de: "Regeln" },
            default: "plain",
            choices: ["plain", "fancy"],
            choice_labels: [],
            help: { en: "", de: "" },
          },
        ],
      },
    ],
  };
  const form = newLobbyForm(games);
  Object.assign(form, {
    game: "dice",
    options: { rules: "fancy" },
    way: "seek",
    side: "random",
    clock: "custom",
    custom: "7+4",
    rated: false,
    takebacks: true,
    level: "6",
    challengeName: "bob",
  });
  const restored = restoredLobbyForm(games, keptForm(form));
  assert.deepEqual(restored, { ...form, challengeName: "" });
  // What is no longer valid falls back to the fresh form's setting, one by one.
  const stale = JSON.stringify({
    ...JSON.parse(keptForm(form)),
    options: { rules: "gone", other: "x" },
    level: "99",
    side: "up",
  });
  const fallen = restoredLobbyForm(games, stale);
  assert.deepEqual([fallen.game, fallen.options, fallen.level, fallen.side], ["dice", {}, "4", "p1"]);
  const gone = restoredLobbyForm(games, JSON.stringify({ game: "chess", clock: "3+2" }));
  assert.deepEqual([gone.game, gone.clock], ["toy", "3+2"]);
  for (const nothing of [null, "", "not json", "[1,2]", "42"]) {
    assert.deepEqual(restoredLobbyForm(games, nothing), newLobbyForm(games), String(nothing));
  }
});
