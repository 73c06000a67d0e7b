// Reading the server's engine analysis (`GET /api/games/{id}/analysis`, Server-Sent Events): an
// `info` event per report of a line, then one `done` event with the best move and its score.

import { DECIDED } from "./judgement.js";
import type { SeatName } from "../types.js";

/** An engine line as the analysis stream reports it. */
export interface EngineLine {
  multipv?: number;
  score: string;
  depth: number;
  pv: string[];
}

/** The end of an analysis: the best move and its score (UCI-style, for the side to move), null when there is none. */
export interface AnalysisDone {
  best: string | null;
  score: string | null;
}

/** A UCI-style engine score (`cp 35`, `mate 3`, `mate -2`, for the side to move `toMove`) from the first player's view. */
export function firstPlayerScore(uci: string, toMove: SeatName): number {
  const [kind, value] = uci.split(" ");
  const n = Number(value);
  const forMover = kind === "mate" ? Math.sign(n) * (DECIDED - Math.max(0, 2 * Math.abs(n) - 1)) : n;
  return toMove === "p2" ? -forMover : forMover;
}

/** A refused request as an error with the server's message (`text`), as `api` makes them. */
async function refusal(response: Response): Promise<Error> {
  const data = await response.json().catch(() => ({}));
  return Object.assign(new Error(data.error || `${response.status}`), { text: data.message, status: response.status });
}

/** The events of one block of the stream: its name and its data, parsed. */
function parseBlock(block: string): { name: string | undefined; data: unknown } {
  const name = block.match(/^event: ?(.*)$/m)?.[1];
  const data = block.match(/^data: ?(.*)$/m)?.[1];
  return { name, data: data ? JSON.parse(data) : null };
}

/**
 * Reads the analysis at `url` (aborted by `signal`), calling `onInfo` with each line's report;
 * resolves with the `done` event (null if the stream ends without one). Throws the server's
 * refusal, or an `AbortError` when aborted.
 */
export async function readAnalysis(url: string, signal: AbortSignal, onInfo: (line: EngineLine) => void): Promise<AnalysisDone | null> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw await refusal(response);
  if (!response.body) throw new Error(`${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let done: AnalysisDone | null = null;
  for (;;) {
    const { value, done: ended } = await reader.read();
    if (ended) return done;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const { name, data } = parseBlock(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      if (name === "info" && data) onInfo(data as EngineLine);
      if (name === "done" && data) done = data as AnalysisDone;
    }
  }
}
