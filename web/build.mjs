// Builds the web UI: src/main.ts (and the CSS it imports) into dist/app.js and
// dist/app.css, src/boot.ts (the theme, set before the page is drawn) into dist/boot.js,
// and src/charts/index.ts (uPlot and the charts, which pages load
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
const OUTPUTS = ["app.css", "app.js", "boot.js", "charts.js"];

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

/** The head's blocking script: one function call in its own scope (no globals), not a module. */
const boot = { ...app, entryPoints: { boot: "src/boot.ts" }, format: "iife" };

/** Every output file of both builds, in memory. */
async function outputs() {
  const results = await Promise.all([app, boot].map((options) => esbuild.build({ ...options, write: false })));
  return results.flatMap((result) => result.outputFiles);
}

/** Fails unless the outputs are exactly `OUTPUTS`, which the server embeds. */
function checkOutputs(files) {
  const names = files.map((f) => f.path.slice(join(root, "dist").length + 1)).sort();
  if (names.join() !== OUTPUTS.join()) {
    console.error(`web: the build makes ${names.join(", ")} instead of ${OUTPUTS.join(", ")}`);
    process.exit(1);
  }
}

async function build() {
  const files = await outputs();
  checkOutputs(files);
  for (const file of readdirSync(join(root, "dist"))) rmSync(join(root, "dist", file));
  for (const file of files) writeFileSync(file.path, file.contents);
}

/** Builds in memory and compares each output with the file in dist/. */
async function verify() {
  const files = await outputs();
  checkOutputs(files);
  let stale = [];
  for (const file of files) {
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
  console.log(`web: dist/ matches a fresh build (${files.length} files)`);
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
    // happy-dom and the TypeScript compiler (for the function-length check) stay in node_modules;
    // the UI's own packages are bundled as the app bundles them.
    external: ["happy-dom", "typescript"],
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
