// Amakta's setup panels (games/amakta-setup.ts): Infinit's bidding sends no offer for an empty field but
// says what is missing; the colour is chosen with the assigned circles in view.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./dom.js";
import { inventoryStone } from "./amakta-fixture.js";

installDom();
await import("../src/games/amakta.js");
const { setLang, t } = await import("../src/i18n.js");

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
    const field = first?.querySelector<HTMLInputElement>('input[name="bid"]');
    assert.equal(field?.value, "", "the field starts empty");
    assert.equal(field?.placeholder, "40", "the hint's fair offer (about White's points) as its placeholder");
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
