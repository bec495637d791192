/**
 * Deleting an account removes every address it ever had, wherever it was left (ADR 219): the mail
 * outbox, early-access requests and invitations, pledge receipts, throttle counters and the audit log,
 * in the deletion's own batch. Proved by reading every column of every table afterwards.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { get, post, postForm, signUpUser, uniqueEmail } from "../support/http";
import { insertGoal, userByEmail } from "../support/goals";
import { mailedTo } from "../support/mail";

const PASSWORD = "password123";

/** Moves the account to `next` through the real screens: ask, then open the link mailed to `next`. */
async function changeEmail(cookie: string, next: string) {
  expect((await post("/profile/email", { email: next, current: PASSWORD }, cookie)).status).toBe(302);
  const mail = (await mailedTo(next)).find((m) => m.kind === "email-change");
  const token = mail?.text.match(/\/profile\/email\/([A-Za-z0-9_-]+)/)?.[1];
  expect(token).toBeTruthy();
  expect((await post(`/profile/email/${token}`, {}, cookie)).status).toBe(302);
  expect((await userByEmail(next)).id).toBeTruthy();
}

/** Every table, column and row holding any of `needles` (case-insensitive): "table.column = value". */
async function rowsNaming(needles: string[]) {
  const { results: tables } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name != 'd1_migrations'",
  ).all<{ name: string }>();
  const found: string[] = [];
  for (const { name } of tables) {
    const { results } = await env.DB.prepare(`SELECT * FROM "${name}"`).all<Record<string, unknown>>();
    for (const row of results)
      for (const [column, value] of Object.entries(row))
        if (typeof value === "string" && needles.some((n) => value.toLowerCase().includes(n)))
          found.push(`${name}.${column} = ${value.slice(0, 120)}`);
  }
  return found;
}

describe("deleting an account", () => {
  it("leaves no row anywhere holding any address the account ever had, and keeps what others own", async () => {
    const first = uniqueEmail("erase-first");
    const second = uniqueEmail("erase-second");
    const current = uniqueEmail("erase-current");
    const { cookie } = await signUpUser({ email: first, first: "Eraser" });
    const bystander = await signUpUser({ first: "Bystander" });
    const { id } = await userByEmail(first);

    // Left behind under the first address: an early-access request from before the account, a counted
    // wrong sign-in, a pledge with its receipt, an admin's audit entries naming it.
    await env.DB.prepare(
      "INSERT INTO early_access_requests (id, name_first, name_last, location_city, location_state, email) VALUES (?, 'Eraser', 'Person', 'Leeds', 'Yorkshire', ?)",
    )
      .bind(`ea-${id}`, first.toUpperCase())
      .run();
    await (await postForm("/signin", { email: first, password: "wrong-password" })).arrayBuffer();
    const goal = await insertGoal({ cause: "Walk for the library" });
    await env.DB.prepare(
      "UPDATE goals SET charity_name = 'Library', charity_url = 'https://library.example.org', target_amount = 100000, currency = 'GBP' WHERE id = ?",
    )
      .bind(goal.id)
      .run();
    expect((await postForm(`/give/${goal.id}`, { name: "Eraser Person", amount: "5", email: first })).status).toBe(302);
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO audit_log (id, actor_id, action, target, detail) VALUES (?, NULL, 'user.change', ?, 'type user → org')",
      ).bind(`audit-target-${id}`, first),
      env.DB.prepare(
        "INSERT INTO audit_log (id, actor_id, action, target, detail) VALUES (?, NULL, 'access.support-email', 'support e-mail', ?)",
      ).bind(`audit-detail-${id}`, first),
      env.DB.prepare(
        "INSERT INTO audit_log (id, actor_id, action, target, detail) VALUES (?, NULL, 'user.add', ?, 'type user')",
      ).bind(`audit-other-${id}`, bystander.email),
    ]);

    // Two moves: first -> second -> current. Each leaves mail to the old address naming the new one.
    await changeEmail(cookie, second);
    // An invitation for the second address (an admin invited it from the early-access list meanwhile).
    await env.DB.prepare(
      "INSERT INTO password_resets (token_hash, user_id, email, purpose, expires_at) VALUES (?, NULL, ?, 'invite', ?)",
    )
      .bind(`invite-${id}`, second, Date.now() + 86_400_000)
      .run();
    await changeEmail(cookie, current);
    const addresses = [first, second, current];
    expect((await rowsNaming(addresses)).length).toBeGreaterThan(8);
    // The member's own copy lists the earlier addresses (they are kept only for this and for deletion).
    const data = await (await get("/profile/data.json", cookie)).json<{ earlierEmails: { email: string }[] }>();
    expect(data.earlierEmails.map((e) => e.email).sort()).toEqual([first, second].sort());

    const deleted = await post("/profile/delete", { confirm: current, current: PASSWORD }, cookie);
    expect(deleted.status).toBe(302);
    expect(await rowsNaming(addresses)).toEqual([]);

    // What is not the member's stays: the audit entries (without the address), the pledge's amount, the
    // bystander's own rows.
    const audit = await env.DB.prepare("SELECT id, target, detail FROM audit_log WHERE id LIKE ? ORDER BY id")
      .bind(`audit-%-${id}`)
      .all<{ id: string; target: string | null; detail: string | null }>();
    expect(audit.results).toEqual([
      { id: `audit-detail-${id}`, target: "support e-mail", detail: null },
      { id: `audit-other-${id}`, target: bystander.email, detail: "type user" },
      { id: `audit-target-${id}`, target: "(a deleted account)", detail: "type user → org" },
    ]);
    const pledge = await env.DB.prepare("SELECT amount, email FROM pledges WHERE goal_id = ?").bind(goal.id).first();
    expect(pledge).toEqual({ amount: 500, email: null });
    expect(await userByEmail(bystander.email)).not.toBeNull();
  });
});
