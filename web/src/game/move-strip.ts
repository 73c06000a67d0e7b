// Where the moves scroll to: down the list beside the board, or along a phone's one-line move strip,
// whose first entry in sight is always whole (lichess's strip never shows half a move at its left edge).

/**
 * Where a one-line strip `width` wide of entries `length` long in all starts (its `scrollLeft`) to
 * show the entry from `currentStart` to `currentEnd` whole: in its middle where the entries go on
 * after it, else with as many entries before it as fit; always at the start of an entry (`starts`:
 * every entry's start, in order), never past the current entry's own start and never before 0.
 */
export function stripStart(
  starts: number[],
  currentStart: number,
  currentEnd: number,
  width: number,
  length: number,
): number {
  const centred = Math.min((currentStart + currentEnd - width) / 2, length - width);
  const wanted = Math.max(centred, currentEnd - width);
  const first = starts.find((start) => start >= wanted) ?? currentStart;
  return Math.max(0, Math.min(first, currentStart));
}

/**
 * Where a list `height` high scrolls to (its `scrollTop`) to show the entry from `top`, `entryHeight`
 * high, when a sticky heading `cover` high covers the list's top: the entry in the middle of what
 * is in sight below the heading, and always whole (its end in sight, and its start below the heading
 * before that).
 */
export function listTop(top: number, entryHeight: number, height: number, cover = 0): number {
  const centred = top + entryHeight / 2 - cover - (height - cover) / 2;
  return Math.max(0, Math.min(top - cover, Math.max(centred, top + entryHeight - height)));
}

/** The sticky heading that stands over the list's top while `entry` is in sight (the last heading before it), if any. */
function headingOver(entry: Element): HTMLElement | null {
  for (let at = entry.previousElementSibling; at; at = at.previousElementSibling) {
    if (at.classList.contains("moves-heading")) return at as HTMLElement;
  }
  return null;
}

/**
 * Scrolls the move list in `panel` so that the move shown is in its middle: down the list, or along
 * it where it is one line (a phone's move strip, see style.css). The strip starts at an entry's
 * start; where that lies past the strip's end, padding at its end makes the room.
 */
export function keepCurrentMoveInSight(panel: Element): void {
  const current = panel.querySelector<HTMLElement>("#moves .current");
  const list = current?.parentElement;
  if (!current || !list) return;
  const cover = headingOver(current)?.offsetHeight ?? 0;
  list.scrollTop = listTop(current.offsetTop - list.offsetTop, current.offsetHeight, list.clientHeight, cover);
  list.style.paddingInlineEnd = "";
  if (list.scrollWidth <= list.clientWidth) return;
  const left = list.getBoundingClientRect().left - list.scrollLeft;
  const startOf = (entry: Element) => entry.getBoundingClientRect().left - left;
  const currentStart = startOf(current);
  const start = stripStart(
    Array.from(list.children, startOf),
    currentStart,
    currentStart + current.getBoundingClientRect().width,
    list.clientWidth,
    list.scrollWidth,
  );
  const missing = Math.ceil(start + list.clientWidth - list.scrollWidth);
  if (missing > 0) list.style.paddingInlineEnd = `${missing}px`;
  list.scrollLeft = start;
}
