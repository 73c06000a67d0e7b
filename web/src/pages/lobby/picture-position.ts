// The position a game's picture shows (the lobby's picker, the lists of lessons and puzzles): the
// start position, except where that is an empty board. Amakta starts empty (the stones are set
// during the game), so its picture gets a few stones of each side beside their bases; an Amakta
// view whose board has stones already is drawn as it is.

import type { AmaktaColour } from "../../contract/games/AmaktaColour.js";
import type { AmaktaView } from "../../contract/games/AmaktaView.js";

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

/** The view a game's picture draws for its start view `view`: Amakta's empty board with a few stones on it, any other as it is. */
export function picturePosition(view: Record<string, unknown>): Record<string, unknown> {
  if (view.game !== "amakta") return view;
  const amakta = view as unknown as AmaktaView;
  if (amakta.cells.some((cell) => cell.stone)) return view;
  return amaktaWithStones(amakta) as unknown as Record<string, unknown>;
}
