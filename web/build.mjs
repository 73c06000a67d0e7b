// Builds the web UI: src/main.ts (and the CSS it imports) into dist/app.js and
// dist/app.css, and src/charts/index.ts (uPlot and the charts, which pages load
// on demand) into dist/charts.js; the server embeds them. The output depends only on the sources
// and the pinned esbuild version, so a rebuild of unchanged sources gives the same
// bytes.
//
//   node build.mjs           writes dist/
//   node build.mjs --verify  fails when dist/ differs from a fresh build of src/
//   node build.mjs --tests   bundles test/*.test.ts into .test-build/ for `node --test`
import * as esbuild from "esbuild";
import { readFileSync, readdirSync, rmSync, mkdirSync, writeFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const root = dirname(fileURLToPath(import.meta.url));
const mode = process.argv[2] ?? "";

/** The files the server embeds (crates/server/src/assets.rs): a build must make exactly these. */
const OUTPUTS = ["app.css", "app.js", "charts.js"];

/**
 * The bundles' options: two entries bundled each on its own (app.js imports ./charts.js by URL
 * when a page draws a chart: `chart-loader.ts`), minified, no source map, no build-time values.
 */
const app = {
  absWorkingDir: root,
  entryPoints: { app: "src/main.ts", charts: "src/charts/index.ts" },
  outdir: "dist",
  bundle: true,
  format: "esm",
  target: "es2022",
  minify: true,
  legalComments: "none",
  charset: "utf8",
  logLevel: "warning",
};

/** Fails unless the outputs are exactly `OUTPUTS`, which the server embeds. */
function checkOutputs(files) {
  const names = files.map((f) => f.path.slice(join(root, "dist").length + 1)).sort();
  if (names.join() !== OUTPUTS.join()) {
    console.error(`web: the build makes ${names.join(", ")} instead of ${OUTPUTS.join(", ")}`);
    process.exit(1);
  }
}

async function build() {
  const result = await esbuild.build({ ...app, write: false });
  checkOutputs(result.outputFiles);
  for (const file of readdirSync(join(root, "dist"))) rmSync(join(root, "dist", file));
  for (const file of result.outputFiles) writeFileSync(file.path, file.contents);
}

/** Builds in memory and compares each output with the file in dist/. */
async function verify() {
  const result = await esbuild.build({ ...app, write: false });
  checkOutputs(result.outputFiles);
  let stale = [];
  for (const file of result.outputFiles) {
    let committed = null;
    try {
      committed = readFileSync(file.path);
    } catch {}
    if (!committed || !committed.equals(Buffer.from(file.contents))) stale.push(file.path);
  }
  if (stale.length) {
    console.error(`web: the built bundle differs from a fresh build (run \`npm run build\` in web/ and commit):\n  ${stale.join("\n  ")}`);
    process.exit(1);
  }
  console.log(`web: dist/ matches a fresh build (${result.outputFiles.length} files)`);
}

/** Bundles each unit test for node, with its packages left to node_modules. */
async function tests() {
  const out = join(root, ".test-build");
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out);
  const entries = readdirSync(join(root, "test")).filter((f) => f.endsWith(".test.ts")).map((f) => `test/${f}`);
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: entries,
    outdir: ".test-build",
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // happy-dom stays in node_modules; the UI's own packages are bundled as the app bundles them.
    external: ["happy-dom"],
    logLevel: "warning",
  });
}

if (mode === "--verify") await verify();
else if (mode === "--tests") await tests();
else if (mode === "") await build();
else {
  console.error(`unknown option ${mode}`);
  process.exit(2);
}
