/**
 * A kept statement's rows mapped with drizzle's per-column work done once (ADR 317): the same rows as
 * drizzle's own mapping, for the shapes the member screens select.
 */
import { eq, getTableColumns, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import { rowMapper, sameRows } from "#app/platform/db/row-mapping.server";
import { goals, userGoals, users } from "#drizzle/schema";

// Only prepares statements: nothing is sent to a database.
const db = drizzle({ prepare: () => ({}) } as unknown as D1Database);

describe("rowMapper", () => {
  it("maps a left join, dates, booleans and typed SQL columns as drizzle does, an all-null joined table as null", () => {
    const prepared = db
      .select({
        id: goals.id,
        cause: goals.cause,
        count: sql`count(*)`.mapWith(Number).as("n"),
        board: sql<string>`'[]'`.as("board"),
        membership: { completed: userGoals.completed, completedAt: userGoals.completedAt },
        owner: users,
      })
      .from(goals)
      .leftJoin(userGoals, eq(userGoals.goalId, goals.id))
      .leftJoin(users, eq(users.id, goals.orgId))
      .prepare();
    const row = (i: number) => {
      const values = [`g${i}`, `Cause ${i}`, "3", "[]", i % 2, i % 2 ? 1_700_000_000_000 + i : null];
      const user = Object.keys(getTableColumns(users)).map((_, j) => (i % 3 === 0 ? null : j === 0 ? `u${i}` : "x"));
      // D1 answers rows as objects; their values in column order are what drizzle maps.
      return Object.fromEntries([...values, ...user].map((v, j) => [`c${j}`, v]));
    };
    const result = { results: Array.from({ length: 6 }, (_, i) => row(i)) };
    const mine = rowMapper(prepared)(result) as Record<string, unknown>[];
    expect(sameRows(mine, prepared.mapResult(result, true))).toBe(true);
    expect(mine[0]!.owner).toBeNull();
    expect(mine[1]!.membership).toEqual({ completed: true, completedAt: new Date(1_700_000_000_001) });
    expect(mine[1]!.count).toBe(3);
  });

  it("tells two mappings apart by a date's time, a value's type or a key", () => {
    expect(sameRows([{ at: new Date(1) }], [{ at: new Date(1) }])).toBe(true);
    expect(sameRows([{ at: new Date(1) }], [{ at: new Date(2) }])).toBe(false);
    expect(sameRows([{ n: 3 }], [{ n: "3" }])).toBe(false);
    expect(sameRows([{ a: 1, b: null }], [{ a: 1 }])).toBe(false);
  });
});
