// Square names of the square boards (Ataxx, Die Formation, the generic board).

/** The square name of file index `f` (0 = a) and rank `r` (1-based). */
export function squareName(f: number, r: number): string {
  return String.fromCharCode(97 + f) + r;
}

/** Splits move text into square names (`g1e3` → [`g1`, `e3`]). */
export function squares(move: string): string[] {
  return move.match(/[a-z]\d+/g) || [];
}
