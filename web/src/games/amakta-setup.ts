// Amakta's setup panels: circles and colour (standard), bidding, stone
// creation and the sets (Infinit), drawn for the board that hosts them.

import { h } from "../svg.js";
import { CIRCLE_LETTERS, canonical, stoneValue, stoneIcon, stoneEditor } from "./amakta-stones.js";
import { arrowsText, stoneLabel } from "./amakta-moves.js";
import type { Circle, Owner } from "./amakta-stones.js";
import { infinitView } from "./amakta-view.js";
import type { AmaktaBoardView } from "./amakta-view.js";
import type { Translate } from "../i18n.js";

/** What the setup panels need of the board: its view, texts, moves and buttons. */
export interface SetupHost {
  readonly t: Translate;
  readonly props: { interactive: boolean };
  readonly editorState: { code: string; circle: string };
  bidValue: number | null;
  view(): AmaktaBoardView;
  mover(): Owner | undefined;
  isLegal(move: string): boolean | undefined;
  submit(move: string): unknown;
  button(label: string, onclick: () => unknown, attrs?: Record<string, unknown>): HTMLButtonElement;
}

export function circleSetup(b: SetupHost): HTMLElement {
  const v = b.view();
  const next = v.game === "amakta" ? v.next_circle : null;
  const parts = [h("h3", {}, b.t("amk.setupCircles")), h("p", { class: "muted" }, b.t("amk.setupCirclesHelp"))];
  if (b.props.interactive && next) {
    const choice = (circle: Circle) => {
      const move = `circle ${next}=${CIRCLE_LETTERS[circle]}`;
      return b.button(b.t(`amk.circle.${circle}`), () => b.submit(move), {
        "data-circle-choice": circle,
        disabled: !b.isLegal(move),
      });
    };
    const [letter, code = ""] = next.split(":");
    const colour = letter === "w" ? "white" : "black";
    parts.push(
      h("p", { class: "amk-next-circle" }, [
        b.t("amk.circleFor"),
        " ",
        stoneIcon(code, { owner: colour }, "1.6rem"),
        " ",
        b.t(`amk.stoneOf.${colour}`),
        " ",
        stoneLabel(code),
      ]),
      h("div", { class: "amk-buttons" }, [
        choice("none"),
        choice("reinforcement"),
        choice("damage"),
        b.isLegal("circles none")
          ? b.button(b.t("amk.noMoreCircles"), () => b.submit("circles none"), { id: "amk-circles-none" })
          : null,
      ]),
    );
  } else {
    parts.push(h("p", { class: "muted" }, b.t("amk.waitSetup")));
  }
  return h("div", { class: "amk-setup" }, parts);
}

export function colourSetup(b: SetupHost): HTMLElement {
  const parts = [h("h3", {}, b.t("amk.setupColour")), h("p", { class: "muted" }, b.t("amk.setupColourHelp"))];
  if (b.props.interactive) {
    parts.push(
      h(
        "div",
        { class: "amk-buttons" },
        (["white", "black"] as const).map((colour) =>
          b.button(b.t(`amk.play.${colour}`), () => b.submit(`colour ${colour}`), {
            "data-colour-choice": colour,
            disabled: !b.isLegal(`colour ${colour}`),
          }),
        ),
      ),
    );
  } else {
    parts.push(h("p", { class: "muted" }, b.t("amk.waitSetup")));
  }
  return h("div", { class: "amk-setup" }, parts);
}

/** An empty panel, for a view without the part a panel shows. */
const emptyPanel = () => h("div", { class: "amk-setup" });

export function biddingPanel(b: SetupHost): HTMLElement {
  const v = infinitView(b.view());
  if (!v) return emptyPanel();
  const bid = v.bidding;
  const parts: HTMLElement[] = [
    h("h3", {}, b.t("amk.bidding")),
    h("p", {}, b.t("amk.biddingHelp", { points: bid.white_points })),
    h("p", { id: "amk-offer" }, bid.offer === null ? b.t("amk.noOffer") : b.t("amk.lastOffer", { n: bid.offer })),
  ];
  if (b.props.interactive) {
    const range = v.legal.bid;
    if (range) {
      if (b.bidValue === null || b.bidValue < range.min || b.bidValue > range.max) b.bidValue = range.min;
      parts.push(
        h(
          "form",
          {
            class: "amk-bid",
            onsubmit: (e: Event) => {
              e.preventDefault();
              b.submit(`bid ${b.bidValue}`);
            },
          },
          [
            h("label", {}, [
              h("span", {}, b.t("amk.yourOffer", { min: range.min, max: range.max })),
              h("input", {
                type: "number",
                name: "bid",
                min: range.min,
                max: range.max,
                value: b.bidValue,
                oninput: (e: Event) => {
                  b.bidValue = Number((e.target as HTMLInputElement).value);
                },
              }),
            ]),
            h("button", { type: "submit", id: "amk-bid" }, b.t("amk.offer")),
          ],
        ),
      );
    }
    if (v.legal.accept) {
      parts.push(
        b.button(b.t("amk.accept", { n: bid.offer ?? "" }), () => b.submit("accept"), {
          id: "amk-accept",
          class: "primary",
        }),
      );
    }
  } else {
    parts.push(h("p", { class: "muted" }, b.t("amk.waitSetup")));
  }
  return h("div", { class: "amk-setup" }, parts);
}

export function setSummary(b: SetupHost, colour: Owner): HTMLElement {
  const set = infinitView(b.view())?.sets[colour];
  if (!set) return emptyPanel();
  return h("div", { class: "amk-inventory", "data-set": colour }, [
    h(
      "h3",
      {},
      `${b.t(`amk.setOf.${colour}`)} — ${set.left === null || set.points === null ? "" : b.t("amk.pointsLeft", { left: set.left, points: set.points })}${set.closed ? " · " + b.t("amk.closed") : ""}`,
    ),
    h(
      "div",
      { class: "amk-inv-list" },
      set.stones.map((s) =>
        h(
          "span",
          {
            class: "amk-inv",
            "data-created": s.code,
            title: `${arrowsText(s.code)} (${s.code}) · ${b.t(`amk.circle.${s.circle}`)} · ${b.t("amk.value")} ${s.value}`,
          },
          [stoneIcon(s.code, { owner: colour, circle: s.circle }, "2rem"), stoneLabel(s.code, ` (${s.value})`)],
        ),
      ),
    ),
  ]);
}

export function creationPanel(b: SetupHost): HTMLElement {
  const v = infinitView(b.view());
  if (!v) return emptyPanel();
  const colour = b.mover() ?? "white";
  const left = v.sets[colour].left ?? 0;
  const parts: HTMLElement[] = [h("h3", {}, b.t("amk.creation")), h("p", { class: "muted" }, b.t("amk.creationHelp"))];
  if (b.props.interactive) {
    const held = new Set(v.sets[colour].stones.map((s) => s.code));
    const valueLine = h("p", { class: "amk-value" });
    const createButton = b.button(b.t("amk.create"), () => b.submit(createButton.dataset.move ?? ""), {
      id: "amk-create",
      class: "primary",
    });
    const refresh = () => {
      const value = stoneValue(b.editorState.code, b.editorState.circle);
      const code = canonical(b.editorState.code);
      const move = `create ${code} ${CIRCLE_LETTERS[b.editorState.circle]}`;
      const create = v.legal.create;
      const ok = b.props.interactive && Boolean(create) && !held.has(code) && value <= (create?.max_value ?? 0);
      valueLine.replaceChildren(
        ...[
          h("strong", { id: "amk-value", "data-value": value }, b.t("amk.valueIs", { value })),
          " · ",
          h("span", { id: "amk-left", "data-left": left - value }, b.t("amk.leftAfter", { left: left - value })),
          held.has(code)
            ? h("span", { class: "error" }, " " + b.t("amk.alreadyInSet"))
            : value > left
              ? h("span", { class: "error" }, " " + b.t("amk.tooExpensive"))
              : null,
        ].filter((part): part is HTMLElement | string => Boolean(part)),
      );
      createButton.disabled = !ok;
      createButton.dataset.move = move;
    };
    const editor = stoneEditor(b.editorState, { t: b.t, withCircle: true, owner: colour, onchange: refresh });
    refresh();
    parts.push(
      h("p", {}, b.t("amk.pointsAvailable", { left })),
      editor.element,
      valueLine,
      h("div", { class: "amk-buttons" }, [
        createButton,
        v.legal.close ? b.button(b.t("amk.closeSet"), () => b.submit("close"), { id: "amk-close" }) : null,
      ]),
    );
  } else {
    parts.push(h("p", { class: "muted" }, b.t("amk.waitSetup")));
  }
  return h("div", { class: "amk-setup" }, parts);
}
