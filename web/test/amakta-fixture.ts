// What Amakta's unit tests share: a stone of a view, still in hand.

/** A stone of `colour` in its owner's hand, with code `code` (its orientation too) and circle `circle`. */
export const inventoryStone = (colour: "white" | "black", code: string, circle: string) => ({
  piece: `${colour[0]}:${code}`,
  code,
  colour,
  owner: colour,
  expropriated: false,
  circle,
  orientation: code,
  location: "inventory",
  cell: null,
  free: null,
});
