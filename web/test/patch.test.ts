// The DOM patcher of src/svg.js: kept nodes, keys, listeners and focus.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./dom.js";

installDom();
const { h, patch } = await import("../src/svg.js");

test("patch keeps keyed nodes through a reorder, pairs unkeyed ones by kind and classes, and hands on the new listeners", () => {
  const host = document.createElement("div");
  document.body.append(host);
  const clicks: string[] = [];
  const draw = (order: string[], label: string) =>
    patch(
      host,
      ...order.map((k) => h("button", { key: k, onclick: () => clicks.push(`${label}${k}`) }, `${label}${k}`)),
      h("p", { class: "note" }, label),
      h("input", { name: "typed" }),
      label === "new" ? h("p", { class: "extra" }, "x") : null,
    );
  draw(["a", "b", "c"], "old");
  const [a, b, c] = host.querySelectorAll("button");
  const note = host.querySelector("p.note");
  const input = host.querySelector("input");
  assert.ok(input);
  input.value = "half";
  input.focus();
  draw(["c", "a", "b"], "new");
  const buttons = [...host.querySelectorAll("button")];
  buttons[0]?.click();
  assert.deepEqual(buttons, [c, a, b]);
  assert.equal(host.querySelector("p.note"), note);
  assert.equal(buttons.map((x) => x.textContent).join(), "newc,newa,newb");
  assert.equal(note?.textContent, "new");
  assert.equal(host.querySelectorAll("p.extra").length, 1);
  assert.equal(host.querySelector("input"), input);
  assert.equal(input.value, "half");
  assert.equal(document.activeElement, input);
  assert.equal(clicks.join(), "newc");
});

test("patch keeps a component's element (a host of its own patch) as it is, and one moved into a fresh parent", () => {
  const host = document.createElement("div");
  document.body.append(host);
  const log = h("ul", { class: "log" });
  const card = h("section", { class: "card" });
  const draw = (title: string) => patch(host, h("h2", {}, title), log, h("div", { class: "wrap" }, [card]));
  patch(log, h("li", { key: "1" }, "one"));
  draw("first");
  patch(log, h("li", { key: "1" }, "one"), h("li", { key: "2" }, "two"));
  card.textContent = "drawn by the card itself";
  draw("second");
  assert.equal(host.querySelector("ul"), log);
  assert.equal(log.textContent, "onetwo");
  assert.equal(host.querySelector("section"), card);
  assert.equal(card.textContent, "drawn by the card itself");
  assert.equal(host.querySelector("h2")?.textContent, "second");
  assert.equal(host.children.length, 3);
});
