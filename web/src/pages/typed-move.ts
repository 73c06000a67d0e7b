// A move typed on a study page (a puzzle) checked against the position's legal moves before it is
// sent, so that no request fails for a move that cannot be played: the typed text is matched with
// the listed move it names, in the other ways the games' notations allow writing it too.

/** The squares of a move text such as "c3c5d4": each a letter and a number. */
const SQUARES = /^(?:[a-z]\d{1,2})+$/;

/** The squares of `text` in order ("c3c5d4" → ["c3", "c5", "d4"]), or null if it is not only squares. */
function squaresOf(text: string): string[] | null {
  return SQUARES.test(text) ? (text.match(/[a-z]\d{1,2}/g) ?? null) : null;
}

/** A square moved by the step from `from` to `to` (letters and numbers added as numbers). */
function shifted(square: string, from: string, to: string): string {
  const file = (s: string) => s.charCodeAt(0);
  const rank = (s: string) => Number(s.slice(1));
  return `${String.fromCharCode(file(square) + file(to) - file(from))}${rank(square) + rank(to) - rank(from)}`;
}

/**
 * The other texts that name the same move as `text` (lower case) in game `game`: a pass as "0000";
 * an Ataxx clone written from a neighbouring square ("f6g7" for "g7"); an Abalone sideways move
 * written from its other end ("c5c3d6" for "c3c5d4").
 */
function aliases(game: string, text: string): string[] {
  if (text === "pass" || text === "null") return ["0000"];
  const squares = squaresOf(text);
  if (!squares) return [];
  const [a, b, c] = squares;
  if (game === "ataxx" && squares.length === 2 && a && b) {
    const near =
      Math.abs(a.charCodeAt(0) - b.charCodeAt(0)) <= 1 && Math.abs(Number(a.slice(1)) - Number(b.slice(1))) <= 1;
    return near ? [b] : [];
  }
  if (game === "abalone" && squares.length === 3 && a && b && c) return [`${b}${a}${shifted(b, a, c)}`];
  return [];
}

/**
 * The legal move (as `legal` lists it) that `typed` names in game `game`, or null if it names none:
 * case, spaces around and between words do not matter. `listed` says whether `legal` holds every
 * legal move; if not, the typed text is trusted (returned tidied) and the server judges it.
 */
export function typedMove(game: string, typed: string, legal: readonly string[], listed: boolean): string | null {
  const text = typed.trim().toLowerCase().replace(/\s+/g, " ");
  if (!text) return null;
  const byText = new Map(legal.map((move) => [move.toLowerCase().replace(/\s+/g, " "), move]));
  for (const candidate of [text, ...aliases(game, text)]) {
    const move = byText.get(candidate);
    if (move !== undefined) return move;
  }
  return listed ? null : text;
}
