// Amakta stones for the web UI: codes and their symmetries, the Infinit
// stone value, hex geometry and the drawing of a stone as vnodes (the stone
// editor of the lobby's set composer and of Infinit's stone creation is in
// amakta-editor.ts).
//
// A stone code has six digits, one per direction counter-clockwise from
// east (E, NE, NW, W, SW, SE): 0 none, 1 blue, 2 green, 3 red, 4 blue+blue,
// 5 green+green, 6 red+red, 7 blue+green, 8 blue+red, 9 green+red.

import { s, type VNode } from "../vdom.js";

/** A stone's circle. */
export type Circle = "none" | "reinforcement" | "damage";

/** A seat's colour on the Amakta board. */
export type Owner = "white" | "black";

/** How an arrow of a stone is drawn: faded when it is blocked or points nowhere. */
export type ArrowState = "blocked" | "nowhere" | null;

/** How `stoneGlyph` draws a stone. */
export interface GlyphOptions {
  owner?: Owner;
  circle?: Circle | string;
  expropriated?: boolean;
  colour?: string;
  arrowState?: ((d: number, reach: number) => ArrowState) | null;
  turn?: number;
  ghost?: boolean;
}

/** The reaches (1 blue, 2 green, 3 red) of each code digit. */
export const REACHES: number[][] = [[], [1], [2], [3], [1, 1], [2, 2], [3, 3], [1, 2], [1, 3], [2, 3]];
/** Arrow colour of a reach. */
export const ARROW_COLOURS: Record<number, string> = { 1: "#2f63c9", 2: "#23a04a", 3: "#d23f31" };
/** Circle ring colours. */
export const CIRCLE_COLOURS: Record<string, string> = { reinforcement: "#8e44ad", damage: "#23a04a" };
/** Axial steps of the six directions. */
export const STEPS: [number, number][] = [
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, 0],
  [-1, 1],
  [0, 1],
];
/** The circles a stone may have. */
export const CIRCLES: readonly Circle[] = ["none", "reinforcement", "damage"];

/** Circle letters of move text. */
export const CIRCLE_LETTERS: Record<string, string> = { none: "n", reinforcement: "r", damage: "d" };

const S3 = Math.sqrt(3);

/** The code turned by `k` sixths counter-clockwise. */
export function rotate(code: string, k: number): string {
  const out = new Array<string>(6);
  for (let d = 0; d < 6; d++) out[(((d + k) % 6) + 6) % 6] = code[d] ?? "0";
  return out.join("");
}

/** The code mirrored top–bottom (east and west stay). */
export function mirror(code: string): string {
  const out = new Array<string>(6);
  for (let d = 0; d < 6; d++) out[(6 - d) % 6] = code[d] ?? "0";
  return out.join("");
}

/** Every orientation of a code (up to 12, smallest first). */
export function orientations(code: string): string[] {
  const all = new Set<string>();
  for (let k = 0; k < 6; k++) {
    all.add(rotate(code, k));
    all.add(rotate(mirror(code), k));
  }
  return [...all].sort();
}

/** The canonical (smallest) code of a stone. */
export function canonical(code: string): string {
  return orientations(code)[0] ?? code;
}

/** Single arrows `a` and same-coloured doubles `b` of a code. */
export function arrowCounts(code: string): { a: number; b: number } {
  let a = 0;
  let b = 0;
  for (const c of code) {
    const digit = Number(c);
    if (digit >= 1 && digit <= 3) a += 1;
    else if (digit >= 4 && digit <= 6) b += 1;
    else if (digit >= 7) a += 2;
  }
  return { a, b };
}

/**
 * The Amakta Infinit value of a stone with a circle:
 * 2a((a-1)/2 + s) + 10b((b-1)/2 + s) + 6ab + 2s, s = 1 none, 1/2 damage, 2 reinforcement.
 */
export function stoneValue(code: string, circle: string): number {
  const { a, b } = arrowCounts(code);
  const s2 = circle === "damage" ? 1 : circle === "reinforcement" ? 4 : 2; // 2s
  return a * (a - 1) + a * s2 + 5 * b * (b - 1) + 5 * b * s2 + 6 * a * b + s2;
}

/** Centre of axial cell (q, r) for hexes of circumradius 1 (pointy top, rows horizontal). */
export function centre(q: number, r: number): [number, number] {
  return [S3 * (q + r / 2), 1.5 * r];
}

/** The corner points of a hex of circumradius `size` at (x, y). */
export function hexPoints(x: number, y: number, size = 1): string {
  const points: string[] = [];
  for (let k = 0; k < 6; k++) {
    const angle = (Math.PI / 180) * (60 * k - 30);
    points.push(`${(x + size * Math.cos(angle)).toFixed(3)},${(y + size * Math.sin(angle)).toFixed(3)}`);
  }
  return points.join(" ");
}

/** Screen unit vector of direction `d` (y down). */
export function direction(d: number): [number, number] {
  const angle = (-Math.PI / 3) * d;
  return [Math.cos(angle), Math.sin(angle)];
}

/**
 * The measures of a stone's arrows, in units of the disc's radius (0.78): where a shaft starts (clear of
 * the hub), where the tip of a reach-1 arrow is and how much further each reach goes (red ends at the
 * rim), the head's length, and its half-width alone and beside a second arrow of the same direction.
 * Large enough for the head to read at a stone of 44 px in hand and on a phone's board.
 */
export const ARROW = { start: 0.17, tip: 0.48, perReach: 0.1, head: 0.21, wing: 0.15, pairedWing: 0.11 };

/** How far apart the two arrows of one direction are drawn (each this far from the middle). */
export const PAIR_OFFSET = 0.115;

function arrowShape(d: number, reach: number, offset: number, state: ArrowState, turn: number): VNode {
  const [dx, dy] = direction(d + turn);
  const [px, py] = [-dy, dx];
  const start = ARROW.start;
  const end = ARROW.tip + ARROW.perReach * reach;
  const ox = px * offset;
  const oy = py * offset;
  const x1 = dx * start + ox;
  const y1 = dy * start + oy;
  const x2 = dx * (end - ARROW.head) + ox;
  const y2 = dy * (end - ARROW.head) + oy;
  const tip: [number, number] = [dx * end + ox, dy * end + oy];
  const wing = offset === 0 ? ARROW.wing : ARROW.pairedWing;
  const head = `${tip[0].toFixed(3)},${tip[1].toFixed(3)} ${(x2 + px * wing).toFixed(3)},${(y2 + py * wing).toFixed(3)} ${(x2 - px * wing).toFixed(3)},${(y2 - py * wing).toFixed(3)}`;
  const colour = ARROW_COLOURS[reach];
  // A blocked arrow is crossed out by a bar across its shaft.
  const [mx, my] = [(x1 + x2) / 2, (y1 + y2) / 2];
  const bar =
    state === "blocked"
      ? s("line", {
          key: "bar",
          x1: (mx + px * 0.15).toFixed(3),
          y1: (my + py * 0.15).toFixed(3),
          x2: (mx - px * 0.15).toFixed(3),
          y2: (my - py * 0.15).toFixed(3),
          class: "amk-block-bar",
        })
      : null;
  return s(
    "g",
    {
      key: `arrow:${d}:${reach}:${offset}`,
      class: `amk-arrow reach-${reach}${state ? " " + state : ""}`,
      "data-arrow": `${d}:${reach}`,
      "data-state": state || "active",
    },
    [
      s("line", {
        key: "shaft",
        x1: x1.toFixed(3),
        y1: y1.toFixed(3),
        x2: x2.toFixed(3),
        y2: y2.toFixed(3),
        stroke: colour,
        class: "amk-shaft",
      }),
      s("polygon", { key: "head", points: head, fill: colour, stroke: colour, class: "amk-head" }),
      bar,
    ],
  );
}

/**
 * A stone drawn at the origin (radius ~0.8): disc in the owner's colour,
 * arrows by direction and reach (two arrows in one direction side by side),
 * circle ring, expropriation mark. `arrowState(d, reach)` may return
 * "blocked" or "nowhere" to draw an arrow faded; `turn` (0 or 3) turns the
 * drawing for a flipped board.
 */
export function stoneGlyph(
  code: string,
  {
    owner = "white",
    circle = "none",
    expropriated = false,
    colour = owner,
    arrowState = null,
    turn = 0,
    ghost = false,
  }: GlyphOptions = {},
): VNode {
  const parts: VNode[] = [s("circle", { key: "disc", r: 0.78, class: `amk-disc ${owner}` })];
  if (circle && circle !== "none") {
    parts.push(s("circle", { key: "circle", r: 0.7, class: `amk-circle ${circle}`, "data-circle": circle }));
  }
  for (let d = 0; d < 6; d++) {
    const reaches = REACHES[Number(code[d])] ?? [];
    reaches.forEach((reach, i) => {
      const offset = reaches.length === 2 ? (i === 0 ? -PAIR_OFFSET : PAIR_OFFSET) : 0;
      parts.push(arrowShape(d, reach, offset, arrowState ? arrowState(d, reach) : null, turn));
    });
  }
  parts.push(
    expropriated
      ? s("rect", {
          key: "expropriated",
          x: -0.13,
          y: -0.13,
          width: 0.26,
          height: 0.26,
          transform: "rotate(45)",
          class: `amk-expropriated ${colour}`,
          "data-expropriated": colour,
        })
      : s("circle", { key: "hub", r: 0.09, class: `amk-hub ${owner}` }),
  );
  return s(
    "g",
    { key: "stone", class: `amk-stone ${owner}${ghost ? " ghost" : ""}`, "data-code": code, "data-owner": owner },
    parts,
  );
}

/** A stand-alone SVG picture of a stone (inventories, editors, legends); `extra` is drawn over it. */
export function stoneIcon(code: string, options: GlyphOptions = {}, size = "2.4rem", extra: VNode[] = []): VNode {
  return s(
    "svg",
    {
      key: "icon",
      viewBox: "-0.9 -0.9 1.8 1.8",
      class: "amk-icon",
      width: size,
      height: size,
      role: "img",
      "aria-label": code,
    },
    [stoneGlyph(code, options), ...extra],
  );
}
