// The arrows drawn inside an Amakta stone (games/amakta-stones.ts): large enough to read on a stone
// of 44 px, yet inside the disc, clear of its hub, each reach longer than the one before, and the two
// arrows of one direction apart.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./dom.js";

installDom();
const { stoneGlyph } = await import("../src/games/amakta-stones.js");

type Node = { sel?: string; data?: { attrs?: Record<string, string | number> }; children?: Node[] };

/** Every element `sel` of a vnode tree. */
function all(node: Node, sel: string): Node[] {
  return [...(node.sel === sel ? [node] : []), ...(node.children ?? []).flatMap((child) => all(child, sel))];
}

/** The points of an arrow head, read from its polygon. */
function head(arrow: Node): [number, number][] {
  const points = String(all(arrow, "polygon")[0]?.data?.attrs?.points ?? "");
  return points.split(" ").map((p) => p.split(",").map(Number) as [number, number]);
}

/** The arrows of a stone drawn with `code`, each with its reach, tip and head. */
function arrows(code: string) {
  return all(stoneGlyph(code) as Node, "g")
    .filter((g) => g.data?.attrs?.["data-arrow"])
    .map((g) => {
      const points = head(g);
      const [tip = [0, 0], left = [0, 0], right = [0, 0]] = points;
      const shaft = all(g, "line")[0]?.data?.attrs ?? {};
      return {
        reach: Number(String(g.data?.attrs?.["data-arrow"]).split(":")[1]),
        tip,
        width: Math.hypot(left[0] - right[0], left[1] - right[1]),
        length: Math.hypot(tip[0] - (left[0] + right[0]) / 2, tip[1] - (left[1] + right[1]) / 2),
        start: Math.hypot(Number(shaft.x1), Number(shaft.y1)),
        points,
      };
    });
}

const DISC = 0.78;
const HUB = 0.09;

test("a stone's arrows: heads a fifth of the disc or more, tips inside the rim, shafts clear of the hub, longer for a longer reach", () => {
  const [blue, green, red] = ["100000", "200000", "300000"].map((code) => arrows(code)[0]);
  for (const arrow of [blue, green, red]) {
    assert.ok(arrow);
    assert.ok(arrow.length >= 0.2 * DISC, `reach ${arrow.reach}: a head of ${arrow.length.toFixed(2)}`);
    assert.ok(arrow.width >= 0.3 * DISC, `reach ${arrow.reach}: a head ${arrow.width.toFixed(2)} wide`);
    assert.ok(Math.hypot(...arrow.tip) <= DISC + 1e-9, `reach ${arrow.reach}: the tip inside the rim`);
    assert.ok(arrow.start > HUB + 0.05, `reach ${arrow.reach}: the shaft starts clear of the hub`);
  }
  const reachOf = (a: typeof blue) => Math.hypot(...(a?.tip ?? [0, 0]));
  assert.ok(reachOf(blue) < reachOf(green) && reachOf(green) < reachOf(red), "each reach longer than the one before");
});

test("two arrows of one direction are drawn side by side, their heads apart", () => {
  for (const code of ["400000", "700000", "000009"]) {
    const pair = arrows(code);
    assert.equal(pair.length, 2, code);
    const [one, two] = pair;
    // The heads lie on either side of the direction's line through the middle: one wholly left, one wholly right.
    const [tx, ty] = [(one?.tip[0] ?? 0) + (two?.tip[0] ?? 0), (one?.tip[1] ?? 0) + (two?.tip[1] ?? 0)];
    const side = (p: [number, number]) => (p[1] * tx - p[0] * ty) / Math.hypot(tx, ty);
    const sides = [one, two].map((arrow) => (arrow?.points ?? []).map(side));
    const [left, right] = [...sides].sort((a, b) => Math.min(...a) - Math.min(...b));
    assert.ok(Math.max(...(left ?? [0])) < 0 && Math.min(...(right ?? [0])) > 0, `${code}: the heads apart (${sides})`);
  }
});
