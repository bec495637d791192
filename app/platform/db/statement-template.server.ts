/**
 * A screen's batch built once per isolate, not once per request (ADR 209: prepare each screen's
 * statements once per isolate).
 *
 * drizzle builds every statement's SQL on every request: ~2 ms of CPU for /main's 27 statements, the
 * largest named cost in its profile. What varies between two requests of one screen is a handful of
 * values (the session id, the time, today, the goal id); what the screen builds from them (tables,
 * joins, conditions, limits) depends only on its shape (home or goal screen, "show all" flags, GET or
 * POST). So the first request of a shape builds the statements with a stand-in for each value, keeps
 * each statement's SQL text and notes which parameter is which value; later requests only bind their
 * own values and send the same batch. Rows come back through drizzle's own mapping, kept from that
 * first build, so the screen code sees exactly what `runGroups` gives it.
 *
 * A value the builder does arithmetic on (a stand-in minus a window) would be frozen into the
 * template, so builders take every derived value as a value of its own. Outside production every
 * request also builds its statements directly and throws if SQL or parameters differ from the
 * template's (the whole test suite runs that check on every screen it opens).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { D1PreparedQuery } from "drizzle-orm/d1";
import { flattenGroups, splitGroups, type GroupedRows, type Groups, type Statement } from "./batch.server";

/** The per-request values a screen's statements are built from (strings, numbers or dates). */
export type TemplateValues = Record<string, string | number | Date>;

interface Slot {
  /** The value's name, for a parameter that is one of the values; else the constant to bind. */
  name?: string;
  constant?: unknown;
}

interface PreparedLike {
  getQuery(): { sql: string; params: unknown[] };
  mapResult(result: unknown, isFromBatch: boolean): unknown;
}

interface Template {
  sql: string[];
  slots: Slot[][];
  prepared: PreparedLike[];
  spans: [string, number, number][];
}

/** Shapes per isolate: a screen has a few dozen at most; the bound only guards against surprises. */
const MAX_TEMPLATES = 128;
const templates = new Map<string, Template>();

// Stand-ins no real value equals: dates past any real one (and numbers beside them), strings with NULs.
const STAND_IN_BASE = 8_600_000_000_000_000;

function standIns<V extends TemplateValues>(values: V): { standIns: V; names: Map<unknown, string> } {
  const out: TemplateValues = {};
  const names = new Map<unknown, string>();
  Object.entries(values).forEach(([name, value], i) => {
    if (typeof value === "string") {
      const s = `\u0000${name}\u0000`;
      out[name] = s;
      names.set(s, name);
    } else {
      const n = STAND_IN_BASE + i;
      out[name] = value instanceof Date ? new Date(n) : n;
      names.set(n, name);
    }
  });
  return { standIns: out as V, names };
}

/**
 * drizzle's public `prepare()` (select, relational query, insert, update, delete): the statement's SQL
 * (`getQuery`) and its row mapping (`mapResult`), both public on drizzle's prepared query. A raw `sql`
 * statement has no `prepare()`: it is its own prepared form, with the same two public methods.
 */
const prepare = (statement: Statement): PreparedLike => {
  const s = statement as unknown as Partial<{ prepare(): PreparedLike }> & PreparedLike;
  return typeof s.prepare === "function" ? s.prepare() : s;
};

/**
 * What a template keeps of drizzle's prepared query is its row mapping; the D1 statement it made (its
 * `stmt` field, on this request's D1 session) is dropped so the isolate holds no request's session.
 * `stmt` is not in drizzle's types: outside production a missing field fails every screen (so the whole
 * suite) instead of silently keeping the session after a drizzle upgrade renames it.
 */
function dropD1Statement(prepared: PreparedLike, check: boolean) {
  // A raw `sql` statement is not a D1 prepared query and holds no D1 statement of its own.
  if (!(prepared instanceof D1PreparedQuery)) return;
  const p = prepared as unknown as { stmt?: unknown };
  if (check && !("stmt" in p))
    throw new Error("drizzle's prepared query has no `stmt` field any more: recheck what a template keeps (ADR 209)");
  delete p.stmt;
}

function build<V extends TemplateValues>(values: V, groups: (values: V) => Groups, check: boolean): Template {
  const { standIns: stand, names } = standIns(values);
  const { statements, spans } = flattenGroups(groups(stand));
  const prepared = statements.map(prepare);
  const queries = prepared.map((p) => p.getQuery());
  // Kept for its row mapping only (see dropD1Statement).
  for (const p of prepared) dropD1Statement(p, check);
  return {
    sql: queries.map((q) => q.sql),
    slots: queries.map((q) =>
      q.params.map((param) => (names.has(param) ? { name: names.get(param) } : { constant: param })),
    ),
    prepared,
    spans,
  };
}

const driverValue = (value: string | number | Date) => (value instanceof Date ? value.getTime() : value);

function bind(slots: Slot[], values: TemplateValues): unknown[] {
  return slots.map((slot) => (slot.name === undefined ? slot.constant : driverValue(values[slot.name]!)));
}

/** Outside production: the statements built directly must be the template's, value for value. */
function verify(key: string, template: Template, values: TemplateValues, groups: (values: TemplateValues) => Groups) {
  const direct = flattenGroups(groups(values)).statements.map((s) => prepare(s).getQuery());
  const same =
    direct.length === template.sql.length &&
    direct.every((q, i) => {
      const bound = bind(template.slots[i]!, values);
      return q.sql === template.sql[i] && q.params.length === bound.length && q.params.every((p, j) => p === bound[j]);
    });
  if (!same) throw new Error(`statement template "${key}" differs from the statements built directly (ADR 209)`);
}

/**
 * `groups(values)` in ONE round trip, built once per isolate for `key` (the screen's shape: everything
 * besides `values` that changes what `groups` builds must be in it).
 */
export async function runTemplate<const T extends Groups, V extends TemplateValues>(
  context: AppLoadContext,
  key: string,
  values: V,
  groups: (values: V) => T,
): Promise<GroupedRows<T>> {
  let template = templates.get(key);
  if (!template) {
    if (templates.size >= MAX_TEMPLATES) templates.clear();
    template = build(values, groups, context.cloudflare.env.ENVIRONMENT !== "production");
    templates.set(key, template);
  }
  if (context.cloudflare.env.ENVIRONMENT !== "production")
    verify(key, template, values, groups as unknown as (values: TemplateValues) => Groups);
  const client = (context.db as unknown as { $client: D1Database }).$client;
  const statements = template.sql.map((sql, i) => client.prepare(sql).bind(...bind(template.slots[i]!, values)));
  const results = statements.length ? await client.batch(statements) : [];
  const rows = results.map((result, i) => template.prepared[i]!.mapResult(result, true));
  return splitGroups<T>(template.spans, rows);
}
