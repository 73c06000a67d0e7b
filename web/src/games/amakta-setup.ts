// Amakta's setup panels as vnodes: circles and colour (standard), bidding,
// stone creation and the sets (Infinit).

import "./amakta-flow.css";
import { v, type VNode } from "../vdom.js";
import { addTexts, type Translate } from "../i18n.js";
import { CIRCLE_LETTERS, canonical, stoneValue, stoneIcon } from "./amakta-stones.js";
import type { Circle, Owner } from "./amakta-stones.js";
import { freshStone, stoneEditor } from "./amakta-editor.js";
import { arrowsText, drawnArrowsText, stoneLabel } from "./amakta-moves.js";
import { infinitView } from "./amakta-types.js";
import { isLegal, moverOf, readOffer, turnOf, type AmaktaModel, type AmaktaProps } from "./amakta-model.js";

/**
 * This module's texts (their keys join `TextKey` through `text-keys.ts`): the circle step's progress,
 * its overview of every stone and why the assigner should stay fair.
 */
export const TEXTS = addTexts({
  en: {
    "amk.circleProgress": "Stone {n} of {total}",
    "amk.circleOverview": "All stones and their circles",
    "amk.circlePending": "not yet",
    "amk.circleNext": "next",
    "amk.circleFair":
      "Stay fair: once all circles are given, your opponent chooses a colour and takes the side you made stronger.",
    "amk.circleFairWatch":
      "Whoever gives the circles should stay fair: the other player then chooses a colour and takes the stronger side.",
    "amk.circlesOfColour.white": "White's stones",
    "amk.circlesOfColour.black": "Black's stones",
  },
  de: {
    "amk.circleProgress": "Stein {n} von {total}",
    "amk.circleOverview": "Alle Steine und ihre Kreise",
    "amk.circlePending": "noch nicht",
    "amk.circleNext": "als Nächstes",
    "amk.circleFair":
      "Bleib fair: Sind alle Kreise vergeben, wählt dein Gegner eine Farbe und nimmt die Seite, die du stärker gemacht hast.",
    "amk.circleFairWatch":
      "Wer die Kreise vergibt, sollte fair bleiben: Der andere wählt danach eine Farbe und nimmt die stärkere Seite.",
    "amk.circlesOfColour.white": "Steine von Weiß",
    "amk.circlesOfColour.black": "Steine von Schwarz",
  },
});

/** What the setup panels call: a move played, the typed offer, a change of the stone being made. */
export interface SetupActions {
  play: (move: string) => void;
  /** The offer's field now holds `text`. */
  bid: (text: string) => void;
  /** The stone editor changed the model's stone: draw again. */
  redraw: () => void;
}

/** What a setup panel is drawn from. */
export interface SetupContext {
  props: AmaktaProps;
  model: AmaktaModel;
  actions: SetupActions;
  t: Translate;
}

/** A button that plays `move`, disabled unless it is legal. */
function moveButton(c: SetupContext, label: string, move: string, attrs: Record<string, unknown>): VNode {
  return v(
    "button",
    { type: "button", ...attrs, disabled: !isLegal(c.props, move), on: { click: () => c.actions.play(move) } },
    label,
  );
}

/**
 * A phase's long explanation, folded under "How it works": the panel beside the board stays short
 * enough for the moves and the move input under it (a wide screen's play column is board-high).
 */
function explanation(text: string, t: Translate, more: VNode[] = []): VNode {
  return v("details", { key: "help", class: "amk-help" }, [
    v("summary", { key: "summary" }, t("amk.howItWorks")),
    v("p", { key: "text", class: "muted" }, text),
    ...more,
  ]);
}

/** A setup panel keyed `key`: its heading, its help and its parts (for the player to move) or a wait line. */
function panel(c: SetupContext, key: string, title: string, help: VNode[], parts: () => VNode[]): VNode {
  const body = c.props.interactive ? parts() : [v("p", { key: "wait", class: "muted" }, c.t("amk.waitSetup"))];
  return v("div", { key, class: "amk-setup", "data-phase": key }, [v("h3", { key: "title" }, title), ...help, ...body]);
}

/** What the circles do, in a word each, under their choices (the setup's words are no jargon then). */
export function circleWords(t: Translate): VNode {
  return v(
    "ul",
    { key: "circle-words", class: "amk-circle-words muted" },
    (["reinforcement", "damage"] as const).map((circle) =>
      v(
        "li",
        { key: circle, "data-circle-word": circle, title: t(`amk.circleHint.${circle}`) },
        t(`amk.circleShort.${circle}`),
      ),
    ),
  );
}

/** The nodes of `nodes` that are drawn (not null). */
function present(...nodes: (VNode | null)[]): VNode[] {
  return nodes.filter((node): node is VNode => node !== null);
}

/**
 * Every stone of the circle step in the order they are given their circles, a row per colour: each
 * stone's icon with the circle it got so far (its ring), the next one framed, those to come faded;
 * its name and circle ("↘1: reinforcement", "next", "not yet") on hover and for screen readers. A row
 * of icons keeps the step beside the board at 1280×800.
 */
export function circleOverview(c: SetupContext): VNode | null {
  const { view } = c.props;
  if (view.game !== "amakta") return null;
  const next = view.stones.findIndex((stone) => stone.piece === view.next_circle);
  const row = (colour: Owner) =>
    v("div", { key: colour, class: "amk-circle-row", "data-overview-of": colour }, [
      v("h4", { key: "heading", title: c.t(`amk.circlesOfColour.${colour}`) }, c.t(`amk.${colour}`)),
      v(
        "ol",
        { key: "stones" },
        view.stones.flatMap((stone, index) => {
          if (stone.colour !== colour) return [];
          const state = next < 0 || index < next ? "done" : index === next ? "next" : "pending";
          const word =
            state === "done"
              ? c.t(`amk.circle.${stone.circle}`)
              : c.t(state === "next" ? "amk.circleNext" : "amk.circlePending");
          const name = stoneLabel(stone.code);
          return [
            v(
              "li",
              {
                key: stone.piece,
                class: `amk-circle-stone ${state}`,
                title: `${name}: ${word}`,
                "data-overview-stone": stone.piece,
                "data-overview-state": state,
                "aria-current": state === "next" ? "step" : null,
              },
              [
                stoneIcon(stone.code, { owner: colour, circle: state === "done" ? stone.circle : "none" }, "1.35rem"),
                v("span", { key: "text", class: "sr-only" }, [
                  v("span", { key: "name", class: "amk-circle-name" }, name),
                  ": ",
                  v("span", { key: "circle", class: "amk-circle-given" }, word),
                ]),
              ],
            ),
          ];
        }),
      ),
    ]);
  return v("section", { key: "overview", class: "amk-circle-overview", "aria-label": c.t("amk.circleOverview") }, [
    row("white"),
    row("black"),
  ]);
}

/** Where the circle step stands: "Stone 3 of 20" (the next stone's place in the order), or null once done. */
function circleProgress(c: SetupContext): VNode | null {
  const { view } = c.props;
  if (view.game !== "amakta" || !view.next_circle) return null;
  const n = view.stones.findIndex((stone) => stone.piece === view.next_circle) + 1;
  return v(
    "p",
    { key: "progress", class: "amk-circle-progress", id: "amk-circle-progress" },
    c.t("amk.circleProgress", { n, total: view.stones.length }),
  );
}

/** The standard game's circles: for the next stone, none, reinforcement or damage; or no more circles. */
export function circleSetup(c: SetupContext): VNode {
  const { view } = c.props;
  const next = view.game === "amakta" ? view.next_circle : null;
  // To the one who gives the circles; in general words to the opponent (who then chooses) and watchers.
  const reader = c.props.interactive ? "amk.circleFair" : "amk.circleFairWatch";
  const fair = v("p", { key: "fair", class: "amk-circle-fair", id: "amk-circle-fair" }, c.t(reader));
  const help = [explanation(c.t("amk.setupCirclesHelp"), c.t, [fair])];
  if (!next)
    return panel(
      { ...c, props: { ...c.props, interactive: false } },
      "circles",
      c.t("amk.setupCircles"),
      help,
      () => [],
    );
  // The opponent and the watchers see the progress and the overview too.
  if (!c.props.interactive)
    return panel(
      c,
      "circles",
      c.t("amk.setupCircles"),
      [...help, ...present(circleProgress(c), circleOverview(c))],
      () => [],
    );
  return panel(c, "circles", c.t("amk.setupCircles"), help, () => {
    const choice = (circle: Circle) =>
      moveButton(c, c.t(`amk.circle.${circle}`), `circle ${next}=${CIRCLE_LETTERS[circle]}`, {
        key: circle,
        "data-circle-choice": circle,
        title: c.t(`amk.circleHint.${circle}`),
      });
    const [letter, code = ""] = next.split(":");
    const colour = letter === "w" ? "white" : "black";
    return [
      ...present(circleProgress(c)),
      v("p", { key: "next", class: "amk-next-circle" }, [
        c.t("amk.circleFor"),
        " ",
        stoneIcon(code, { owner: colour }, "2.4rem"),
        " ",
        c.t(`amk.stoneOf.${colour}`),
        " ",
        stoneLabel(code),
      ]),
      v("div", { key: "choices", class: "amk-buttons" }, [
        choice("none"),
        choice("reinforcement"),
        choice("damage"),
        isLegal(c.props, "circles none") &&
          moveButton(c, c.t("amk.noMoreCircles"), "circles none", { key: "no-more", id: "amk-circles-none" }),
      ]),
      circleWords(c.t),
      ...present(circleOverview(c)),
    ];
  });
}

/** The stones of `colour` that carry a circle, reinforcement first, as the view lists them. */
function circledStones(c: SetupContext, colour: Owner) {
  const order: Circle[] = ["reinforcement", "damage"];
  return c.props.view.stones
    .filter((stone) => stone.colour === colour && stone.circle !== "none")
    .sort((a, b) => order.indexOf(a.circle) - order.indexOf(b.circle));
}

/** One colour's circles, as the colour is chosen: how many of each, and the circled stones themselves. */
function circlesOf(c: SetupContext, colour: Owner): VNode {
  const { t } = c;
  const stones = circledStones(c, colour);
  const counts = (["reinforcement", "damage"] as const)
    .map((circle) => [circle, stones.filter((stone) => stone.circle === circle).length] as const)
    .filter(([, n]) => n > 0)
    .map(([circle, n]) =>
      v("span", { key: circle, title: t(`amk.circleHint.${circle}`) }, t(`amk.circleCount.${circle}`, { n })),
    );
  return v("li", { key: colour, class: "amk-colour-circles", "data-circles-of": colour }, [
    v("strong", { key: "colour" }, `${t(`amk.${colour}`)}: `),
    v(
      "span",
      { key: "counts", "data-circle-counts": colour },
      counts.length ? counts.flatMap((count, i) => (i ? [", ", count] : [count])) : t("amk.noCircles"),
    ),
    stones.length
      ? v(
          "span",
          { key: "stones", class: "amk-circled" },
          stones.map((stone) =>
            v(
              "span",
              {
                key: stone.piece,
                "data-circled": stone.piece,
                "data-circle": stone.circle,
                title: `${arrowsText(stone.code)} (${stone.code}) · ${t(`amk.circle.${stone.circle}`)}`,
              },
              stoneIcon(stone.code, { owner: colour, circle: stone.circle }, "2.2rem"),
            ),
          ),
        )
      : null,
  ]);
}

/**
 * The standard game's colour: the circles the other player assigned, each colour's (the choice is
 * made against them; what a circle does is each count's title), and for the player to choose the
 * buttons to play White or Black.
 */
export function colourSetup(c: SetupContext): VNode {
  // Only the chooser is asked to choose; the other player is told who does, the watchers too.
  const { props } = c;
  const reader = props.interactive
    ? "amk.setupColourHelp"
    : props.seat && props.seat !== props.toMove
      ? "amk.setupColourWait"
      : "amk.setupColourWatch";
  const help = [
    v("p", { key: "help", class: "muted", "data-colour-help": reader }, c.t(reader)),
    v("p", { key: "circles-title", class: "amk-circles-title" }, c.t("amk.assignedCircles")),
    v("ul", { key: "circles", class: "amk-assigned", id: "amk-assigned" }, [
      circlesOf(c, "white"),
      circlesOf(c, "black"),
    ]),
  ];
  return panel(c, "colour", c.t("amk.setupColour"), help, () => [
    v(
      "div",
      { key: "choices", class: "amk-buttons" },
      (["white", "black"] as const).map((colour) =>
        moveButton(c, c.t(`amk.play.${colour}`), `colour ${colour}`, { key: colour, "data-colour-choice": colour }),
      ),
    ),
  ]);
}

/** The offer the hint calls fair (about White's points), within the offers allowed. */
export function fairOffer(range: { min: number; max: number }, whitePoints: number): number {
  return Math.min(range.max, Math.max(range.min, whitePoints));
}

/**
 * The form of an own offer within `range`: the field (empty until the player types, the fair offer
 * the hint names as its placeholder), Offer, and, when Offer found the field empty or out of range,
 * what is missing instead of a move sent.
 */
function offerForm(c: SetupContext, range: { min: number; max: number }, whitePoints: number): VNode {
  const { model, t } = c;
  const problem = model.bidProblem;
  const submit = (e: Event) => {
    e.preventDefault();
    const offer = readOffer(model.bidText ?? "", range);
    if (typeof offer === "number") {
      c.actions.play(`bid ${offer}`);
      return;
    }
    model.bidProblem = offer;
    c.actions.redraw();
  };
  // The browser's own check of the number field is off: its bubble would not speak the page's language.
  return v("form", { key: "bid", class: "amk-bid", novalidate: true, on: { submit } }, [
    v("label", {}, [
      v("span", {}, t("amk.yourOffer", { min: range.min, max: range.max })),
      v("input", {
        type: "number",
        name: "bid",
        min: range.min,
        max: range.max,
        step: 1,
        value: model.bidText ?? "",
        placeholder: String(fairOffer(range, whitePoints)),
        "aria-invalid": problem ? "true" : "false",
        "aria-describedby": problem ? "amk-bid-error" : "amk-bid-hint",
        on: { input: (e: Event) => c.actions.bid((e.target as HTMLInputElement).value) },
      }),
    ]),
    v("button", { type: "submit", id: "amk-bid" }, t("amk.offer")),
    problem
      ? v(
          "p",
          { key: "problem", class: "error amk-bid-error", id: "amk-bid-error", role: "alert", "data-problem": problem },
          t(problem === "missing" ? "amk.offerMissing" : "amk.offerInvalid", { min: range.min, max: range.max }),
        )
      : null,
    v(
      "small",
      { key: "hint", class: "amk-bid-hint muted", id: "amk-bid-hint" },
      t("amk.bidHint", { points: whitePoints }),
    ),
  ]);
}

/** Infinit's bidding: the last offer, an own offer, and accepting the offer. */
export function biddingPanel(c: SetupContext): VNode | null {
  const view = infinitView(c.props.view);
  if (!view) return null;
  const bid = view.bidding;
  const { t } = c;
  const help = [
    explanation(t("amk.biddingHelp", { points: bid.white_points }), t),
    v(
      "p",
      { key: "offer", id: "amk-offer" },
      bid.offer === null ? t("amk.noOffer") : t("amk.lastOffer", { n: bid.offer }),
    ),
  ];
  return panel(c, "bidding", t("amk.bidding"), help, () => {
    const range = view.legal.bid;
    const parts: VNode[] = [];
    if (range) parts.push(offerForm(c, range, bid.white_points));
    if (view.legal.accept)
      parts.push(
        v(
          "button",
          {
            key: "accept",
            type: "button",
            id: "amk-accept",
            class: "primary",
            on: { click: () => c.actions.play("accept") },
          },
          t("amk.accept", { n: bid.offer ?? "" }),
        ),
      );
    return parts;
  });
}

/** The stones `colour` has made in Infinit, with the points left. */
export function setSummary(c: SetupContext, colour: Owner): VNode | null {
  const set = infinitView(c.props.view)?.sets[colour];
  if (!set) return null;
  const { t } = c;
  // Shown beside the stones in hand in play: drawn turned as the board, as they are.
  const turn = turnOf(c.props);
  const points =
    set.left === null || set.points === null ? "" : t("amk.pointsLeft", { left: set.left, points: set.points });
  return v("div", { key: `set:${colour}`, class: "amk-inventory", "data-set": colour }, [
    v("h3", {}, `${t(`amk.setOf.${colour}`)} — ${points}${set.closed ? " · " + t("amk.closed") : ""}`),
    v(
      "div",
      { class: "amk-inv-list" },
      set.stones.map((stone) =>
        v(
          "span",
          {
            key: stone.code,
            class: "amk-inv",
            "data-created": stone.code,
            title: `${drawnArrowsText(stone.code, turn)} (${stone.code}) · ${t(`amk.circle.${stone.circle}`)} · ${t("amk.value")} ${stone.value}`,
          },
          [
            stoneIcon(stone.code, { owner: colour, circle: stone.circle, turn }, "2rem"),
            stoneLabel(stone.code, ` (${t("amk.value")} ${stone.value})`, turn),
          ],
        ),
      ),
    ),
  ]);
}

/**
 * The value of the stone being made, the points left after it, and why it cannot be made; right after
 * a stone was created, instead of why, that it was ("Created ↖1↘3", written as the set lists it).
 */
function valueLine(
  value: number,
  left: number,
  { held, created, turn }: { held: boolean; created: string | null; turn: number },
  t: Translate,
): VNode {
  return v("p", { key: "value", class: "amk-value" }, [
    v("strong", { id: "amk-value", "data-value": value }, t("amk.valueIs", { value })),
    " · ",
    v("span", { id: "amk-left", "data-left": left - value }, t("amk.leftAfter", { left: left - value })),
    created
      ? v(
          "span",
          { key: "created", class: "amk-created", id: "amk-created", role: "status", "data-created-now": created },
          " " + t("amk.created", { stone: drawnArrowsText(created, turn) }),
        )
      : held
        ? v("span", { key: "why", class: "error" }, " " + t("amk.alreadyInSet"))
        : value > left
          ? v("span", { key: "why", class: "error" }, " " + t("amk.tooExpensive"))
          : null,
  ]);
}

/**
 * "Close my set", final once done: a first press asks again on the same button, naming the points
 * left unspent ("Really close? 36 points unspent"), a second closes the set; anything else in the
 * editor takes the question back.
 */
function closeButton(c: SetupContext, left: number): VNode {
  const { model, t } = c;
  const asking = model.closing;
  return v(
    "button",
    {
      key: "close",
      type: "button",
      id: "amk-close",
      class: asking ? "amk-close confirming" : "amk-close secondary",
      "data-confirming": asking ? "true" : "false",
      title: asking ? t("amk.closeConfirmHint") : "",
      on: {
        click: () => {
          if (!model.closing) {
            model.closing = true;
            c.actions.redraw();
            return;
          }
          model.closing = false;
          c.actions.play("close");
        },
      },
    },
    asking ? t("amk.closeConfirm", { n: left }) : t("amk.closeSet"),
  );
}

/** Infinit's stone creation: the stone editor, its value, Create and Close the set. */
export function creationPanel(c: SetupContext): VNode | null {
  const view = infinitView(c.props.view);
  if (!view) return null;
  const { model, t } = c;
  const colour = moverOf(view) ?? "white";
  const left = view.sets[colour].left ?? 0;
  const turn = turnOf(c.props);
  const help = [explanation(t("amk.creationHelp"), t)];
  // While the other player creates, the stone just made is still said as done.
  if (model.created && !c.props.interactive)
    help.push(
      v(
        "p",
        { key: "created", class: "amk-created", id: "amk-created", role: "status", "data-created-now": model.created },
        t("amk.created", { stone: drawnArrowsText(model.created, turn) }),
      ),
    );
  return panel(c, "creation", t("amk.creation"), help, () => {
    const held = new Set(view.sets[colour].stones.map((stone) => stone.code));
    const { code: edited, circle } = model.editor;
    const value = stoneValue(edited, circle);
    const code = canonical(edited);
    const move = `create ${code} ${CIRCLE_LETTERS[circle]}`;
    const create = view.legal.create;
    const ok = Boolean(create) && !held.has(code) && value <= (create?.max_value ?? 0);
    const changed = () => {
      model.created = null;
      model.closing = false;
      c.actions.redraw();
    };
    const made = () => {
      // The editor starts again from a stone the set has not got (the empty one, where it can):
      // the stone just made stays named as done, not as a stone that cannot be made again.
      model.editor = { code: freshStone([...held, code]), circle: "none" };
      model.created = code;
      model.closing = false;
      c.actions.play(move);
    };
    return [
      v("p", { key: "points" }, t("amk.pointsAvailable", { left })),
      stoneEditor(model.editor, { t, withCircle: true, withCode: false, owner: colour, turn, onchange: changed }),
      valueLine(value, left, { held: held.has(code), created: model.created, turn }, t),
      v("div", { key: "buttons", class: "amk-buttons" }, [
        v(
          "button",
          {
            key: "create",
            type: "button",
            id: "amk-create",
            class: "primary",
            disabled: !ok,
            title: held.has(code) ? t("amk.alreadyInSet") : value > left ? t("amk.tooExpensive") : "",
            "data-move": move,
            on: { click: made },
          },
          t("amk.create"),
        ),
        view.legal.close ? closeButton(c, left) : null,
      ]),
    ];
  });
}
