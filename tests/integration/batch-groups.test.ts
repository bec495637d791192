/**
 * runGroups (app/platform/db/batch.server.ts): a screen's groups of statements go to D1 as ONE batch, and each
 * group gets back exactly its own rows, in order; a skipped group (null) gets null.
 */
import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "#app/platform/db/db.server";
import { flattenGroups, runGroups, splitGroups } from "#app/platform/db/batch.server";
import { users } from "#drizzle/schema";
import { signUpUser } from "../support/http";
import { userByEmail } from "../support/goals";

describe("runGroups", () => {
  it("answers each group with its own rows, whatever the other groups hold", async () => {
    const a = await signUpUser({ first: "Grace" });
    const user = await userByEmail(a.email);
    const db = createDb(env.DB);
    const byId = db.select({ first: users.first }).from(users).where(eq(users.id, user.id));
    const rows = await runGroups(db, {
      one: [
        db
          .select({ n: sql<number>`1` })
          .from(users)
          .limit(1),
      ],
      skipped: null,
      two: [byId, db.select({ email: users.email }).from(users).where(eq(users.id, user.id))],
    });
    expect(rows.one).toEqual([[{ n: 1 }]]);
    expect(rows.skipped).toBeNull();
    expect(rows.two).toEqual([[{ first: "Grace" }], [{ email: a.email }]]);
  });

  it("sends every statement in one batch and splits the answers back by group", () => {
    const db = createDb(env.DB);
    const q = db.select({ n: sql<number>`1` }).from(users);
    const { statements, spans } = flattenGroups({ a: [q, q], none: null, b: [q] });
    expect(statements).toHaveLength(3);
    expect(splitGroups(spans, ["a1", "a2", "b1"])).toEqual({ a: ["a1", "a2"], none: null, b: ["b1"] });
  });
});
