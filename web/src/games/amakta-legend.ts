// Amakta's legend below the board, and the lock a bound stone wears.

import { h, svg } from "../svg.js";
import { stoneIcon } from "./amakta-stones.js";
import type { GlyphOptions } from "./amakta-stones.js";
import type { Translate } from "../i18n.js";

/** The lock on a bound stone, in the corner between two arrow directions, coloured by who holds the cell. */
export function boundBadge(t: Translate, control: string): SVGElement {
  const badge = svg(
    "g",
    { class: `amk-bound ctl-${control}`, transform: "translate(0.69 0.4)", "data-bound": control },
    [
      svg("circle", { r: 0.25 }),
      svg("path", { d: "M-0.08 -0.02 v-0.06 a0.08 0.08 0 0 1 0.16 0 v0.06", class: "amk-shackle" }),
      svg("rect", { x: -0.12, y: -0.03, width: 0.24, height: 0.16, rx: 0.02, class: "amk-lock" }),
    ],
  );
  badge.append(svg("title", {}, t("amk.bound")));
  return badge;
}

/** The icon of a stone that can act (its outline). */
export function actionableIcon() {
  const icon = stoneIcon("100000", {}, "1.6rem");
  icon.classList.add("amk-actionable-icon");
  return icon;
}

/** The icon of a bound stone (with its lock). */
export function boundIcon(t: Translate) {
  const icon = stoneIcon("000000", {}, "1.6rem");
  icon.setAttribute("viewBox", "-0.95 -0.95 1.95 1.95");
  icon.append(boundBadge(t, "black"));
  return icon;
}

/** The board's legend: arrows, circles, marks and control. */
export function legend(t: Translate) {
  const icon = (code: string, opts: GlyphOptions) => stoneIcon(code, opts, "1.6rem");
  const swatch = (cls: string) => h("span", { class: `amk-swatch ${cls}` });
  return h("details", { class: "amk-legend" }, [
    h("summary", {}, t("legend")),
    h("div", { class: "legend" }, [
      h("span", {}, [icon("100000", {}), " ", t("amk.legendBlue")]),
      h("span", {}, [icon("200000", {}), " ", t("amk.legendGreen")]),
      h("span", {}, [icon("300000", {}), " ", t("amk.legendRed")]),
      h("span", {}, [icon("400000", {}), " ", t("amk.legendDouble")]),
      h("span", {}, [icon("000000", { circle: "reinforcement" }), " ", t("amk.legendReinforcement")]),
      h("span", {}, [icon("000000", { circle: "damage" }), " ", t("amk.legendDamage")]),
      h("span", {}, [
        icon("100000", { owner: "black", expropriated: true, colour: "white" }),
        " ",
        t("amk.legendExpropriated"),
      ]),
      h("span", {}, [icon("300000", { arrowState: () => "blocked" }), " ", t("amk.legendBlocked")]),
      h("span", {}, [boundIcon(t), " ", t("amk.legendBound")]),
      h("span", {}, [actionableIcon(), " ", t("amk.legendActionable")]),
      h("span", {}, [swatch("base-white"), " ", t("amk.legendBases")]),
      h("span", {}, [swatch("ctl-white"), " ", t("amk.controlWhite")]),
      h("span", {}, [swatch("ctl-black"), " ", t("amk.controlBlack")]),
      h("span", {}, [swatch("ctl-tie"), " ", t("amk.controlTie")]),
    ]),
    h("p", { class: "muted" }, t("amk.legendControl")),
  ]);
}
