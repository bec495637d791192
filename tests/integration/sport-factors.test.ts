/**
 * How sports count (docs/product.md "Activity files"): the goal's organisation sets a factor per sport,
 * members see it beside the upload, bad factors are field messages with nothing saved, and only the
 * organisation may change them.
 */
import { describe, expect, it } from "vitest";
import { get, post, setType, signUpUser, userId } from "../support/http";
import { insertMeasuredGoal } from "../support/progress";

describe("sport factors", () => {
  it("the organiser sets cycling x0.25; members read it beside the upload; strangers cannot change it", async () => {
    const owner = await signUpUser();
    await setType(owner.email, "org");
    const goal = await insertMeasuredGoal({ orgId: await userId(owner.email) });
    const bad = await post(
      `/goals/${goal.id}/sports`,
      { intent: "sport-factors", "factor-cycling": "-1" },
      owner.cookie,
    );
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Enter a number like 0.25 or 4, with at most 2 decimals");
    const saved = await post(
      `/goals/${goal.id}/sports`,
      { intent: "sport-factors", "factor-cycling": "0.25", "factor-swimming": "4", "factor-walking": "1" },
      owner.cookie,
    );
    expect(saved.status).toBe(302);

    const member = await signUpUser();
    expect((await post(`/join/${goal.id}`, {}, member.cookie)).status).toBe(302);
    const page = await (await get(`/goals/${goal.id}/activity`, member.cookie)).text();
    expect(page).toContain("1 km of cycling counts as 0.25 km");
    expect(page).toContain("1 km of swimming counts as 4 km");
    expect(page).not.toContain("of walking counts");

    const refused = await post(
      `/goals/${goal.id}/sports`,
      { intent: "sport-factors", "factor-cycling": "9" },
      member.cookie,
    );
    expect(refused.status).toBe(403);
    const again = await (await get(`/goals/${goal.id}/activity`, member.cookie)).text();
    expect(again).toContain("1 km of cycling counts as 0.25 km");
  });
});
