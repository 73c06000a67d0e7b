// Views as snabbdom vnodes: `v` (HTML) and `s` (SVG) build them with the keys the view chooses,
// and `patch` draws them into a host element (see web/README.md, "Virtual DOM").
import {
  attributesModule,
  eventListenersModule,
  init,
  propsModule,
  styleModule,
  h as snabbdomH,
  vnode,
  type Hooks,
  type Key,
  type On,
  type VNode,
  type VNodeData,
  type VNodeStyle,
} from "snabbdom";

export type { VNode };

/** A child of a vnode: a vnode, text, or nothing (skipped). */
export type VChild = VNode | string | null | undefined | false;

/**
 * What a view gives an element: its attributes (null, undefined and false are left out, true is
 * an empty attribute; `value`, `checked` and `selected` are set as properties too, so that a
 * control shows the state even after the user changed it), and snabbdom's own `key`, `on` (listeners), `hook` and `style` (set through
 * the CSSOM: the Content-Security-Policy refuses style attributes).
 */
export type VAttrs = { key?: Key; on?: On; hook?: Hooks; style?: VNodeStyle } & { [name: string]: unknown };

const SVG_NS = "http://www.w3.org/2000/svg";

/** The attributes whose property a user's input changes: set as properties too. */
const LIVE = ["value", "checked", "selected"];

function vnodeData(attrs: VAttrs, ns?: string): VNodeData {
  const { key, on, hook, style, ...rest } = attrs;
  const own: Record<string, string | number | boolean> = {};
  for (const [name, value] of Object.entries(rest)) {
    if (value !== null && value !== undefined && value !== false) own[name] = value as string | number | boolean;
  }
  const data: VNodeData = { attrs: own };
  const live = LIVE.filter((name) => name in rest && rest[name] !== undefined && rest[name] !== null);
  if (live.length)
    data.props = Object.fromEntries(
      live.map((name) => [name, name === "value" ? String(rest[name]) : Boolean(rest[name])]),
    );
  if (key !== undefined) data.key = key;
  if (on) data.on = on;
  if (hook) data.hook = hook;
  if (style) data.style = style;
  if (ns) data.ns = ns;
  return data;
}

function kids(children: VChild | VChild[]): (VNode | string)[] {
  return ([] as VChild[])
    .concat(children)
    .filter((c): c is VNode | string => c !== null && c !== undefined && c !== false);
}

/** An HTML element's vnode. */
export function v(tag: string, attrs: VAttrs = {}, children: VChild | VChild[] = []): VNode {
  return snabbdomH(tag, vnodeData(attrs), kids(children));
}

/** An SVG element's vnode. */
export function s(tag: string, attrs: VAttrs = {}, children: VChild | VChild[] = []): VNode {
  return snabbdomH(tag, vnodeData(attrs, SVG_NS), kids(children));
}

const snabbdomPatch = init([attributesModule, propsModule, styleModule, eventListenersModule]);

/** What each host shows: the vnode `patch` drew into it last. */
const drawn = new WeakMap<Element, VNode>();

/** Whether `host` still holds exactly the elements `shown` drew (nothing else changed its children). */
function stillShows(host: Element, shown: VNode): boolean {
  const children = shown.children ?? [];
  const nodes = host.childNodes;
  return (
    children.length === nodes.length &&
    children.every((child, i) => typeof child !== "string" && child.elm === nodes[i])
  );
}

/**
 * Draws `children` into `host` with snabbdom's keyed diff against what `patch` drew there last:
 * an element whose vnode has the same key (or, unkeyed, the same tag in the same place) stays
 * the same node, so the focus, a half-typed text and a browser test's locator stay with it. The
 * first draw (or one after something else changed the host's children) replaces what the host holds.
 */
export function patch(host: Element, ...children: VChild[]): void {
  const sel = host.localName;
  const before = drawn.get(host);
  let old = before && stillShows(host, before) ? before : undefined;
  if (!old) {
    host.replaceChildren();
    old = vnode(sel, {}, [], undefined, host);
  }
  const next = snabbdomH(sel, {}, kids(children));
  snabbdomPatch(old, next);
  drawn.set(host, next);
}

/**
 * The vnode of an element that a component draws into itself (with `patch`): the view leaves its
 * children alone, and `attach(element)` hands the component the element when it is made and
 * whenever a redraw kept or replaced it.
 */
export function host(tag: string, attrs: VAttrs, attach: (element: Element) => void): VNode {
  const give = (elm: Node | undefined) => elm instanceof Element && attach(elm);
  return v(tag, { ...attrs, hook: { insert: (node) => give(node.elm), postpatch: (_old, node) => give(node.elm) } });
}

/** A square-board SVG root of `files` × `ranks` cells with room for coordinates. */
export function boardRootV(files: number, ranks: number, label: string, children: VChild[]): VNode {
  return s(
    "svg",
    {
      key: "board",
      viewBox: `-0.6 -0.2 ${files + 0.8} ${ranks + 0.8}`,
      class: "board",
      role: "img",
      "aria-label": label,
    },
    children,
  );
}

/** Coordinates around a square board (files below, ranks left; classes `file` and `rank`, so that a page can set them inside the squares). */
export function coordinatesV(files: number, ranks: number, flipped: boolean): VNode {
  const texts: VNode[] = [];
  for (let f = 0; f < files; f++) {
    const x = flipped ? files - 1 - f : f;
    texts.push(s("text", { key: `f${f}`, class: "file", x: x + 0.5, y: ranks + 0.42 }, String.fromCharCode(97 + f)));
  }
  for (let r = 1; r <= ranks; r++) {
    const y = flipped ? r - 1 : ranks - r;
    texts.push(s("text", { key: `r${r}`, class: "rank", x: -0.3, y: y + 0.6 }, String(r)));
  }
  return s("g", { key: "coords", class: "coords" }, texts);
}

/**
 * Hooks that run `effect` on the element a vnode got, whether snabbdom made it (insert) or kept
 * and updated it (postpatch): an animation of a move just played.
 */
export function onElement(effect: (element: Element) => void): Hooks {
  return {
    insert: (vnode) => vnode.elm instanceof Element && effect(vnode.elm),
    postpatch: (_old, vnode) => vnode.elm instanceof Element && effect(vnode.elm),
  };
}

/** Scrolls a log to its newest line (an `onElement` effect). */
export function scrollToEnd(element: Element): void {
  element.scrollTop = element.scrollHeight;
}

const ARROWS: Record<string, [number, number]> = {
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

function centre(element: Element): [number, number] {
  const box = element.getBoundingClientRect();
  return [box.x + box.width / 2, box.y + box.height / 2];
}

/** The cell (element with attribute `attr`) an event happened in. */
const cellOf = (event: Event, attr: string) =>
  event.target instanceof Element ? event.target.closest(`[${attr}]`) : null;

/** Arrow keys move the focus to the nearest cell that way on the screen; Enter and Space click the cell. */
function cellKey(event: KeyboardEvent, attr: string): void {
  const cell = cellOf(event, attr);
  const press = event.key === "Enter" || event.key === " ";
  const arrow = ARROWS[event.key];
  if (!cell || !(press || arrow)) return;
  // These keys are the cell's: the page and the game's own shortcuts do not see them.
  event.preventDefault();
  event.stopPropagation();
  if (press || !arrow) {
    cell.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    return;
  }
  const root = event.currentTarget instanceof Element ? event.currentTarget : cell;
  const [x0, y0] = centre(cell);
  let best: SVGElement | HTMLElement | null = null;
  let bestScore = Infinity;
  for (const other of root.querySelectorAll<SVGElement | HTMLElement>(`[${attr}]`)) {
    const [x, y] = centre(other);
    const along = (x - x0) * arrow[0] + (y - y0) * arrow[1];
    const across = Math.abs((x - x0) * arrow[1] - (y - y0) * arrow[0]);
    const score = along * along + 4 * across * across;
    if (along > 1 && score < bestScore) [best, bestScore] = [other, score];
  }
  best?.focus();
}

/** Calls `visit` on `node` and every vnode below it. */
function walk(node: VNode, visit: (node: VNode) => void): void {
  visit(node);
  for (const child of node.children ?? []) if (typeof child !== "string") walk(child, visit);
}

/**
 * Keyboard play for a board's view: `cells(root)` makes the cells of the vnode `root` (the
 * elements with attribute `attr`) one tab stop and returns it. Arrow keys move the focus to the
 * nearest cell that way on the screen (square and hexagonal boards alike, turned or not); Enter
 * and Space click the cell, the same path as a mouse. The cell focused last stays the tab stop;
 * the cells keep their elements across redraws (by key), so the focus stays where it is.
 */
export function keyboardCells(attr: string): (root: VNode) => VNode {
  let current: string | null = null;
  const focusIn = (event: FocusEvent) => {
    const cell = cellOf(event, attr);
    if (!cell) return;
    current = cell.getAttribute(attr);
    const root = event.currentTarget instanceof Element ? event.currentTarget : null;
    for (const other of root?.querySelectorAll(`[${attr}]`) ?? [])
      other.setAttribute("tabindex", other === cell ? "0" : "-1");
  };
  const keyDown = (event: KeyboardEvent) => cellKey(event, attr);
  return (root) => {
    const cells: VNode[] = [];
    walk(root, (node) => {
      if (node.data?.attrs?.[attr] !== undefined) cells.push(node);
    });
    if (!cells.length) return root;
    const home = cells.find((c) => String(c.data?.attrs?.[attr]) === current) ?? cells[0];
    for (const cell of cells) {
      const attrs = cell.data?.attrs ?? {};
      attrs.tabindex = cell === home ? "0" : "-1";
      attrs.role = "button";
    }
    const data = root.data ?? {};
    root.data = data;
    data.attrs = { ...data.attrs, role: "group", tabindex: "-1" };
    data.on = { ...data.on, focusin: focusIn, keydown: keyDown };
    return root;
  };
}

/**
 * Draws a board's view into `host` (see `patch`); when a cell that had the focus is gone, the
 * focus goes to the board's tab stop, so that a keyboard player keeps their place.
 */
export function drawBoard(host: Element, ...children: VChild[]): void {
  const hadFocus = document.activeElement !== null && host.contains(document.activeElement);
  patch(host, ...children);
  if (hadFocus && !host.contains(document.activeElement))
    host.querySelector<HTMLElement | SVGElement>('[tabindex="0"]')?.focus({ preventScroll: true });
}

/** Whether boards keep still: the player switched animation off (settings.ts marks the root), or the system asks for less motion. */
export const keepsStill = (): boolean =>
  document.documentElement.getAttribute("data-animation") === "off" ||
  matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Slides the board's `nodes` in from `dx, dy` board units away: a move just played. */
export function slideIn(nodes: (Element | null | undefined)[], dx: number, dy: number): void {
  if (keepsStill()) return;
  for (const node of nodes)
    node?.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], {
      duration: 250,
      easing: "ease-out",
    });
}

/** Lets the board's `nodes` grow into place (about their centre, see style.css): a stone just placed. */
export function growIn(nodes: (Element | null | undefined)[]): void {
  if (keepsStill()) return;
  for (const node of nodes)
    node?.animate([{ transform: "scale(0)" }, { transform: "none" }], { duration: 250, easing: "ease-out" });
}
