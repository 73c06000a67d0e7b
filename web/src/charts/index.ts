// The charts (a chunk of their own, see build.mjs): the evaluation graph, the rating history and the research
// plots, drawn with uPlot. Pages load it on demand (`chart-loader.ts`), so the lobby and the game
// page do not carry uPlot.

export { evalChart } from "./eval.js";
export type { EvalChartSpec, EvalMark } from "./eval.js";
export { ratingChart } from "./rating.js";
export type { RatingChartSpec } from "./rating.js";
export { researchChart } from "./research.js";
export type { ResearchChartSpec } from "./research.js";
export type { ChartHandle } from "./common.js";
