/**
 * Bench data on top of the demo seed: a member with 20 goals (the /main and /active/{id} pages),
 * 40 more public goals for suggestions, and 500 other members with 3 goals each, so a query without
 * an index scans real rows. And a measured month challenge (ADR 140; docs/benchmarks.md, "Round 3"): 1,000
 * runners logging 30 entries each (30,000 entries), one of them signed in for its goal screen.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  DEMO_PASSWORD,
  DEMO_PASSWORD_HASH,
  factories,
  insertManySql,
  insertSql,
  quietEnv,
  schema,
} from "../../scripts/seed.mjs";

export const BENCH_MEMBER = { id: "bench-member", email: "bench-member@example.com", password: DEMO_PASSWORD };
export const BENCH_GOALS = 60;
export const MEMBER_GOALS = 20;
const OTHER_MEMBERS = 500;
export const MEASURED = { goalId: "bench-measured", members: 1000, entriesEach: 30 };
/** The runner whose goal screen the bench loads: a member of the measured goal, mid-table. */
export const BENCH_RUNNER = { id: "bench-runner-1", email: "bench-runner-1@example.com", password: DEMO_PASSWORD };

const { dayFromToday: day, entryRow, goalRow, membershipRow, totalRow, userRow } = factories;
const goalId = (i) => `bench-goal-${String(i).padStart(2, "0")}`;

/** The rows, from the factories (drizzle/factories.ts), as SQL text. */
export function benchSql() {
  const { goals, userGoals, users } = schema;
  const members = [
    userRow({
      id: BENCH_MEMBER.id,
      first: "Bea",
      last: "Bench",
      email: BENCH_MEMBER.email,
      activegoals: MEMBER_GOALS,
      passwordHash: DEMO_PASSWORD_HASH,
    }),
  ];
  const memberships = [];
  for (let i = 1; i <= MEMBER_GOALS; i++)
    memberships.push(membershipRow(BENCH_MEMBER.id, goalId(i), { joinedAt: new Date(Date.now() - i * 60_000) }));
  for (let u = 1; u <= OTHER_MEMBERS; u++) {
    const id = `bench-user-${u}`;
    members.push(userRow({ id, first: "Member", last: String(u), activegoals: 2, passwordHash: null }));
    for (let k = 0; k < 3; k++)
      memberships.push(membershipRow(id, goalId(((u * 7 + k * 13) % BENCH_GOALS) + 1), { completed: k === 2 }));
  }
  const benchGoals = [];
  for (let i = 1; i <= BENCH_GOALS; i++)
    benchGoals.push(
      goalRow({ id: goalId(i), cause: `Bench goal ${i}: run ${i} km a week`, start: day(-i), end: day(30 + i) }),
    );
  return (
    [insertSql(users, members), insertSql(goals, benchGoals), insertSql(userGoals, memberships), measuredSql()].join(
      "\n",
    ) + "\n"
  );
}

/** The measured challenge: 100 km each over 30 days, a club target of 50,000 km; every runner 1-10 km a day. */
function measuredSql() {
  const { goals, userGoals, users, progressEntries, progressTotals } = schema;
  const goal = goalRow({
    id: MEASURED.goalId,
    cause: "Bench club: walk 100 km this month",
    start: day(-(MEASURED.entriesEach - 1)),
    end: day(1),
    unit: "km",
    unitTarget: 100_00,
    groupTarget: 50_000_00,
  });
  const runners = [];
  const memberships = [];
  const entries = [];
  const totals = [];
  const t0 = Date.now() - 30 * 86_400_000;
  for (let u = 1; u <= MEASURED.members; u++) {
    const id = `bench-runner-${u}`;
    runners.push(
      userRow({
        id,
        first: "Runner",
        last: String(u),
        email: `${id}@example.com`,
        activegoals: 1,
        passwordHash: u === 1 ? DEMO_PASSWORD_HASH : null,
      }),
    );
    memberships.push(membershipRow(id, MEASURED.goalId, { joinedAt: new Date(t0 + u * 1000) }));
    const mine = [];
    for (let k = 0; k < MEASURED.entriesEach; k++)
      mine.push(entryRow(MEASURED.goalId, id, ((u * 31 + k * 17) % 900) + 100, day(-k)));
    entries.push(...mine);
    totals.push(totalRow(MEASURED.goalId, id, mine, new Date(t0 + u * 60_000)));
  }
  return [
    insertSql(goals, [goal]),
    insertManySql(users, runners),
    insertManySql(userGoals, memberships),
    insertManySql(progressEntries, entries),
    insertManySql(progressTotals, totals),
  ].join("\n");
}

export function seedBench({ persistTo, cwd }) {
  const dir = mkdtempSync(join(tmpdir(), "gwf-bench-seed-"));
  const file = join(dir, "bench.sql");
  writeFileSync(file, benchSql());
  execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", file], {
    cwd,
    stdio: ["ignore", "ignore", "inherit"],
    env: quietEnv(),
  });
  return { memberGoalId: goalId(1), measuredGoalId: MEASURED.goalId };
}
