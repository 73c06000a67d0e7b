// The generic board's view: a grid of the view's `board` rows as vnodes keyed by square, else the view as text.

import { s, v, boardRootV, coordinatesV, type VNode } from "../vdom.js";
import { squareName } from "../squares.js";
import type { BoardProps } from "../board-types.js";
import { rowsOf, type GenericModel } from "./generic-model.js";

/** The board, or the view as text when it has no board of strings. */
export function view(props: BoardProps, model: GenericModel, click: (square: string) => unknown): VNode {
  const { view, flipped } = props;
  const rows = rowsOf(view);
  if (!rows) return v("pre", { key: "text", class: "view" }, JSON.stringify(view, null, 2));
  const ranks = rows.length;
  const files = Math.max(...rows.map((row) => row.length));
  const cells = rows.flatMap((row, i) =>
    [...row].map((c, f) => {
      const square = squareName(f, ranks - i);
      const x = flipped ? files - 1 - f : f;
      const y = flipped ? ranks - 1 - i : i;
      const attrs = {
        key: square,
        "data-square": square,
        transform: `translate(${x} ${y})`,
        "aria-label": c === "." ? square : `${square} ${c}`,
        on: props.interactive ? { click: () => click(square) } : undefined,
      };
      return s("g", attrs, [
        s("rect", { key: "sq", width: 1, height: 1, class: `sq ${(f + i) % 2 ? "dark" : ""}` }),
        c !== "." &&
          s(
            "text",
            { key: "c", x: 0.5, y: 0.68, class: "stone-letter", style: { fill: "#222", fontSize: ".55px" } },
            c,
          ),
        model.partial.includes(square) &&
          s("rect", { key: "selected", x: 0.05, y: 0.05, width: 0.9, height: 0.9, class: "selected" }),
        props.last?.includes(square) &&
          s("rect", { key: "last", x: 0.08, y: 0.08, width: 0.84, height: 0.84, class: "last" }),
      ]);
    }),
  );
  const label = typeof view.game === "string" ? view.game : "board";
  return boardRootV(files, ranks, label, [...cells, coordinatesV(files, ranks, flipped)]);
}
