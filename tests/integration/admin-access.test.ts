import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { get, post, setType } from "../support/http";
import { signedInUser } from "../support/factories";
import { latestLinkPath } from "../support/mail";

async function signUpAdmin() {
  const admin = await signedInUser({ first: "Ava" });
  await setType(admin.email, "admin");
  return admin;
}

async function addRequest(values: Partial<Record<string, string>> = {}) {
  const id = `req${Date.now()}${Math.random().toString(16).slice(2)}`;
  const email = values.email ?? `${id}@example.com`;
  await env.DB.prepare(
    "INSERT INTO early_access_requests (id, name_first, name_last, location_city, location_state, email) VALUES (?, ?, ?, ?, ?, ?)",
  )
    .bind(
      id,
      values.first ?? "Rae",
      values.last ?? "Quest",
      values.city ?? "Leeds",
      values.state ?? "West Yorkshire",
      email,
    )
    .run();
  return { id, email };
}

const mode = async () =>
  (await env.DB.prepare("SELECT early_access FROM settings WHERE id = 1").first<{ early_access: string }>())!
    .early_access;

afterEach(async () => {
  await env.DB.prepare(
    "UPDATE settings SET early_access = 'open', support_email = 'support@goalswithfriends.app' WHERE id = 1",
  ).run();
});

const CHANGED = {
  closed: "Early access is now closed: Sign Up shows &#x27;Currently Closed&#x27;.",
  request: "Early access is now by request: Sign Up shows the request form",
  open: "Early access is now open: anyone can create an account at /signup.",
};

describe("admin access", () => {
  it("does not invite someone who already has an account, and says so", async () => {
    const admin = await signUpAdmin();
    const member = await signedInUser();
    const request = await addRequest({ email: member.email });
    expect(await (await get("/admin/access", admin.cookie)).text()).toContain("Has an account");
    const response = await post("/admin/access", { intent: "invite", requestId: request.id }, admin.cookie);
    expect(response.status).toBe(409);
    expect(await response.text()).toContain(`${member.email} already has an account: nothing to invite.`);
    const links = await env.DB.prepare(
      "SELECT count(*) AS n FROM password_resets WHERE email = ? AND purpose = 'invite'",
    )
      .bind(member.email)
      .first<{ n: number }>();
    expect(links!.n).toBe(0);
  });

  it("switches the early-access mode, which /signup follows, and audits it", async () => {
    const admin = await signUpAdmin();
    for (const [value, heading] of [
      ["closed", "Currently Closed"],
      ["request", "Request Early Access"],
      ["open", "Get Started"],
    ] as const) {
      const response = await post("/admin/access", { intent: "early-access", mode: value }, admin.cookie);
      expect(response.status).toBe(200);
      // Proper copy for every mode, never "Early access is now request."
      expect(await response.text()).toContain(CHANGED[value]);
      expect(await mode()).toBe(value);
      expect(await (await get("/signup")).text()).toContain(heading);
    }
    const audit = await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'access.mode'").first<{
      n: number;
    }>();
    expect(audit!.n).toBeGreaterThanOrEqual(3);
    const bad = await post("/admin/access", { intent: "early-access", mode: "maybe" }, admin.cookie);
    expect(bad.status).toBe(400);
    expect(await mode()).toBe("open");
  });

  it("saves the support e-mail, refusing a bad one on the field", async () => {
    const admin = await signUpAdmin();
    const bad = await post("/admin/access", { intent: "support-email", supportEmail: "help" }, admin.cookie);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Enter a valid email address");
    const ok = await post("/admin/access", { intent: "support-email", supportEmail: "Help@Example.com" }, admin.cookie);
    expect(ok.status).toBe(200);
    const row = await env.DB.prepare("SELECT support_email FROM settings WHERE id = 1").first<{
      support_email: string;
    }>();
    expect(row!.support_email).toBe("help@example.com");
  });

  it("invites a requester with a single-use 7-day link to /signup?invite=", async () => {
    const admin = await signUpAdmin();
    const request = await addRequest();
    const page = await (await get("/admin/access", admin.cookie)).text();
    expect(page).toContain(request.email);
    const response = await post("/admin/access", { intent: "invite", requestId: request.id }, admin.cookie);
    expect(response.status).toBe(200);
    const mail = await env.DB.prepare("SELECT * FROM mail_outbox WHERE \"to\" = ? AND kind = 'invite'")
      .bind(request.email)
      .first<any>();
    expect(mail.text).not.toMatch(/invite=/);
    expect(await latestLinkPath(request.email, "invite")).toMatch(/^\/signup\?invite=[A-Za-z0-9_-]{40,}$/);
    const link = await env.DB.prepare("SELECT * FROM password_resets WHERE email = ? AND purpose = 'invite'")
      .bind(request.email)
      .first<any>();
    expect(link.used_at).toBeNull();
    expect((link.expires_at - Date.now()) / 86_400_000).toBeGreaterThan(6.9);
    const row = await env.DB.prepare("SELECT invited_at FROM early_access_requests WHERE id = ?")
      .bind(request.id)
      .first<any>();
    expect(row.invited_at).toBeGreaterThan(0);
    expect((await post("/admin/access", { intent: "invite", requestId: "gone" }, admin.cookie)).status).toBe(404);
  });

  it("exports every request as CSV, with formulas defused, to admins only", async () => {
    const admin = await signUpAdmin();
    const member = await signedInUser();
    await addRequest({ first: "=cmd()", last: "O'Brien,=2+5", email: `csv${Date.now()}@example.com` });
    const response = await get("/admin/access/requests.csv", admin.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/csv");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /attachment; filename="early-access-requests-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const csv = await response.text();
    // One writer for every export (app/lib/csv.ts): byte-order mark, every cell quoted, and a formula
    // defused at the start of the cell and after a "," or ";" inside it.
    expect(csv.startsWith('\uFEFF"First name","Last name","City","State","Email","Requested","Invited"\r\n')).toBe(
      true,
    );
    expect(csv).toContain(`"'=cmd()","O'Brien,'=2+5","Leeds","West Yorkshire",`);
    expect((await get("/admin/access/requests.csv", member.cookie)).status).toBe(403);
    expect((await get("/admin/access/requests.csv")).headers.get("Location")).toBe("/");
  });
});
