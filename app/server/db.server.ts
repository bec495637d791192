import { drizzle } from "drizzle-orm/d1";
import * as schema from "#drizzle/schema";

// drizzle() walks the whole schema to build its relational config: ~1 ms of CPU, which showed in the
// bench's CPU profile of every request. Build it once per D1 binding (per isolate) instead (ADR 051).
const databases = new WeakMap<D1Database, ReturnType<typeof build>>();

function build(d1: D1Database) {
  return drizzle(d1, { schema });
}

export function createDb(d1: D1Database) {
  let db = databases.get(d1);
  if (!db) databases.set(d1, (db = build(d1)));
  return db;
}

export type Database = ReturnType<typeof createDb>;
export { schema };
