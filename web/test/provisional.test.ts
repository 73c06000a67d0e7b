// A provisional rating shows "1500?" during play as on the profile: at a game's seat, in the
// end-of-game rating line, in the lobby's lines and the search's.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom, drawn } from "./dom.js";

installDom();
const { seatAccount, seatRatingChange } = await import("../src/account.js");
const { lobbySeatLabel } = await import("../src/pages/lobby/seeks-view.js");
const { v } = await import("../src/vdom.js");
const { setLang } = await import("../src/i18n.js");
type Seat = import("../src/contract/Seat.js").Seat;

const link: import("../src/types.js").Link = (path, text) => v("a", { href: path }, text);

/** A seat of `name` at `rating` (after: `after`), provisional or not. */
function seat(provisional: boolean, after: number | null = null): Seat {
  return {
    seat: "p2",
    names: { en: "Blue", de: "Blau" },
    player: "human",
    account: { name: "bob0808", rating: 1500, rating_after: after, bot: false, provisional },
  } as Seat;
}

test("a provisional rating reads 1500? at the seat, in the rating line after the game and in the lobby", async () => {
  setLang("en");
  const during = await drawn(seatAccount(seat(true), link));
  assert.equal(during?.querySelector(".acct-rating")?.textContent, "(1500?)");
  const settled = await drawn(seatAccount(seat(false), link));
  assert.equal(settled?.querySelector(".acct-rating")?.textContent, "(1500)");
  const after = await drawn(seatRatingChange(seat(true, 1662)));
  assert.equal(after?.textContent, "1500? → 1662 (+162)");
  assert.equal((await drawn(seatRatingChange(seat(false, 1488))))?.textContent, "1500 → 1488 (−12)");
  assert.equal(lobbySeatLabel(seat(true)), "Blue: bob0808 (1500?)");
  assert.equal(lobbySeatLabel(seat(false)), "Blue: bob0808 (1500)");
});

test("a closed account's name stays at its seat, marked closed in both languages", async () => {
  setLang("en");
  const closed = { ...seat(false), account: { ...(seat(false).account ?? {}), closed: true } } as Seat;
  const shown = await drawn(seatAccount(closed, link));
  assert.equal(shown?.querySelector("a")?.textContent, "bob0808");
  assert.equal(shown?.querySelector(".acct-closed")?.textContent, "closed");
  assert.equal(shown?.querySelector(".acct-closed")?.getAttribute("title"), "Its owner has closed this account");
  assert.equal((await drawn(seatAccount(seat(false), link)))?.querySelector(".acct-closed"), null);
  setLang("de");
  assert.equal((await drawn(seatAccount(closed, link)))?.querySelector(".acct-closed")?.textContent, "geschlossen");
  setLang("en");
});
