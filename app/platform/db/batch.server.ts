/**
 * One D1 round trip for a screen made of several modules' reads, with drizzle's result types kept.
 *
 * A screen names its groups of statements; each module contributes one group (a tuple `as const`, or
 * null when the screen does not need it). `runGroups` sends them all in ONE `db.batch` and hands every
 * group its own rows, typed by its statements, so no screen casts batch results or counts offsets:
 *
 *   const rows = await runGroups(context.db, {
 *     main: mainScreenQueries(context, viewerId, day),        // readonly [q1, q2, ...]
 *     home: home ? homeQueries(context, viewerId, day) : null, // rows.home: [...rows] | null
 *   });
 *   toMainScreen(rows.main, ...);
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { getTableColumns, type Table } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";

/**
 * How many rows one multi-row INSERT into `table` may carry: D1 binds at most 100 parameters a statement,
 * and drizzle binds every column of each row (a column's plain default included), not only those given.
 */
export const rowsPerInsert = (table: Table) => Math.floor(100 / Object.keys(getTableColumns(table)).length);

export type Statement = BatchItem<"sqlite">;
/** A module's statements for a screen: a tuple (`as const`), or null when the screen skips it. */
export type Group = readonly Statement[] | null;
export type Groups = Record<string, Group>;
/** The rows of one group, typed statement by statement. */
export type GroupRows<G> = G extends readonly Statement[] ? BatchResponse<G> : null;
/** The rows of every group, under the group's own name. */
export type GroupedRows<T extends Groups> = { [K in keyof T]: GroupRows<T[K]> };

/** The statements of `groups` in one flat list (group order, then statement order) and each group's span. */
export function flattenGroups(groups: Groups) {
  const statements: Statement[] = [];
  const spans: [string, number, number][] = [];
  for (const [name, group] of Object.entries(groups)) {
    spans.push([name, statements.length, group ? group.length : -1]);
    if (group) statements.push(...group);
  }
  return { statements, spans };
}

/** `results` (the flat batch's answers) back under each group's name; a skipped group gets null. */
export function splitGroups<T extends Groups>(spans: [string, number, number][], results: unknown[]) {
  const rows: Record<string, unknown> = {};
  for (const [name, start, length] of spans) rows[name] = length < 0 ? null : results.slice(start, start + length);
  return rows as GroupedRows<T>;
}

/** Every group's statements in ONE round trip (D1 runs a batch as one transaction). */
export async function runGroups<const T extends Groups>(db: AppLoadContext["db"], groups: T): Promise<GroupedRows<T>> {
  const { statements, spans } = flattenGroups(groups);
  const [first, ...rest] = statements;
  const results = first ? await db.batch([first, ...rest]) : [];
  return splitGroups<T>(spans, results);
}
