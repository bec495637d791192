/**
 * The cron's housekeeping and retention (server.ts `scheduled`, app/jobs/housekeeping.server.ts, ADR 295),
 * run through the built worker's scheduled handler on the real migrations: expired sessions, throttle
 * counters past the longest window, links spent over a week ago, mail older than 30 days and notifications
 * read over 90 days ago go; everything still in use stays (unread lines and badges whatever their age); a
 * run deletes at most RETENTION_BATCH rows of each table, and every sweep finds its rows through an index.
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "#app/platform/db/db.server";
import { housekeepingStatements, RETENTION_BATCH } from "#app/jobs/housekeeping.server";
import { get, uniqueEmail, userId } from "../support/http";
import { worker } from "../support/worker";
import { signedInUser } from "../support/factories";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

async function exists(table: string, column: string, value: string) {
  return !!(await env.DB.prepare(`SELECT 1 AS x FROM ${table} WHERE ${column} = ?`).bind(value).first());
}

/** The cron fires (wrangler.toml [triggers]) at `now`; its work runs under waitUntil. */
async function cronAt(now: number) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: new Date(now), cron: "*/15 * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

async function count(sql: string, ...params: unknown[]) {
  return (await env.DB.prepare(`SELECT count(*) AS n FROM ${sql}`)
    .bind(...params)
    .first<{ n: number }>())!.n;
}

describe("the cron's housekeeping", () => {
  it("deletes expired sessions, counters whose window is long over and spent links, and keeps the rest", async () => {
    const now = Date.now();
    const member = await signedInUser();
    const id = await userId(member.email);
    const tag = uniqueEmail("sweep");

    // Sessions: one expired a minute ago, one still valid for a minute (the member's own stays too).
    await env.DB.batch([
      env.DB.prepare("INSERT INTO sessions (id, user_id, expires_at) VALUES (?, ?, ?)").bind(
        `expired-${tag}`,
        id,
        now - MINUTE,
      ),
      env.DB.prepare("INSERT INTO sessions (id, user_id, expires_at) VALUES (?, ?, ?)").bind(
        `valid-${tag}`,
        id,
        now + MINUTE,
      ),
    ]);
    // Counters: the longest window in LIMITS is an hour; one started just over it, one just inside it.
    await env.DB.batch([
      env.DB.prepare("INSERT INTO signin_attempts (key, count, window_start) VALUES (?, 3, ?)").bind(
        `signup:email:old-${tag}`,
        now - HOUR - MINUTE,
      ),
      env.DB.prepare("INSERT INTO signin_attempts (key, count, window_start) VALUES (?, 3, ?)").bind(
        `signup:email:current-${tag}`,
        now - HOUR + 5 * MINUTE,
      ),
    ]);
    // Links: spent (used or expired) over a week ago go; recently spent ones stay a week so their screen
    // can still say what kind of link they were (ADR 075); usable ones stay.
    const link = (name: string, purpose: string, expiresAt: number, usedAt: number | null) =>
      env.DB.prepare(
        "INSERT INTO password_resets (token_hash, user_id, email, purpose, expires_at, used_at) VALUES (?, ?, ?, ?, ?, ?)",
      ).bind(`${name}-${tag}`, id, member.email, purpose, expiresAt, usedAt);
    await env.DB.batch([
      link("used-long-ago", "reset", now - 8 * DAY + HOUR, now - 8 * DAY),
      link("expired-long-ago", "reset", now - 8 * DAY, null),
      link("set-password-expired-long-ago", "set-password", now - 8 * DAY, null),
      // Used over a week ago, though its own 7 days ran out only 2 hours ago.
      link("set-password-used-long-ago", "set-password", now - 2 * HOUR, now - 7 * DAY - HOUR),
      link("used-recently", "reset", now + HOUR, now - MINUTE),
      link("set-password-expired-recently", "set-password", now - MINUTE, null),
      link("usable", "reset", now + HOUR, null),
      link("usable-set-password", "set-password", now + 7 * DAY, null),
    ]);

    await cronAt(now);

    expect(await exists("sessions", "id", `expired-${tag}`)).toBe(false);
    expect(await exists("sessions", "id", `valid-${tag}`)).toBe(true);
    expect(await exists("signin_attempts", "key", `signup:email:old-${tag}`)).toBe(false);
    expect(await exists("signin_attempts", "key", `signup:email:current-${tag}`)).toBe(true);
    for (const gone of [
      "used-long-ago",
      "expired-long-ago",
      "set-password-expired-long-ago",
      "set-password-used-long-ago",
    ]) {
      expect(await exists("password_resets", "token_hash", `${gone}-${tag}`), gone).toBe(false);
    }
    for (const kept of ["used-recently", "set-password-expired-recently", "usable", "usable-set-password"]) {
      expect(await exists("password_resets", "token_hash", `${kept}-${tag}`), kept).toBe(true);
    }

    // The member is still signed in.
    expect((await get("/main", member.cookie)).status).toBe(200);
  });
});

describe("the cron's retention (ADR 295)", () => {
  it("deletes notifications read over 90 days ago, keeps younger ones, unread ones and badges whatever their age", async () => {
    const now = Date.now();
    const member = await signedInUser();
    const id = await userId(member.email);
    const line = (key: string, kind: string, createdAt: number, readAt: number | null) =>
      env.DB.prepare(
        "INSERT INTO notifications (id, user_id, kind, event_key, created_at, read_at, emailed_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      ).bind(key, id, kind, key, createdAt, readAt, createdAt);
    await env.DB.batch([
      line("read-91-days-ago", "cheer", now - 120 * DAY, now - 91 * DAY),
      line("reminder-read-long-ago", "reminder", now - 400 * DAY, now - 399 * DAY),
      line("read-89-days-ago", "cheer", now - 120 * DAY, now - 89 * DAY),
      line("unread-a-year-old", "message", now - 365 * DAY, null),
      line("badge-read-a-year-ago", "badge", now - 366 * DAY, now - 365 * DAY),
    ]);
    await cronAt(now);
    for (const gone of ["read-91-days-ago", "reminder-read-long-ago"])
      expect(await exists("notifications", "id", gone), gone).toBe(false);
    for (const kept of ["read-89-days-ago", "unread-a-year-old", "badge-read-a-year-ago"])
      expect(await exists("notifications", "id", kept), kept).toBe(true);
  });

  it("deletes mail older than 30 days whatever became of it and drops sealed links older than a week", async () => {
    const now = Date.now();
    const mail = (id: string, status: string, createdAt: number, sealed: string | null) =>
      env.DB.prepare(
        "INSERT INTO mail_outbox (id, \"to\", subject, text, kind, status, created_at, link_sealed) VALUES (?, 'a@example.com', 's', 't', 'reset', ?, ?, ?)",
      ).bind(id, status, createdAt, sealed);
    await env.DB.batch([
      mail("sent-31-days-ago", "sent", now - 31 * DAY, null),
      mail("dead-31-days-ago", "dead", now - 31 * DAY, "sealed"),
      mail("sent-29-days-ago", "sent", now - 29 * DAY, null),
      mail("sealed-8-days-ago", "sent", now - 8 * DAY, "sealed"),
      mail("sealed-6-days-ago", "sent", now - 6 * DAY, "sealed"),
    ]);
    await cronAt(now);
    expect(await exists("mail_outbox", "id", "sent-31-days-ago")).toBe(false);
    expect(await exists("mail_outbox", "id", "dead-31-days-ago")).toBe(false);
    expect(await exists("mail_outbox", "id", "sent-29-days-ago")).toBe(true);
    expect(await count("mail_outbox WHERE id = 'sealed-8-days-ago' AND link_sealed IS NULL")).toBe(1);
    expect(await count("mail_outbox WHERE id = 'sealed-6-days-ago' AND link_sealed = 'sealed'")).toBe(1);
  });

  it("a run deletes at most RETENTION_BATCH rows of each table; the next runs take the rest", async () => {
    const now = Date.now();
    const member = await signedInUser();
    const id = await userId(member.email);
    await cronAt(now); // nothing else old is left waiting
    const over = 3;
    const rows = `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ${RETENTION_BATCH + over})`;
    await env.DB.batch([
      env.DB.prepare(`INSERT INTO sessions (id, user_id, expires_at) ${rows} SELECT 'bound-' || x, ?, ? FROM c`).bind(
        id,
        now - DAY,
      ),
      env.DB.prepare(
        `INSERT INTO signin_attempts (key, count, window_start) ${rows} SELECT 'bound-' || x, 1, ? FROM c`,
      ).bind(now - 2 * DAY),
      env.DB.prepare(
        `INSERT INTO password_resets (token_hash, expires_at, used_at) ${rows} SELECT 'bound-' || x, ?, ? FROM c`,
      ).bind(now - 9 * DAY, now - 9 * DAY - HOUR),
      env.DB.prepare(
        `INSERT INTO mail_outbox (id, "to", subject, text, kind, status, created_at) ${rows} SELECT 'bound-' || x, 'a@example.com', 's', 't', 'reset', 'sent', ? FROM c`,
      ).bind(now - 31 * DAY),
      env.DB.prepare(
        `INSERT INTO mail_outbox (id, "to", subject, text, kind, status, created_at, link_sealed) ${rows} SELECT 'sealing-' || x, 'a@example.com', 's', 't', 'reset', 'sent', ?, 'sealed' FROM c`,
      ).bind(now - 8 * DAY),
      env.DB.prepare(
        `INSERT INTO notifications (id, user_id, kind, event_key, created_at, read_at, emailed_at) ${rows} SELECT 'bound-' || x, ?, 'cheer', 'bound-' || x, ?, ?, ? FROM c`,
      ).bind(id, now - 100 * DAY, now - 91 * DAY, now - 100 * DAY),
    ]);
    const left = async () => ({
      sessions: await count("sessions WHERE id LIKE 'bound-%'"),
      signinAttempts: await count("signin_attempts WHERE key LIKE 'bound-%'"),
      passwordResets: await count("password_resets WHERE token_hash LIKE 'bound-%'"),
      mailOutbox: await count("mail_outbox WHERE id LIKE 'bound-%'"),
      sealedLinks: await count("mail_outbox WHERE id LIKE 'sealing-%' AND link_sealed IS NOT NULL"),
      notifications: await count("notifications WHERE id LIKE 'bound-%'"),
    });
    const everyTable = (n: number) => ({
      sessions: n,
      signinAttempts: n,
      passwordResets: n,
      mailOutbox: n,
      sealedLinks: n,
      notifications: n,
    });
    expect(await left()).toEqual(everyTable(RETENTION_BATCH + over));
    await cronAt(now);
    expect(await left()).toEqual(everyTable(over));
    await cronAt(now);
    expect(await left()).toEqual(everyTable(0));
  });

  it("every sweep finds its rows through an index and stops at the batch", async () => {
    const db = createDb(env.DB);
    for (const statement of housekeepingStatements(db)) {
      const { sql, params } = statement.toSQL();
      expect(sql).toContain(`LIMIT ${RETENTION_BATCH})`);
      const plan = (
        await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
          .bind(...params)
          .all<{ detail: string }>()
      ).results.map((r) => r.detail.trim());
      expect(
        plan.filter((line) => line.startsWith("SCAN")),
        sql,
      ).toEqual([]);
      // The outer statement by rowid, the subquery on a named index of the table.
      expect(plan[0], sql).toMatch(/^SEARCH \w+ USING INTEGER PRIMARY KEY \(rowid=\?\)$/);
      expect(
        plan.some((line) => /^SEARCH \w+ USING (COVERING )?INDEX \w+_(idx) \(\w+<\?\)$/.test(line)),
        `${sql}\n${plan.join("\n")}`,
      ).toBe(true);
    }
  });
});
