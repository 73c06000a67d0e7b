// Building SVG and HTML as real elements (`h`, `svg`) and `patch`, which reads them back as
// snabbdom vnodes by guessed keys: the path of the pages not yet drawn as vnodes (the analysis
// board, the lobby, the account, learn, puzzles, rules, search and settings pages, Amakta's board).
// It goes when they are views of vnodes (see web/README.md, "Virtual DOM").
import {
  attributesModule,
  eventListenersModule,
  htmlDomApi,
  init,
  styleModule,
  vnode,
  type DOMAPI,
  type Module,
  type VNode,
  type VNodeData,
} from "snabbdom";

import { patch as drawVNodes } from "./vdom.js";

export { positionTracker } from "./position-tracker.js";

/**
 * A child given to `h`, `svg` or `patch`: a node, a vnode of a view already moved to vnodes (see
 * `elementOf`), text, or nothing (skipped).
 */
export type Child = Node | VNode | string | null | undefined | false;

/** Attribute values given to `h` and `svg`: `on…` functions become listeners; null, undefined and false are skipped. */
export type Attrs = Record<string, unknown>;

/** A listener as `h` takes it. */
type Handler = (this: Element, event: Event) => void;

/** An element made by `h`, which carries its current listeners (see `patch`). */
type WithHandlers = Element & { handlers?: Record<string, Handler> };

const SVG_NS = "http://www.w3.org/2000/svg";

/** The elements made from a view's vnode for a page still built of elements (see `elementOf`). */
const madeFromVNodes = new WeakSet<Node>();

/**
 * The element of a view's vnode (a link, a component moved to vnodes) placed among elements that
 * `h` builds: drawn once by vdom.ts's `patch`; `patch` here never pairs it with an older one, it
 * takes its place (its listeners are the new vnode's).
 */
export function elementOf(node: VNode): Node {
  const holder = document.createElement("div");
  drawVNodes(holder, node);
  const made = holder.firstChild ?? document.createTextNode("");
  madeFromVNodes.add(made);
  return made;
}

/** Appends `children` to `node`, a vnode as its element. */
function appendAll(node: Element, children: Child | Child[]): void {
  for (const child of ([] as Child[]).concat(children)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(isVNode(child) ? elementOf(child) : child);
  }
}

/** An SVG element with attributes and children. */
export function svg(tag: string, attrs: Attrs = {}, children: Child | Child[] = []): SVGElement {
  const node = document.createElementNS(SVG_NS, tag) as SVGElement;
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null) continue;
    // Styles go through the CSSOM: the Content-Security-Policy refuses style attributes.
    if (key === "style") node.style.cssText = String(value);
    else node.setAttribute(key, String(value));
  }
  appendAll(node, children);
  return node;
}

/** Calls the element's current handler of the event's type (see `h` and `patch`). */
function dispatch(this: WithHandlers, event: Event): void {
  this.handlers?.[event.type]?.call(this, event);
}

/**
 * An HTML element with attributes (`on…` functions become listeners) and children. Listeners go
 * through the element's `handlers`, which `patch` hands on to the element it keeps.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs?: Attrs,
  children?: Child | Child[],
): HTMLElementTagNameMap[K];
export function h(tag: string, attrs?: Attrs, children?: Child | Child[]): HTMLElement;
export function h(tag: string, attrs: Attrs = {}, children: Child | Child[] = []): HTMLElement {
  const node: HTMLElement & WithHandlers = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      node.handlers ??= {};
      node.handlers[key.slice(2)] = value as Handler;
      node.addEventListener(key.slice(2), dispatch);
    } else if (key === "class") node.className = String(value);
    else if (key === "style") node.style.cssText = String(value);
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, String(value));
  }
  appendAll(node, children);
  return node;
}

/** A selector that finds `element` again after a redraw: by id, name or its first data attribute. */
function keyOf(element: Element): string | null {
  if (element.id) return `#${CSS.escape(element.id)}`;
  const attr = [...element.attributes].find((a) => a.name === "name" || a.name.startsWith("data-"));
  return attr ? `${element.localName}[${attr.name}="${CSS.escape(attr.value)}"]` : null;
}

/**
 * Replaces the children of `host`; an element of it that had the focus hands it to its new twin,
 * a text field what was typed into it too.
 */
export function replaceKeepingFocus(host: Element, ...children: (Node | string)[]): boolean {
  const focused = document.activeElement && host.contains(document.activeElement) ? document.activeElement : null;
  const key = focused && keyOf(focused);
  host.replaceChildren(...children);
  const twin = key ? host.querySelector<HTMLElement>(key) : null;
  if (twin instanceof HTMLInputElement && focused instanceof HTMLInputElement && focused.type === "text" && !twin.value)
    twin.value = focused.value;
  twin?.focus({ preventScroll: true });
  return Boolean(focused);
}

/**
 * The key that pairs an old element with its new version in `patch`: its `id`, `key`,
 * `data-square` or `data-cell`, else its `name` or its first other `data-` attribute.
 */
function patchKey(node: Element): string | undefined {
  if (node.id) return `#${node.id}`;
  for (const name of ["key", "data-square", "data-cell", "name"]) {
    if (node.hasAttribute(name)) return `${name}=${node.getAttribute(name)}`;
  }
  const data = [...node.attributes].find((a) => a.name.startsWith("data-"));
  return data ? `${data.name}=${data.value}` : undefined;
}

/** What a vnode of `patch` carries besides snabbdom's own data. */
interface NodeData extends VNodeData {
  /** The element the vnode was read from: snabbdom inserts it itself when it has no old twin. */
  node: Element;
  /** Its inline style, set through the CSSOM (the Content-Security-Policy refuses style attributes). */
  css: string;
  /** An element whose content is its own (a `patch` host, or a live element moved here): left as it is. */
  opaque?: boolean;
}

/** The elements `patch` has drawn into. */
const hosts = new WeakSet<Element>();
/** The vnode each element made from a view's vnode (not read from the DOM) was last drawn from. */
const fromVNode = new WeakMap<Element, VNode>();

/** Whether `child` is a vnode (made by vdom.ts's `v`/`s`) rather than a node or text. */
const isVNode = (child: unknown): child is VNode =>
  typeof child === "object" && child !== null && !(child instanceof Node);
/** Identity keys of elements kept as they are. */
const identities = new WeakMap<Element, string>();
let nextIdentity = 0;

function identity(node: Element): string {
  let key = identities.get(node);
  if (!key) identities.set(node, (key = `@${nextIdentity++}`));
  return key;
}

/** The inline style of an element. */
const cssOf = (node: Element): string =>
  node instanceof HTMLElement || node instanceof SVGElement ? node.style.cssText : "";

/** An element kept as it is: snabbdom moves it but neither reads nor changes what is inside. */
function opaqueVNode(node: Element): VNode {
  const data: NodeData = { node, css: cssOf(node), opaque: true };
  return vnode(node.localName, data, undefined, undefined, node);
}

/**
 * Reads a node as a snabbdom vnode: `old` is what the page shows now (the vnodes know their
 * elements), else a node `h` or `svg` just made. Elements already shown in this host (`shown`)
 * are kept as they are; so are `patch` hosts and elements live elsewhere in the page.
 */
function read(node: Node, old: boolean, shown: Map<Node, VNode>): VNode | null {
  if (!(node instanceof Element)) {
    if (node.nodeType !== Node.TEXT_NODE) return null;
    return vnode(undefined, undefined, undefined, node.nodeValue ?? "", old ? (node as Text) : undefined);
  }
  const before = shown.get(node);
  if (!old && before) {
    before.key ??= identity(node);
    return before;
  }
  const drawn = old && !hosts.has(node) ? fromVNode.get(node) : undefined;
  if (drawn) {
    // An element a view's vnode made: that vnode is what it shows, nothing is read back.
    shown.set(node, drawn);
    return drawn;
  }
  if (hosts.has(node) || madeFromVNodes.has(node) || (!old && node.isConnected)) {
    const kept = opaqueVNode(node);
    kept.key = identity(node);
    return kept;
  }
  const attrs: Record<string, string> = {};
  for (const { name, value } of node.attributes) if (name !== "style") attrs[name] = value;
  const data: NodeData = { node, css: cssOf(node), attrs, ns: node.namespaceURI === SVG_NS ? SVG_NS : undefined };
  const made = vnode(node.localName, data, readAll(node.childNodes, old, shown), undefined, old ? node : undefined);
  made.key = patchKey(node);
  if (old) shown.set(node, made);
  return made;
}

/** The vnodes of `nodes`; a repeated key gets its count, so that keys are unique among siblings. */
function readAll(nodes: Iterable<Node | VNode>, old: boolean, shown: Map<Node, VNode>): VNode[] {
  const counts = new Map<string, number>();
  const result: VNode[] = [];
  for (const node of nodes) {
    // A view's vnodes are taken as they are, keys and all.
    if (isVNode(node)) {
      result.push(node);
      continue;
    }
    const made = read(node, old, shown);
    if (!made) continue;
    const drawn = made.elm instanceof Element && fromVNode.get(made.elm) === made;
    if (!drawn && typeof made.key === "string" && !made.key.startsWith("@")) {
      const count = counts.get(made.key) ?? 0;
      counts.set(made.key, count + 1);
      if (count) made.key = `${made.key}~${count}`;
    }
    result.push(made);
  }
  return result;
}

/** The element of a vnode's data, emptied (snabbdom puts its children back) unless it is opaque. */
function adopt(data: unknown): Element | undefined {
  const own = data as NodeData | undefined;
  if (own?.node && !own.opaque) own.node.replaceChildren();
  return own?.node;
}

/**
 * The DOM as snabbdom sees it, with one change: an element it creates is the very node `h` made,
 * so what a view holds on to is what the page shows.
 */
const domApi: DOMAPI = {
  ...htmlDomApi,
  createElement: (tag: string, data?: unknown) =>
    (adopt(data) as HTMLElement | undefined) ?? document.createElement(tag),
  createElementNS: (ns: string, tag: string, data?: unknown) => adopt(data) ?? document.createElementNS(ns, tag),
};

/** The module that hands a kept element the new element's listeners (see `h`) and inline style. */
const nodeModule: Module = {
  update(old: VNode, next: VNode) {
    const elm = next.elm as WithHandlers | undefined;
    const data = next.data as NodeData | undefined;
    const made = data?.node as WithHandlers | undefined;
    if (!elm || !made || !data || elm === made || data.opaque) return;
    for (const type of Object.keys(made.handlers || {})) {
      if (!elm.handlers?.[type]) elm.addEventListener(type, dispatch);
    }
    elm.handlers = made.handlers;
    if (
      data.css !== (old.data as NodeData | undefined)?.css &&
      (elm instanceof HTMLElement || elm instanceof SVGElement)
    )
      elm.style.cssText = data.css;
  },
};

/** The module that remembers which vnode an element shows (see `read`). */
const trackModule: Module = {
  create: (_old: VNode, next: VNode) => track(next),
  update: (_old: VNode, next: VNode) => track(next),
};

function track(next: VNode): void {
  const elm = next.elm;
  if (!(elm instanceof Element) || hosts.has(elm)) return;
  if ((next.data as NodeData | undefined)?.node) fromVNode.delete(elm);
  else fromVNode.set(elm, next);
}

const snabbdomPatch = init([attributesModule, styleModule, eventListenersModule, nodeModule, trackModule], domApi);

/**
 * Updates the children of `host` to `children` (vnodes, elements, text; null and false are
 * skipped) with snabbdom's keyed diff against what the host shows now: a focused button, a text
 * field being typed in, a live region stay the same nodes. Vnodes are drawn as they are, keyed as
 * their view chose, and an element one of them made is compared through that vnode, not read
 * back. Elements made by `h`/`svg` pair by key (see `patchKey`), else by tag and place; an
 * element shown before and given again, or another host, is kept as it is.
 */
export function patch(host: Element, ...children: Child[]): void {
  const given = children
    .filter((c): c is Node | VNode | string => c !== null && c !== undefined && c !== false)
    .map((c) => (typeof c === "string" ? document.createTextNode(c) : c));
  const shown = new Map<Node, VNode>();
  const old = vnode(host.localName, {}, readAll(host.childNodes, true, shown), undefined, host);
  const next = vnode(host.localName, {}, readAll(given, false, shown), undefined, undefined);
  hosts.add(host);
  snabbdomPatch(old, next);
}
