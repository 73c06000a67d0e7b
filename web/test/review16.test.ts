// Review 16's lobby and profile flaws: a game's own options folded under "More options" after side,
// clock and rated, open when set, its summary saying what is set (1.1); the lobby's tournaments card
// (1.4); "Partie" for a game being played in the lobby's German (1.3); the profile's Challenge a
// dialog with the lobby's form for that one player (7.1); an incoming challenge one compact row
// with the reasons behind Decline (7.2/15.1).
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./dom.js";

const win = installDom();
const { setLang, useGameTexts, t } = await import("../src/i18n.js");
const { patch, v } = await import("../src/vdom.js");
const { newLobbyForm } = await import("../src/pages/lobby/pairing-form.js");
const { lobbyView, newGameForm, optionsSet } = await import("../src/pages/lobby/view.js");
const { tournamentsCardView, CARD_ROWS } = await import("../src/pages/lobby/tournaments-card.js");
const { challengeDialog } = await import("../src/pages/lobby/challenge-dialog.js");
const { incomingView } = await import("../src/notify.js");
const { summary } = await import("./tournament-fixture.js");
await import("../src/featured.js");
await import("../src/pages/lobby/seeks-view.js");
type Registry = import("../src/types.js").Registry;
type LobbyForm = import("../src/pages/lobby/pairing-form.js").LobbyForm;
type FormContext = import("../src/pages/lobby/view.js").FormContext;
type TournamentSummary = import("../src/contract/TournamentSummary.js").TournamentSummary;
type Challenge = import("../src/contract/Challenge.js").Challenge;

const registry: Registry = {
  games: [
    {
      name: "marbles",
      title: "Marbles",
      titles: { en: "Marbles", de: "Murmeln" },
      board: "marbles",
      options: [
        {
          name: "layout",
          label: { en: "Start layout", de: "Startaufstellung" },
          default: "standard",
          choices: ["standard", "daisy"],
          choice_labels: [
            { en: "Standard", de: "Standard" },
            { en: "Daisy", de: "Margerite" },
          ],
          help: { en: "start layout", de: "Startaufstellung" },
        },
        {
          name: "plylimit",
          label: { en: "Ply limit", de: "Zuglimit" },
          default: "0",
          choices: [],
          choice_labels: [],
          help: {
            en: "drawn after this many plies (0 = no limit)",
            de: "Remis nach so vielen Halbzügen (0 = kein Limit)",
          },
        },
      ],
      players: { p1: { en: "Black", de: "Schwarz" }, p2: { en: "White", de: "Weiß" } },
      start_view: null,
    },
    {
      name: "plain",
      title: "Plain",
      titles: { en: "Plain", de: "Schlicht" },
      board: "plain",
      options: [],
      players: { p1: { en: "Red", de: "Rot" }, p2: { en: "Blue", de: "Blau" } },
      start_view: null,
    },
  ],
  levels: { min: 1, max: 8, default: 4, each: [] },
};
useGameTexts(registry.games);

/** A vnode drawn into a host of its own. */
function drawn(node: import("../src/vdom.js").VNode): HTMLElement {
  const host = document.createElement("div");
  document.body.append(host);
  patch(host, node);
  return host;
}

/** A form's context for `form` (what it does is recorded in `opened`). */
function formContext(form: LobbyForm, extra: Partial<FormContext> = {}): FormContext {
  return {
    registry,
    form,
    error: null,
    signedIn: true,
    render: () => {},
    outcome: { sentTo: "", seekPosted: false },
    signInLink: () => v("a", { href: "/login" }, "Sign in"),
    update: () => {},
    setOption: () => {},
    create: () => {},
    moreOpen: false,
    setMoreOpen: () => {},
    ...extra,
  };
}

/** The lobby drawn with `form`. */
function lobby(form: LobbyForm, extra: Partial<FormContext> = {}): HTMLElement {
  const empty = v("div");
  return drawn(
    lobbyView({
      ...formContext(form, extra),
      parts: { quick: null, turns: empty, seeks: empty, mine: empty, featured: empty, tournaments: empty, list: [] },
      record: { text: "", error: null, input: () => {}, open: () => {} },
      pick: () => {},
      setUp: () => {},
    }),
  );
}

test("a game's own options are folded under 'More options' after side, clock and rated, open only when opened or set", () => {
  setLang("en");
  const form = newLobbyForm(registry);
  Object.assign(form, { way: "challenge", clock: "3+2" });
  const page = lobby(form);
  const more = page.querySelector<HTMLDetailsElement>("#create details#more-options");
  assert.ok(more, "the options are in a disclosure");
  assert.equal(more.hasAttribute("open"), false, "folded by default");
  assert.equal(more.querySelector("summary")?.textContent, "More options");
  assert.ok(more.querySelector('select[name="option-layout"]') && more.querySelector('input[name="option-plylimit"]'));
  // Side, clock and rated come first, the options after them, the button last.
  const order = [...page.querySelectorAll("#create > *")].map((e) =>
    e.id === "more-options"
      ? "more"
      : (e.querySelector("select, input")?.getAttribute("name") ?? e.tagName.toLowerCase()),
  );
  assert.ok(order.indexOf("side") < order.indexOf("more"), order.join());
  assert.ok(order.indexOf("clock") < order.indexOf("more"), order.join());
  assert.ok(order.indexOf("rated") < order.indexOf("more"), order.join());
  assert.equal(order.at(-1), "button", order.join());
  assert.equal(lobby(form, { moreOpen: true }).querySelector("#more-options")?.hasAttribute("open"), true, "opened");
  // Opening it is kept (the browser's toggle), so that a redraw leaves it open.
  const kept: boolean[] = [];
  const toggled = lobby(form, { setMoreOpen: (open) => kept.push(open) }).querySelector<HTMLDetailsElement>(
    "#more-options",
  );
  assert.ok(toggled);
  toggled.open = true;
  toggled.dispatchEvent(new win.Event("toggle") as unknown as Event);
  assert.ok(kept.length > 0 && kept.every(Boolean), String(kept));
  // A value that is not the default opens it, and the summary says what is set.
  form.options = { plylimit: "200", layout: "daisy" };
  const set = lobby(form).querySelector("#more-options");
  assert.equal(set?.hasAttribute("open"), true);
  assert.equal(set?.querySelector("summary")?.textContent, "More options: Start layout Daisy, Ply limit 200");
  setLang("de");
  assert.equal(
    lobby(form).querySelector("#more-options summary")?.textContent,
    "Weitere Einstellungen: Startaufstellung Margerite, Zuglimit 200",
  );
  form.options = { plylimit: "0" };
  assert.equal(lobby(form).querySelector("#more-options summary")?.textContent, "Weitere Einstellungen");
  setLang("en");
  // A refusal naming an option opens it (the refusal is shown at the field).
  form.options = {};
  const refused = lobby(form, { error: { message: "'plylimit': not a number" } }).querySelector("#more-options");
  assert.equal(refused?.hasAttribute("open"), true);
  // A game without options has none.
  form.game = "plain";
  assert.equal(lobby(form).querySelector("#more-options"), null);
  assert.deepEqual(optionsSet(registry.games[0], { plylimit: "0", layout: "standard" }), []);
});

/** A house arena of the list: `status`, starting `startsIn` ms from the card's now, with `players`. */
function tournament(id: string, status: TournamentSummary["status"], startsIn: number, players = 3): TournamentSummary {
  const now = 1_000_000_000;
  return summary({
    id,
    name: `Arena ${id}`,
    game: "marbles",
    title: { en: "Marbles", de: "Murmeln" },
    starts_ms: now + startsIn,
    ends_ms: now + startsIn + 30 * 60_000,
    status,
    created_by: "house",
    players,
  });
}

test("the lobby's tournaments card lists the running ones, then the next to start, at most four, each linked, in both languages", () => {
  const now = 1_000_000_000;
  const link = (path: string, text: unknown, attrs: Record<string, unknown> = {}) =>
    v("a", { ...attrs, href: path }, text as string);
  const list = {
    running: [tournament("r1", "running", -10 * 60_000, 7)],
    upcoming: [1, 2, 3, 4, 5].map((n) => tournament(`u${n}`, "upcoming", n * 12 * 60_000, n === 1 ? 1 : 0)),
    finished: [tournament("f1", "finished", -120 * 60_000)],
    shortest_arena_minutes: 10,
  };
  setLang("en");
  const card = drawn(tournamentsCardView(list, now, link));
  const rows = [...card.querySelectorAll("#lobby-tournaments li")];
  assert.equal(rows.length, CARD_ROWS);
  assert.deepEqual(
    rows.map((row) => row.getAttribute("data-tournament")),
    ["r1", "u1", "u2", "u3"],
  );
  assert.equal(rows[0]?.querySelector("a")?.getAttribute("href"), "/tournaments/r1");
  assert.equal(rows[0]?.textContent, "Arena r1Marbles 3+2 · 7 playersRunning, 20 min left");
  assert.equal(rows[1]?.textContent, "Arena u1Marbles 3+2 · 1 playerStarts in 12 min");
  assert.equal(rows[3]?.querySelector(".lobby-tour-when")?.textContent, "Starts in 36 min");
  assert.equal(card.querySelector("#lobby-tour-all")?.getAttribute("href"), "/tournaments");
  setLang("de");
  const german = drawn(tournamentsCardView(list, now, link));
  assert.equal(german.querySelector("h2")?.textContent, "Turniere");
  assert.equal(german.querySelector("li")?.textContent, "Arena r1Murmeln 3+2 · 7 SpielerLäuft, noch 20 Min.");
  const later = { ...list, running: [], upcoming: [tournament("u9", "upcoming", 75 * 60_000)] };
  assert.equal(
    drawn(tournamentsCardView(later, now, link)).querySelector(".lobby-tour-when")?.textContent,
    "Beginnt in 1 Std. 15 Min.",
  );
  const none = { ...list, running: [], upcoming: [] };
  assert.equal(
    drawn(tournamentsCardView(none, now, link)).querySelector("#lobby-tour-none")?.textContent,
    "Gerade läuft kein Turnier, und keines beginnt bald.",
  );
  setLang("en");
  assert.equal(
    drawn(tournamentsCardView(none, now, link)).querySelector("#lobby-tour-none")?.textContent,
    "No tournament is running or about to start.",
  );
});

test("the lobby's German says 'Partie' for a game being played, 'Spiel' for the kind of game", () => {
  setLang("de");
  for (const key of ["newGame", "runningGames", "noGames", "create"] as const) {
    assert.match(t(key), /Partie/, key);
    assert.doesNotMatch(t(key), /Spiel\b|Spiele\b/, key);
  }
  assert.equal(t("game"), "Spiel", "the kind of game");
  const form = newLobbyForm(registry);
  const page = lobby(form);
  assert.match(page.querySelector(".new-game-title")?.textContent ?? "", /^Neue Partie: /);
  assert.equal(page.querySelector(".running-card h2")?.textContent, "Laufende Partien");
  setLang("en");
});

test("the profile's challenge dialog is the lobby's form for that one player: the game, the clock, side, rated; no name to type", async () => {
  setLang("en");
  const { setAccountName } = await import("../src/account.js");
  setAccountName("visitor");
  let redraws = 0;
  const dialog = challengeDialog({
    registry,
    name: () => "Rival",
    redraw: () => {
      redraws += 1;
    },
    link: (path, text) => v("a", { href: path }, text),
  });
  assert.equal(dialog.view(), null, "closed until Challenge is clicked");
  dialog.open();
  assert.equal(redraws, 1);
  const view = dialog.view();
  assert.ok(view);
  const shown = drawn(view);
  const element = shown.querySelector("dialog#challenge-dialog");
  assert.ok(element, "a dialog");
  assert.equal(element.querySelector("#challenge-dialog-title")?.textContent, "Challenge Rival");
  const form = element.querySelector("form#challenge-form");
  assert.ok(form, "the lobby's form");
  assert.equal(form.getAttribute("data-way"), "challenge");
  for (const name of ["game", "clock", "side", "rated"])
    assert.ok(form.querySelector(`[name="${name}"]`), `the field ${name}`);
  assert.equal(form.querySelector('[name="challenge-name"]'), null, "no name to type");
  assert.equal(form.querySelector("#challenge-sent"), null);
  assert.equal(form.querySelector('button[type="submit"]')?.textContent, "Challenge");
  assert.ok(form.querySelector("#more-options"), "the game's options folded as in the lobby");
  setLang("de");
  assert.equal(drawn(dialog.view()!).querySelector("#challenge-dialog-title")?.textContent, "Rival herausfordern");
  setLang("en");
  dialog.destroy();
  setAccountName(null);
});

test("the form drawn for one player keeps the lobby's way and fields apart from the name", () => {
  setLang("en");
  const form = newLobbyForm(registry);
  Object.assign(form, { way: "challenge", challengeName: "Rival" });
  const shown = drawn(
    newGameForm(
      formContext(form, { formId: "challenge-form", to: "Rival", outcome: { sentTo: "Rival", seekPosted: false } }),
    ),
  );
  assert.ok(shown.querySelector("form#challenge-form"));
  assert.equal(shown.querySelector("#challenge-sent"), null, "the dialog says it itself");
  assert.equal(shown.querySelector('[name="challenge-name"]'), null);
});

/** An incoming challenge. */
const incoming: Challenge = {
  id: "c1",
  game: "marbles",
  title: "Marbles",
  titles: { en: "Marbles", de: "Murmeln" },
  options: null,
  clock: { initial_ms: 180_000, increment_ms: 2000 },
  correspondence: null,
  rated: true,
  takebacks: false,
  side: "p1",
  from: "alice",
  to: "bob",
  from_bot: false,
  to_bot: false,
  incoming: true,
  created_ms: 0,
  expires_ms: 0,
  status: "open",
  reason: null,
  reason_text: null,
  game_id: null,
};

test("an incoming challenge is one row — who and the terms, Accept, Decline — with the reasons behind Decline", () => {
  setLang("en");
  const row = drawn(incomingView(incoming)).firstElementChild;
  assert.ok(row);
  const children = [...row.children].map((c) => c.tagName.toLowerCase());
  assert.deepEqual(
    children,
    ["p", "button", "details"],
    "the text, Accept, and Decline's menu: nothing else in the row",
  );
  assert.equal(row.querySelector("p")?.textContent, "alice challenges you: Marbles 3+2 rated");
  assert.equal(row.querySelector("[data-accept-challenge]")?.textContent, "Accept");
  const decline = row.querySelector("details.decline-menu");
  assert.equal(decline?.querySelector("summary")?.textContent, "Decline");
  assert.equal(decline?.hasAttribute("open"), false, "the reasons stay folded until Decline is pressed");
  const reasons = [...(decline?.querySelectorAll("[data-decline-reason]") ?? [])].map((b) => b.textContent);
  assert.deepEqual(reasons.slice(0, 3), ["Not accepting now", "Not now", "Another time control"]);
  assert.equal(row.querySelector("select"), null, "no select of reasons in the row");
  setLang("de");
  const german = drawn(incomingView(incoming)).firstElementChild;
  assert.equal(german?.querySelector("summary")?.textContent, "Ablehnen");
  assert.equal(german?.querySelector('[data-decline-reason="timecontrol"]')?.textContent, "Andere Bedenkzeit");
  setLang("en");
});
