/** INSERT … SELECT by column name (app/platform/db/insert-select.server.ts): values land in their columns. */
import { env } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "#app/platform/db/db.server";
import { rowValues } from "#app/platform/db/insert-select.server";
import { notifications } from "#drizzle/schema";
import { signUpUser } from "../support/http";
import { userByEmail } from "../support/goals";

describe("rowValues", () => {
  it("puts each named value in its own column and fills the rest with defaults, whatever the schema's order", async () => {
    const a = await signUpUser({ first: "Row" });
    const user = await userByEmail(a.email);
    const db = createDb(env.DB);
    const key = `row-values:${Date.now()}`;
    // Named out of the schema's order on purpose.
    await db
      .insert(notifications)
      .select(sql`SELECT ${rowValues(notifications, { eventKey: key, kind: "cheer", userId: user.id, id: key })}`);
    const row = await env.DB.prepare(
      "SELECT id, user_id, kind, goal_id, actor_id, event_key, read_at, emailed_at, created_at FROM notifications WHERE id = ?",
    )
      .bind(key)
      .first<Record<string, unknown>>();
    expect(row).toMatchObject({
      id: key,
      user_id: user.id,
      kind: "cheer",
      goal_id: null,
      actor_id: null,
      event_key: key,
      read_at: null,
      emailed_at: null,
    });
    expect(Math.abs(Number(row!.created_at) - Date.now())).toBeLessThan(10 * 60_000);
  });
});
