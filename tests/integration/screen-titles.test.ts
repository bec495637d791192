/** Screens titled through screenMeta render the same <title> and description they had (app/lib/meta.ts). */
import { describe, expect, it } from "vitest";
import { get, post, signUpUser } from "../support/http";
import { insertGoal } from "../support/goals";

describe("screen titles", () => {
  it("the home and the profile keep their titles and descriptions; a development screen stays noindex", async () => {
    const { cookie } = await signUpUser();
    const home = await (await get("/main", cookie)).text();
    expect(home).toContain("<title>Home | Goals with Friends</title>");
    expect(home).toContain('<meta name="description" content="Your goals and suggested goals."/>');
    const profile = await (await get("/profile", cookie)).text();
    expect(profile).toContain("<title>Profile | Goals with Friends</title>");
    const date = await (await get("/dev/date", cookie)).text();
    expect(date).toContain("<title>Developer date | Goals with Friends</title>");
    expect(date).toContain('<meta name="robots" content="noindex"/>');
  });

  it("a goal's own pages keep their titles, the goal's cause in them (ADR 291)", async () => {
    const { cookie } = await signUpUser();
    const goal = await insertGoal();
    await post(`/join/${goal.id}`, {}, cookie);
    const active = await (await get(`/active/${goal.id}`, cookie)).text();
    expect(active).toContain(`<title>${goal.cause} | Goals with Friends</title>`);
    expect(active).toContain('<meta name="description" content="A goal you are pursuing with friends."/>');
    const talk = await (await get(`/goals/${goal.id}/discussion`, cookie)).text();
    expect(talk).toContain(`<title>Discussion: ${goal.cause} | Goals with Friends</title>`);
  });
});
