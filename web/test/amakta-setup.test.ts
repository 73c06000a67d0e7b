// Infinit's stone creation (games/amakta-setup.ts): a stone picked in the editor in another orientation than
// the set keeps it is said so, with the arrows the set and the moves will show, in both languages.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./dom.js";

installDom();
await import("../src/games/amakta.js");
const { keptAs } = await import("../src/games/amakta-setup.js");
const { setLang, t } = await import("../src/i18n.js");

/** The text of a vnode and its children. */
function text(node: unknown): string {
  if (typeof node === "string") return node;
  const vnode = node as { text?: string; children?: unknown[] } | null;
  return vnode ? (vnode.text ?? "") + (vnode.children ?? []).map(text).join("") : "";
}

test("Infinit's editor says how the set keeps a stone made east (↘1 after canonicalising), nothing when the orientation is the set's", () => {
  for (const [language, words] of [
    ["en", /In your set: ↘1/],
    ["de", /Im Satz: ↘1/],
  ] as const) {
    setLang(language);
    const line = keptAs("100000", "white", t);
    assert.ok(line, `${language}: a stone picked east is kept turned`);
    assert.equal(line.data?.attrs?.["data-kept"], "000001");
    assert.match(text(line), words);
    assert.match(String(line.data?.attrs?.title), /↘1/, `${language}: the whole sentence on hover`);
    assert.equal(keptAs("000001", "white", t), null, `${language}: the set's own orientation needs no word`);
  }
});
