import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { count, post, setType } from "../support/http";
import { signedInUser } from "../support/factories";
import { mailedTo } from "../support/mail";

async function signUpAdmin() {
  const admin = await signedInUser({ first: "Adele" });
  await setType(admin.email, "admin");
  return admin;
}

async function sha256(text: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

describe("admin add user", () => {
  it("creates the user with no password and e-mails a 7-day single-use link to set one", async () => {
    const admin = await signUpAdmin();
    const email = `added${Date.now()}@example.com`;
    const response = await post(
      "/admin/users/add-user",
      { first: "Nia", last: "New", email: email.toUpperCase(), type: "org" },
      admin.cookie,
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("We e-mailed them a link to set their password.");

    const user = await env.DB.prepare("SELECT * FROM users WHERE email = ?").bind(email).first<any>();
    expect(user).toMatchObject({ first: "Nia", last: "New", type: "org", status: "new", password_hash: null });

    const mail = await env.DB.prepare('SELECT * FROM mail_outbox WHERE "to" = ?').bind(email).first<any>();
    expect(mail.subject).toBe("You have been added to Goals with Friends");
    expect(mail.text).toContain("Adele");
    // The stored text holds no token: the link is sealed beside it (ADR 103); the inbox (/dev/mail) has it.
    expect(mail.text).not.toMatch(/\/passwordreset\/[A-Za-z0-9_-]+/);
    const [delivered] = await mailedTo(email);
    const token = /\/passwordreset\/([A-Za-z0-9_-]+)/.exec(delivered!.text)![1]!;
    expect(mail.link_sealed).not.toContain(token);

    const link = await env.DB.prepare("SELECT * FROM password_resets WHERE user_id = ?").bind(user.id).first<any>();
    expect(link).toMatchObject({ purpose: "set-password", email, used_at: null });
    expect(link.token_hash).toBe(await sha256(token));
    expect(link.token_hash).not.toContain(token);
    const days = (link.expires_at - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const audit = await env.DB.prepare("SELECT * FROM audit_log WHERE action = 'user.add' AND target = ?")
      .bind(email)
      .first<any>();
    expect(audit).toBeTruthy();
  });

  it("refuses an e-mail already in use (409) and bad input (400), writing nothing", async () => {
    const admin = await signUpAdmin();
    const before = await Promise.all(["users", "mail_outbox", "password_resets", "audit_log"].map(count));
    const taken = await post(
      "/admin/users/add-user",
      { first: "A", last: "B", email: admin.email, type: "user" },
      admin.cookie,
    );
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain("An account with this email already exists.");
    const bad = await post(
      "/admin/users/add-user",
      { first: "", last: "x".repeat(500), email: "nope", type: "root" },
      admin.cookie,
    );
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("Must have a value");
    expect(html).toContain("Enter a valid email address");
    expect(await Promise.all(["users", "mail_outbox", "password_resets", "audit_log"].map(count))).toEqual(before);
  });
});
