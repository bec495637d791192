/**
 * The cron's housekeeping (server.ts `scheduled`, app/jobs/housekeeping.server.ts), run through the
 * built worker's scheduled handler: expired sessions, throttle counters past the longest window, and
 * links spent over a week ago go; everything still in use stays.
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { get, uniqueEmail, userId } from "../support/http";
import { worker } from "../support/worker";
import { signedInUser } from "../support/factories";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

async function exists(table: string, column: string, value: string) {
  return !!(await env.DB.prepare(`SELECT 1 AS x FROM ${table} WHERE ${column} = ?`).bind(value).first());
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

    // The cron fires (wrangler.toml [triggers]); its work runs under waitUntil.
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: new Date(now), cron: "*/15 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);

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
