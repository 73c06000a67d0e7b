// Any game without a renderer of its own: a grid when the view has a
// `board` of strings (click squares to build a move), else the view as text.

import { svg, h, boardRoot, coordinates, squareName, keyboardCells } from "../svg.js";
import type { Board, BoardContext, BoardProps } from "../board-types.js";

/** No extra information per seat. */
export function seatInfo(): null {
  return null;
}

/** Draws the view into `host`; `submit(move)` plays a move. */
export function createBoard(host: HTMLElement, context: BoardContext): Board {
  return new GenericBoard(host, context);
}

/** The board's state and drawing (see `createBoard`). */
class GenericBoard implements Board {
  readonly host: HTMLElement;
  readonly submit: BoardContext["submit"];
  props!: BoardProps;
  partial = "";
  readonly show: ReturnType<typeof keyboardCells>;

  readonly click = (square: string) => {
    const next = this.partial + square;
    if (this.props.legal.includes(next)) {
      this.partial = "";
      return this.submit(next);
    }
    this.partial = this.props.legal.some((m) => m.startsWith(next))
      ? next
      : this.props.legal.some((m) => m.startsWith(square))
        ? square
        : "";
    this.draw();
  };

  readonly draw = () => {
    const { view, flipped } = this.props;
    const rows = view.board;
    if (!Array.isArray(rows) || !rows.every((row): row is string => typeof row === "string")) {
      this.host.replaceChildren(h("pre", { class: "view" }, JSON.stringify(view, null, 2)));
      return;
    }
    const ranks = rows.length;
    const files = Math.max(...rows.map((row) => row.length));
    const root = boardRoot(files, ranks, typeof view.game === "string" ? view.game : "board");
    rows.forEach((row, i) => {
      [...row].forEach((c, f) => {
        const square = squareName(f, ranks - i);
        const x = flipped ? files - 1 - f : f;
        const y = flipped ? ranks - 1 - i : i;
        const group = svg(
          "g",
          {
            "data-square": square,
            transform: `translate(${x} ${y})`,
            "aria-label": c === "." ? square : `${square} ${c}`,
          },
          [
            svg("rect", { width: 1, height: 1, class: `sq ${(f + i) % 2 ? "dark" : ""}` }),
            c === "."
              ? null
              : svg("text", { x: 0.5, y: 0.68, class: "stone-letter", style: "fill:#222;font-size:.55px" }, c),
          ],
        );
        if (this.partial.includes(square))
          group.append(svg("rect", { x: 0.05, y: 0.05, width: 0.9, height: 0.9, class: "selected" }));
        if (this.props.last?.includes(square))
          group.append(svg("rect", { x: 0.08, y: 0.08, width: 0.84, height: 0.84, class: "last" }));
        if (this.props.interactive) group.addEventListener("click", () => this.click(square));
        root.append(group);
      });
    });
    root.append(coordinates(files, ranks, flipped));
    this.show(root);
  };

  constructor(host: HTMLElement, context: BoardContext) {
    this.host = host;
    this.submit = context.submit;
    this.show = keyboardCells(this.host, "data-square");
  }

  update(next: BoardProps) {
    this.props = next;
    this.partial = "";
    this.draw();
  }

  refresh() {
    if (this.props) this.draw();
  }
}
