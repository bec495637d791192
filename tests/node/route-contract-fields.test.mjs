/**
 * The route contract's form reads (docs/product.md "Where the rules live", ADR 309; the rest of the
 * contract is route-contract.test.mjs): an action reads every field through its schema. Runs with the lint
 * step of `npm test` (`node --test tests/node`).
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { test } from "node:test";
import ts from "typescript";

/**
 * A field is read through a schema (ADR 309): no action module reads a form's field by hand
 * (`formData.get("x")`, `.getAll`, `.has`, its keys or entries). Checked: the routes (their components
 * aside: a pending button reads `navigation.formData` for its label), the features' modules that actions
 * reach (every one but the components, *.tsx, and the browser's own, *.client.ts and the service worker,
 * which read a fetcher's or a queued form for what the page shows before the answer), and the platform's
 * form kit. The readers left are the kit itself: HAND_READS, each with its reason and ADR.
 */
const HAND_READS = [
  {
    file: "platform/http/intent-form.server.ts",
    reason: "the intent picks the schema every other field is parsed by",
    adr: 278,
  },
  {
    file: "platform/http/honeypot.server.ts",
    reason: "the honeypot's trap and time, read before any schema",
    adr: 291,
  },
  { file: "platform/http/image-form.server.ts", reason: "the upload's image, a File checked by its bytes", adr: 309 },
];

const appModules = (folder, keep) =>
  readdirSync(new URL(`../../app/${folder}/`, import.meta.url), { recursive: true })
    .filter(keep)
    .map((file) => ({
      file: `${folder}/${file}`,
      source: readFileSync(new URL(`../../app/${folder}/${file}`, import.meta.url), "utf8"),
    }));

/** Where each checked module reads a form by hand, as "file:line: code". */
function handReads(modules) {
  const found = [];
  for (const { file, source } of modules) {
    const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    // The module's forms: named formData or form, typed FormData, or a body read (readFormData and the like).
    const forms = new Set(["formData", "form"]);
    const read = /^(await\s+)?(readFormData|readUploadForm|request\.formData|new FormData)\b/;
    const collect = (node) => {
      if ((ts.isParameter(node) || ts.isVariableDeclaration(node)) && ts.isIdentifier(node.name)) {
        if (node.type?.getText(tree) === "FormData" || (node.initializer && read.test(node.initializer.getText(tree))))
          forms.add(node.name.text);
      }
      if (ts.isBindingElement(node) && node.propertyName?.getText(tree) === "formData" && ts.isIdentifier(node.name))
        forms.add(node.name.text);
      ts.forEachChild(node, collect);
    };
    collect(tree);
    const isForm = (e) => {
      while (ts.isNonNullExpression(e) || ts.isParenthesizedExpression(e)) e = e.expression;
      if (ts.isIdentifier(e)) return forms.has(e.text);
      return ts.isPropertyAccessExpression(e) && e.name.text === "formData";
    };
    const visit = (node, inComponent) => {
      // A component (a function named in capitals) reads a pending form for what it shows, not an action's.
      const name = (ts.isFunctionDeclaration(node) || ts.isVariableDeclaration(node)) && node.name?.getText(tree);
      const component = inComponent || (!!name && /^[A-Z]/.test(name));
      if (!component && ts.isCallExpression(node)) {
        const callee = node.expression;
        const byMethod =
          ts.isPropertyAccessExpression(callee) &&
          /^(get|getAll|has|keys|entries|values|forEach)$/.test(callee.name.text) &&
          isForm(callee.expression);
        const byEntries =
          callee.getText(tree) === "Object.fromEntries" && node.arguments[0] && isForm(node.arguments[0]);
        if (byMethod || byEntries) {
          const line = tree.getLineAndCharacterOfPosition(node.getStart(tree)).line + 1;
          found.push(`${file}:${line}: ${node.getText(tree).replace(/\s+/g, " ").slice(0, 60)}`);
        }
      }
      ts.forEachChild(node, (child) => visit(child, component));
    };
    visit(tree, false);
  }
  return found;
}

test("an action reads every field through its schema: no formData.get or getAll by hand (ADR 309)", () => {
  const checked = [
    ...appModules("routes", (f) => /\.tsx?$/.test(f)),
    ...appModules("features", (f) => /\.ts$/.test(f) && !/\.client\.ts$|(^|\/)sw\.ts$/.test(f)),
    ...appModules("platform/http", (f) => /\.ts$/.test(f)),
  ];
  const found = handReads(checked);
  const allowed = HAND_READS.map((h) => h.file);
  assert.deepEqual(
    found.filter((f) => !allowed.includes(f.split(":")[0])),
    [],
    "a field read by hand: add it to the form's schema (parseWithZod, parseIntentForm)",
  );
  // The list only shrinks: a reader that no longer reads by hand leaves it.
  assert.deepEqual(
    allowed.filter((file) => !found.some((f) => f.startsWith(`${file}:`))),
    [],
    "no longer reads a field by hand: take it off HAND_READS",
  );
  for (const h of HAND_READS) assert.ok(h.reason && h.adr, `${h.file}: a reason and an ADR`);
});
