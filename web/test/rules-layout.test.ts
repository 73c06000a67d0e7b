// The rules page's wide parts in scroll boxes of their own and the table of contents of long texts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./dom.js";

installDom();
const { addContents, boxWideParts, showScrollHints } = await import("../src/pages/rules-layout.js");
const { t } = await import("../src/i18n.js");

/** An article with `html` in it, in the document. */
function article(html: string): HTMLElement {
  const element = document.createElement("article");
  element.innerHTML = html;
  document.body.append(element);
  return element;
}

test("each table and code block sits in a focusable region box named for what it is, once", () => {
  const a = article("<p>x</p><table><tr><td>1</td></tr></table><pre>code</pre>");
  const labels = { table: "Table", pre: "Example", more: "Scroll for more" };
  boxWideParts(a, labels);
  boxWideParts(a, labels);
  const boxes = [...a.querySelectorAll<HTMLElement>(".rules-scroll")];
  assert.equal(boxes.length, 2);
  assert.deepEqual(
    boxes.map((b) => [b.tabIndex, b.getAttribute("role"), b.getAttribute("aria-label"), b.firstElementChild?.tagName]),
    [
      [0, "region", "Table", "TABLE"],
      [0, "region", "Example", "PRE"],
    ],
  );
});

test("a box too narrow for its table says above it that it scrolls, and its edge fades; one that fits says nothing", () => {
  const a = article("<table><tr><td>wide</td></tr></table><table><tr><td>narrow</td></tr></table>");
  boxWideParts(a, { table: "Table", pre: "Example", more: "Scroll sideways for more →" });
  const [wide, narrow] = [...a.querySelectorAll<HTMLElement>(".rules-scroll")] as [HTMLElement, HTMLElement];
  const size = (box: HTMLElement, scroll: number, client: number) => {
    Object.defineProperty(box, "scrollWidth", { value: scroll, configurable: true });
    Object.defineProperty(box, "clientWidth", { value: client, configurable: true });
  };
  size(wide, 420, 360);
  size(narrow, 200, 360);
  const hints = () => [...a.querySelectorAll<HTMLElement>(".rules-scroll-hint")].map((h) => [h.textContent, h.hidden]);
  assert.deepEqual(hints(), [
    ["Scroll sideways for more →", true],
    ["Scroll sideways for more →", true],
  ]);
  showScrollHints(a);
  assert.deepEqual(hints(), [
    ["Scroll sideways for more →", false],
    ["Scroll sideways for more →", true],
  ]);
  assert.equal(wide.hasAttribute("data-overflow"), true);
  assert.equal(narrow.hasAttribute("data-overflow"), false);
  // Wider, the table fits: the line goes.
  size(wide, 500, 500);
  showScrollHints(a);
  assert.deepEqual(hints()[0], ["Scroll sideways for more →", true]);
});

test("four sections or more get a table of contents after the title, linking to each heading", () => {
  const a = article("<h1>Rules</h1><h2>Board</h2><p/><h2>Moves</h2><h2>End</h2><h2>Notation</h2>");
  addContents(a, t);
  addContents(a, t);
  const navs = a.querySelectorAll("nav.rules-contents");
  assert.equal(navs.length, 1);
  assert.equal(a.children[1], navs[0]);
  const links = [...a.querySelectorAll<HTMLAnchorElement>("nav.rules-contents a")];
  assert.deepEqual(
    links.map((l) => [l.getAttribute("href"), l.textContent]),
    [
      ["#rules-1", "Board"],
      ["#rules-2", "Moves"],
      ["#rules-3", "End"],
      ["#rules-4", "Notation"],
    ],
  );
  assert.equal(a.querySelector("#rules-4")?.textContent, "Notation");
});

test("a short text (three sections) gets no table of contents", () => {
  const a = article("<h1>Rules</h1><h2>A</h2><h2>B</h2><h2>C</h2>");
  addContents(a, t);
  assert.equal(a.querySelector("nav"), null);
});
