/**
 * A SQL fragment rendered once and reused as text and parameters (the "drizzle builds SQL on every
 * request" lever of ADR 209). A screen's batch embeds the viewer's id as a subquery on the session (ADR 057)
 * in most of its statements, several times in some; drizzle would walk that subquery's builder (tables,
 * columns, conditions) at every place it appears. Rendered once per request, each embedding is a few
 * string chunks and its parameters. The statements and their results are unchanged.
 */
import { sql, type SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core/dialect";

const dialect = new SQLiteAsyncDialect();

export function frozenSql(fragment: SQL): SQL {
  const query = dialect.sqlToQuery(fragment);
  const parts = query.sql.split("?");
  // Only plain positional parameters: anything else (a literal "?") keeps the fragment as it was.
  if (parts.length !== query.params.length + 1) return fragment;
  const chunks: SQL[] = [];
  parts.forEach((part, i) => {
    chunks.push(sql.raw(part));
    if (i < query.params.length) chunks.push(sql`${query.params[i]}`);
  });
  return sql.join(chunks);
}
