import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, post, postForm, setType, signUpUser, uniqueEmail } from "../support/http";
import { latestLinkPath } from "../support/mail";
import { eq } from "drizzle-orm";
import { createDb } from "#app/platform/db/db.server";
import { ClaimFailedError, createUser } from "#app/features/account/users.server";
import { passwordResets } from "#drizzle/schema";

/** An admin invites a fresh early-access requester; returns the invited address and the link's path. */
async function invite() {
  const admin = await signUpUser({ first: "Ava" });
  await setType(admin.email, "admin");
  const email = uniqueEmail("invited");
  const id = `req${Date.now()}${Math.random().toString(16).slice(2)}`;
  await env.DB.prepare(
    "INSERT INTO early_access_requests (id, name_first, name_last, location_city, location_state, email) VALUES (?, 'Rae', 'Quest', 'Leeds', 'West Yorkshire', ?)",
  )
    .bind(id, email)
    .run();
  expect((await post("/admin/access", { intent: "invite", requestId: id }, admin.cookie)).status).toBe(200);
  return { email, path: await latestLinkPath(email, "invite") };
}

const accountsFor = async (emails: string[]) => {
  const rows = await env.DB.prepare(`SELECT email FROM users WHERE email IN (${emails.map(() => "?").join(",")})`)
    .bind(...emails)
    .all();
  return rows.results.length;
};

const signUpAt = (path: string, email: string) =>
  postForm(path, { first: "Rae", last: "Quest", email, password: "password123" });

describe("early-access invitations: one invitation, one account, for the invited address", () => {
  beforeAll(async () => {
    await env.DB.prepare("UPDATE settings SET early_access = 'request'").run();
  });
  afterAll(async () => {
    await env.DB.prepare("UPDATE settings SET early_access = 'open'").run();
  });

  it("refuses an address the invitation was not sent to, writing nothing and leaving the link usable", async () => {
    const { email, path } = await invite();
    const users = await count("users");
    const stranger = uniqueEmail("stranger");
    const response = await signUpAt(path, stranger);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain(`This invitation is for ${email}`);
    expect(await count("users")).toBe(users);
    expect((await signUpAt(path, email)).status).toBe(302);
  });

  it("posted five times at once under unrelated addresses, it creates no account at all", async () => {
    const { path } = await invite();
    const strangers = Array.from({ length: 5 }, () => uniqueEmail("racer"));
    const responses = await Promise.all(strangers.map((e) => signUpAt(path, e)));
    expect(responses.map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
    expect(await accountsFor(strangers)).toBe(0);
  });

  it("posted five times at once for the invited address, it creates exactly one account and is then spent", async () => {
    const { email, path } = await invite();
    const responses = await Promise.all(Array.from({ length: 5 }, () => signUpAt(path, email.toUpperCase())));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 302)).toHaveLength(1);
    expect(statuses.every((s) => s === 302 || (s >= 400 && s < 500))).toBe(true);
    expect(await accountsFor([email])).toBe(1);
    const link = await env.DB.prepare("SELECT used_at FROM password_resets WHERE email = ? AND purpose = 'invite'")
      .bind(email)
      .first<{ used_at: number | null }>();
    expect(link?.used_at).toBeGreaterThan(0);
    // Spent: nobody signs up with it again, whatever the address.
    const users = await count("users");
    expect((await signUpAt(path, uniqueEmail("late"))).status).toBe(403);
    expect(await count("users")).toBe(users);
  });

  it("creates the account only when the claim in its batch changed a row", async () => {
    const db = createDb(env.DB);
    const lost = uniqueEmail("lost");
    const noRow = db.update(passwordResets).set({ usedAt: new Date() }).where(eq(passwordResets.tokenHash, "none"));
    await expect(createUser(db, { first: "Lo", last: "St", email: lost }, noRow)).rejects.toThrow(ClaimFailedError);
    expect(await accountsFor([lost])).toBe(0);

    const { email } = await invite();
    const won = db.update(passwordResets).set({ usedAt: new Date() }).where(eq(passwordResets.email, email));
    const user = await createUser(db, { first: "Wo", last: "N", email }, won);
    expect(user).toMatchObject({ email, first: "Wo", type: "user", status: "new", activegoals: 0 });
    expect(user.createdAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});
