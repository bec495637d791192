import { describe, expect, it } from "vitest";
import { get, postForm, signUpUser } from "../support/http";

const returnCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((c) => c.startsWith("__return="))
    ?.split(";")[0];

describe("the way back after sign-in (ADR 163)", () => {
  it("keeps SPEC's redirect to / and signs in to the page asked for, once", async () => {
    const { email } = await signUpUser();
    const visit = await get("/active/goal-x?tab=1");
    expect(visit.status).toBe(302);
    expect(visit.headers.get("Location")).toBe("/");
    const cookie = returnCookie(visit);
    expect(cookie).toBeTruthy();

    const signin = await postForm("/signin", { email, password: "password123" }, { cookie });
    expect(signin.status).toBe(302);
    expect(signin.headers.get("Location")).toBe("/active/goal-x?tab=1");
    expect(signin.headers.getSetCookie().some((c) => c.startsWith("__return=;"))).toBe(true);
  });

  it("ignores a forged return cookie and a POST's address", async () => {
    const { email } = await signUpUser();
    const forged = await postForm(
      "/signin",
      { email, password: "password123" },
      { cookie: "__return=%2F%2Fevil.example" },
    );
    expect(forged.headers.get("Location")).toBe("/main");
    const post = await postForm("/profile", { first: "x" });
    expect(returnCookie(post)).toBeUndefined();
  });
});
