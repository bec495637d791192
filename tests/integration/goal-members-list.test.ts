/**
 * The goal screen's member list (ADR 201, 315): the first 10 members, the viewer first, and a plain link
 * that lists them all; a goal of 1,000 members no longer ships 200 cheer forms to every phone.
 */
import { describe, expect, it } from "vitest";
import { get, post } from "../support/http";
import { createGoal, createUser, join, signedInUser } from "../support/factories";

const names = (html: string) => [...html.matchAll(/<span class="cheers__name">([^<]*)/g)].map((m) => m[1]);

async function goalWithMembers(count: number) {
  const goal = await createGoal({ cause: "Walk 100 km together" });
  for (let i = 1; i <= count; i++) {
    const user = await createUser({ first: "Walker", last: String(i) });
    await join(user.id, goal.id, { joinedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)) });
  }
  const viewer = await signedInUser({ first: "Vera", last: "Viewer", join: [goal.id] });
  return { goal, viewer };
}

describe("the goal screen's members", () => {
  it("lists the first 10, the viewer first, with a link to all of them", async () => {
    const { goal, viewer } = await goalWithMembers(30);
    const html = await (await get(`/active/${goal.id}`, viewer.cookie)).text();
    const listed = names(html);
    expect(listed).toHaveLength(10);
    expect(listed[0]).toBe("Vera Viewer (you)");
    expect(listed[1]).toBe("Walker 1");
    expect(html).toContain(`href="/active/${goal.id}?members=all#cheers-title"`);
    expect(html).toContain("Show all 31 members");
  });

  it("?members=all lists everyone, and a cheer from that list comes back to it", async () => {
    const { goal, viewer } = await goalWithMembers(30);
    const html = await (await get(`/active/${goal.id}?members=all`, viewer.cookie)).text();
    expect(names(html)).toHaveLength(31);
    expect(html).not.toContain("Show all");
    expect(html).toContain("Show fewer members");

    const walker = html.match(/name="memberId" value="([^"]+)"/)![1]!;
    const cheered = await post(
      `/goals/${goal.id}/cheer`,
      { memberId: walker, returnTo: `/active/${goal.id}?members=all` },
      viewer.cookie,
    );
    expect(cheered.status).toBe(302);
    expect(cheered.headers.get("Location")).toBe(`/active/${goal.id}?members=all`);
  });

  it("a small goal shows everyone and no link", async () => {
    const { goal, viewer } = await goalWithMembers(3);
    const html = await (await get(`/active/${goal.id}`, viewer.cookie)).text();
    expect(names(html)).toHaveLength(4);
    expect(html).not.toContain("Show all");
  });
});
