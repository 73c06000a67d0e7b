// Where the board's playing area lies inside its picture: the seats' strips beside the board line
// up with the area's top and bottom edges, not with the coordinates' margins around it.

/** The margins above and below the playing area inside the board's picture, px. */
export interface BoardInsets {
  top: number;
  bottom: number;
}

/**
 * The margins of `svg` above and below everything it draws but its coordinates (`.coords`): the
 * squares, cells or frame, as laid out now. Nothing drawn yet: no margins.
 */
export function boardInsets(svg: SVGSVGElement): BoardInsets {
  const box = svg.getBoundingClientRect();
  let top = Number.POSITIVE_INFINITY;
  let bottom = Number.NEGATIVE_INFINITY;
  for (const child of Array.from(svg.children)) {
    if (child.matches(".coords, defs, title")) continue;
    const rect = child.getBoundingClientRect();
    if (!rect.width && !rect.height) continue;
    top = Math.min(top, rect.top);
    bottom = Math.max(bottom, rect.bottom);
  }
  if (top > bottom) return { top: 0, bottom: 0 };
  return { top: Math.max(0, Math.round(top - box.top)), bottom: Math.max(0, Math.round(box.bottom - bottom)) };
}

/**
 * Hands the board's margins in `page` to its style as `--board-inset-top` and `--board-inset-bottom`
 * (style.css moves the seats' strips by them), when they changed.
 */
export function alignSeatsWithBoard(page: HTMLElement): void {
  const svg = page.querySelector<SVGSVGElement>(".board-host > svg.board");
  const insets = svg ? boardInsets(svg) : { top: 0, bottom: 0 };
  for (const [name, px] of [
    ["--board-inset-top", insets.top],
    ["--board-inset-bottom", insets.bottom],
  ] as const) {
    const value = `${px}px`;
    if (page.style.getPropertyValue(name) !== value) page.style.setProperty(name, value);
  }
}
