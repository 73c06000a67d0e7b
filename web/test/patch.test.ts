// The patchers: vdom.ts's `patch` of views' vnodes (keys, listeners, focus, hosts of components),
// and svg.ts's `patch` of elements built by `h`, read back by guessed keys, for the pages not yet
// drawn as vnodes.
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

const vdom = await import("../src/vdom.js");
const { v, s, keyboardCells, onElement, host: componentHost } = vdom;

test("vnodes keep their elements by the keys the view chose, swap listeners and keep the focus", () => {
  const host = document.createElement("div");
  document.body.append(host);
  const clicks: string[] = [];
  const draw = (order: string[], label: string) =>
    vdom.patch(
      host,
      ...order.map((k) => v("button", { key: k, on: { click: () => clicks.push(`${label}${k}`) } }, `${label}${k}`)),
      v("input", { key: "typed", name: "typed" }),
    );
  draw(["a", "b", "c"], "old");
  const [a, b, c] = host.querySelectorAll("button");
  const input = host.querySelector("input");
  assert.ok(input && a && b && c);
  input.value = "half";
  input.focus();
  draw(["c", "a", "b"], "new");
  const buttons = [...host.querySelectorAll("button")];
  assert.deepEqual(buttons, [c, a, b]);
  assert.equal(buttons.map((x) => x.textContent).join(), "newc,newa,newb");
  buttons[1]?.click();
  assert.equal(clicks.join(), "newa");
  assert.equal(host.querySelector("input"), input);
  assert.equal(input.value, "half");
  assert.equal(document.activeElement, input);
});

test("vnodes set styles through the CSSOM, drop attributes they no longer give, and make SVG in its namespace", () => {
  const host = document.createElement("div");
  document.body.append(host);
  vdom.patch(host, s("svg", { key: "b" }, [s("circle", { key: "c", r: 1, class: "stone", style: { fill: "red" } })]));
  const circle = host.querySelector("circle");
  assert.ok(circle);
  assert.equal(circle.namespaceURI, "http://www.w3.org/2000/svg");
  assert.equal(circle.style.fill, "red");
  vdom.patch(host, s("svg", { key: "b" }, [s("circle", { key: "c", r: 2, style: { fill: "blue" } })]));
  assert.equal(host.querySelector("circle"), circle);
  assert.equal(circle.style.fill, "blue");
  assert.equal(circle.getAttribute("r"), "2");
  assert.equal(circle.hasAttribute("class"), false);
});

test("an element a vnode made is compared through that vnode, beside elements of h in the same host", () => {
  const host = document.createElement("div");
  document.body.append(host);
  let inserted = 0;
  let patched = 0;
  const hook = onElement(() => inserted++);
  const draw = (text: string) =>
    patch(
      host,
      h("p", { class: "dom" }, text),
      v("span", { key: "k", "data-x": text, hook: { ...hook, postpatch: () => patched++ } }, text),
    );
  draw("one");
  const span = host.querySelector("span");
  const p = host.querySelector("p");
  draw("two");
  assert.equal(host.querySelector("span"), span);
  assert.equal(host.querySelector("p"), p);
  assert.equal(span?.getAttribute("data-x"), "two");
  assert.equal(host.textContent, "twotwo");
  assert.equal(inserted, 1);
  assert.equal(patched, 1);
});

test("keyboardCells makes the cells one tab stop that follows the focus", () => {
  const host = document.createElement("div");
  document.body.append(host);
  const cells = keyboardCells("data-cell");
  const draw = () =>
    vdom.patch(
      host,
      cells(
        s(
          "svg",
          { key: "b" },
          ["a1", "b1", "c1"].map((c) => s("g", { key: c, "data-cell": c })),
        ),
      ),
    );
  draw();
  const tabs = () => [...host.querySelectorAll("g")].map((g) => g.getAttribute("tabindex")).join();
  assert.equal(tabs(), "0,-1,-1");
  assert.equal(host.querySelector("svg")?.getAttribute("role"), "group");
  const b1 = host.querySelector<SVGElement>('[data-cell="b1"]');
  b1?.focus();
  assert.equal(tabs(), "-1,0,-1");
  draw();
  assert.equal(tabs(), "-1,0,-1");
  assert.equal(host.querySelector('[data-cell="b1"]'), b1);
  assert.equal(document.activeElement, b1);
});

test("a component's host keeps what the component drew through the page's redraws, and a field shows a changed value", () => {
  const page = document.createElement("div");
  document.body.append(page);
  let attached: Element | null = null;
  const draw = (value: string) =>
    vdom.patch(
      page,
      v("input", { key: "n", name: "n", value }),
      componentHost("section", { key: "box", id: "box" }, (element) => {
        attached = element;
      }),
    );
  draw("1");
  const box = page.querySelector("#box");
  assert.equal(attached, box);
  assert.ok(box);
  vdom.patch(box, v("p", { key: "own" }, "drawn by the box"));
  const input = page.querySelector("input");
  assert.ok(input);
  input.value = "typed";
  draw("1");
  assert.equal(input.value, "typed");
  draw("2");
  assert.equal(page.querySelector("#box"), box);
  assert.equal(box.textContent, "drawn by the box");
  assert.equal(page.querySelector("input"), input);
  assert.equal(input.value, "2");
});

test("a vnode among h's children becomes its element, and the next draw takes the new one with its listeners", () => {
  const host = document.createElement("div");
  document.body.append(host);
  const clicks: string[] = [];
  const draw = (label: string) =>
    patch(host, h("p", { id: "line" }, [v("button", { key: "b", on: { click: () => clicks.push(label) } }, label)]));
  draw("old");
  draw("new");
  host.querySelector("button")?.click();
  assert.equal(host.querySelectorAll("button").length, 1);
  assert.equal(clicks.join(), "new");
});
