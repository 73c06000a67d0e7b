// Amakta's legend right under the board (with the line of what the cells' numbers mean), and the
// lock a bound stone wears, as vnodes.

import { s, v, type VNode } from "../vdom.js";
import { stoneIcon } from "./amakta-stones.js";
import type { GlyphOptions } from "./amakta-stones.js";
import type { Translate } from "../i18n.js";

/** The lock on a bound stone, in the corner between two arrow directions, coloured by who holds the cell. */
export function boundBadge(t: Translate, control: string): VNode {
  return s(
    "g",
    { key: "bound", class: `amk-bound ctl-${control}`, transform: "translate(0.69 0.4)", "data-bound": control },
    [
      s("circle", { key: "disc", r: 0.25 }),
      s("path", { key: "shackle", d: "M-0.08 -0.02 v-0.06 a0.08 0.08 0 0 1 0.16 0 v0.06", class: "amk-shackle" }),
      s("rect", { key: "lock", x: -0.12, y: -0.03, width: 0.24, height: 0.16, rx: 0.02, class: "amk-lock" }),
      s("title", { key: "title" }, t("amk.bound")),
    ],
  );
}

/** The icon of a stone that can act (its outline). */
function actionableIcon(): VNode {
  const icon = stoneIcon("100000", {}, "1.6rem");
  const attrs = icon.data?.attrs;
  if (attrs) attrs.class = "amk-icon amk-actionable-icon";
  return icon;
}

/** The icon of a bound stone (with its lock). */
function boundIcon(t: Translate): VNode {
  const icon = stoneIcon("000000", {}, "1.6rem", [boundBadge(t, "black")]);
  const attrs = icon.data?.attrs;
  if (attrs) attrs.viewBox = "-0.95 -0.95 1.95 1.95";
  return icon;
}

/**
 * The board's legend: what the cells' numbers ("1:0") mean in a line always shown, then, folded, the
 * arrows, circles, marks and control.
 */
export function legend(t: Translate): VNode {
  const icon = (code: string, opts: GlyphOptions) => stoneIcon(code, opts, "1.6rem");
  const swatch = (cls: string) => v("span", { class: `amk-swatch ${cls}` });
  const entries: [VNode, string][] = [
    [icon("100000", {}), t("amk.legendBlue")],
    [icon("200000", {}), t("amk.legendGreen")],
    [icon("300000", {}), t("amk.legendRed")],
    [icon("400000", {}), t("amk.legendDouble")],
    [icon("000000", { circle: "reinforcement" }), t("amk.legendReinforcement")],
    [icon("000000", { circle: "damage" }), t("amk.legendDamage")],
    [icon("100000", { owner: "black", expropriated: true, colour: "white" }), t("amk.legendExpropriated")],
    [icon("300000", { arrowState: () => "blocked" }), t("amk.legendBlocked")],
    [boundIcon(t), t("amk.legendBound")],
    [actionableIcon(), t("amk.legendActionable")],
    [swatch("base-white"), t("amk.legendBases")],
    [swatch("ctl-white"), t("amk.controlWhite")],
    [swatch("ctl-black"), t("amk.controlBlack")],
    [swatch("ctl-tie"), t("amk.controlTie")],
  ];
  return v("div", { key: "legend", class: "amk-legend-part" }, [
    v("p", { key: "numbers", class: "amk-numbers muted", id: "amk-numbers" }, t("amk.numbersMean")),
    v("details", { key: "legend", class: "amk-legend" }, [
      v("summary", {}, t("legend")),
      v(
        "div",
        { class: "legend" },
        entries.map(([picture, text], i) => v("span", { key: i }, [picture, " ", text])),
      ),
      v("p", { class: "muted" }, t("amk.legendControl")),
    ]),
  ]);
}
