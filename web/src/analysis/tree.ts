// The analysis board's tree of moves: the game's main line and the variations played from its
// positions, and its drawing as a tree — the main line in numbered rows of two moves, each
// variation indented under the row it branches from, variations of variations indented further.
// Moves are numbered by move (1., 1…), assuming the sides alternate, the first player first.

import { v } from "../vdom.js";
import type { VNode } from "../vdom.js";
import type { Translate } from "../i18n.js";
import type { ExploreReply } from "../contract/ExploreReply.js";

/** One position of the tree: the move leading to it, whether it is on the game's main line, and its position once loaded. */
export interface TreeNode {
  move: string | null;
  parent: TreeNode | null;
  main: boolean;
  children: TreeNode[];
  data: ExploreReply | null;
  id: number;
}

/** How many tree nodes were made: each gets the next number as its id. */
let nodesMade = 0;

/** A new position of the tree after `move` from `parent`. */
export function node(move: string | null, parent: TreeNode | null, main: boolean): TreeNode {
  nodesMade += 1;
  return { move, parent, main, children: [], data: null, id: nodesMade };
}

/** The number of moves from the start to `n`. */
export function depth(n: TreeNode): number {
  let plies = 0;
  for (let p: TreeNode | null = n; p?.parent; p = p.parent) plies++;
  return plies;
}

/** The moves from the start to `n`. */
export function path(n: TreeNode): string[] {
  const moves: string[] = [];
  for (let p: TreeNode | null = n; p?.parent; p = p.parent) moves.unshift(p.move ?? "");
  return moves;
}

/** The moves from the start to `n`, split into the main-line ply it leaves from and the variation's moves. */
export function route(n: TreeNode): { base: number; moves: string[] } {
  const moves: string[] = [];
  let base = 0;
  for (let p: TreeNode | null = n; p?.parent; p = p.parent) {
    if (p.main) base++;
    else moves.unshift(p.move ?? "");
  }
  return { base, moves };
}

/** The query of a position: `ply=N` and the variation (`;`-separated: Amakta Infinit's cells have commas). */
export function positionQuery(n: TreeNode): string {
  const { base, moves } = route(n);
  return `ply=${base}${moves.length ? `&moves=${encodeURIComponent(moves.join(";") + ";")}` : ""}`;
}

/** Whether `n` lies in the subtree of `top`. */
export function within(n: TreeNode | null, top: TreeNode): boolean {
  for (let p = n; p; p = p.parent) if (p === top) return true;
  return false;
}

/** The move number of ply `ply` (plies 1 and 2 are move 1) and whether the first player made it. */
export function moveNumber(ply: number): { number: number; first: boolean } {
  return { number: Math.ceil(ply / 2), first: ply % 2 === 1 };
}

/** What the tree's drawing needs of the page. */
export interface TreeView {
  root: TreeNode;
  selected: TreeNode | null;
  /** A move as the player reads it (the game's words where it has them). */
  label: (n: TreeNode) => string;
  /** A move's mark from the evaluation graph (main line only), or null. */
  mark: (n: TreeNode) => "mistake" | "blunder" | null;
  select: (n: TreeNode) => void;
  remove: (n: TreeNode) => void;
  t: Translate;
}

/** The sign of a mark, as annotators write it. */
const SIGNS = { mistake: "?", blunder: "??" } as const;

/** The button of the move leading to `n`; `numbered` puts its move number before it. */
function moveButton(view: TreeView, n: TreeNode, numbered: boolean): VNode {
  const ply = depth(n);
  const { number, first } = moveNumber(ply);
  const mark = n.main ? view.mark(n) : null;
  const current = n === view.selected;
  return v(
    "button",
    {
      key: n.id,
      class: `ab-move${current ? " current" : ""}${n.main ? "" : " ab-var-move"}${mark ? ` ab-${mark}` : ""}`,
      "data-node": n.id,
      "data-ply": ply,
      "data-move": n.move,
      "data-mark": mark,
      "aria-current": current ? "true" : null,
      title: mark ? view.t(`ab.${mark}`) : n.move,
      on: { click: () => view.select(n) },
    },
    [
      numbered ? v("span", { class: "ab-num" }, first ? `${number}.` : `${number}…`) : null,
      view.label(n),
      mark ? v("span", { class: "ab-sign", "aria-label": view.t(`ab.${mark}`) }, SIGNS[mark]) : null,
    ],
  );
}

/** The variation starting with `branch` as an indented block with its delete button. */
function block(view: TreeView, branch: TreeNode): VNode {
  return v("div", { key: `variation-${branch.id}`, class: "ab-variation", "data-variation": branch.id }, [
    v(
      "button",
      {
        key: "delete",
        class: "ab-delete",
        title: view.t("ab.deleteVariation"),
        "aria-label": view.t("ab.deleteVariation"),
        on: { click: () => view.remove(branch) },
      },
      "×",
    ),
    ...variationLine(view, branch),
  ]);
}

/** The variations branching off instead of `n` (its later siblings), each an indented block. */
function branches(view: TreeView, n: TreeNode): VNode[] {
  const siblings = n.parent?.children ?? [];
  if (siblings[0] !== n) return [];
  return siblings.slice(1).map((branch) => block(view, branch));
}

/** A variation from `first` on along first children, numbered, with its own branches nested. */
function variationLine(view: TreeView, first: TreeNode): VNode[] {
  const out: VNode[] = [];
  let numbered = true;
  for (let n: TreeNode | undefined = first; n; n = n.children[0]) {
    out.push(moveButton(view, n, numbered || moveNumber(depth(n)).first));
    const nested = n === first ? [] : branches(view, n);
    out.push(...nested);
    numbered = nested.length > 0;
  }
  return out;
}

/** The main line in rows of a move number and two moves, the variations under the row they branch from. */
function mainRows(view: TreeView): VNode[] {
  const rows: VNode[] = [];
  let n = view.root.children[0]?.main ? view.root.children[0] : undefined;
  let end = view.root;
  while (n) {
    const { number, first } = moveNumber(depth(n));
    const pair: TreeNode[] = [n];
    const next = n.children[0];
    if (first && next?.main) pair.push(next);
    rows.push(
      v("div", { key: `row-${number}`, class: "ab-row", "data-move-number": number }, [
        v("span", { class: "ab-num" }, `${number}.`),
        first ? null : v("span", { class: "ab-move ab-empty" }, "…"),
        ...pair.map((m) => moveButton(view, m, false)),
      ]),
    );
    for (const m of pair) rows.push(...branches(view, m));
    end = pair[pair.length - 1] ?? n;
    n = end.children[0]?.main ? end.children[0] : undefined;
  }
  // Variations played on from the game's last position.
  for (const branch of end.children.filter((c) => !c.main)) rows.push(block(view, branch));
  return rows;
}

/** The whole tree (labelled): the start position, then the main line's rows. */
export function treeView(view: TreeView): VNode {
  const start = v(
    "button",
    {
      key: "start",
      class: `ab-move ab-start${view.selected === view.root ? " current" : ""}`,
      "data-node": view.root.id,
      "data-ply": 0,
      on: { click: () => view.select(view.root) },
    },
    view.t("ab.start"),
  );
  return v("div", { key: "tree", class: "ab-tree", id: "ab-tree", "aria-label": view.t("ab.tree") }, [
    start,
    ...mainRows(view),
  ]);
}
