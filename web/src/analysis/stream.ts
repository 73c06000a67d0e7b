// Reading the server's engine analysis (`GET /api/games/{id}/analysis`, Server-Sent Events) with
// `EventSource`, as the game page's quick analysis does: an `info` event per report of a line, then
// one `done` event with the best move and its score.

import { DECIDED } from "./judgement.js";
import type { AnalysisDone } from "../contract/AnalysisDone.js";
import type { AnalysisInfo } from "../contract/AnalysisInfo.js";
import type { SeatId } from "../contract/SeatId.js";

/** A UCI-style engine score (`cp 35`, `mate 3`, `mate -2`, for the side to move `toMove`) from the first player's view. */
export function firstPlayerScore(uci: string, toMove: SeatId): number {
  const [kind, value] = uci.split(" ");
  const n = Number(value);
  const forMover = kind === "mate" ? Math.sign(n) * (DECIDED - Math.max(0, 2 * Math.abs(n) - 1)) : n;
  return toMove === "p2" ? -forMover : forMover;
}

/**
 * Reads the analysis at `url` (aborted by `signal`), calling `onInfo` with each line's report;
 * resolves with the `done` event. Rejects with an `AbortError` when aborted, and with the error
 * `analysisFailed` when the server refuses or the connection breaks (EventSource tells neither the
 * status nor the server's message; it is closed then, so that it does not reconnect).
 */
export function readAnalysis(
  url: string,
  signal: AbortSignal,
  onInfo: (line: AnalysisInfo) => void,
): Promise<AnalysisDone> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new DOMException("aborted", "AbortError"));
      return;
    }
    const source = new EventSource(url);
    const end = () => {
      source.close();
      signal.removeEventListener("abort", aborted);
    };
    const aborted = () => {
      end();
      reject(new DOMException("aborted", "AbortError"));
    };
    signal.addEventListener("abort", aborted);
    source.addEventListener("info", (event) => onInfo(JSON.parse(event.data) as AnalysisInfo));
    source.addEventListener("done", (event) => {
      end();
      resolve(JSON.parse(event.data) as AnalysisDone);
    });
    source.onerror = () => {
      end();
      reject(Object.assign(new Error("analysis failed"), { key: "analysisFailed" }));
    };
  });
}
