import { and, eq, gt, sql } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core/dialect";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import { frozenSql } from "#app/platform/db/frozen-sql.server";
import { sessions, userGoals, users } from "#drizzle/schema";

const dialect = new SQLiteAsyncDialect();
// Only builds SQL: nothing is sent to a database.
const db = drizzle({} as D1Database);

describe("frozenSql", () => {
  it("embeds as the same SQL text and parameters as the fragment it was rendered from", () => {
    const viewer = sql`(${db
      .select({ id: sessions.userId })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, "s-1"), gt(sessions.expiresAt, new Date(1_700_000_000_000))))})`;
    const statement = (viewerId: typeof viewer) =>
      db
        .select({ goalId: userGoals.goalId })
        .from(userGoals)
        .where(and(eq(userGoals.userId, viewerId), eq(userGoals.completed, false), sql`${viewerId} is not null`))
        .toSQL();
    const frozen = statement(frozenSql(viewer));
    expect(frozen).toEqual(statement(viewer));
    expect(frozen.params).toContain("s-1");
  });

  it("keeps a fragment with a literal question mark as it is", () => {
    const fragment = sql`(select ${"x"} where '?' = '?')`;
    expect(frozenSql(fragment)).toBe(fragment);
    expect(dialect.sqlToQuery(frozenSql(fragment)).params).toEqual(["x"]);
  });
});
