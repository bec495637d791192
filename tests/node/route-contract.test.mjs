/**
 * The route contract (docs/product.md "Where the rules live", ADR 291), checked over app/routes:
 * every screen titles itself through `screenMeta` or `pageMeta` (app/lib/meta.ts), no route reads a
 * positional `db.batch` answer (a screen names its reads: `readScreen` or `runGroups`, ADR 205, 290),
 * no route or feature wires a public form's guards (honeypot, throttle) itself: readPublicForm does;
 * and an action reads its form through the kit and answers a refused one through formErrors or
 * formRefused (ADR 291, 278). Runs with the lint step of `npm test` (`node --test tests/node`).
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { test } from "node:test";

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
