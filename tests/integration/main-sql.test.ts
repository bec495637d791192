/**
 * /main's SQL for a member shaped like the bench's (bench/ssr/seed.mjs: 20 goals of their own, 40 more
 * running goals to suggest, others joining their goals since the last visit, so the home's feed has news):
 * how many statements in how many round trips, how many bytes of SQL, and every statement's plan
 * (EXPLAIN QUERY PLAN against the real migrations) reads through an index, never a whole table.
 * ADR 293's budget is 12 statements in 2 round trips; `npm run bench` prints the count beside that target
 * (speed and budget targets live in bench/, ADR 293); this file pins what the screen sends today so that
 * it can only go down, and fails on a new statement that scans a table.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { goalRow, membershipRow, userRow, dayFromToday } from "#drizzle/factories";
import { createDb } from "#app/platform/db/db.server";
import { goals, userGoals, users } from "#drizzle/schema";
import { screenRoundTrips, type RoundTrip } from "../support/d1";
import { signedInUser } from "../support/factories";

/**
 * What /main sends for this member: 35 statements in 1 round trip when the test was written (2026-11-27);
 * 28 since the feed's six "since my visit" reads are one statement, the streak days ride on the cards'
 * totals and the home's two visit reads are one (ADR 296); 24 with the suggestions as one UNION ALL and my
 * entries read once; 22 since the teams' settings, board and my team are one statement (ADR 300); 21 with the pledge totals on the support goal's row (ADR 301);
 * 19 with the recent pledges and the discussion as JSON arrays on that row (ADR 307); 17 with the team's week and the
 * badge feed as JSON arrays on the goal's measure row (ADR 308); 15 with the leaderboard and the group's latest on
 * that row too (ADR 310); 14 with the members with cheers on the support goal row (ADR 307); 12 with the home's
 * cards (my totals, streak days, sport factors) on my goals' rows and the sport factors' own read gone (ADR 313).
 */
const STATEMENTS_TODAY = 12;

async function benchMember() {
  const db = createDb(env.DB);
  const member = await signedInUser();
  const running = Array.from({ length: 60 }, (_, i) =>
    goalRow({
      cause: `Bench goal ${i + 1}: run ${i + 1} km a week`,
      start: dayFromToday(-i - 1),
      end: dayFromToday(30 + i),
    }),
  );
  const others = Array.from({ length: 30 }, (_, i) => userRow({ first: "Member", last: String(i + 1) }));
  const memberships = running
    .slice(0, 20)
    .map((goal, i) => membershipRow(member.id, goal.id!, { joinedAt: new Date(Date.now() - (i + 1) * 60_000) }));
  for (const [k, other] of others.entries())
    for (let j = 0; j < 3; j++)
      memberships.push(
        membershipRow(other.id!, running[(k * 7 + j * 13) % 60]!.id!, { joinedAt: new Date(Date.now() - k * 1000) }),
      );
  // D1 caps a statement's parameters at 100: rows go in in small groups.
  for (let i = 0; i < running.length; i += 5) await db.insert(goals).values(running.slice(i, i + 5));
  for (let i = 0; i < others.length; i += 5) await db.insert(users).values(others.slice(i, i + 5));
  for (let i = 0; i < memberships.length; i += 10) await db.insert(userGoals).values(memberships.slice(i, i + 10));
  return member;
}

let tables: Set<string> | null = null;

/** Each statement with the plan lines that read a whole table (`SCAN users`; a subquery's `SCAN page` is not one). */
async function scans(trips: RoundTrip[]) {
  tables ??= new Set(
    (await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all<{ name: string }>()).results.map(
      (r) => r.name,
    ),
  );
  const found: string[] = [];
  let explained = 0;
  for (const trip of trips)
    for (const [i, sql] of trip.sql.entries()) {
      if (!/^\s*(select|with|update|delete)\b/i.test(sql)) continue;
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...((trip.params[i] ?? []) as unknown[]))
        .all<{ detail: string }>();
      explained++;
      for (const { detail } of plan.results) {
        const line = detail.trim();
        if (/^SCAN \w+$/.test(line) && tables.has(line.slice(5))) found.push(`${line} in: ${sql.slice(0, 200)}`);
      }
    }
  return { found, explained };
}

describe("/main's SQL for the bench member", () => {
  it("one round trip, no more statements than today, every plan through an index", async () => {
    const member = await benchMember();
    await screenRoundTrips("/main", member.cookie); // the first view records the visit after the response
    for (const path of ["/main", "/main.data"]) {
      const { status, count, roundTrips } = await screenRoundTrips(path, member.cookie);
      expect(status, path).toBe(200);
      expect(count, path).toBe(1);
      const statements = roundTrips.reduce((n, t) => n + t.sql.length, 0);
      expect(statements, path).toBe(STATEMENTS_TODAY);
      const { found, explained } = await scans(roundTrips);
      expect(explained, path).toBe(statements);
      expect(found, path).toEqual([]);
    }
  });

  it("the plan check catches a whole-table read", async () => {
    // The same check on a statement that has no index to use: it must be reported.
    const trip: RoundTrip = { kind: "all", sql: ["select count(*) from users where last = ?"], params: [["x"]] };
    expect((await scans([trip])).found).toEqual(["SCAN users in: select count(*) from users where last = ?"]);
  });
});
