// The list of bots' pure view: the connected bot first as the server sends it, each with its BOT
// mark, online or offline, its ratings (correspondence left out), and a Challenge link to the
// lobby's form filled in for it; a word when there are none; English and German.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./dom.js";

installDom();
const { botsView } = await import("../src/pages/bots/view.js");
const { challengePath } = await import("../src/pages/lobby/pairing-form.js");
const { patch, v } = await import("../src/vdom.js");
const { setLang } = await import("../src/i18n.js");
type BotsReply = import("../src/contract/BotsReply.js").BotsReply;

/** The page drawn for `list`. */
function page(list: BotsReply | null): HTMLElement {
  const holder = document.createElement("div");
  patch(holder, botsView({ list, error: null, link: (path, text, attrs) => v("a", { ...attrs, href: path }, text) }));
  return holder;
}

const rating = (game: string, en: string, de: string, value: number, correspondence = false) => ({
  game,
  correspondence,
  title: en,
  titles: { en, de },
  rating: value,
  deviation: 60,
  provisional: false,
  games: 30,
});

const list: BotsReply = {
  bots: [
    {
      name: "Spielwerk-L5",
      online: true,
      created_ms: 0,
      ratings: [rating("ataxx", "Ataxx", "Ataxx", 1712), rating("toy", "Toy", "Spielzeug", 1400, true)],
    },
    { name: "Botto", online: false, created_ms: 0, ratings: [] },
  ],
};

test("each bot with its mark, whether it is online, its ratings and a link that challenges it from the lobby", () => {
  setLang("en");
  const lines = [...page(list).querySelectorAll("#bot-list li")];
  assert.deepEqual(
    lines.map((li) => [li.getAttribute("data-bot"), li.getAttribute("data-online")]),
    [
      ["Spielwerk-L5", "true"],
      ["Botto", "false"],
    ],
  );
  const first = lines[0];
  assert.equal(first?.querySelector(".bot-name a")?.textContent, "BOT Spielwerk-L5");
  assert.equal(first?.querySelector(".bot-name a")?.getAttribute("href"), "/@/Spielwerk-L5");
  assert.equal(first?.querySelector(".bot-name small")?.textContent, " online");
  assert.equal(first?.querySelector(".bot-ratings")?.textContent, "Ataxx 1712");
  assert.equal(first?.querySelector(".bot-challenge")?.getAttribute("href"), "/?challenge=Spielwerk-L5#create");
  assert.equal(lines[1]?.querySelector(".bot-ratings")?.textContent, "No rated games yet");
  assert.equal(challengePath("a b"), "/?challenge=a+b#create");
});

test("no bots: a word instead of an empty list; the page in German", () => {
  setLang("de");
  const none = page({ bots: [] });
  assert.equal(none.querySelector("#no-bots")?.textContent, "Noch keine Bots.");
  assert.equal(none.querySelector("#bot-list"), null);
  const german = page(list);
  assert.equal(german.querySelector(".bot-challenge")?.textContent, "Herausfordern");
  assert.equal(german.querySelectorAll(".bot-ratings")[1]?.textContent, "Noch keine gewerteten Partien");
  assert.equal(page(null).querySelector("#bot-list"), null, "nothing listed before the list came");
  setLang("en");
});
