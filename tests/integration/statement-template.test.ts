/**
 * runTemplate (app/platform/db/statement-template.server.ts, ADR 209): a screen's statements are built once
 * per shape and every request binds its own values; a builder that computes with a value (which the
 * template would freeze) is caught outside production instead of answering from stale values.
 */
import { env } from "cloudflare:test";
import { and, eq, gt, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { createDb } from "#app/platform/db/db.server";
import { runTemplate } from "#app/platform/db/statement-template.server";
import { users } from "#drizzle/schema";
import { signedInUser } from "../support/factories";

const contextIn = (environment: string) =>
  ({ db: createDb(env.DB), cloudflare: { env: { ...env, ENVIRONMENT: environment } } }) as unknown as AppLoadContext;

describe("statement templates", () => {
  it("bind each request's own values into the statements built for the first", async () => {
    const grace = await signedInUser({ first: "Grace" });
    const alan = await signedInUser({ first: "Alan" });
    const context = contextIn("production");
    let builds = 0;
    const byId = (values: { id: string; since: Date }) => {
      builds++;
      return {
        user: [
          context.db
            .select({ first: users.first, email: users.email })
            .from(users)
            .where(and(eq(users.id, values.id), gt(users.createdAt, values.since))),
        ] as const,
        none: null,
      };
    };
    const key = `test:by-id:${crypto.randomUUID()}`;
    const long = new Date(0);
    const first = await runTemplate(context, key, { id: grace.id, since: long }, byId);
    const second = await runTemplate(context, key, { id: alan.id, since: long }, byId);
    const later = await runTemplate(context, key, { id: alan.id, since: new Date(Date.now() + 86_400_000) }, byId);
    expect(first.user[0]).toEqual([{ first: "Grace", email: grace.email }]);
    expect(second.user[0]).toEqual([{ first: "Alan", email: alan.email }]);
    expect(later.user[0]).toEqual([]);
    expect(second.none).toBeNull();
    // Built once, for the first request; the other two only bound their values.
    expect(builds).toBe(1);
  });

  it("refuse, outside production, a builder that computes with a value instead of binding it", async () => {
    const context = contextIn("development");
    const key = `test:computed:${crypto.randomUUID()}`;
    const computed = (values: { now: number }) => ({
      q: [
        context.db
          .select({ n: sql<number>`${values.now - 1000}` })
          .from(users)
          .limit(1),
      ] as const,
    });
    // The template holds "stand-in minus 1000" as a constant: the first request already differs.
    await expect(runTemplate(context, key, { now: 5000 }, computed)).rejects.toThrow(/statement template/);
  });
});
