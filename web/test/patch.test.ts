// vdom.ts's `patch` of views' vnodes: keys, listeners, focus, SVG, hosts of components.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./dom.js";

installDom();
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

test("a vnode's element is kept through a redraw: an onElement effect runs when it is made, a postpatch hook on the redraw", () => {
  const host = document.createElement("div");
  document.body.append(host);
  let inserted = 0;
  let patched = 0;
  const hook = onElement(() => inserted++);
  const draw = (text: string) =>
    vdom.patch(
      host,
      v("p", { key: "p", class: "text" }, text),
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
