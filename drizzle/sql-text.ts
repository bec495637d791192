/**
 * Factory rows (drizzle/factories.ts) as SQL text, for node scripts that write a local D1 with
 * `wrangler d1 execute --file` (the dev seed, the benchmarks). drizzle builds the statement from
 * schema.ts, so column names and defaults come from the one definition; only the values are inlined.
 */
import type { SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteInsertValue, SQLiteTable } from "drizzle-orm/sqlite-core";
import { drizzle } from "drizzle-orm/sqlite-proxy";

// A driver that is never called: only `.toSQL()` is used.
const db = drizzle(async () => {
  throw new Error("sql-text builds SQL only");
});

function literal(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "1" : "0";
  if (value instanceof Date) return String(value.getTime());
  return `'${String(value).replace(/'/g, "''")}'`;
}

/** Replaces each `?` outside quotes with its parameter as an SQL literal. */
function inline(text: string, params: unknown[]): string {
  let out = "";
  let quote: string | null = null;
  let next = 0;
  for (const ch of text) {
    if (quote) {
      if (ch === quote) quote = null;
      out += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      out += ch;
    } else if (ch === "?") out += literal(params[next++]);
    else out += ch;
  }
  return out;
}

export type Conflict =
  | { onConflict: "nothing" }
  | { onConflict: "update"; target: SQLiteColumn | SQLiteColumn[]; set: Record<string, SQL | unknown> };

/**
 * One INSERT statement per row (one row a line keeps a failing seed readable). `conflict` adds
 * ON CONFLICT DO NOTHING, or DO UPDATE SET `set` (use sql`excluded.col` for the new row's value).
 */
export function insertSql<T extends SQLiteTable>(table: T, rows: SQLiteInsertValue<T>[], conflict?: Conflict): string {
  return rows
    .map((row) => {
      const insert = db.insert(table).values(row);
      const query =
        conflict?.onConflict === "nothing"
          ? insert.onConflictDoNothing()
          : conflict?.onConflict === "update"
            ? insert.onConflictDoUpdate({ target: conflict.target, set: conflict.set as never })
            : insert;
      const { sql, params } = query.toSQL();
      return inline(sql, params) + ";";
    })
    .join("\n");
}

/**
 * Many rows in few statements (`perStatement` rows each), for bulk data such as the benchmarks'
 * 30,000 progress entries: `wrangler d1 execute` takes a minute less than with a statement a row.
 */
export function insertManySql<T extends SQLiteTable>(
  table: T,
  rows: SQLiteInsertValue<T>[],
  perStatement = 200,
): string {
  const statements: string[] = [];
  for (let i = 0; i < rows.length; i += perStatement) {
    const { sql, params } = db
      .insert(table)
      .values(rows.slice(i, i + perStatement))
      .toSQL();
    statements.push(inline(sql, params) + ";");
  }
  return statements.join("\n");
}
