/**
 * /passwordreset/{token} serves two kinds of link: a reset (1 hour) and the set-password link an admin's
 * add-user mails (7 days). Each says what it is and how long it lasts (ADR 076).
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { cookieFrom, get, post, postForm, setType, uniqueEmail } from "../support/http";
import { signedInUser } from "../support/factories";
import { mailedTo } from "../support/mail";

const EXPIRED = "This link has expired or has already been used.";

/** The path of the newest /passwordreset/ link mailed to an address. */
async function mailedLink(email: string) {
  const mail = (await mailedTo(email))[0];
  return new URL(mail!.text.match(/https?:\/\/\S+\/passwordreset\/[A-Za-z0-9_-]+/)![0]).pathname;
}

/** An admin adds a user; returns the new user's address and set-password link. */
async function addedUser() {
  const admin = await signedInUser();
  await setType(admin.email, "admin");
  const email = uniqueEmail("added");
  const response = await post(
    "/admin/users/add-user",
    { first: "Nia", last: "New", email, type: "user" },
    admin.cookie,
  );
  expect(response.status).toBe(200);
  return { email, path: await mailedLink(email) };
}

describe("the link screen says which kind of link it is", () => {
  it("an admin's set-password link: 'Choose Your Password', then '7 days' once used, never '1 hour'", async () => {
    const { email, path } = await addedUser();
    const page = await get(path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("<title>Choose Your Password");
    expect(html).toMatch(/<h1>Choose Your Password<\/h1>/);
    expect(html).toContain("An administrator added you to Goals with Friends.");
    expect(html).toContain(email);
    expect(html).not.toContain("Choose a New Password");
    expect(html).not.toContain("1 hour");

    const saved = await post(path, { password: "my-first-password" });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/main");
    expect((await get("/main", cookieFrom(saved))).status).toBe(200);

    for (const again of [await get(path), await post(path, { password: "another-password" })]) {
      expect(again.status).toBe(410);
      const text = await again.text();
      expect(text).toContain(`${EXPIRED} Links to set your first password work once, for 7 days.`);
      expect(text).not.toContain("1 hour");
    }
  });

  it("an expired set-password link says 7 days too", async () => {
    const { email, path } = await addedUser();
    await env.DB.prepare("UPDATE password_resets SET expires_at = ? WHERE email = ?")
      .bind(Date.now() - 1000, email)
      .run();
    const page = await get(path);
    expect(page.status).toBe(410);
    const html = await page.text();
    expect(html).toContain("<h1>Link Expired</h1>");
    expect(html).toContain(`${EXPIRED} Links to set your first password work once, for 7 days.`);
  });

  it("a reset link keeps its copy: 'Choose a New Password', and '1 hour' once it has expired", async () => {
    const { email } = await signedInUser();
    await postForm("/passwordreset", { email });
    const path = await mailedLink(email);
    const html = await (await get(path)).text();
    expect(html).toMatch(/<h1>Choose a New Password<\/h1>/);
    expect(html).toContain("Saving it signs you in here and signs you out everywhere else.");
    await env.DB.prepare("UPDATE password_resets SET expires_at = ? WHERE email = ?")
      .bind(Date.now() - 1000, email)
      .run();
    const expired = await get(path);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain(`${EXPIRED} Reset links work once, for 1 hour.`);
  });

  it("an unknown link reads as a reset link", async () => {
    const response = await get("/passwordreset/not-a-real-token-at-all-123");
    expect(response.status).toBe(410);
    expect(await response.text()).toContain(`${EXPIRED} Reset links work once, for 1 hour.`);
  });
});
