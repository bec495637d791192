/**
 * Pledge notifications (ADR 186): a pledge for a member tells that member, a pledge to a goal tells the
 * org running it; the pledger hears nothing of their own pledge, an anonymous pledger stays unnamed, and
 * nobody is told twice.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { get, postForm } from "../support/http";
import { join, signedInUser } from "../support/factories";
import { insertMeasuredGoal } from "../support/progress";

const told = (userId: string) =>
  env.DB.prepare("SELECT kind, actor_id AS actor, event_key AS key FROM notifications WHERE user_id = ? ORDER BY kind")
    .bind(userId)
    .all<{ kind: string; actor: string | null; key: string }>()
    .then((r) => r.results);

async function orgChallenge() {
  const org = await signedInUser({ type: "org", first: "Club" });
  const goal = await insertMeasuredGoal();
  await env.DB.prepare(
    "UPDATE goals SET org_id = ?, charity_name = 'Shelter', charity_url = 'https://shelter.example.org/donate', target_amount = 100000, currency = 'GBP' WHERE id = ?",
  )
    .bind(org.id, goal.id)
    .run();
  return { org, goal };
}

describe("pledge notifications", () => {
  it("tells the member a pledge backs and the org whose goal it is, naming a signed-in pledger", async () => {
    const { org, goal } = await orgChallenge();
    const alex = await signedInUser({ first: "Alex" });
    await join(alex.id, goal.id);
    const gran = await signedInUser({ first: "Gran", last: "Smith" });
    const pledged = await postForm(
      `/give/${goal.id}`,
      { name: "Gran", kind: "per-unit", perUnit: "1", memberId: alex.id, max: "1000" },
      { cookie: gran.cookie },
    );
    expect(pledged.status).toBe(302);
    const pledgeId = (await env.DB.prepare("SELECT id FROM pledges WHERE goal_id = ?")
      .bind(goal.id)
      .first("id")) as string;
    expect(await told(alex.id)).toEqual([{ kind: "pledge-for-you", actor: gran.id, key: `pledge:${pledgeId}` }]);
    expect(await told(org.id)).toEqual([{ kind: "pledge-for-goal", actor: gran.id, key: `pledge:${pledgeId}` }]);
    expect(await told(gran.id)).toEqual([]);
    const page = (await (await get("/notifications", alex.cookie)).text()).replaceAll("<!-- -->", "");
    expect(page).toContain("Gran Smith pledged for you in");
    expect((await (await get("/notifications", org.cookie)).text()).replaceAll("<!-- -->", "")).toContain(
      "Gran Smith pledged to",
    );
  });

  it("keeps an anonymous or signed-out pledger unnamed, and does not tell a pledger of their own pledge", async () => {
    const { org, goal } = await orgChallenge();
    const anon = await signedInUser();
    expect(
      (await postForm(`/give/${goal.id}`, { name: "Secret", amount: "10", anonymous: "on" }, { cookie: anon.cookie }))
        .status,
    ).toBe(302);
    expect((await postForm(`/give/${goal.id}`, { name: "Walk-in", amount: "5" })).status).toBe(302);
    const orgTold = await told(org.id);
    expect(orgTold.map((n) => [n.kind, n.actor])).toEqual([
      ["pledge-for-goal", null],
      ["pledge-for-goal", null],
    ]);
    expect((await (await get("/notifications", org.cookie)).text()).replaceAll("<!-- -->", "")).toContain(
      "A supporter pledged to",
    );
    // The org pledging to its own goal hears nothing of it.
    expect((await postForm(`/give/${goal.id}`, { name: "Club", amount: "5" }, { cookie: org.cookie })).status).toBe(
      302,
    );
    expect(await told(org.id)).toHaveLength(2);
  });
});
