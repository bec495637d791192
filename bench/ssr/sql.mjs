/**
 * What each member screen asks of D1 (ADR 293): statements, round trips and bytes of SQL and bindings,
 * from the statements bench/ssr/capture recorded, beside /main's budget.
 */

/** /main for the bench member: at most 12 statements in at most 2 round trips, <= 1.5 ms of SQLite, <= 40 KB of HTML. */
export const SQL_TARGETS = { mainStatements: 12, mainRoundTrips: 2, mainSqlMs: 1.5, mainHtmlBytes: 40_000 };

/** @param {{ kind: string, statements: { sql: string, params: unknown[] }[] }[]} trips */
export function sqlOf(trips = []) {
  const statements = trips.flatMap((t) => t.statements);
  return {
    roundTrips: trips.length,
    statements: statements.length,
    sqlBytes: statements.reduce((n, s) => n + Buffer.byteLength(s.sql), 0),
    paramBytes: statements.reduce((n, s) => n + Buffer.byteLength(JSON.stringify(s.params)), 0),
    writes: statements.filter((s) => /^\s*(insert|update|delete|replace)\b/i.test(s.sql)).length,
  };
}

export function printSql(rows, log, table) {
  log("\nD1 per member screen (the page's own statements, captured: bench/ssr/capture)");
  table([
    ["page", "round trips", "statements", "SQL bytes", "bindings bytes", "writes", "target", ""],
    ...rows.map((r) => {
      const target = r.key === "main";
      const met = r.statements <= SQL_TARGETS.mainStatements && r.roundTrips <= SQL_TARGETS.mainRoundTrips;
      return [
        r.path,
        r.roundTrips,
        r.statements,
        r.sqlBytes,
        r.paramBytes,
        r.writes,
        target ? `<= ${SQL_TARGETS.mainStatements} in <= ${SQL_TARGETS.mainRoundTrips}` : "",
        target ? (met ? "met" : "MISSED") : "",
      ];
    }),
  ]);
}
