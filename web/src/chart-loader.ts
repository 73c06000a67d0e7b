// Loads the charts bundle (dist/charts.js: uPlot and the chart functions of `charts/`, bundled on
// its own by build.mjs) on first use, so that the pages without charts (the lobby, the game page)
// do not carry it. The bundle is imported by its URL next to app.js.

/** The charts module. */
export type Charts = typeof import("./charts/index.js");

/** Where the charts bundle is, relative to app.js (a variable: esbuild leaves the import as it is). */
const CHARTS_URL = "./charts.js";

let loading: Promise<Charts> | null = null;

/** The charts module: loaded on the first call, the same promise after. */
export function loadCharts(): Promise<Charts> {
  loading ??= import(CHARTS_URL) as Promise<Charts>;
  return loading;
}
