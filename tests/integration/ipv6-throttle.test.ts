import { describe, expect, it } from "vitest";
import { postForm, uniqueEmail } from "../support/http";

const signUp = (ip: string) =>
  postForm("/tester", { first: "Six", last: "Four", email: uniqueEmail("v6"), password: "password123" }, { ip });

describe("throttles key IPv6 on its /64", () => {
  it("a machine taking a fresh IPv6 address per sign-up is still one client: the 11th in an hour is a 429", async () => {
    const prefix = `2001:db8:${(Date.now() % 0xffff).toString(16)}:7`;
    for (let i = 1; i <= 10; i++)
      expect((await signUp(`${prefix}::${i.toString(16)}`)).status, `sign-up ${i}`).toBe(302);
    const refused = await signUp(`${prefix}:ffff:ffff:ffff:ffff`);
    expect(refused.status).toBe(429);
    // The next /64 is someone else.
    expect((await signUp(`2001:db8:${(Date.now() % 0xffff).toString(16)}:8::1`)).status).toBe(302);
  });
});
