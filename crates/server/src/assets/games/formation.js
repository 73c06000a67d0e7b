// Die Formation on the Katarenga board: coloured squares with symbols for
// how a piece leaving them moves; click a piece, then a target.

import { svg, h, boardRoot, coordinates, squareName, squares, positionTracker } from "../svg.js";

const COLOURS = { R: "red", Y: "yellow", G: "green", B: "blue" };
const WHITE = new Set(["W", "O"]);
const BLACK = new Set(["B", "X"]);

/** The symbol of a square colour, centred on (0.5, 0.5) of a unit square. */
function symbol(colour) {
  const s = 0.2;
  const paths = {
    R: `M${0.5 - s} 0.5H${0.5 + s}M0.5 ${0.5 - s}V${0.5 + s}`,
    Y: `M${0.5 - s} ${0.5 - s}L${0.5 + s} ${0.5 + s}M${0.5 + s} ${0.5 - s}L${0.5 - s} ${0.5 + s}`,
    G: `M${0.5 - 0.1} ${0.5 - s}V${0.5 + 0.1}H${0.5 + s}`,
    B: `M0.5 ${0.5 - s}V${0.5 + s}M${0.5 - s} 0.5H${0.5 + s}M${0.5 - 0.14} ${0.5 - 0.14}L${0.5 + 0.14} ${0.5 + 0.14}M${0.5 + 0.14} ${0.5 - 0.14}L${0.5 - 0.14} ${0.5 + 0.14}`,
  };
  return svg("path", { d: paths[colour], class: "fm-symbol" });
}

/** No captures in Die Formation. */
export function seatInfo() {
  return null;
}

/** Draws Formation boards into `host`; `submit(move)` plays a move. */
export function createBoard(host, { submit, t }) {
  let props = null;
  let selected = null;
  const newPosition = positionTracker();

  function pieceAt(view, square) {
    const f = square.charCodeAt(0) - 97;
    const r = Number(square.slice(1));
    const c = view.pieces[8 - r]?.[f];
    return WHITE.has(c) ? "white" : BLACK.has(c) ? "black" : null;
  }

  function click(square) {
    const mine = props.toMove === "p1" ? "white" : "black";
    if (selected && props.legal.includes(selected + square)) return submit(selected + square);
    if (pieceAt(props.view, square) === mine && props.legal.some((m) => m.startsWith(square))) {
      selected = selected === square ? null : square;
    } else {
      selected = null;
    }
    draw();
  }

  function draw() {
    const { view, flipped, last } = props;
    const root = boardRoot(8, 8, "Die Formation");
    const lastSquares = last && last !== "0000" ? squares(last) : [];
    const targets = selected ? new Set(props.legal.filter((m) => m.startsWith(selected)).map((m) => m.slice(2))) : new Set();
    for (let i = 0; i < 8; i++) {
      for (let f = 0; f < 8; f++) {
        const r = 8 - i;
        const square = squareName(f, r);
        const colour = view.colors[i][f];
        const x = flipped ? 7 - f : f;
        const y = flipped ? 7 - i : i;
        const group = svg("g", { "data-square": square, transform: `translate(${x} ${y})` }, [
          svg("rect", { width: 1, height: 1, class: `fm ${COLOURS[colour] || ""}`, "data-colour": COLOURS[colour] }),
          symbol(colour),
        ]);
        if (lastSquares.includes(square)) group.append(svg("rect", { x: 0.05, y: 0.05, width: 0.9, height: 0.9, class: "last" }));
        const piece = pieceAt(view, square);
        if (piece) {
          group.append(svg("circle", { cx: 0.5, cy: 0.5, r: 0.3, class: `piece ${piece}`, "data-piece": piece }));
          const mark = symbol(colour);
          mark.setAttribute("transform", "translate(0.2 0.2) scale(0.6)");
          mark.style.cssText = `stroke:${piece === "white" ? "#555" : "#ccc"}`;
          group.append(mark);
        }
        if (square === selected) group.append(svg("rect", { x: 0.04, y: 0.04, width: 0.92, height: 0.92, class: "selected" }));
        if (targets.has(square)) group.append(svg("circle", { cx: 0.5, cy: 0.5, r: 0.14, class: "target move", "data-target": "move" }));
        if (props.interactive) group.addEventListener("click", () => click(square));
        root.append(group);
      }
    }
    root.append(coordinates(8, 8, flipped));
    const legendItem = (colour, key) => h("span", {}, [
      (() => {
        const icon = svg("svg", { viewBox: "0 0 1 1" }, [svg("rect", { width: 1, height: 1, class: `fm ${COLOURS[colour]}` }), symbol(colour)]);
        return icon;
      })(),
      " ",
      t(key),
    ]);
    host.replaceChildren(root, h("div", { class: "legend" }, [
      legendItem("R", "redMoves"), legendItem("Y", "yellowMoves"), legendItem("G", "greenMoves"), legendItem("B", "blueMoves"),
    ]));
  }

  return {
    update(next) {
      if (newPosition(next)) selected = null;
      props = next;
      draw();
    },
    refresh() {
      if (props) draw();
    },
  };
}
