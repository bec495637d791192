/**
 * /join/{id} opened signed out (ADR 262): a public goal's preview with Sign Up and Sign In, both of which
 * come back to it; of a private, friends or demo goal, or an id that does not exist, nothing at all.
 */
import { describe, expect, it } from "vitest";
import { get, postForm, signUpUser, uniqueEmail } from "../support/http";
import { createUser, dayFromToday, join } from "../support/factories";
import { insertGoal } from "../support/goals";

const returnCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((c) => c.startsWith("__return="))
    ?.split(";")[0];

describe("a shared /join/{id} link, signed out", () => {
  it("previews a public goal and brings the visitor back to it after signing up or in", async () => {
    const goal = await insertGoal({
      cause: "Walk 100 km in March",
      start: dayFromToday(-2),
      end: dayFromToday(20),
      charityName: "Shelter",
      unit: "km",
    });
    for (const first of ["Zephyrine", "Quillon"]) await join((await createUser({ first })).id, goal.id);

    const visit = await get(`/join/${goal.id}`);
    expect(visit.status).toBe(200);
    const html = (await visit.text()).replaceAll("<!-- -->", "");
    expect(html).toContain('<h1 id="join-preview-title">Walk 100 km in March</h1>');
    expect(html).toContain("Raising money for Shelter");
    expect(html).toContain("Progress counted in km");
    expect(html).toContain("2 people have joined");
    expect(html).toContain("Sign up or sign in to join: we will bring you straight back here.");
    expect(html).toMatch(/<a class="button"[^>]* href="\/signup">Sign Up<\/a>/);
    expect(html).toMatch(/<a class="button button--secondary"[^>]* href="\/signin">Sign In<\/a>/);
    // Nothing a member sees: no members' names, no join button.
    expect(html).not.toContain("Zephyrine");
    expect(html).not.toContain("Join goal");

    const cookie = returnCookie(visit);
    expect(cookie).toBeTruthy();
    // The sign-in screen says where it will go.
    const signinPage = await (await get("/signin", cookie)).text();
    expect(signinPage).toContain("Sign in to continue: we will take you back to the goal to join it.");
    // Signing up comes back here...
    const signup = await postForm(
      "/tester",
      { first: "Cy", last: "Dee", email: uniqueEmail("joiner"), password: "password123" },
      { cookie },
    );
    expect(signup.status).toBe(302);
    expect(signup.headers.get("Location")).toBe(`/join/${goal.id}`);
    // ...and so does signing in.
    const { email } = await signUpUser();
    const signin = await postForm("/signin", { email, password: "password123" }, { cookie });
    expect(signin.headers.get("Location")).toBe(`/join/${goal.id}`);
  });

  it("tells nothing of a goal a visitor may not see, exactly as of one that does not exist", async () => {
    const org = await createUser({ type: "org" });
    const hidden = [
      await insertGoal({ cause: "Secret club goal", visibility: "private", orgId: org.id }),
      await insertGoal({ cause: "Friends only walk", visibility: "friends", orgId: org.id }),
      await insertGoal({ cause: "Demo goal shown to admins", demo: true }),
    ];
    const answer = async (id: string) => {
      const response = await get(`/join/${id}`);
      const html = await response.text();
      return {
        status: response.status,
        html: html.replaceAll(id, "ID").replace(/nonce="[^"]*"/g, ""),
        cookie: !!returnCookie(response),
      };
    };
    const missing = await answer("no-such-goal");
    expect(missing.status).toBe(200);
    expect(missing.html).toContain("Sign in to see this goal");
    expect(missing.cookie).toBe(true);
    for (const goal of hidden) {
      const seen = await answer(goal.id);
      expect(seen.html).not.toContain(goal.cause);
      expect(seen).toEqual(missing);
    }
  });

  it("says an ended goal cannot be joined any more", async () => {
    const goal = await insertGoal({ cause: "Last year's swim", start: dayFromToday(-40), end: dayFromToday(-3) });
    const html = await (await get(`/join/${goal.id}`)).text();
    expect(html).toContain("This goal has ended, so it cannot be joined any more.");
    expect(html).not.toContain("we will bring you straight back here");
  });

  it("still refuses a signed-out join: SPEC's redirect to /", async () => {
    const goal = await insertGoal({ cause: "Open goal" });
    const response = await postForm(`/join/${goal.id}`, {});
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });
});
