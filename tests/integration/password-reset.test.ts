import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { cookieFrom, count, get, post, postForm, uniqueEmail } from "../support/http";
import { signedInUser } from "../support/factories";
import { latestLinkPath } from "../support/mail";

const latestResetLink = (email: string) => latestLinkPath(email, "reset");

describe("password reset", () => {
  it("mails a single-use link that expires in 1 hour, stores only its hash, and goes to /signin", async () => {
    const { email } = await signedInUser();
    const before = Date.now();
    const response = await postForm("/passwordreset", { email: email.toUpperCase() });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/signin");

    const path = await latestResetLink(email);
    const token = path.split("/").pop()!;
    const row = await env.DB.prepare("SELECT * FROM password_resets WHERE email = ?").bind(email).first<any>();
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.token_hash).not.toContain(token);
    expect(row.purpose).toBe("reset");
    expect(row.expires_at - before).toBeGreaterThan(59 * 60_000);
    expect(row.expires_at - before).toBeLessThanOrEqual(60 * 60_000 + 5_000);
  });

  it("answers an unknown address exactly like a known one, and sends nothing", async () => {
    const [mails, resets] = [await count("mail_outbox"), await count("password_resets")];
    const response = await postForm("/passwordreset", { email: uniqueEmail("stranger") });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/signin");
    expect(await count("mail_outbox")).toBe(mails);
    expect(await count("password_resets")).toBe(resets);
  });

  it("sets the new password, signs the user in and ends their other sessions; the link then stops working", async () => {
    const { email, cookie: oldSession } = await signedInUser();
    await postForm("/passwordreset", { email });
    const path = await latestResetLink(email);

    const form = await get(path);
    expect(form.status).toBe(200);
    const html = await form.text();
    expect(html).toContain("Choose a New Password");
    expect(html).toContain(email);

    const saved = await post(path, { password: "a-brand-new-pass" });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/main");
    const newSession = cookieFrom(saved);
    expect((await get("/main", newSession)).status).toBe(200);
    expect((await get("/main", oldSession)).headers.get("Location")).toBe("/");

    expect((await postForm("/signin", { email, password: "password123" })).status).toBe(400);
    expect((await postForm("/signin", { email, password: "a-brand-new-pass" })).status).toBe(302);

    const again = await post(path, { password: "yet-another-pass" });
    expect(again.status).toBe(410);
    expect(await again.text()).toContain("This link has expired or has already been used.");
    expect((await get(path)).status).toBe(410);
  });

  it("lifts the sign-in lock: after 10 failures and a completed reset, the new password signs in at once", async () => {
    const { email } = await signedInUser();
    for (let i = 1; i <= 10; i++) await (await postForm("/signin", { email, password: `wrong-${i}` })).text();
    const locked = await postForm("/signin", { email, password: "password123" });
    expect(locked.status).toBe(429);
    expect(await locked.text()).toContain("Too Many Requests Try Again Later");

    await postForm("/passwordreset", { email });
    const saved = await post(await latestResetLink(email), { password: "a-brand-new-pass" });
    expect(saved.status).toBe(302);

    const signedIn = await postForm("/signin", { email, password: "a-brand-new-pass" });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe("/main");
    const left = await env.DB.prepare("SELECT count(*) AS n FROM signin_attempts WHERE key IN (?, ?)")
      .bind(`signin-lock:email:${email}`, `signin-fail:email:${email}`)
      .first<{ n: number }>();
    expect(left!.n).toBe(0);
  });

  it("refuses an expired link and an invented one", async () => {
    const { email } = await signedInUser();
    await postForm("/passwordreset", { email });
    const path = await latestResetLink(email);
    await env.DB.prepare("UPDATE password_resets SET expires_at = ? WHERE email = ?")
      .bind(Date.now() - 1000, email)
      .run();
    const expired = await get(path);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain("Link Expired");
    expect((await post(path, { password: "a-brand-new-pass" })).status).toBe(410);
    expect((await postForm("/signin", { email, password: "password123" })).status).toBe(302);

    for (const invented of [
      "/passwordreset/not-a-real-token-at-all-123",
      "/passwordreset/%00",
      "/passwordreset/" + "x".repeat(5000),
    ]) {
      const response = await get(invented);
      expect(response.status, invented).toBe(410);
    }
  });

  it("throttles repeated requests for one address", async () => {
    const { email } = await signedInUser();
    for (let i = 0; i < 3; i++) expect((await postForm("/passwordreset", { email })).status).toBe(302);
    const throttled = await postForm("/passwordreset", { email });
    expect(throttled.status).toBe(429);
    expect(await throttled.text()).toContain("Too Many Requests Try Again Later");
  });

  it("shows the mail in the development outbox at /dev/mail", async () => {
    const { email } = await signedInUser();
    await postForm("/passwordreset", { email });
    const page = await get(`/dev/mail?to=${encodeURIComponent(email)}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Reset your Goals with Friends password");
    expect(html).toMatch(/<a href="http[^"]+\/passwordreset\/[A-Za-z0-9_-]+"/);
  });
});
