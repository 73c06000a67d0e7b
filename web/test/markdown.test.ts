// The rules pages' Markdown renderer.
import { test } from "node:test";
import assert from "node:assert/strict";
import { markdown } from "../src/markdown.js";

test("headings keep their level (the document's title is h1), paragraphs join their lines, HTML is escaped", () => {
  assert.equal(markdown("# Rules\n\nOne\ntwo <b>"), "<h1>Rules</h1>\n<p>One two &lt;b&gt;</p>");
});

test("lists, tables and code blocks", () => {
  assert.equal(markdown("- a\n- **b**"), "<ul><li>a</li><li><strong>b</strong></li></ul>");
  assert.equal(markdown("1. x\n2. `y`"), "<ol><li>x</li><li><code>y</code></li></ol>");
  assert.equal(markdown("| A | B |\n|---|---|\n| 1 | 2 |"), "<table><thead><tr><th>A</th><th>B</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>");
  assert.equal(markdown("```\na < b\n```"), "<pre><code>a &lt; b</code></pre>");
});

test("a diagram block becomes a figure with the position's query and its caption", () => {
  assert.equal(
    markdown("```diagram\nmoves: place 001003 c1 300100; pass\nboard: hex3\ncaption: White's *first* stone\n```"),
    '<figure class="rules-diagram" data-diagram="moves=place+001003+c1+300100%3B+pass&amp;board=hex3"><div class="rules-board"></div><figcaption>White\'s <em>first</em> stone</figcaption></figure>',
  );
});
