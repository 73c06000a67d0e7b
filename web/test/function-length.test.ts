// The house rule "no UI function over ~80 lines", checked over every source file with the
// TypeScript compiler's parser: a function (declaration, method, arrow or expression) spans at
// most MAX_LINES lines, from its first line to its closing brace.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

/** The longest a function may be, in lines. */
const MAX_LINES = 80;

/** `web/src`, found from this test's bundle in `web/.test-build/`. */
const SOURCES = join(dirname(fileURLToPath(import.meta.url)), "..", "src");

/** Every `.ts` file under `dir`. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** The functions of `text` longer than MAX_LINES, as "file:line name (N lines)". */
export function longFunctions(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const last = source.getLineAndCharacterOfPosition(node.end).line;
      const lines = last - first + 1;
      const name =
        node.name?.getText() ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name.getText() : "(anonymous)");
      if (lines > MAX_LINES) found.push(`${file}:${first + 1} ${name} (${lines} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

test("the check finds a function that is too long, at any depth", () => {
  const body = Array.from({ length: MAX_LINES }, (_, i) => `  const x${i} = ${i};`).join("\n");
  assert.deepEqual(longFunctions("a.ts", `export function outer() {\n  const inner = () => {\n${body}\n  };\n}\n`), [
    `a.ts:1 outer (${MAX_LINES + 4} lines)`,
    `a.ts:2 inner (${MAX_LINES + 2} lines)`,
  ]);
  assert.deepEqual(longFunctions("b.ts", "function short() {\n  return 1;\n}\n"), []);
});

test(`no function of the UI spans more than ${MAX_LINES} lines`, () => {
  const files = sourceFiles(SOURCES);
  assert.ok(files.length > 20, `only ${files.length} sources found under ${SOURCES}`);
  const long = files.flatMap((file) => longFunctions(relative(SOURCES, file), readFileSync(file, "utf8")));
  assert.deepEqual(long, []);
});
