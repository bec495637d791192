/**
 * The route contract (docs/product.md "Where the rules live", ADR 291), checked over app/routes:
 * every screen titles itself through `screenMeta` or `pageMeta` (app/lib/meta.ts), no route reads a
 * positional `db.batch` answer (a screen names its reads: `readScreen` or `runGroups`, ADR 205, 290),
 * no route or feature wires a public form's guards (honeypot, throttle) itself: readPublicForm does;
 * an action reads its form through the kit, every field through a schema (route-contract-fields.test.mjs,
 * ADR 309), and answers a refused one through formErrors or formRefused (ADR 291, 278). Runs with the lint step of `npm test` (`node --test tests/node`).
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { test } from "node:test";
import ts from "typescript";

const dir = new URL("../../app/routes/", import.meta.url);
const routes = readdirSync(dir)
  .filter((f) => /\.tsx?$/.test(f))
  .map((file) => ({ file, source: readFileSync(new URL(file, dir), "utf8") }));

/** The routes for which `breaks(source)` is true. */
const outliers = (breaks) => routes.filter(({ source }) => breaks(source)).map(({ file }) => file);

test("the routes are there to check", () => {
  assert.ok(routes.length > 50, `only ${routes.length} routes found`);
});

test("every route's meta titles the page through screenMeta or pageMeta", () => {
  assert.deepEqual(
    outliers((s) => /export (const|function) meta\b/.test(s) && !/\b(screenMeta|pageMeta)\(/.test(s)),
    [],
  );
  assert.deepEqual(
    outliers((s) => /^\s*\{\s*title:/m.test(s)),
    [],
    "a title written by hand in a route",
  );
});

test("no route destructures a positional db.batch answer", () => {
  assert.deepEqual(
    outliers((s) => /\]\s*=\s*await\s+context\.db\.batch\(/.test(s)),
    [],
  );
});

/** Every module of app/features, as { file, source }. */
const features = readdirSync(new URL("../../app/features/", import.meta.url), { recursive: true })
  .filter((f) => /\.tsx?$/.test(f))
  .map((file) => ({ file, source: readFileSync(new URL(`../../app/features/${file}`, import.meta.url), "utf8") }));

test("a public form's guards are one call, readPublicForm: no route or feature checks the honeypot itself", () => {
  const callers = (modules) => modules.filter(({ source }) => /\bcheckHoneypot\b/.test(source)).map((m) => m.file);
  assert.deepEqual(callers(routes), []);
  assert.deepEqual(callers(features), []);
});

test("a public form's throttle is readPublicForm's: no route calls a throttle, no public form counts itself", () => {
  const throttles = /\b(hit|hitAll|countersFor)\(/;
  assert.deepEqual(
    outliers((s) => throttles.test(s)),
    [],
  );
  // The throttles left in features count a signed-in member (sign-in's lock, friend invites, e-mail
  // changes, password checks), not a public form.
  assert.deepEqual(
    features
      .filter(({ source }) => /import[^;]*\breadPublicForm\b/.test(source) && throttles.test(source))
      .map((m) => m.file),
    [],
  );
});

test("an action reads its body through the form kit: no request.formData(), no intent read by hand (ADR 278)", () => {
  // readFormData, readUploadForm, readPublicForm or readIntentForm read it; the intent is a schema's literal.
  assert.deepEqual(
    outliers((s) => /\brequest\.formData\(\)/.test(s)),
    [],
    "a route reading its body itself",
  );
  assert.deepEqual(
    outliers((s) => /\.get\(\s*["']intent["']\s*\)/.test(s)),
    [],
    "a route reading a form's intent itself",
  );
});

test("an action answers a refused form through formErrors or formRefused, not data() written out (ADR 278)", () => {
  assert.deepEqual(
    outliers((s) => /\bdata(<[^>]*>)?\(\s*submission\.reply\(/.test(s)),
    [],
    "a form's errors answered by hand: formErrors(submission, status, reply)",
  );
  assert.deepEqual(
    outliers((s) => /\bdata(<[^>]*>)?\(\s*\{\s*error:/.test(s)),
    [],
    "a one-line refusal answered by hand: formRefused(message, status)",
  );
});

test("errors go through the one boundary's handlers: no route draws its own error page (ADR 277)", () => {
  // A route may only swap handlers: `ErrorBoundary = GoalErrorBoundary` or `= statusBoundary({ ... })`.
  assert.deepEqual(
    outliers(
      (s) =>
        /export\s+(async\s+)?(function|const|let)\s+ErrorBoundary\b/.test(s) &&
        !/export const ErrorBoundary = (GoalErrorBoundary;|statusBoundary\()/.test(s),
    ),
    [],
  );
  const root = readFileSync(new URL("../../app/root.tsx", import.meta.url), "utf8");
  assert.match(root, /export function ErrorBoundary\(\)[\s\S]*?return statusPage\(error\);\s*\}/);
  const pages = readFileSync(new URL("../../app/components/StatusPages.tsx", import.meta.url), "utf8");
  const handlers = pages.match(/export const STATUS_PAGES = \{([\s\S]*?)\}/)?.[1] ?? "";
  for (const status of ["404", "403", "429"])
    assert.match(handlers, new RegExp(`\\b${status}:`), `no ${status} handler`);
});

/**
 * How an action answers (ADR 309): every `return` of a screen's action (a route with a page) is one of
 * the answers of app/platform/http/form-answer.server.ts, a redirect, readPublicForm's `refused`, or a
 * feature's command that answers its own forms (FEATURE_ACTIONS), whose returns are held the same way.
 * Resource routes (no page: JSON for fetch, files, the event stream) answer as their callers expect.
 */
const ANSWERS = new Set([
  "redirect",
  "redirectWithFlash",
  "redirectWithFlashAt",
  "formErrors",
  "formErrorsAt",
  "formRefused",
  "formDone",
  "formStep",
  "answerWithPage",
  "unknownIntent",
  ".refused",
]);
const FEATURE_ACTIONS = new Set([
  "usersScreenAction",
  "progressAction",
  "quickLogAction",
  "sponsorAdminAction",
  "reconcileAction",
  "supporterAction",
  "takePledge",
  "signUp",
  "requestEarlyAccess",
]);

/** The `return` expressions of a function, not of the functions inside it. */
function returnsOf(fn) {
  const found = [];
  const visit = (node) => {
    if (node !== fn && ts.isFunctionLike(node)) return;
    if (ts.isReturnStatement(node)) found.push(node.expression);
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(fn, visit);
  return found;
}

/** Whether a returned expression is an answer: each branch of a `?:` a call to one of `allowed`. */
function answers(expression, allowed) {
  let e = expression;
  while (e && (ts.isAwaitExpression(e) || ts.isParenthesizedExpression(e))) e = e.expression;
  if (!e) return false;
  if (ts.isConditionalExpression(e)) return answers(e.whenTrue, allowed) && answers(e.whenFalse, allowed);
  if (ts.isPropertyAccessExpression(e)) return allowed.has(`.${e.name.text}`);
  if (!ts.isCallExpression(e)) return false;
  const callee = ts.isIdentifier(e.expression)
    ? e.expression.text
    : ts.isPropertyAccessExpression(e.expression)
      ? e.expression.name.text
      : "";
  return allowed.has(callee);
}

/** The returns that are not answers, as "file: code", of the functions `pick` finds in `modules`. */
function unanswered(modules, pick) {
  const allowed = new Set([...ANSWERS, ...FEATURE_ACTIONS]);
  const found = [];
  for (const { file, source } of modules) {
    const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    for (const fn of pick(tree, source))
      for (const expression of returnsOf(fn))
        if (!answers(expression, allowed))
          found.push(`${file}: ${(expression?.getText(tree) ?? "return").replace(/\s+/g, " ").slice(0, 60)}`);
  }
  return found;
}

/** A route's `action`, when the route draws a page. */
const screenAction = (tree, source) => {
  if (!/^export default\b/m.test(source)) return [];
  const found = [];
  ts.forEachChild(tree, (node) => {
    if (ts.isFunctionDeclaration(node) && node.name?.text === "action") found.push(node);
    if (ts.isVariableStatement(node))
      for (const d of node.declarationList.declarations)
        if (ts.isIdentifier(d.name) && d.name.text === "action" && d.initializer) found.push(d.initializer);
  });
  return found;
};

/** The features' commands that answer a screen's forms (FEATURE_ACTIONS). */
const featureAction = (tree) => {
  const found = [];
  ts.forEachChild(tree, (node) => {
    if (ts.isFunctionDeclaration(node) && FEATURE_ACTIONS.has(node.name?.text ?? "")) found.push(node);
  });
  return found;
};

/** Screens and feature commands not yet brought under the rule: this list only shrinks. */
const NOT_YET = [];

test("an action answers through the contract's answers only: no data() or object written out (ADR 309)", () => {
  const found = [...unanswered(routes, screenAction), ...unanswered(features, featureAction)];
  const files = [...new Set(found.map((f) => f.split(":")[0]))].sort();
  assert.deepEqual(
    files.filter((f) => !NOT_YET.includes(f)),
    [],
    `answers written out:\n${found.join("\n")}`,
  );
  assert.deepEqual(
    NOT_YET.filter((f) => !files.includes(f)),
    [],
    "brought under the rule: take it off NOT_YET",
  );
});
