// Builds the web UI: src/main.ts (and the CSS it imports) into dist/app.js and dist/app.css, split
// (esbuild's `splitting`) so that the pages main.ts loads with `import()` and the charts come in
// chunks of their own (dist/chunk-<hash>.js), fetched when first needed; and src/boot.ts (the
// theme, set before the page is drawn) into dist/boot.js. The server embeds every file of dist/.
// The output depends only on the sources and the pinned esbuild version, so a rebuild of
// unchanged sources gives the same bytes.
//
//   node build.mjs           writes dist/
//   node build.mjs --verify  fails when dist/ differs from a fresh build of src/
//   node build.mjs --tests   bundles test/*.test.ts into .test-build/ for `node --test`
import * as esbuild from "esbuild";
import { readFileSync, readdirSync, rmSync, mkdirSync, writeFileSync } from "node:fs";
import { join, dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = dirname(fileURLToPath(import.meta.url));
const mode = process.argv[2] ?? "";

/** The files the page itself names (web/static/index.html); the rest of dist/ are app.js's chunks. */
const NAMED = ["app.css", "app.js", "boot.js"];
/** How a chunk is named: by its content, so the server may let browsers keep it for good. */
const CHUNK = /^chunk-[A-Z0-9]{8}\.js$/;

/**
 * The app's options: one entry, split into chunks at its `import()`s, minified, no source map, no
 * build-time values; the metafile tells which module went where (`checkTexts`).
 */
const app = {
  absWorkingDir: root,
  entryPoints: { app: "src/main.ts" },
  outdir: "dist",
  bundle: true,
  splitting: true,
  chunkNames: "chunk-[hash]",
  metafile: true,
  format: "esm",
  target: "es2022",
  minify: true,
  legalComments: "none",
  charset: "utf8",
  logLevel: "warning",
};

/** The head's blocking script: one function call in its own scope (no globals), not a module. */
const boot = { ...app, entryPoints: { boot: "src/boot.ts" }, format: "iife", splitting: false, metafile: false };

/** The name of an output file within dist/. */
const distName = (path) => relative(join(root, "dist"), resolve(root, path));

/**
 * Every output file of both builds, in memory, but the style sheets esbuild makes for the chunks:
 * each page's styles are imported by main.ts (or by a board, which the first load has), so they
 * are in app.css, and a chunk's sheet would only repeat them (`checkStyles`).
 */
async function outputs() {
  const [appResult, bootResult] = await Promise.all([app, boot].map((options) => esbuild.build({ ...options, write: false })));
  checkStyles(appResult.metafile);
  checkTexts(appResult.metafile);
  const files = [...appResult.outputFiles, ...bootResult.outputFiles];
  return files.filter((f) => !(f.path.endsWith(".css") && distName(f.path) !== "app.css"));
}

/** Fails unless the outputs are the files the page names and chunks, which the server embeds (all of dist/). */
function checkOutputs(files) {
  const names = files.map((f) => distName(f.path));
  const strange = names.filter((name) => !NAMED.includes(name) && !CHUNK.test(name));
  const missing = NAMED.filter((name) => !names.includes(name));
  if (strange.length || missing.length) {
    console.error(`web: the build makes ${names.join(", ")}: ${NAMED.join(", ")} and chunk-<hash>.js only`);
    process.exit(1);
  }
}

/** Fails when a style sheet is not in app.css: a chunk's own sheet would never be loaded. */
function checkStyles(metafile) {
  const inApp = new Set(Object.keys(metafile.outputs["dist/app.css"]?.inputs ?? {}));
  const lost = Object.keys(metafile.inputs).filter((input) => input.endsWith(".css") && !inApp.has(input));
  if (lost.length) {
    console.error(`web: ${lost.join(", ")} would be loaded by no page: import it from src/main.ts`);
    process.exit(1);
  }
}

/**
 * Fails when code of the first load (app.js and the chunks it imports) uses a text key that only a
 * module of a later chunk adds (`addTexts`): `t` throws on a key not yet added, so that code would
 * fail until the page that adds it had been opened. A key counts as used where it is quoted as
 * `t`'s argument, where a key with a dot is quoted anywhere (handed on to be translated later), and
 * as possibly used where a template begins with its prefix (`ab.${kind}`).
 */
function checkTexts(metafile) {
  const outputs = Object.fromEntries(Object.entries(metafile.outputs).map(([path, output]) => [distName(path), output]));
  const first = new Set();
  const pending = ["app.js"];
  while (pending.length) {
    const name = pending.pop();
    if (first.has(name)) continue;
    first.add(name);
    for (const i of outputs[name].imports) if (i.kind === "import-statement") pending.push(distName(i.path));
  }
  const modulesOf = (names) => new Set(names.flatMap((name) => Object.keys(outputs[name].inputs)));
  const firstModules = modulesOf([...first]);
  const later = [...modulesOf(Object.keys(outputs).filter((n) => n.endsWith(".js") && !first.has(n)))];
  const laterKeys = new Map();
  for (const module of later.filter((m) => m.startsWith("src/") && !firstModules.has(m))) {
    const source = readFileSync(join(root, module), "utf8");
    const en = source.split("addTexts(")[1]?.split(/\bde:/)[0] ?? "";
    for (const [, key] of en.matchAll(/^\s*"?([A-Za-z0-9_.]+)"?\s*:/gm)) if (key !== "en") laterKeys.set(key, module);
  }
  const wrong = [];
  for (const module of [...firstModules].filter((m) => m.startsWith("src/") && m.endsWith(".ts"))) {
    const source = readFileSync(join(root, module), "utf8");
    const quoted = new Set([
      ...[...source.matchAll(/["'`]([A-Za-z0-9_]+\.[A-Za-z0-9_.]+)["'`]/g)].map((m) => m[1]),
      ...[...source.matchAll(/\bt\(\s*["'`]([A-Za-z0-9_.]+)["'`]/g)].map((m) => m[1]),
    ]);
    const prefixes = [...source.matchAll(/`([A-Za-z0-9_]+\.)\$\{/g)].map((m) => m[1]);
    for (const [key, owner] of laterKeys) {
      if (quoted.has(key) || prefixes.some((p) => key.startsWith(p))) wrong.push(`${module} uses "${key}" of ${owner}`);
    }
  }
  if (wrong.length) {
    console.error(`web: the first load uses texts that a later chunk adds (move them to a module it loads):\n  ${wrong.join("\n  ")}`);
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
