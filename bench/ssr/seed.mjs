/**
 * Bench data on top of the demo seed: a member with 20 goals (the /main and /active/{id} pages),
 * 40 more public goals for suggestions, and 500 other members with 3 goals each, so a query without
 * an index scans real rows.
 */
import { pbkdf2Sync, randomBytes } from "node:crypto";
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_PASSWORD, quietEnv } from "../../scripts/seed.mjs";

export const BENCH_MEMBER = { id: "bench-member", email: "bench-member@example.com", password: DEMO_PASSWORD };
export const BENCH_GOALS = 60;
export const MEMBER_GOALS = 20;
const OTHER_MEMBERS = 500;

const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const goalId = (i) => `bench-goal-${String(i).padStart(2, "0")}`;

function hash(password) {
  const salt = randomBytes(16);
  const derived = pbkdf2Sync(password, salt, 100_000, 32, "sha256");
  return `pbkdf2-sha256$100000$${salt.toString("base64")}$${derived.toString("base64")}`;
}

export function benchSql() {
  const lines = [];
  const pw = hash(BENCH_MEMBER.password);
  lines.push(
    `INSERT INTO users (id, first, last, email, type, status, activegoals, password_hash) VALUES ('${BENCH_MEMBER.id}', 'Bea', 'Bench', '${BENCH_MEMBER.email}', 'user', 'new', ${MEMBER_GOALS}, '${pw}');`,
  );
  for (let i = 1; i <= BENCH_GOALS; i++) {
    lines.push(
      `INSERT INTO goals (id, cause, start, "end", visibility) VALUES ('${goalId(i)}', 'Bench goal ${i}: run ${i} km a week', '${day(-i)}', '${day(30 + i)}', 'public');`,
    );
  }
  for (let i = 1; i <= MEMBER_GOALS; i++) {
    lines.push(
      `INSERT INTO user_goals (user_id, goal_id, completed, joined_at) VALUES ('${BENCH_MEMBER.id}', '${goalId(i)}', 0, ${Date.now() - i * 60_000});`,
    );
  }
  for (let u = 1; u <= OTHER_MEMBERS; u++) {
    const id = `bench-user-${u}`;
    lines.push(
      `INSERT INTO users (id, first, last, email, type, status, activegoals) VALUES ('${id}', 'Member', '${u}', '${id}@example.com', 'user', 'new', 3);`,
    );
    for (let k = 0; k < 3; k++) {
      lines.push(
        `INSERT INTO user_goals (user_id, goal_id, completed) VALUES ('${id}', '${goalId(((u * 7 + k * 13) % BENCH_GOALS) + 1)}', ${k === 2 ? 1 : 0});`,
      );
    }
  }
  return lines.join("\n") + "\n";
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
  return { memberGoalId: goalId(1) };
}
