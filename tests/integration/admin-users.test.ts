import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { flashCookieFrom, get, post, setType } from "../support/http";
import { signedInUser } from "../support/factories";

async function signUpAs(type: "admin" | "org" | "user", first = "Test") {
  const user = await signedInUser({ first });
  await setType(user.email, type);
  return user;
}

const userId = async (email: string) =>
  (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: string }>())!.id;
const userRow = (email: string) => env.DB.prepare("SELECT * FROM users WHERE email = ?").bind(email).first<any>();
const auditFor = (target: string) =>
  env.DB.prepare("SELECT * FROM audit_log WHERE target = ? ORDER BY created_at").bind(target).all<any>();

describe("admin users", () => {
  it("lists, searches (name or email, % taken literally) and pages users", async () => {
    const admin = await signUpAs("admin");
    const marker = `zz${Date.now()}`;
    const found = await signedInUser({ first: "Quincy", last: marker });
    const page = await get(`/admin/users?q=${encodeURIComponent(`Quincy ${marker}`)}`, admin.cookie);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(found.email);
    expect(html).toContain("1 user");
    expect(html).not.toContain(admin.email);

    const wildcard = await (await get(`/admin/users?q=%25`, admin.cookie)).text();
    expect(wildcard).toContain("0 users");
    expect(await (await get(`/admin/users?q=${encodeURIComponent("_")}`, admin.cookie)).text()).not.toContain(
      admin.email,
    );
    // A whole long e-mail address finds its user (D1 refuses LIKE patterns over 50 bytes: no LIKE here).
    const long = await signedInUser({ email: `${"long-address-".repeat(5)}${marker}@example.com` });
    const byAddress = await get(`/admin/users?q=${encodeURIComponent(long.email)}`, admin.cookie);
    expect(byAddress.status).toBe(200);
    expect(await byAddress.text()).toContain("1 user");
    // Junk paging falls back to the first page, never a 500.
    expect((await get(`/admin/users/manage?page=-3&q=${"x".repeat(500)}`, admin.cookie)).status).toBe(200);
  });

  it("changes a user's type and status, records it in the audit log, and shows it there", async () => {
    const admin = await signUpAs("admin", "Audra");
    const member = await signedInUser();
    const id = await userId(member.email);
    const response = await post(
      "/admin/users",
      { intent: "change-user", userId: id, type: "org", status: "active" },
      admin.cookie,
    );
    expect(response.status).toBe(200);
    expect(await userRow(member.email)).toMatchObject({ type: "org", status: "active" });
    const { results } = await auditFor(member.email);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ action: "user.change", actor_id: await userId(admin.email) });
    expect(results[0].detail).toContain("type user → org");

    const audit = await (await get("/admin/audit", admin.cookie)).text();
    expect(audit).toContain(member.email);
    expect(audit).toContain("Audra");
  });

  it("suspending a user ends their sessions", async () => {
    const admin = await signUpAs("admin");
    const member = await signedInUser();
    expect((await get("/main", member.cookie)).status).toBe(200);
    const id = await userId(member.email);
    await post("/admin/users", { intent: "change-user", userId: id, type: "user", status: "suspended" }, admin.cookie);
    const bounced = await get("/main", member.cookie);
    expect(bounced.headers.get("Location")).toBe("/");
    // Not without a word: the page they land on says why, and where to turn.
    const landing = await (await get("/", `${member.cookie}; ${flashCookieFrom(bounced)}`)).text();
    expect(landing).toContain(
      "You have been signed out: an admin has suspended this account. To ask why or to have it restored, Contact Support at support@goalswithfriends.app.",
    );
    // A visitor whose session simply ended is bounced as before, with no such message.
    const stranger = await get("/main", "__session=not-a-session");
    expect(stranger.headers.get("Location")).toBe("/");
    expect(stranger.headers.getSetCookie().some((c) => c.startsWith("__flash="))).toBe(false);
  });

  it("the users list filters by type and status, sorts by name, and sends a page past the end to the last page", async () => {
    const admin = await signUpAs("admin");
    const marker = `flt${Date.now()}`;
    const zed = await signedInUser({ first: "Zed", last: marker });
    const amy = await signedInUser({ first: "Amy", last: marker });
    await setType(zed.email, "org");
    await setType(amy.email, "org");
    const byName = await (await get(`/admin/users?q=${marker}&type=org&sort=name`, admin.cookie)).text();
    expect(byName).toMatch(/2 users(<!-- -->)? matching/);
    expect(byName.indexOf(amy.email)).toBeLessThan(byName.indexOf(zed.email));
    const suspendedOrgs = await (await get(`/admin/users?q=${marker}&type=org&status=suspended`, admin.cookie)).text();
    expect(suspendedOrgs).toMatch(/0 users(<!-- -->)? matching/);
    expect(suspendedOrgs).toContain("No users match");

    const past = await get(`/admin/users?q=${marker}&page=999`, admin.cookie);
    expect(past.status).toBe(302);
    expect(past.headers.get("Location")).toBe(`/admin/users?q=${marker}`);
  });

  it("a change made from the list answers at the list's own address, with no ?index in it", async () => {
    const admin = await signUpAs("admin");
    const member = await signedInUser();
    const id = await userId(member.email);
    const page = await (await get(`/admin/users?q=${encodeURIComponent(member.email)}`, admin.cookie)).text();
    // Attribute order is the renderer's business (React 18 and 19 differ): find the form, then its action.
    const form = page.match(/<form [^>]*class="admin-manage__form"[^>]*>/)?.[0];
    const action = form?.match(/ action="([^"]+)"/)?.[1];
    expect(action).toMatch(/^\/admin\/users\/manage\?q=/);
    expect(action).not.toContain("index");
    const saved = await post(
      action!.replace(/&amp;/g, "&"),
      { intent: "change-user", userId: id, type: "user", status: "active" },
      admin.cookie,
    );
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain(`Saved ${member.email}: status new → active.`);
  });

  it("never lets the last active admin demote or suspend themself", async () => {
    // Make this the only admin for the duration of the test.
    const admin = await signUpAs("admin");
    const id = await userId(admin.email);
    const others = await env.DB.prepare("SELECT id FROM users WHERE type = 'admin' AND id != ?")
      .bind(id)
      .all<{ id: string }>();
    await env.DB.prepare("UPDATE users SET type = 'user' WHERE type = 'admin' AND id != ?").bind(id).run();
    try {
      const response = await post(
        "/admin/users",
        { intent: "change-user", userId: id, type: "user", status: "active" },
        admin.cookie,
      );
      expect(response.status).toBe(409);
      expect(await response.text()).toContain("You are the last admin");
      const suspend = await post(
        "/admin/users",
        { intent: "change-user", userId: id, type: "admin", status: "suspended" },
        admin.cookie,
      );
      expect(suspend.status).toBe(409);
      expect(await userRow(admin.email)).toMatchObject({ type: "admin" });
      expect((await auditFor(admin.email)).results).toHaveLength(0);

      // With a second admin, demoting yourself is fine.
      const second = await signUpAs("admin");
      const ok = await post(
        "/admin/users",
        { intent: "change-user", userId: id, type: "org", status: "active" },
        admin.cookie,
      );
      expect(ok.status).toBe(200);
      expect(await userRow(admin.email)).toMatchObject({ type: "org" });
      // ...and the demoted admin is now refused.
      expect((await get("/admin/users", admin.cookie)).status).toBe(403);
      await setType(second.email, "user");
    } finally {
      for (const other of others.results)
        await env.DB.prepare("UPDATE users SET type = 'admin' WHERE id = ?").bind(other.id).run();
    }
  });

  it("answers bad input with a 400 and writes nothing", async () => {
    const admin = await signUpAs("admin");
    const member = await signedInUser();
    const id = await userId(member.email);
    const response = await post(
      "/admin/users",
      { intent: "change-user", userId: id, type: "superuser", status: "x".repeat(10_000) },
      admin.cookie,
    );
    expect(response.status).toBe(400);
    expect(await userRow(member.email)).toMatchObject({ type: "user", status: "new" });
  });
});
