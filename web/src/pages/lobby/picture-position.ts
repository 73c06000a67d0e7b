// The position a game's picture shows (the lobby's picker, the lists of lessons and puzzles): the
// start position, except where that is an empty board. Amakta and Amakta Infinit start empty (the
// stones are set during the game), so their pictures get a few stones of each side beside their
// bases; a view whose board has stones already is drawn as it is.

import type { AmaktaColour } from "../../contract/games/AmaktaColour.js";
import type { AmaktaView } from "../../contract/games/AmaktaView.js";
import type { InfinitCell } from "../../contract/games/InfinitCell.js";
import type { InfinitStone } from "../../contract/games/InfinitStone.js";
import type { InfinitView } from "../../contract/games/InfinitView.js";

/** The cells of each side's stones in Amakta's picture: beside its base (White's at the left end of the middle row, Black's at the right). */
const AMAKTA_PICTURE_CELLS: Record<AmaktaColour, string[]> = {
  white: ["e2", "d1", "f1", "d2", "f2"],
  black: ["e8", "d8", "f8", "d7", "f7"],
};

/** `view` with stones from the hands set on the cells of `AMAKTA_PICTURE_CELLS` (Black's turned to face White). */
function amaktaWithStones(view: AmaktaView): AmaktaView {
  const cells = new Map(view.cells.map((cell) => [cell.name, { ...cell }]));
  const stones = view.stones.map((stone) => ({ ...stone }));
  const inventories = { white: [...view.inventories.white], black: [...view.inventories.black] };
  for (const colour of ["white", "black"] as const) {
    // Stones with arrows (the blank one would show nothing of the game).
    const inHand = stones.filter(
      (stone) => stone.owner === colour && stone.location === "inventory" && /[1-9]/.test(stone.code),
    );
    AMAKTA_PICTURE_CELLS[colour].forEach((name, index) => {
      const stone = inHand[index];
      const cell = cells.get(name);
      if (!stone || !cell) return;
      const turns = view.orientations[stone.code] ?? [stone.code];
      stone.location = "board";
      stone.cell = name;
      stone.orientation = colour === "black" ? (turns[3 % turns.length] ?? stone.code) : stone.code;
      cell.stone = stone;
      const hand = inventories[colour];
      const at = hand.indexOf(stone.code);
      if (at >= 0) hand.splice(at, 1);
    });
  }
  return { ...view, cells: view.cells.map((cell) => cells.get(cell.name) ?? cell), stones, inventories };
}

/**
 * The stones of each side in Amakta Infinit's picture: the cell (axial, from the side's base) and the
 * stone's arrows, on the base's side towards the other base (Black's turned to face White).
 */
const INFINIT_PICTURE_STONES: Record<AmaktaColour, [number, number, string][]> = {
  white: [
    [1, -1, "100000"],
    [1, 0, "300100"],
    [0, 1, "001003"],
  ],
  black: [
    [0, -1, "000100"],
    [-1, 0, "100300"],
    [-1, 1, "003001"],
  ],
};

/** The bases' distance in Infinit's picture: close, so that the picture's cells and stones are large enough to see. */
const INFINIT_PICTURE_DISTANCE = 4;

/**
 * Infinit's `view` for its picture: Black's base `INFINIT_PICTURE_DISTANCE` cells east of White's, the
 * stones of `INFINIT_PICTURE_STONES` beside the bases, the viewport around them (a cell's margin, as the server's).
 */
function infinitWithStones(view: InfinitView): InfinitView {
  const white = view.bases.white;
  const q = white.q + INFINIT_PICTURE_DISTANCE;
  const bases = { white, black: { q, r: white.r, name: `${q},${white.r}` } };
  const cells = new Map(
    view.cells.map((cell): [string, InfinitCell] =>
      cell.base === "black" ? [bases.black.name, { ...cell, ...bases.black }] : [cell.name, cell],
    ),
  );
  const stones = [...view.stones];
  for (const colour of ["white", "black"] as const) {
    const base = bases[colour];
    for (const [dq, dr, orientation] of INFINIT_PICTURE_STONES[colour]) {
      const [q, r] = [base.q + dq, base.r + dr];
      const name = `${q},${r}`;
      const stone: InfinitStone = {
        q,
        r,
        piece: `${colour[0]}:${orientation}`,
        code: orientation,
        colour,
        owner: colour,
        expropriated: false,
        circle: "none",
        orientation,
        location: "board",
        cell: name,
        free: true,
      };
      const empty: InfinitCell = {
        q,
        r,
        name,
        base: null,
        arrows: { white: 0, black: 0 },
        effective: { white: 0, black: 0 },
        control: "free",
        stone: null,
      };
      stones.push(stone);
      cells.set(name, { ...(cells.get(name) ?? empty), stone });
    }
  }
  const placed = [...cells.values()];
  const rows = placed.map((cell) => cell.r);
  const columns = placed.map((cell) => 2 * cell.q + cell.r);
  const viewport = {
    rows: [Math.min(...rows) - 1, Math.max(...rows) + 1] as [number, number],
    columns: [Math.min(...columns) - 2, Math.max(...columns) + 2] as [number, number],
  };
  return { ...view, distance: INFINIT_PICTURE_DISTANCE, bases, cells: placed, stones, viewport };
}

/** The view a game's picture draws for its start view `view`: Amakta's empty boards with a few stones on them, any other as it is. */
export function picturePosition(view: Record<string, unknown>): Record<string, unknown> {
  if (view.game === "amakta-infinit") {
    const infinit = view as unknown as InfinitView;
    if (infinit.cells.some((cell) => cell.stone)) return view;
    return infinitWithStones(infinit) as unknown as Record<string, unknown>;
  }
  if (view.game !== "amakta") return view;
  const amakta = view as unknown as AmaktaView;
  if (amakta.cells.some((cell) => cell.stone)) return view;
  return amaktaWithStones(amakta) as unknown as Record<string, unknown>;
}
