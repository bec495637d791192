/**
 * Style sheets are React style resources (ADR 236): written ahead of the page's script preloads, and kept
 * in the document once loaded, across client navigations. So every route lists its sheets through
 * `stylesheet()`, and no selector is styled in two sheets: a page's rule would otherwise reach the next
 * page the member opens (an admin's tall text areas on the goal screen's discussion, say).
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

const root = new URL("../..", import.meta.url).pathname;
const files = (dir, ext) =>
  readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(ext))
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length));

test("every route's style sheet goes through stylesheet(), so React writes it ahead of the scripts", () => {
  const literal = files("app", ".tsx")
    .concat(files("app", ".ts"))
    .filter((file) => file !== "app/lib/stylesheet.ts")
    .filter((file) => readFileSync(join(root, file), "utf8").includes('rel: "stylesheet"'));
  assert.deepEqual(literal, []);
});

/** The selectors a sheet styles (at-rule headers dropped, so a rule inside @media counts as its selector). */
function selectors(css) {
  const found = new Set();
  const text = css.replace(/\/\*[\s\S]*?\*\//g, "").replace(/@[^{;]*\{/g, "{");
  for (const block of text.split("}")) {
    const head = block.slice(0, block.lastIndexOf("{"));
    if (!block.includes("{")) continue;
    for (const selector of head.split(",")) {
      const s = selector.replace(/\s+/g, " ").trim();
      if (s && !/^(from|to|\d+%)$/.test(s)) found.add(s);
    }
  }
  return found;
}

test("no selector is styled in two style sheets", () => {
  const owner = new Map();
  const shared = [];
  for (const file of files("app/styles", ".css")) {
    for (const selector of selectors(readFileSync(join(root, file), "utf8"))) {
      const first = owner.get(selector);
      if (first && first !== file) shared.push(`${selector}: ${first} and ${file}`);
      else owner.set(selector, file);
    }
  }
  assert.deepEqual(shared, []);
});
