// The labels under Amakta's stones in hand (games/amakta-moves.ts `drawnArrowsText`): on a board drawn
// turned, the stone is drawn turned too, and its label names each arrow the way its picture points;
// unturned, the label is the move list's text.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./dom.js";

installDom();
const { stoneGlyph } = await import("../src/games/amakta-stones.js");
const { arrowsText, drawnArrowsText } = await import("../src/games/amakta-moves.js");

type Node = { sel?: string; data?: { attrs?: Record<string, string | number> }; children?: Node[] };

const GLYPHS = ["→", "↗", "↖", "←", "↙", "↘"];

/** Every element `sel` of a vnode tree. */
function all(node: Node, sel: string): Node[] {
  return [...(node.sel === sel ? [node] : []), ...(node.children ?? []).flatMap((child) => all(child, sel))];
}

/** The arrows of a stone's picture as glyphs and reaches, from the direction each shaft is drawn on screen, sorted. */
function drawnArrows(code: string, turn: number): string[] {
  const glyph = stoneGlyph(code, { turn }) as unknown as Node;
  return all(glyph, "g")
    .filter((g) => g.data?.attrs?.["data-arrow"])
    .map((g) => {
      const shaft = all(g, "line")[0]?.data?.attrs ?? {};
      const [x1, y1, x2, y2] = ["x1", "y1", "x2", "y2"].map((k) => Number(shaft[k]));
      // Screen y grows downwards: an arrow drawn upwards has a positive angle.
      const sixths = Math.round(Math.atan2(-((y2 ?? 0) - (y1 ?? 0)), (x2 ?? 0) - (x1 ?? 0)) / (Math.PI / 3));
      const reach = String(g.data?.attrs?.["data-arrow"]).split(":")[1];
      return `${GLYPHS[((sixths % 6) + 6) % 6]}${reach}`;
    })
    .sort();
}

/** A label's arrows, sorted. */
const split = (text: string) => (text.match(/[→↗↖←↙↘][123]/g) ?? []).sort();

test("a stone drawn turned by half a turn is labelled as its picture points, against the record's words", () => {
  for (const code of ["300100", "001003", "120000", "700050", "000009"]) {
    assert.deepEqual(split(drawnArrowsText(code, 3)), drawnArrows(code, 3), code);
    assert.deepEqual(split(drawnArrowsText(code, 0)), drawnArrows(code, 0), code);
    assert.equal(drawnArrowsText(code, 0), arrowsText(code), "unturned, the label is the move list's text");
    assert.notDeepEqual(split(drawnArrowsText(code, 3)), split(arrowsText(code)), `${code} turned reads otherwise`);
  }
});

test("a stone without arrows reads the same either way", () => {
  assert.equal(drawnArrowsText("000000", 3), arrowsText("000000"));
});
