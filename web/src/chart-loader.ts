// Loads the charts (uPlot and the chart functions of `charts/`) on first use: build.mjs splits them
// into a chunk of their own, so that the pages without charts (the lobby, the game page) do not
// carry them.

/** The charts module. */
export type Charts = typeof import("./charts/index.js");

let loading: Promise<Charts> | null = null;

/** The charts module: loaded on the first call, the same promise after. */
export function loadCharts(): Promise<Charts> {
  loading ??= import("./charts/index.js");
  return loading;
}
