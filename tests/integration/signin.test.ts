import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { flashCookieFrom, get, postForm, uniqueEmail } from "../support/http";
import { signedInUser } from "../support/factories";

const TOO_MANY = "Too Many Requests Try Again Later";
const support = () =>
  env.DB.prepare("SELECT support_email AS e FROM settings WHERE id = 1")
    .first<{ e: string }>()
    .then((r) => r!.e);
/** How many times the page's body shows the message (leaving out its streamed data, after the markup). */
const occurrences = (html: string, text: string) => {
  const body = html.slice(html.indexOf("<body"));
  return body.slice(0, body.indexOf("<script")).replaceAll("<!-- -->", "").split(text).length - 1;
};
/** Both fields are invalid and described by the one message with this id (told once, ADR 264). */
const bothDescribedBy = (html: string, id: string) =>
  ["signin-email", "signin-password"].every((field) =>
    new RegExp(`<input[^>]*id="${field}"[^>]*aria-invalid="true"[^>]*aria-describedby="${id}"`).test(html),
  );

async function failures(email: string) {
  const row = await env.DB.prepare("SELECT count FROM signin_attempts WHERE key = ?")
    .bind(`signin-fail:email:${email}`)
    .first<{ count: number }>();
  return row?.count ?? 0;
}

describe("sign-in error catalogue (SPEC section 8)", () => {
  it("says 'Email Address Not Found' on the email field and 'Wrong Password' on the password field", async () => {
    const { email } = await signedInUser();
    const unknown = await postForm("/signin", { email: uniqueEmail("nobody"), password: "whatever1" });
    expect(unknown.status).toBe(400);
    const unknownHtml = await unknown.text();
    expect(unknownHtml).toMatch(/id="signin-email-error"[^>]*>Email Address Not Found</);
    const wrong = await postForm("/signin", { email, password: "nope-nope" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toMatch(/id="signin-password-error"[^>]*>Wrong Password</);
  });

  it("says 'Contact Support at {support e-mail}' once, for both fields, after more than 4 counted failures", async () => {
    const { email } = await signedInUser();
    for (let i = 1; i <= 4; i++) {
      const html = await (await postForm("/signin", { email, password: `wrong-${i}` })).text();
      expect(html, `failure ${i}`).toContain("Wrong Password");
    }
    const fifth = await postForm("/signin", { email, password: "wrong-5" });
    expect(fifth.status).toBe(400);
    const html = await fifth.text();
    // Once, with the address as a link and the reason; both fields invalid and described by it.
    expect(occurrences(html, "Contact Support at")).toBe(1);
    expect(html).toMatch(
      new RegExp(`id="signin-support" role="alert">Contact Support at <a href="mailto:${await support()}">`),
    );
    expect(bothDescribedBy(html, "signin-support")).toBe(true);
    expect(html).not.toContain("Wrong Password");
    expect(html.split(`href="mailto:${await support()}"`).length - 1).toBe(1);
    expect(html).toContain("Signing in has failed several times for this address");
  });

  it("tells a suspended account why it cannot sign in, with the support address as a link", async () => {
    const { email } = await signedInUser();
    await env.DB.prepare("UPDATE users SET status = 'suspended' WHERE email = ?").bind(email).run();
    const response = await postForm("/signin", { email, password: "password123" });
    expect(response.status).toBe(403);
    const html = await response.text();
    expect(html).toContain(
      `This account is suspended, so it cannot sign in. To ask why or to restore it, Contact Support at ${await support()}`,
    );
    expect(html).toContain(`href="mailto:${await support()}"`);
  });

  it("uses the support e-mail from settings", async () => {
    const { email } = await signedInUser();
    await env.DB.prepare("UPDATE settings SET support_email = 'help@club.example' WHERE id = 1").run();
    try {
      for (let i = 1; i <= 4; i++) await (await postForm("/signin", { email, password: `wrong-${i}` })).text();
      expect(await (await postForm("/signin", { email, password: "wrong-5" })).text()).toContain(
        "Contact Support at help@club.example",
      );
    } finally {
      await env.DB.prepare("UPDATE settings SET support_email = 'support@goalswithfriends.app' WHERE id = 1").run();
    }
  });

  it("throttles an address after 10 failures: both fields say so, the count resets, and the lock lifts later", async () => {
    const { email } = await signedInUser();
    for (let i = 1; i <= 9; i++) await (await postForm("/signin", { email, password: `wrong-${i}` })).text();
    expect(await failures(email)).toBe(9);
    const tenth = await postForm("/signin", { email, password: "wrong-10" });
    expect(tenth.status).toBe(429);
    const tenthHtml = await tenth.text();
    // Told once, under the first field; both fields invalid and described by it.
    expect(occurrences(tenthHtml, TOO_MANY)).toBe(1);
    expect(bothDescribedBy(tenthHtml, "signin-email-error")).toBe(true);
    expect(await failures(email)).toBe(0);

    // Locked: even the right password is turned away for now, with no session.
    const locked = await postForm("/signin", { email, password: "password123" });
    expect(locked.status).toBe(429);
    expect(locked.headers.get("Set-Cookie")).toBeNull();
    expect(occurrences(await locked.text(), TOO_MANY)).toBe(1);

    // The window passes: the count started again, so a wrong password is just 'Wrong Password'.
    await env.DB.prepare("UPDATE signin_attempts SET window_start = 0 WHERE key LIKE ?").bind(`%:email:${email}`).run();
    expect(await (await postForm("/signin", { email, password: "wrong-again" })).text()).toContain("Wrong Password");
    const ok = await postForm("/signin", { email, password: "password123" });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/main");
  });

  it("throttles a client address that makes too many attempts, and only that address", async () => {
    const { email } = await signedInUser();
    const ip = "203.0.113.7";
    for (let i = 1; i <= 30; i++) {
      const response = await postForm("/signin", { email: uniqueEmail("spray"), password: "whatever1" }, { ip });
      expect(response.status, `attempt ${i}`).toBe(400);
      await response.text();
    }
    const throttled = await postForm("/signin", { email, password: "password123" }, { ip });
    expect(throttled.status).toBe(429);
    expect(occurrences(await throttled.text(), TOO_MANY)).toBe(1);
    const elsewhere = await postForm("/signin", { email, password: "password123" }, { ip: "198.51.100.9" });
    expect(elsewhere.status).toBe(302);
  });

  it("forgets earlier failures after a successful sign-in", async () => {
    const { email } = await signedInUser();
    for (let i = 1; i <= 4; i++) await (await postForm("/signin", { email, password: `wrong-${i}` })).text();
    expect((await postForm("/signin", { email, password: "password123" })).status).toBe(302);
    expect(await failures(email)).toBe(0);
    expect(await (await postForm("/signin", { email, password: "wrong-5" })).text()).toContain("Wrong Password");
  });

  it("does not count empty submissions as failures", async () => {
    const { email } = await signedInUser();
    for (let i = 0; i < 6; i++) {
      const response = await postForm("/signin", { email, password: "" });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("Must have a value");
    }
    expect(await failures(email)).toBe(0);
  });

  it("shows the password-reset notice once, from the flash cookie, not from the address", async () => {
    const response = await postForm("/passwordreset", { email: uniqueEmail("notice") });
    const flash = flashCookieFrom(response);
    const page = await get("/signin", flash);
    expect(await page.text()).toContain("we have e-mailed it a link to reset the password");
    expect(page.headers.getSetCookie().some((c) => c.startsWith("__flash=;"))).toBe(true);
    expect(await (await get("/signin?notice=reset")).text()).not.toContain("we have e-mailed it a link");
  });
});
