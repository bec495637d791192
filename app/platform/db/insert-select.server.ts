/**
 * INSERT … SELECT by column name. drizzle's `insert(table).select(sql)` lists every column of the
 * table in the schema's order, so a hand-written SELECT that gives its values by position breaks (or
 * silently shifts values) when a column is added. `rowValues` builds that SELECT list from named
 * values instead: each column gets the value named for it, else its default, else NULL.
 */
import { getTableColumns, SQL, sql, type Table } from "drizzle-orm";

export function rowValues<T extends Table>(
  table: T,
  values: Partial<Record<keyof T["_"]["columns"] & string, unknown>>,
): SQL {
  const named = values as Record<string, unknown>;
  const parts = Object.entries(getTableColumns(table)).map(([key, column]) => {
    if (key in named) return sql`${named[key] ?? null}`;
    if (column.default instanceof SQL) return column.default;
    if (column.default !== undefined) return sql`${column.default}`;
    if (column.defaultFn) return sql`${column.defaultFn()}`;
    return sql`NULL`;
  });
  return sql.join(parts, sql`, `);
}
