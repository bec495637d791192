#!/usr/bin/env node
/**
 * bench/load: many signed-in members using the app at once, then the data checked for damage.
 *   1. fresh local state: migrations, the demo seed, SESSIONS members and GOALS public goals in D1;
 *   2. a production build under `wrangler dev` (ENVIRONMENT=production), loopback only, port 8827;
 *   3. every member signs in through the real /signin form;
 *   4. for SECONDS, every member loops over a mix: GET /main, GET /active/{id}, POST /join/{id},
 *      POST /active/{id} (complete); some joins are double clicks (two identical POSTs at once);
 *   5. the server stops and D1 is checked: activegoals equals each member's not-completed user_goals,
 *      and no (user, goal) pair appears twice.
 * Prints requests/s, p50/p99 (all and by kind), errors (5xx and network) and invariant violations;
 * exits non-zero when there are any.
 *
 *   node bench/load/index.mjs [--seconds 60] [--sessions 200] [--inflight 24] [--json FILE]
 * `npm run bench` runs it as its "Load" section (skip with --no-load there).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { freshState } from "../../scripts/fresh-state.mjs";
import { factories, insertSql, quietEnv, schema } from "../../scripts/seed.mjs";
import { ROOT, buildProduction, renderedFields } from "../lib/app.mjs";
import { startWrangler } from "../lib/server.mjs";
import { flag, option } from "../lib/options.mjs";

export const LOAD_PORTS = [8827, 9427];
const { TEST_PASSWORD: PASSWORD, dayFromToday: day, goalRow, userRow } = factories;
const GOALS = 40;
const MIX = [
  ["main", 0.35],
  ["active", 0.3],
  ["join", 0.2],
  ["complete", 0.15],
];

const goalId = (i) => `load-goal-${String(i).padStart(2, "0")}`;
const userEmail = (i) => `load-${i}@example.com`;

/** Users and goals straight into D1, from the factories (users share their precomputed hash). */
function seedLoad({ persistTo, sessions }) {
  const { goals, users } = schema;
  const goalRows = [];
  for (let i = 1; i <= GOALS; i++)
    goalRows.push(goalRow({ id: goalId(i), cause: `Load goal ${i}`, start: day(-5), end: day(60 + i) }));
  const userRows = [];
  for (let i = 1; i <= sessions; i++)
    userRows.push(userRow({ id: `load-user-${i}`, first: "Load", last: `User ${i}`, email: userEmail(i) }));
  const file = join(mkdtempSync(join(tmpdir(), "gwf-load-seed-")), "load.sql");
  writeFileSync(file, [insertSql(goals, goalRows), insertSql(users, userRows)].join("\n") + "\n");
  d1(persistTo, ["--file", file]);
}

function d1(persistTo, args) {
  return execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", persistTo, ...args], {
    cwd: ROOT,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    env: quietEnv(),
  });
}

function query(persistTo, sql) {
  const out = d1(persistTo, ["--json", "--command", sql]);
  return JSON.parse(out.slice(out.indexOf("[")))[0].results;
}

/** At most `limit` requests in flight; everyone else waits their turn (a bounded load). */
function limiter(limit) {
  let active = 0;
  const queue = [];
  const release = () => {
    active--;
    queue.shift()?.();
  };
  return async (fn) => {
    if (active >= limit) await new Promise((resolve) => queue.push(resolve));
    active++;
    try {
      return await fn();
    } finally {
      release();
    }
  };
}

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : 0;

/**
 * @param {{ url: string, persistTo: string, sessions: number, seconds: number, inflight: number, log?: (s?: string) => void }} o
 */
export async function driveLoad({ url, sessions, seconds, inflight, log = console.log }) {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url)) throw new Error(`loopback only: ${url}`);
  const limit = limiter(inflight);
  const samples = { main: [], active: [], join: [], complete: [], signin: [] };
  const statuses = {};
  const errors = [];

  async function request(kind, path, { cookie, form } = {}) {
    return limit(async () => {
      const started = performance.now();
      try {
        const response = await fetch(url + path, {
          method: form ? "POST" : "GET",
          redirect: "manual",
          headers: {
            ...(cookie ? { Cookie: cookie } : {}),
            ...(form ? { "Content-Type": "application/x-www-form-urlencoded", Origin: url } : {}),
          },
          body: form ? new URLSearchParams(form) : undefined,
        });
        const text = await response.text();
        samples[kind].push(performance.now() - started);
        const key = `${kind} ${response.status}`;
        statuses[key] = (statuses[key] ?? 0) + 1;
        if (response.status >= 500)
          errors.push(`${kind} ${path}: HTTP ${response.status} ${text.replace(/\s+/g, " ").slice(0, 160)}`);
        return response;
      } catch (error) {
        errors.push(`${kind} ${path}: ${error.cause?.code ?? error.message}`);
        return null;
      }
    });
  }

  // Sign everyone in through the real form (a few at a time: PBKDF2 is deliberately slow).
  const signInLimit = limiter(8);
  const rendered = await renderedFields(url); // the honeypot fields the sign-in form renders
  const members = await Promise.all(
    Array.from({ length: sessions }, (_, k) =>
      signInLimit(async () => {
        const response = await request("signin", "/signin", {
          form: { ...rendered, email: userEmail(k + 1), password: PASSWORD },
        });
        const cookie = (response?.headers.get("set-cookie") ?? "").split(";")[0];
        if (response?.status !== 302 || !cookie) throw new Error(`sign-in ${k + 1} failed: ${response?.status}`);
        return { cookie, active: new Set(), done: new Set() };
      }),
    ),
  );
  log(
    `  ${members.length} members signed in; running the mix for ${seconds} s with at most ${inflight} requests in flight`,
  );

  let seed = 12345;
  const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const pickKind = () => {
    let r = random();
    for (const [kind, weight] of MIX) if ((r -= weight) < 0) return kind;
    return "main";
  };
  const pickGoal = (set) => [...set][Math.floor(random() * set.size)];

  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    members.map(async (member) => {
      while (performance.now() < deadline) {
        const kind = pickKind();
        if (kind === "main" || (kind === "active" && member.active.size === 0)) {
          await request("main", "/main", { cookie: member.cookie });
        } else if (kind === "active") {
          await request("active", `/active/${pickGoal(member.active)}`, { cookie: member.cookie });
        } else if (kind === "join") {
          const free = Array.from({ length: GOALS }, (_, i) => goalId(i + 1)).filter(
            (g) => !member.active.has(g) && !member.done.has(g),
          );
          if (free.length === 0) continue;
          const goal = free[Math.floor(random() * free.length)];
          const double = random() < 0.1;
          const tries = await Promise.all(
            Array.from({ length: double ? 2 : 1 }, () =>
              request("join", `/join/${goal}`, { cookie: member.cookie, form: {} }),
            ),
          );
          if (tries.some((r) => r?.status === 302 && r.headers.get("location") === `/active/${goal}`))
            member.active.add(goal);
        } else {
          if (member.active.size === 0) continue;
          const goal = pickGoal(member.active);
          const double = random() < 0.1;
          const tries = await Promise.all(
            Array.from({ length: double ? 2 : 1 }, () =>
              request("complete", `/active/${goal}`, { cookie: member.cookie, form: { intent: "complete" } }),
            ),
          );
          if (tries.some((r) => r?.status === 302)) (member.active.delete(goal), member.done.add(goal));
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;

  const mixKinds = ["main", "active", "join", "complete"];
  const all = mixKinds.flatMap((k) => samples[k]).sort((a, b) => a - b);
  const byKind = Object.fromEntries(
    mixKinds.map((k) => {
      const s = [...samples[k]].sort((a, b) => a - b);
      return [k, { requests: s.length, p50: Math.round(percentile(s, 0.5)), p99: Math.round(percentile(s, 0.99)) }];
    }),
  );
  return {
    sessions: members.length,
    seconds: Number(elapsed.toFixed(1)),
    inflight,
    requests: all.length,
    rps: Number((all.length / elapsed).toFixed(1)),
    p50: Math.round(percentile(all, 0.5)),
    p99: Math.round(percentile(all, 0.99)),
    byKind,
    statuses,
    errors: errors.length,
    errorSamples: errors.slice(0, 10),
    signinP50: Math.round(
      percentile(
        [...samples.signin].sort((a, b) => a - b),
        0.5,
      ),
    ),
  };
}

/** The two invariants of docs/benchmarks.md "Load", straight from D1 (run after the server has stopped). */
export function checkInvariants(persistTo) {
  const [counts] = query(
    persistTo,
    `SELECT
       (SELECT count(*) FROM users u WHERE u.activegoals != (SELECT count(*) FROM user_goals ug WHERE ug.user_id = u.id AND ug.completed = 0)) AS activegoalsMismatches,
       (SELECT count(*) FROM (SELECT user_id, goal_id FROM user_goals GROUP BY user_id, goal_id HAVING count(*) > 1)) AS duplicateUserGoals,
       (SELECT count(*) FROM users WHERE activegoals < 0) AS negativeActivegoals,
       (SELECT count(*) FROM user_goals WHERE user_id LIKE 'load-user-%') AS userGoals,
       (SELECT count(*) FROM user_goals WHERE user_id LIKE 'load-user-%' AND completed = 1) AS completedUserGoals`,
  );
  return {
    ...counts,
    violations: counts.activegoalsMismatches + counts.duplicateUserGoals + counts.negativeActivegoals,
  };
}

/** Fresh state, server up, load, server down, invariants: the whole run. */
export async function runLoad({ sessions = 200, seconds = 60, inflight = 24, log = console.log } = {}) {
  const persistTo = await freshState({ cwd: ROOT, prefix: "gwf-load-" });
  seedLoad({ persistTo, sessions });
  const [port, inspectorPort] = LOAD_PORTS;
  const server = await startWrangler({
    name: "load",
    cwd: ROOT,
    port,
    inspectorPort,
    persistTo,
    readyPath: "/signin",
    vars: {
      ENVIRONMENT: "production",
      SESSION_SECRET: "load-session-secret-0123456789abcdef",
      HONEYPOT_SEED: "load-honeypot-seed-0123456789abcdefg",
      APP_URL: `http://127.0.0.1:${port}`,
    },
  });
  let result;
  try {
    // ENVIRONMENT=production sets Secure cookies; fetch in Node still sends them back over http.
    result = await driveLoad({ url: server.url, sessions, seconds, inflight, log });
  } finally {
    server.stop();
  }
  await new Promise((r) => setTimeout(r, 1000));
  return { ...result, invariants: checkInvariants(persistTo) };
}

export function printLoad(r, log = console.log) {
  log(`  ${r.sessions} sessions, ${r.seconds} s, at most ${r.inflight} requests in flight (loopback)`);
  log(`  requests: ${r.requests}   requests/s: ${r.rps}   p50: ${r.p50} ms   p99: ${r.p99} ms`);
  for (const [kind, k] of Object.entries(r.byKind))
    log(
      `    ${kind.padEnd(9)} ${String(k.requests).padStart(6)} requests   p50 ${String(k.p50).padStart(5)} ms   p99 ${String(k.p99).padStart(5)} ms`,
    );
  log(
    `  statuses: ${Object.entries(r.statuses)
      .sort()
      .map(([k, v]) => `${k}: ${v}`)
      .join(", ")}`,
  );
  log(`  errors (5xx or network): ${r.errors}${r.errorSamples.length ? ` e.g. ${r.errorSamples.join("; ")}` : ""}`);
  const inv = r.invariants;
  log(
    `  invariants: activegoals mismatches ${inv.activegoalsMismatches}, duplicate user_goals ${inv.duplicateUserGoals}, negative activegoals ${inv.negativeActivegoals} (user_goals written: ${inv.userGoals}, completed: ${inv.completedUserGoals})`,
  );
  log(`  invariant violations: ${inv.violations}`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (!flag("--no-build")) buildProduction();
  const result = await runLoad({
    sessions: Number(option("--sessions", 200)),
    seconds: Number(option("--seconds", 60)),
    inflight: Number(option("--inflight", 24)),
  });
  console.log("Load");
  printLoad(result);
  const json = option("--json");
  if (json) writeFileSync(json, JSON.stringify(result, null, 2) + "\n");
  process.exit(result.errors === 0 && result.invariants.violations === 0 ? 0 : 1);
}
