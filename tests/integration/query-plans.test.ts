/**
 * An index for every WHERE on the hot path: every statement the member, visitor and sign-in screens
 * run (captured with the round-trip counter, ADR 050) is explained with SQLite's EXPLAIN QUERY PLAN,
 * and none may read a whole table. Admin screens are checked too, with their known scans listed
 * (see docs/scale.md: fine at today's size, named there with the fix for 1M members).
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { countD1RoundTrips, screenRoundTrips, type RoundTrip } from "../support/d1";
import { insertGoal } from "../support/goals";
import { post, setType, signUpUser, userId } from "../support/http";
import { createPledge, signedInUser } from "../support/factories";
import { entriesOf, insertMeasuredGoal, logEntry } from "../support/progress";

type Planned = { sql: string; plan: string[] };

async function plans(trips: RoundTrip[]): Promise<Planned[]> {
  const out: Planned[] = [];
  for (const trip of trips) {
    for (const [i, sql] of trip.sql.entries()) {
      if (!/^\s*(select|update|delete|with)\b/i.test(sql)) continue;
      const rows = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...((trip.params[i] ?? []) as unknown[]))
        .all<{ detail: string }>();
      out.push({ sql, plan: rows.results.map((r) => r.detail) });
    }
  }
  return out;
}

let tableNames: Set<string> | null = null;

/**
 * Plan lines that read a whole table: `SCAN users`, not `SCAN x USING INDEX` nor `SEARCH`, nor a scan of
 * a subquery's own few rows (`SCAN page`, the LIMITed page of members picked from an index, ADR 201).
 */
async function fullScans(planned: Planned[]) {
  tableNames ??= new Set(
    (await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all<{ name: string }>()).results.map(
      (r) => r.name,
    ),
  );
  const tables = tableNames;
  return planned.flatMap(({ sql, plan }) =>
    plan
      .map((line) => line.trim())
      .filter((line) => /^SCAN \w+$/.test(line) && tables.has(line.slice("SCAN ".length)))
      .map((line) => `${line} in: ${sql.slice(0, 160)}`),
  );
}

describe("query plans", () => {
  it("the organiser's entries page, per-unit pledge figures, the org's downloads and the measured bar never scan a whole table", async () => {
    const org = await signUpUser();
    await setType(org.email, "org");
    const orgId = await userId(org.email);
    const goal = await insertMeasuredGoal({ orgId });
    await env.DB.prepare(
      "UPDATE goals SET charity_name = 'Shelter', charity_url = 'https://shelter.example.org/donate', target_amount = 10000, currency = 'GBP' WHERE id = ?",
    )
      .bind(goal.id)
      .run();
    const member = await signUpUser();
    const memberId = await userId(member.email);
    await post(`/join/${goal.id}`, {}, member.cookie);
    await logEntry(goal.id, member.cookie, { amount: "4" });
    // Per-unit pledges for the group and for the member (valued in SQL wherever they are read, ADR 142/143).
    await createPledge(goal.id, { name: "Gran", amount: 0, perUnit: 50, maxAmount: 2000 });
    await createPledge(goal.id, { name: "Uncle", amount: 0, perUnit: 100, memberId });
    const trips: RoundTrip[] = [];
    for (const path of [
      `/goals/${goal.id}/entries`,
      `/goals/${goal.id}/entries?member=${memberId}&page=1`,
      `/goals/${goal.id}/entries?sort=amount`,
      `/goals/${goal.id}/participants.csv`,
      `/goals/${goal.id}/pledges.csv`,
      `/goals/${goal.id}/fundraising`,
      `/give/${goal.id}`,
      "/challenges",
    ])
      trips.push(...(await screenRoundTrips(path, org.cookie)).roundTrips);
    trips.push(...(await screenRoundTrips("/bar", member.cookie)).roundTrips);
    trips.push(...(await screenRoundTrips(`/give/${goal.id}?member=${memberId}`, member.cookie)).roundTrips);
    const [entry] = await entriesOf(goal.id);
    trips.push(
      ...(
        await countD1RoundTrips(() =>
          post(`/goals/${goal.id}/entries`, { intent: "remove-entry", entryId: entry.id }, org.cookie),
        )
      ).roundTrips,
    );
    const planned = await plans(trips);
    expect(planned.filter(({ sql }) => /per_unit/.test(sql)).length).toBeGreaterThan(3);
    // The CSV's rows of progress without a membership (left, or a deleted account, ADR 146) are read too.
    expect(planned.some(({ sql }) => /not exists \(select 1 from "user_goals"/.test(sql))).toBe(true);
    expect(await fullScans(planned)).toEqual([]);
    // The entries page walks (goal, created_at) newest first, (goal, user, day) for one member, or
    // (goal, amount) largest first: no sort.
    // (The removal's own lookup of one entry by its id, which names the member for the audit log, is no list.)
    const lists = planned.filter(
      ({ sql }) =>
        /from "progress_entries" left join "users"/i.test(sql) && !/where \("progress_entries"\."id" = \?/i.test(sql),
    );
    expect(lists.length).toBe(3);
    for (const { sql, plan } of lists) expect(plan.join(" | "), sql).not.toContain("TEMP B-TREE");
  });

  it("member, visitor and sign-in screens and writes never scan a whole table", async () => {
    const member = await signedInUser();
    const goal = await insertGoal();
    const other = await insertGoal();
    await post(`/join/${goal.id}`, {}, member.cookie);
    const trips: RoundTrip[] = [];
    for (const path of ["/main", `/active/${goal.id}`, `/join/${other.id}`, "/bar", "/completedgoals"]) {
      trips.push(...(await screenRoundTrips(path, member.cookie)).roundTrips);
    }
    for (const path of ["/", "/marketing", "/signin"]) trips.push(...(await screenRoundTrips(path)).roundTrips);
    trips.push(...(await countD1RoundTrips(() => post(`/join/${other.id}`, {}, member.cookie))).roundTrips);
    trips.push(
      ...(await countD1RoundTrips(() => post(`/active/${goal.id}`, { intent: "complete" }, member.cookie))).roundTrips,
    );
    trips.push(
      ...(await countD1RoundTrips(() => post("/signin", { email: member.email, password: "password123" }))).roundTrips,
    );

    const planned = await plans(trips);
    expect(planned.length).toBeGreaterThan(5); // the counter saw the queries
    expect(await fullScans(planned)).toEqual([]);
    // Suggestions walk the (end, cause) index closing soonest first and stop at the page: no sort of
    // every running goal (83.6 -> 0.38 ms at 10,000 running goals, docs/scale.md; ADR 058).
    const suggestions = planned.filter(({ sql }) =>
      /from "goals" where .*order by "goals"\."end" asc, "goals"\."cause" asc limit/i.test(sql),
    );
    expect(suggestions.length).toBeGreaterThanOrEqual(2);
    for (const { sql, plan } of suggestions) {
      expect(plan.join(" | "), sql).toContain("goals_end_cause_idx");
      expect(plan.join(" | "), sql).not.toContain("TEMP B-TREE");
    }
    // The home's "joined since my visit" reads each of my goals' joins inside the window only, not every
    // membership of a goal thousands strong (ADR 213); it is one of the feed's merged reads (ADR 296).
    const feed = planned.filter(({ sql }) => /^with home_viewer as/.test(sql));
    expect(feed.length).toBe(1);
    expect(feed[0]!.plan.join(" | ")).toContain("user_goals_goal_joined_idx (goal_id=? AND joined_at>?)");
  });

  it("the measured goal screen and the entry writes never scan a whole table nor sort the leaderboard", async () => {
    const member = await signUpUser();
    const goal = await insertMeasuredGoal();
    await post(`/join/${goal.id}`, {}, member.cookie);
    const trips: RoundTrip[] = [];
    trips.push(...(await countD1RoundTrips(() => logEntry(goal.id, member.cookie, { amount: "2" }))).roundTrips);
    const entry = (await entriesOf(goal.id))[0];
    trips.push(
      ...(
        await countD1RoundTrips(() =>
          post(
            `/active/${goal.id}`,
            { intent: "edit-entry", entryId: entry.id, amount: "3", day: entry.day, note: "" },
            member.cookie,
          ),
        )
      ).roundTrips,
    );
    for (const path of [`/active/${goal.id}`, `/active/${goal.id}.data`, "/main"])
      trips.push(...(await screenRoundTrips(path, member.cookie)).roundTrips);
    trips.push(
      ...(
        await countD1RoundTrips(() =>
          post(`/active/${goal.id}`, { intent: "delete-entry", entryId: entry.id }, member.cookie),
        )
      ).roundTrips,
    );
    const planned = await plans(trips);
    const progress = planned.filter(({ sql }) => /progress_(entries|totals)/.test(sql));
    expect(progress.length).toBeGreaterThan(8);
    expect(await fullScans(planned)).toEqual([]);
    // The leaderboard walks progress_totals_rank_idx in order and stops at 10: no sort of every member.
    // On the measure row (ADR 310) the board and the latest are derived tables `b` and `l`: their own plan
    // lines are checked, not the row's WHERE, which on /main picks the current goal (its subquery sorts
    // the ties of the last term among my goals: USE TEMP B-TREE FOR LAST TERM OF ORDER BY).
    const part = (plan: string[], name: string) => {
      const from = plan.indexOf(`CO-ROUTINE ${name}`);
      return from < 0 ? plan : plan.slice(from, plan.indexOf(`SCAN ${name}`, from));
    };
    const board = planned.filter(({ sql }) =>
      // The measure row's board names its own row's goal (ADR 314); the entries page binds the goal's id.
      /from "progress_totals" left join "users".*"progress_totals"\."goal_id" = (\?|"goals"\."id") order by/i.test(sql),
    );
    expect(board.length).toBeGreaterThan(0);
    for (const { sql, plan } of board) {
      expect(plan.join(" | "), sql).toContain("progress_totals_rank_idx");
      // Sorting is what must not happen; the team's week, which rides the same row (ADR 308), groups its
      // few members' entries by member (USE TEMP B-TREE FOR GROUP BY), as it did in a statement of its own.
      expect(part(plan, "b").join(" | "), sql).not.toMatch(/TEMP B-TREE FOR (RIGHT PART OF |LAST TERM OF )?ORDER BY/);
    }
    // My entries and days walk (goal, user, day); the group's latest walk (goal, created_at). No sort
    // (the team's week on the measure row groups by member, as above).
    for (const { sql, plan } of progress.filter(
      ({ sql }) =>
        /from "progress_entries"/i.test(sql) && /order by/i.test(sql) && /"goal_id" = (\?|"goals"\."id") /.test(sql),
    ))
      expect(part(plan, "l").join(" | "), sql).not.toMatch(/TEMP B-TREE FOR (RIGHT PART OF |LAST TERM OF )?ORDER BY/);
  });

  it("admin screens scan only what is listed (known, see docs/scale.md)", async () => {
    const admin = await signedInUser();
    await setType(admin.email, "admin");
    const trips: RoundTrip[] = [];
    for (const path of ["/admin/users", "/admin/users/manage?q=test&page=1", "/admin/audit"]) {
      trips.push(...(await screenRoundTrips(path, admin.cookie)).roundTrips);
    }
    const planned = await plans(trips);
    expect(planned.length).toBeGreaterThan(3);
    // Allowed for now: searching users with LIKE '%q%' and counting them read every user.
    const allowed = new Set(["SCAN users"]);
    expect((await fullScans(planned)).filter((s) => !allowed.has(s.split(" in: ")[0]!))).toEqual([]);
    // The newest-first list walks users_created_idx instead of sorting every user (561 ms at 1M).
    const list = planned.filter(({ sql }) => /order by "users"\."created_at" desc/i.test(sql) && !/like/i.test(sql));
    expect(list.length).toBeGreaterThan(0);
    for (const { plan } of list) expect(plan.join(" | ")).toContain("USING INDEX users_created_idx");
  });
});
