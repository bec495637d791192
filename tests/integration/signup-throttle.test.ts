/** Sign-up throttles (rate-limit.server.ts LIMITS): per e-mail and per client address, 429 on the email field. */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { count, postForm, uniqueEmail } from "../support/http";

const TOO_MANY = "Too Many Requests Try Again Later";
const signUp = (email: string, ip: string) =>
  postForm("/tester", { first: "Sam", last: "Spam", email, password: "password123" }, { ip });

describe("sign-up throttles", () => {
  it("lets one client address make 10 accounts an hour; the 11th is a 429 on the email field and writes nothing", async () => {
    const ip = "198.51.100.77";
    for (let i = 1; i <= 10; i++) expect((await signUp(uniqueEmail("batch"), ip)).status, `sign-up ${i}`).toBe(302);
    const users = await count("users");
    const email = uniqueEmail("eleventh");
    const refused = await signUp(email, ip);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toMatch(new RegExp(`id="signup-email-error"[^>]*>${TOO_MANY}<`));
    expect(refused.headers.get("Set-Cookie")).toBeNull();
    expect(await count("users")).toBe(users);
    // Another address signs the same person up.
    expect((await signUp(email, "198.51.100.78")).status).toBe(302);
  });

  it("counts tries for one e-mail from any address: the 6th within an hour is a 429", async () => {
    const email = uniqueEmail("again");
    expect((await signUp(email, "203.0.113.201")).status).toBe(302);
    for (let i = 2; i <= 5; i++) expect((await signUp(email, `203.0.113.${200 + i}`)).status, `try ${i}`).toBe(409);
    const refused = await signUp(email, "203.0.113.250");
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain(TOO_MANY);
    const row = await env.DB.prepare("SELECT count FROM signin_attempts WHERE key = ?")
      .bind(`signup:email:${email}`)
      .first<{ count: number }>();
    expect(row!.count).toBe(6);
  });
});
