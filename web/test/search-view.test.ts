// The search page's view: the player field offers the names that start as typed (a datalist), a
// player nobody is called offers those names instead, and aborted games come in only with the box
// "Include aborted games" ticked — in English and German.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom, drawn } from "./dom.js";

installDom();
// The texts the form shares with the profile (the app loads them with the header).
await import("../src/account.js");
const { searchView } = await import("../src/pages/search/view.js");
const { v } = await import("../src/vdom.js");
const { setLang } = await import("../src/i18n.js");
type SearchContext = import("../src/pages/search/view.js").SearchContext;
type Filters = import("../src/pages/search/view.js").Filters;

const blank: Filters = { player: "", game: "", result: "", rated: "", from: "", to: "", aborted: "" };

/** A search context with `changes`; the filters set and the players picked are recorded in `calls`. */
function context(changes: Partial<SearchContext>, calls: string[] = []): SearchContext {
  return {
    registry: { games: [], levels: { min: 1, max: 8, default: 4, each: [] } },
    filters: { ...blank },
    offset: 0,
    found: null,
    error: null,
    suggestions: [],
    link: (path, text) => v("a", { href: path }, text),
    navigate: () => undefined,
    setFilter: (name, value) => calls.push(`${name}=${value}`),
    submit: () => undefined,
    go: () => undefined,
    pickPlayer: (name) => calls.push(`pick ${name}`),
    ...changes,
  };
}

test("the player field lists the names that start as typed", async () => {
  setLang("en");
  const page = await drawn(searchView(context({ suggestions: ["Alice", "alina"] })));
  const field = page?.querySelector<HTMLInputElement>('input[name="player"]');
  const list = page?.querySelector(`datalist#${field?.getAttribute("list")}`);
  assert.ok(list, "the field names its list");
  assert.deepEqual(
    [...(list?.querySelectorAll("option") ?? [])].map((o) => o.getAttribute("value")),
    ["Alice", "alina"],
  );
});

test("a player nobody is called offers the names that start so; one click searches for that player", async () => {
  for (const [lang, words] of [
    ["en", "Did you mean:"],
    ["de", "Meintest du:"],
  ] as const) {
    setLang(lang);
    const calls: string[] = [];
    const error = { text: { en: "no player 'ali'", de: "kein Spieler „ali“" }, status: 422 };
    const ctx = context({ filters: { ...blank, player: "ali" }, error, suggestions: ["Alice", "alina"] }, calls);
    const page = await drawn(searchView(ctx));
    const offered = page?.querySelector("#search-suggestions");
    assert.ok(offered?.textContent?.startsWith(words), offered?.textContent ?? "none");
    const buttons = [...(offered?.querySelectorAll("button") ?? [])];
    assert.deepEqual(
      buttons.map((b) => b.textContent),
      ["Alice", "alina"],
    );
    buttons[1]?.click();
    assert.deepEqual(calls, ["pick alina"]);
  }
  setLang("en");
  const none = await drawn(searchView(context({ error: { text: { en: "x", de: "x" } }, suggestions: [] })));
  assert.equal(none?.querySelector("#search-suggestions"), null, "nothing offered without names");
});

test("aborted games are left out unless the box is ticked; the box sets the filter", async () => {
  setLang("de");
  const calls: string[] = [];
  const page = await drawn(searchView(context({}, calls)));
  const box = page?.querySelector<HTMLInputElement>('input[name="aborted"]');
  assert.equal(box?.checked, false);
  assert.equal(box?.closest("label")?.textContent, "Abgebrochene Partien zeigen");
  if (box) {
    box.checked = true;
    box.dispatchEvent(new window.Event("change"));
  }
  assert.deepEqual(calls, ["aborted=true"]);
  setLang("en");
  const ticked = await drawn(searchView(context({ filters: { ...blank, aborted: "true" } })));
  const english = ticked?.querySelector<HTMLInputElement>('input[name="aborted"]');
  assert.equal(english?.checked, true);
  assert.equal(english?.closest("label")?.textContent, "Include aborted games");
});
