import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { cookieFrom, count, get, post, postForm, setType, signUpUser, uniqueEmail, userId } from "../support/http";
import { latestLinkPath } from "../support/mail";

/** Suspends a user the way an admin does (/admin/users), which also voids their open links. */
async function suspendByAdmin(email: string) {
  const admin = await signUpUser({ first: "Adele" });
  await setType(admin.email, "admin");
  const response = await post(
    "/admin/users",
    { intent: "change-user", userId: await userId(email), type: "user", status: "suspended" },
    admin.cookie,
  );
  expect(response.status).toBeLessThan(400);
  const row = await env.DB.prepare("SELECT status FROM users WHERE email = ?").bind(email).first<{ status: string }>();
  expect(row?.status).toBe("suspended");
}

/** Suspends a user straight in D1: any path that sets the status, without the admin screen's clean-up. */
async function suspendInDatabase(email: string) {
  await env.DB.prepare("UPDATE users SET status = 'suspended' WHERE email = ?").bind(email).run();
}

/** Whether a cookie opens a signed-in screen (/main answers 200 rather than sending the visitor to /). */
async function signedIn(cookie: string) {
  const main = await get("/main", cookie);
  const profile = await get("/profile", cookie);
  return main.status === 200 || profile.status === 200;
}

describe("suspended accounts stay out", () => {
  it("a reset link mailed before the suspension stops working when an admin suspends the account", async () => {
    const { email } = await signUpUser();
    await postForm("/passwordreset", { email });
    const path = await latestLinkPath(email, "reset");
    await suspendByAdmin(email);

    expect((await get(path)).status).toBe(410);
    const saved = await post(path, { password: "a-brand-new-pass" });
    expect(saved.status).toBe(410);
    expect(await saved.text()).toContain("This link has expired or has already been used.");
    expect(await signedIn(cookieFrom(saved))).toBe(false);
    // The password did not change either.
    expect((await postForm("/signin", { email, password: "a-brand-new-pass" })).status).not.toBe(302);
  });

  it("reset link -> new password gives no working session to an account suspended by any path", async () => {
    const { email } = await signUpUser();
    await postForm("/passwordreset", { email });
    const path = await latestLinkPath(email, "reset");
    await suspendInDatabase(email);

    const saved = await post(path, { password: "a-brand-new-pass" });
    expect(saved.headers.get("Location")).not.toBe("/main");
    expect(await signedIn(cookieFrom(saved))).toBe(false);
  });

  it("sends no reset link to a suspended account, and answers exactly as for anyone else", async () => {
    const { email } = await signUpUser();
    await suspendInDatabase(email);
    const [mails, links] = [await count("mail_outbox"), await count("password_resets")];
    const response = await postForm("/passwordreset", { email });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/signin");
    expect(await count("mail_outbox")).toBe(mails);
    expect(await count("password_resets")).toBe(links);
  });

  it("an admin's unused set-password link opens nothing once the account is suspended", async () => {
    const admin = await signUpUser({ first: "Adele" });
    await setType(admin.email, "admin");
    const email = uniqueEmail("added");
    const added = await post(
      "/admin/users/add-user",
      { first: "Nia", last: "New", email, type: "admin" },
      admin.cookie,
    );
    expect(added.status).toBe(200);
    const path = await latestLinkPath(email, "set-password");
    await suspendByAdmin(email);

    expect((await get(path)).status).toBe(410);
    const saved = await post(path, { password: "a-brand-new-pass" });
    expect(saved.status).toBe(410);
    expect(await signedIn(cookieFrom(saved))).toBe(false);
  });

  it("an admin's set-password link gives no session to an account suspended in the database", async () => {
    const admin = await signUpUser({ first: "Adele" });
    await setType(admin.email, "admin");
    const email = uniqueEmail("added");
    await post("/admin/users/add-user", { first: "Nia", last: "New", email, type: "admin" }, admin.cookie);
    const path = await latestLinkPath(email, "set-password");
    await suspendInDatabase(email);

    const saved = await post(path, { password: "a-brand-new-pass" });
    expect(await signedIn(cookieFrom(saved))).toBe(false);
  });

  it("an existing session stops working once the account is suspended, whatever set the status", async () => {
    const { email, cookie } = await signUpUser();
    expect(await signedIn(cookie)).toBe(true);
    await suspendInDatabase(email);
    expect((await get("/main", cookie)).headers.get("Location")).toBe("/");
    expect((await get("/profile", cookie)).headers.get("Location")).toBe("/");
    // The session rows may still be there; they open nothing.
    expect(await signedIn(cookie)).toBe(false);
    // Restoring the account does not need a new sign-in to be meaningful: the guard reads the status.
    await env.DB.prepare("UPDATE users SET status = 'active' WHERE email = ?").bind(email).run();
    expect(await signedIn(cookie)).toBe(true);
  });

  it("a suspended session is signed out on the live stream too", async () => {
    const { email, cookie } = await signUpUser();
    await suspendInDatabase(email);
    const response = await get("/events?topics=user:" + (await userId(email)), cookie);
    expect(response.status).toBe(401);
    await response.body?.cancel();
  });
});
