/**
 * Share (ADR 184): every goal a member can see can be shared. A public goal shares its address;
 * a private or friends goal its signed invite link, which its owner can replace.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { get, post } from "../support/http";
import { befriend, createGoal, signedInUser } from "../support/factories";

const sharedUrl = async (goalId: string, cookie: string) => {
  const html = await (await get(`/goals/${goalId}/share`, cookie)).text();
  return html.match(/id="share-url"[^>]*value="([^"]+)"/)?.[1] ?? html.match(/value="([^"]+)"[^>]*id="share-url"/)?.[1];
};
const isMember = async (userId: string, goalId: string) =>
  !!(await env.DB.prepare("SELECT 1 FROM user_goals WHERE user_id = ? AND goal_id = ?").bind(userId, goalId).first());

describe("share", () => {
  it("offers Share on the goal screen; a public goal shares its own address and has no link to replace", async () => {
    const goal = await createGoal({ cause: "Public walk" });
    const ana = await signedInUser();
    expect(await (await get(`/join/${goal.id}`, ana.cookie)).text()).toContain(`href="/goals/${goal.id}/share"`);
    expect(await sharedUrl(goal.id, ana.cookie)).toBe(`http://localhost/join/${goal.id}`);
    expect(await (await get(`/goals/${goal.id}/share`, ana.cookie)).text()).not.toContain("Make a new link");
    expect((await post(`/goals/${goal.id}/share`, { intent: "revoke" }, ana.cookie)).status).toBe(403);
  });

  it("a friends goal shares a signed link that lets anyone in, until its owner replaces it", async () => {
    const owner = await signedInUser();
    const friend = await signedInUser();
    const invitee = await signedInUser();
    const late = await signedInUser();
    const stranger = await signedInUser();
    await befriend(owner.id, friend.id);
    const goal = await createGoal({ cause: "Friends only run", visibility: "friends", orgId: owner.id });

    const link = await sharedUrl(goal.id, owner.cookie);
    expect(link).toMatch(new RegExp(`^http://localhost/invite/${goal.id}\\.[A-Za-z0-9_-]{43}$`));
    // A friend who can see the goal shares the same link, but cannot replace it.
    expect(await sharedUrl(goal.id, friend.cookie)).toBe(link);
    expect((await post(`/goals/${goal.id}/share`, { intent: "revoke" }, friend.cookie)).status).toBe(403);
    // A stranger learns nothing: the share page and its action are the 404 of a goal that does not exist.
    expect((await get(`/goals/${goal.id}/share`, stranger.cookie)).status).toBe(404);
    expect((await post(`/goals/${goal.id}/share`, { intent: "revoke" }, stranger.cookie)).status).toBe(404);
    expect((await get("/goals/no-such-goal/share", stranger.cookie)).status).toBe(404);

    // Whoever holds the link joins, though the goal is not theirs to see otherwise.
    const path = new URL(link!).pathname;
    expect((await post(path, {}, invitee.cookie)).status).toBe(302);
    expect(await isMember(invitee.id, goal.id)).toBe(true);
    expect(await (await get(`/active/${goal.id}`, invitee.cookie)).text()).toContain("Friends only run");

    // The owner replaces it: the old link stops working, the new one works.
    const replaced = await post(`/goals/${goal.id}/share`, { intent: "revoke" }, owner.cookie);
    expect(replaced.status).toBe(302);
    expect(replaced.headers.get("Location")).toBe(`/goals/${goal.id}/share`);
    expect((await post(path, {}, late.cookie)).status).toBe(404);
    expect(await isMember(late.id, goal.id)).toBe(false);
    const fresh = await sharedUrl(goal.id, owner.cookie);
    expect(fresh).not.toBe(link);
    expect((await post(new URL(fresh!).pathname, {}, late.cookie)).status).toBe(302);
    expect(await isMember(late.id, goal.id)).toBe(true);
  });

  it("an org's private goal shares its invite link with its members", async () => {
    const org = await signedInUser({ type: "org" });
    const goal = await createGoal({ cause: "Club only", visibility: "private", orgId: org.id });
    const member = await signedInUser({ join: [goal.id] });
    const outsider = await signedInUser();
    expect(await sharedUrl(goal.id, member.cookie)).toMatch(/\/invite\//);
    expect(await sharedUrl(goal.id, org.cookie)).toMatch(/\/invite\//);
    expect((await get(`/goals/${goal.id}/share`, outsider.cookie)).status).toBe(404);
  });
});
