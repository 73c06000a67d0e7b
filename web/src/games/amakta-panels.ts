// What Amakta shows around its board, as vnodes: the setup panels, the play controls (hint,
// actions on a stone, turning the stone, the pending move with Play, Pass), the stones in hand,
// the toolbar, the info line, the stones out of the game, the quiet-moves line and the legend.
// All of it goes into one part after the board (`extras`), which a phone puts below the bottom seat.

import { v, type VChild, type VNode } from "../vdom.js";
import { lang, type TextKey, type Translate } from "../i18n.js";
import { mirror, rotate, stoneIcon, type Owner } from "./amakta-stones.js";
import { drawnArrowsText, lineWords, stoneLabel } from "./amakta-moves.js";
import { legend } from "./amakta-legend.js";
import {
  biddingPanel,
  circleSetup,
  colourSetup,
  creationPanel,
  setSummary,
  type SetupActions,
} from "./amakta-setup.js";
import { infinitView, phaseOf, type BoardSelection } from "./amakta-types.js";
import {
  cellMap,
  hintKey,
  isInfinit,
  isNextCircle,
  isLegal,
  moverOf,
  pendingMove,
  pieceOf,
  targets,
  turnable,
  turnOf,
  type AmaktaModel,
  type AmaktaProps,
} from "./amakta-model.js";
import { controlText } from "./amakta-view.js";

/** The actions on a stone the board offers as buttons (`amk.act.*`). */
export type ActionKey =
  | "rotate"
  | "take"
  | "relocate"
  | "replace"
  | "expropriate"
  | "appropriate"
  | "remove"
  | "release"
  | "release-place";

/** What the panels' buttons call, besides the setup's. */
export interface PanelActions extends SetupActions {
  inventory: (code: string) => void;
  /** An action on the stone picked on the board. */
  act: (key: ActionKey) => void;
  turn: (fn: (code: string) => string) => void;
  confirm: () => void;
  shading: (on: boolean) => void;
  zoom: (factor: number) => void;
  fit: () => void;
}

/** What the panels are drawn from. */
interface Context {
  props: AmaktaProps;
  model: AmaktaModel;
  actions: PanelActions;
  t: Translate;
}

/** A button with its label, click and attributes. */
function button(label: string, click: () => unknown, attrs: Record<string, unknown> = {}): VNode {
  return v("button", { type: "button", ...attrs, on: { click } }, label);
}

/** A button with an icon for a label, its text as title and name. */
function iconButton(key: string, icon: string, text: string, click: () => unknown): VNode {
  return button(icon, click, { key, id: `amk-${key}`, title: text, "aria-label": text });
}

/**
 * The stones in hand of `colour`: buttons for the player to move while a stone may be placed.
 * `theirs`: the other side's (the opponent's, or the second colour for a viewer), one strip on a wide screen.
 */
function inventoryRow({ props, model, actions, t }: Context, colour: Owner, theirs = false): VNode {
  const { view } = props;
  const codes = view.inventories[colour];
  const sel = model.sel;
  const mine = props.interactive && phaseOf(view) === "play" && colour === moverOf(view);
  const choosing = sel?.from === "board" && (sel.action === "replace" || sel.action === "release-place");
  const canPlace = view.legal.place.stones.length > 0 || view.legal.stones.some((s) => s.replace || s.release_place);
  const buttons = mine && (canPlace || choosing);
  // Drawn turned as the board, so that a stone's arrows in hand point where they will on the board.
  const turn = turnOf(props);
  const items = codes.map((code, i) => {
    const piece = pieceOf(view, colour, code);
    const icon = stoneIcon(code, { owner: colour, circle: piece?.circle || "none", turn });
    const selected =
      (mine && (sel?.from === "inventory" || choosing) && sel?.code === code) || isNextCircle(props, piece?.piece);
    const circle = piece && piece.circle !== "none" ? " · " + t(`amk.circle.${piece.circle}`) : "";
    // A stone's code keys it (a second stone of the same code, if any, by its place).
    const attrs = {
      key: codes.indexOf(code) === i ? code : `${code}#${i}`,
      class: `amk-inv${selected ? " selected" : ""}`,
      title: `${drawnArrowsText(code, turn)} (${code})${circle}`,
    };
    if (buttons)
      return v(
        "button",
        { ...attrs, type: "button", "data-inventory": code, on: { click: () => actions.inventory(code) } },
        [icon, stoneLabel(code, "", turn)],
      );
    return v("span", { ...attrs, "data-stock": `${colour}:${code}` }, [icon, stoneLabel(code, "", turn)]);
  });
  const title = t(`amk.inventoryOf.${colour}`, { n: codes.length });
  // A strip of stones that are no buttons may scroll sideways on a wide screen: the keyboard reaches it too.
  const strip = buttons ? {} : { tabindex: 0, role: "group", "aria-label": title };
  return v(
    "div",
    { key: `inventory:${colour}`, class: `amk-inventory${theirs ? " amk-theirs" : ""}`, "data-colour": colour },
    [
      v("h3", { key: "title" }, title),
      items.length
        ? v("div", { key: "list", class: "amk-inv-list", ...strip }, items)
        : v("p", { key: "empty", class: "muted" }, t("amk.empty")),
    ],
  );
}

/** The stones out of the game, if any. */
function removedRow({ props, t }: Context): VNode | null {
  const removed = props.view.removed;
  if (!removed.length) return null;
  const turn = turnOf(props);
  return v("div", { key: "removed", class: "amk-inventory amk-removed" }, [
    v("h3", {}, t("amk.removed", { n: removed.length })),
    v(
      "div",
      { class: "amk-inv-list" },
      removed.map((piece, i) => {
        const [letter, code = ""] = piece.split(":");
        const colour = letter === "w" ? "white" : "black";
        return v(
          "span",
          { key: `${piece}#${i}`, class: "amk-inv", "data-removed": piece, title: t(`amk.stoneOf.${colour}`) },
          [stoneIcon(code, { owner: colour, turn }, "1.8rem"), stoneLabel(code, "", turn)],
        );
      }),
    ),
  ]);
}

/**
 * The selection's stone with its turning buttons, the move it makes in words, and Play. The stone is
 * drawn turned as the board, so that it shows how it will lie there; a half turn keeps the sense of
 * a turn and the mirror's axis, so ↺, ↻ and ⇅ act on the picture as they say on either board.
 */
function orientationControls({ props, model, actions, t }: Context): VNode {
  const move = pendingMove(props.view, model.sel);
  const legal = Boolean(move && isLegal(props, move));
  const orient = model.sel?.orient;
  const turning = turnable(model.sel) && orient;
  return v("div", { key: "orient", class: "amk-orient" }, [
    turning &&
      v(
        "span",
        { key: "icon", class: "amk-orient-icon" },
        stoneIcon(orient, { owner: moverOf(props.view), turn: turnOf(props) }, "2.6rem"),
      ),
    turning && iconButton("rotate-left", "↺", t("amk.rotateLeft"), () => actions.turn((c) => rotate(c, 1))),
    turning && iconButton("rotate-right", "↻", t("amk.rotateRight"), () => actions.turn((c) => rotate(c, 5))),
    turning && iconButton("mirror", "⇅", t("amk.mirror"), () => actions.turn(mirror)),
    move &&
      v(
        "span",
        { key: "pending", id: "amk-pending", class: legal ? "" : "illegal", title: move, "data-move": move },
        // Beside the board, as the board draws it (the stones in hand and the picture above are turned alike).
        lineWords(props.view, [move], { t, turn: turnOf(props) })[0] ?? move,
      ),
    move &&
      button(t("amk.confirm"), actions.confirm, {
        key: "confirm",
        id: "amk-confirm",
        class: "primary",
        disabled: !legal,
      }),
  ]);
}

/** The actions the stone picked on the board may take, as buttons. */
function actionButtons({ props, actions, t }: Context, picked: BoardSelection): VNode {
  const { entry, cell } = picked;
  const own = cellMap(props.view).get(cell)?.stone?.owner === moverOf(props.view);
  const offered: [ActionKey, unknown][] = [
    ["rotate", entry.rotate.length],
    ["take", entry.take],
    ["relocate", entry.relocate.length],
    ["replace", entry.replace],
    ["expropriate", entry.expropriate],
    ["appropriate", entry.appropriate.length],
    ["remove", entry.remove],
    ["release", entry.release],
    ["release-place", entry.release_place],
  ];
  return v("div", { key: `actions:${cell}`, class: "amk-actions" }, [
    v("p", {}, t(own ? "amk.ownStone" : "amk.theirStone", { cell })),
    v(
      "div",
      { class: "amk-buttons" },
      offered
        .filter(([, enabled]) => enabled)
        .map(([key]) => button(t(`amk.act.${key}`), () => actions.act(key), { key, "data-action": key })),
    ),
  ]);
}

/**
 * The keys that act on the picked stone, for the hint `hint`, or nothing: shown only where a keyboard
 * is likely (amakta.css: a fine pointer that hovers), so that a phone's hint names no keys.
 */
export function keysHint(hint: TextKey, t: Translate): VNode | null {
  const keys = hint === "amk.hintTarget" ? "amk.keysTarget" : hint === "amk.hintConfirm" ? "amk.keysConfirm" : null;
  return keys && v("span", { key: "keys", class: "amk-keys" }, [" ", t(keys)]);
}

/** What the player to move acts with in play: the hint, the actions, the turning controls and Pass. */
function playControls(c: Context): VNode | null {
  const { props, model, actions, t } = c;
  if (!props.interactive || phaseOf(props.view) !== "play") return null;
  const sel = model.sel;
  const hint = hintKey(sel);
  return v("div", { key: "play", class: "amk-play" }, [
    v("p", { key: "hint", class: "hint", id: "amk-hint" }, [
      t(hint, { cell: sel?.missed ?? "", cells: [...targets(props, sel)].join(", ") }),
      keysHint(hint, t),
    ]),
    sel?.from === "board" && !sel.action && actionButtons(c, sel),
    sel && orientationControls(c),
    props.view.legal.pass &&
      props.legal.includes("pass") &&
      v(
        "div",
        { key: "pass", class: "amk-buttons" },
        button(t("pass"), () => actions.play("pass"), { id: "amk-pass" }),
      ),
  ]);
}

/** The control shading's switch, and Infinit's zoom and fit. */
function toolbar({ props, model, actions, t }: Context): VNode {
  const shading = v("label", { key: "shading", class: "amk-toggle" }, [
    v("input", {
      type: "checkbox",
      id: "amk-shading",
      checked: model.shading,
      on: { change: (e: Event) => actions.shading((e.target as HTMLInputElement).checked) },
    }),
    " ",
    t("amk.showControl"),
  ]);
  const zoom = isInfinit(props.view)
    ? [
        iconButton("zoom-in", "+", t("amk.zoomIn"), () => actions.zoom(1 / 1.25)),
        iconButton("zoom-out", "−", t("amk.zoomOut"), () => actions.zoom(1.25)),
        iconButton("fit", "⤢", t("amk.fit"), actions.fit),
      ]
    : [];
  return v("div", { key: "toolbar", class: "amk-toolbar" }, [shading, ...zoom]);
}

/** The line telling who controls the cell last pointed at. */
function infoLine({ props, model, t }: Context): VNode {
  const name = model.infoCell;
  const cell = name ? cellMap(props.view).get(name) : null;
  return v(
    "p",
    { key: "info", id: "amk-info", class: "amk-info muted", "aria-live": "polite" },
    controlText(cell, t, turnOf(props)) || t("amk.hoverHint"),
  );
}

/**
 * The count of moves without expropriation or release, only once the limit that ends the game
 * draws near (the last tenth, at least 20 moves), with the numbers written as in the page's language.
 */
export function quietLine(quiet: { plies: number; limit: number } | null | undefined, t: Translate): VNode | null {
  if (!quiet || quiet.limit - quiet.plies > Math.max(20, quiet.limit / 10)) return null;
  const number = (n: number) => n.toLocaleString(lang());
  return v(
    "p",
    { key: "quiet", class: "muted small amk-quiet" },
    t("amk.quiet", { n: number(quiet.plies), limit: number(quiet.limit) }),
  );
}

/** The setup panel of the game's phase, if any (none once the game is over: the result says why, not a wait line). */
function setupPanels(c: Context): VChild[] {
  if (c.props.over) return [];
  const stage = phaseOf(c.props.view);
  return [
    stage === "circles" && circleSetup(c),
    stage === "colour" && colourSetup(c),
    stage === "bidding" && biddingPanel(c),
    stage === "creation" && creationPanel(c),
  ];
}

/** Infinit's sets (once the bidding is over), the mover's first: they go with the stones in hand. */
function sets(c: Context, first: Owner): VChild[] {
  if (!isInfinit(c.props.view) || phaseOf(c.props.view) === "bidding") return [];
  return [setSummary(c, first), setSummary(c, first === "white" ? "black" : "white")];
}

/** Whether the board is kept small for what the player acts with to show below it without scrolling. */
export function compactBoard(props: AmaktaProps): boolean {
  const stage = phaseOf(props.view) ?? "";
  return (
    props.interactive && (isInfinit(props.view) || ["play", "circles", "colour", "bidding", "creation"].includes(stage))
  );
}

/**
 * The colour of the seat at the board's bottom, once the colours are fixed: the unturned board
 * shows White's side nearest the viewer, the turned one Black's (`nearSeat`, amakta.ts).
 */
function bottomColour(props: AmaktaProps): Owner | null {
  if (!props.view.p1_colour) return null;
  return props.flipped ? "black" : "white";
}

/**
 * What the board's orientation follows, where it is not the usual: before the colours are chosen
 * the board is White's side's for everyone; on a turned board (Black's base on the left) every arrow
 * text is written as it draws it (the rule of amakta-moves.ts).
 */
function orientationNote(props: AmaktaProps, t: Translate): VNode | null {
  const key = props.flipped ? "amk.turnedNote" : props.view.p1_colour ? null : "amk.uprightNote";
  return key && v("p", { key: "turned", class: "muted small amk-turned" }, t(key));
}

/** Everything after the board: what the player acts with first, the mover's stones in hand first. */
export function extras(props: AmaktaProps, model: AmaktaModel, actions: PanelActions, t: Translate): VNode {
  const c: Context = { props, model, actions, t };
  const stage = phaseOf(props.view);
  // The stones in hand show their circles from the setup on, while the colour is chosen too.
  const inventories = ["circles", "colour", "play"].includes(stage ?? "");
  const first = moverOf(props.view) === "black" ? "black" : "white";
  const own = bottomColour(props);
  const other = (colour: Owner): Owner => (colour === "white" ? "black" : "white");
  // The prompt (setup, bidding, what the stone picked does) goes beside the board on a wide screen, the rest
  // under it: the stones in hand and Infinit's sets, side by side where they fit. Once the colours are
  // fixed, the bottom seat's stones in hand are a pocket of their own, which a phone shows right under
  // that seat's strip (as lichess's crazyhouse pockets).
  return v("div", { key: "extras", class: "amk-extras" }, [
    v("div", { key: "prompt", class: "amk-prompt" }, [...setupPanels(c), playControls(c)]),
    inventories && own && v("div", { key: "pocket", class: "amk-stock amk-pocket" }, [inventoryRow(c, own)]),
    v("div", { key: "rest", class: "amk-rest" }, [
      v("div", { key: "stock", class: "amk-stock" }, [
        inventories && !own && inventoryRow(c, first),
        inventories && inventoryRow(c, own ? other(own) : other(first), true),
        ...sets(c, own ?? first),
      ]),
      // What the cells' numbers mean and the legend, right after the stones in hand (no longer under everything).
      legend(t),
      toolbar(c),
      infoLine(c),
      orientationNote(props, t),
      removedRow(c),
      quietLine(infinitView(props.view)?.quiet, t),
    ]),
  ]);
}
