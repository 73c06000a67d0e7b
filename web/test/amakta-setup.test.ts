// Infinit's stone creation (games/amakta-setup.ts): a stone picked in the editor in another orientation than
// the set keeps it is said so, with the arrows the set and the moves will show, in both languages;
// Infinit's bidding sends no offer for an empty field but says what is missing; the colour is
// chosen with the assigned circles in view.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./dom.js";
import { inventoryStone } from "./amakta-fixture.js";

installDom();
await import("../src/games/amakta.js");
const { keptAs } = await import("../src/games/amakta-setup.js");
const { setLang, t } = await import("../src/i18n.js");

/** The text of a vnode and its children. */
function text(node: unknown): string {
  if (typeof node === "string") return node;
  const vnode = node as { text?: string; children?: unknown[] } | null;
  return vnode ? (vnode.text ?? "") + (vnode.children ?? []).map(text).join("") : "";
}

test("Infinit's editor says how the set keeps a stone made east (↘1 after canonicalising), nothing when the orientation is the set's", () => {
  for (const [language, words] of [
    ["en", /Your set lists it as ↘1/],
    ["de", /Dein Satz führt ihn als ↘1/],
  ] as const) {
    setLang(language);
    const line = keptAs("100000", "white", t);
    assert.ok(line, `${language}: a stone picked east is kept turned`);
    assert.equal(line.data?.attrs?.["data-kept"], "000001");
    assert.match(text(line), words);
    assert.match(String(line.data?.attrs?.title), /↘1/, `${language}: the whole sentence on hover`);
    assert.equal(keptAs("000001", "white", t), null, `${language}: the set's own orientation needs no word`);
  }
});

test("an offer is a whole number in range; an empty field is none (it is not read as 0)", async () => {
  const { readOffer } = await import("../src/games/amakta-model.js");
  const range = { min: 0, max: 500 };
  assert.equal(readOffer("", range), "missing");
  assert.equal(readOffer("   ", range), "missing");
  assert.equal(readOffer("0", range), 0, "0 typed is a legal first offer");
  assert.equal(readOffer(" 17 ", range), 17);
  assert.equal(readOffer("501", range), "invalid");
  assert.equal(readOffer("2.5", range), "invalid");
  assert.equal(readOffer("-3", range), "invalid");
  assert.equal(readOffer("16", { min: 17, max: 500 }), "invalid", "offers must rise");
});

test("Offer with the field emptied sends nothing and says what is missing, in both languages", async () => {
  const { biddingPanel } = await import("../src/games/amakta-setup.js");
  const { newModel } = await import("../src/games/amakta-model.js");
  const { drawn } = await import("./dom.js");
  const view = {
    game: "amakta-infinit",
    bidding: { offer: null, white_points: 40 },
    legal: { bid: { min: 0, max: 500 }, accept: false, create: null, close: false },
  };
  for (const [language, words] of [
    ["en", /Type the points you offer Black: a whole number from 0 to 500\. Nothing was offered\./],
    ["de", /Gib die Punkte ein, die du Schwarz bietest: eine ganze Zahl von 0 bis 500\. Es wurde nichts geboten\./],
  ] as const) {
    setLang(language);
    const played: string[] = [];
    const model = newModel(true);
    const c = {
      props: { view, interactive: true } as never,
      model,
      t,
      actions: {
        play: (move: string) => played.push(move),
        bid: (text: string) => {
          model.bidText = text;
        },
        redraw: () => {},
      },
    };
    const first = await drawn(biddingPanel(c));
    assert.equal(first?.querySelector<HTMLInputElement>('input[name="bid"]')?.value, "0", "the least offer shown");
    c.actions.bid("");
    first?.querySelector("form")?.dispatchEvent(new window.Event("submit", { cancelable: true }));
    assert.deepEqual(played, [], `${language}: nothing sent for an empty field`);
    assert.equal(model.bidProblem, "missing");
    const again = await drawn(biddingPanel(c));
    assert.match(again?.querySelector("#amk-bid-error")?.textContent ?? "", words);
    assert.equal(again?.querySelector('input[name="bid"]')?.getAttribute("aria-invalid"), "true");
    c.actions.bid("0");
    model.bidProblem = null;
    (await drawn(biddingPanel(c)))
      ?.querySelector("form")
      ?.dispatchEvent(new window.Event("submit", { cancelable: true }));
    assert.deepEqual(played, ["bid 0"], `${language}: 0 typed is offered`);
  }
  setLang("en");
});

test("the colour is chosen with the assigned circles in view: each colour's counts and circled stones", async () => {
  const { colourSetup } = await import("../src/games/amakta-setup.js");
  const { newModel } = await import("../src/games/amakta-model.js");
  const { drawn } = await import("./dom.js");
  const stone = inventoryStone;
  const view = {
    game: "amakta",
    stones: [
      stone("white", "100000", "damage"),
      stone("white", "200000", "reinforcement"),
      stone("white", "300000", "none"),
      stone("black", "100000", "none"),
      stone("black", "200000", "none"),
    ],
  };
  const actions = { play: () => {}, bid: () => {}, redraw: () => {} };
  for (const [language, white, black] of [
    ["en", "1× reinforcement, 1× damage", "no circles"],
    ["de", "1× Verstärkung, 1× Schaden", "keine Kreise"],
  ] as const) {
    setLang(language);
    for (const interactive of [true, false]) {
      const props = { view, interactive, legal: ["colour white", "colour black"] } as never;
      const panel = await drawn(colourSetup({ props, model: newModel(true), t, actions }));
      assert.equal(panel?.querySelector('[data-circle-counts="white"]')?.textContent, white);
      assert.equal(panel?.querySelector('[data-circle-counts="black"]')?.textContent, black);
      const circled = [...(panel?.querySelectorAll('[data-circles-of="white"] [data-circled]') ?? [])];
      assert.deepEqual(
        circled.map((e) => [e.getAttribute("data-circled"), e.getAttribute("data-circle")]),
        [
          ["w:200000", "reinforcement"],
          ["w:100000", "damage"],
        ],
        "the circled stones, reinforcement first; none without a circle",
      );
      assert.equal(panel?.querySelectorAll("[data-colour-choice]").length, interactive ? 2 : 0);
    }
  }
  setLang("en");
});
