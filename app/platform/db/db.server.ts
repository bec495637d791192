import { DrizzleD1Database, drizzle } from "drizzle-orm/d1";
import { SQLiteD1Session } from "drizzle-orm/d1/session";
import { createTableRelationsHelpers, extractTablesRelationalConfig } from "drizzle-orm/relations";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core/dialect";
import * as schema from "#drizzle/schema";

// drizzle() walks the whole schema to build its relational config: ~1 ms of CPU, which showed in the
// bench's CPU profile of every request. Build it once per D1 binding (per isolate) instead (ADR 051).
const databases = new WeakMap<D1Database, ReturnType<typeof build>>();

function build(d1: D1Database) {
  return drizzle(d1, { schema });
}

/** A drizzle instance over the binding itself (the primary): the cron, tests, scripts. */
export function createDb(d1: D1Database) {
  let db = databases.get(d1);
  if (!db) databases.set(d1, (db = build(d1)));
  return db;
}

export type Database = ReturnType<typeof createDb>;
export { schema };

// What drizzle() computes from the schema, once per isolate; a per-request instance only wraps it.
let relational: { fullSchema: typeof schema; schema: Record<string, unknown>; tableNamesMap: Record<string, string> };
const dialect = new SQLiteAsyncDialect();

/**
 * A drizzle instance over one request's D1 session (read replication, ADR 200): the same API as
 * `createDb`'s, built from the cached relational config, so a request pays for a few small objects,
 * not for the schema walk (ADR 053).
 */
export function createSessionDb(session: D1DatabaseSession): Database {
  if (!relational) {
    const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
    relational = { fullSchema: schema, schema: tables.tables, tableNamesMap: tables.tableNamesMap };
  }
  // drizzle's D1 session only calls prepare() and batch(), which a D1 session has.
  const client = session as unknown as D1Database;
  const driverSession = new SQLiteD1Session(client, dialect, relational as never, {});
  const db = new DrizzleD1Database(
    "async",
    dialect,
    driverSession as never,
    relational as never,
  ) as unknown as Database;
  (db as { $client: unknown }).$client = client;
  return db;
}
