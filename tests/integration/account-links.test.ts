/**
 * Open links cannot outlive the change that should end them (ADR 216): a password change voids every
 * open link of the member (e-mail change, reset); confirming an e-mail change ends the member's other
 * sessions and voids their other links; a reset link works only while its address is the account's.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { cookieFrom, get, post, postForm, signUpUser, uniqueEmail } from "../support/http";
import { userByEmail } from "../support/goals";
import { latestLinkPath, mailedTo } from "../support/mail";

const PASSWORD = "password123";

async function emailChangeLink(to: string) {
  const mail = (await mailedTo(to)).find((m) => m.kind === "email-change");
  return mail?.text.match(/\/profile\/email\/[A-Za-z0-9_-]+/)?.[0] ?? null;
}

describe("links end with the change that should end them", () => {
  it("a password change voids a pending e-mail change and a reset link", async () => {
    const { cookie, email } = await signUpUser();
    const next = uniqueEmail("attacker");
    expect((await post("/profile/email", { email: next, current: PASSWORD }, cookie)).status).toBe(302);
    const change = (await emailChangeLink(next))!;
    expect(change).toBeTruthy();
    await postForm("/passwordreset", { email });
    const reset = await latestLinkPath(email, "reset");

    // The owner notices and changes the password: neither link opens anything now.
    expect((await post("/profile/password", { current: PASSWORD, password: "brand-new-pass" }, cookie)).status).toBe(
      302,
    );
    expect((await post(change, {}, cookie)).status).toBe(410);
    expect((await userByEmail(email)).email).toBe(email);
    expect((await get(reset)).status).toBe(410);
    expect((await post(reset, { password: "taken-over-pass" })).status).toBe(410);
    expect((await postForm("/signin", { email, password: "brand-new-pass" })).status).toBe(302);
  });

  it("confirming an e-mail change ends the other sessions and voids the other links", async () => {
    const { cookie, email } = await signUpUser();
    const other = cookieFrom(await postForm("/signin", { email, password: PASSWORD }));
    expect((await get("/profile", other)).status).toBe(200);
    await postForm("/passwordreset", { email });
    const reset = await latestLinkPath(email, "reset");
    const next = uniqueEmail("moved");
    expect((await post("/profile/email", { email: next, current: PASSWORD }, cookie)).status).toBe(302);
    const change = (await emailChangeLink(next))!;

    const confirmed = await post(change, {}, cookie);
    expect(confirmed.headers.get("Location")).toBe("/profile");
    expect((await get("/profile", cookie)).status).toBe(200); // the confirming device stays in
    expect((await get("/profile", other)).headers.get("Location")).toBe("/"); // the other is out
    expect((await post(reset, { password: "taken-over-pass" })).status).toBe(410);
    expect((await postForm("/signin", { email: next, password: PASSWORD })).status).toBe(302);
  });

  it("a reset link works only while its address is still the account's", async () => {
    const { email } = await signUpUser();
    await postForm("/passwordreset", { email });
    const reset = await latestLinkPath(email, "reset");
    // The address moves by any path (here straight in the database): the old address's link is dead.
    const moved = uniqueEmail("elsewhere");
    await env.DB.prepare("UPDATE users SET email = ? WHERE email = ?").bind(moved, email).run();
    expect((await get(reset)).status).toBe(410);
    expect((await post(reset, { password: "taken-over-pass" })).status).toBe(410);
    expect((await postForm("/signin", { email: moved, password: PASSWORD })).status).toBe(302);
  });
});
