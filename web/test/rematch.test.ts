// The rematch on the game page: the page that accepts a rematch does not also claim the seat its
// own accept brings (that claim was refused with a 409 in the console on every accepted rematch).
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./dom.js";

installDom();
const { createRematch } = await import("../src/rematch.js");

test("accepting a rematch claims nothing, even when the socket tells of the rematch before the reply comes", async () => {
  const posted: string[] = [];
  const went: string[] = [];
  let answer: (reply: { id: string; token: string; seat: "p2" }) => void = () => {};
  const rematch = createRematch({
    id: "old",
    post: (action) => {
      posted.push(action);
      return action === "accept" ? new Promise((resolve) => { answer = resolve; }) : Promise.resolve({});
    },
    taken: () => {},
    failed: (e) => assert.fail(String(e)),
    hasSeat: () => false,
    saveSeat: () => {},
    navigate: (path) => went.push(path),
  });
  const seat = { token: "t", seat: "p1" as const };
  const before = { outcome: {}, opponent: "human", rematch: null, rematch_offer: "p2" as const, seats: [] };
  const controls = rematch.controls(before, seat);
  const accept = controls?.querySelector<HTMLButtonElement>("#rematch-accept");
  assert.ok(accept);
  accept.click();
  // The socket's update of the old game comes first: it names the rematch.
  rematch.follow(before, { ...before, rematch: "new", rematch_offer: null }, seat);
  answer({ id: "new", token: "n", seat: "p2" });
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepEqual(posted, ["accept"]);
  assert.deepEqual(went, ["/play/new"]);

  // The other player's page, which did not accept, still claims its seat when it learns of the rematch.
  posted.length = 0;
  rematch.follow(before, { ...before, rematch: "new", rematch_offer: null }, seat);
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepEqual(posted, ["claim"]);
});
