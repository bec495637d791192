/** Discussion and cheers through the whole worker: who may read, post, delete and cheer; bad input. */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { describeRoundTrips, screenRoundTrips } from "../support/d1";
import { get, post, setType } from "../support/http";
import { insertGoal, userByEmail } from "../support/goals";
import { signedInUser } from "../support/factories";

async function person(type: "user" | "org" | "admin" = "user") {
  const { cookie, email } = await signedInUser();
  if (type !== "user") await setType(email, type);
  return { cookie, user: await userByEmail(email) };
}
const join = (userId: string, goalId: string) =>
  env.DB.prepare("INSERT INTO user_goals (user_id, goal_id) VALUES (?, ?)").bind(userId, goalId).run();
const rows = async (sql: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...binds)
      .all<any>()
  ).results;
const liveMessages = (goalId: string) =>
  rows("SELECT id, body, user_id FROM messages WHERE goal_id = ? AND deleted_at IS NULL", goalId);

async function privateGoalWithMembers() {
  const org = await person("org");
  const goal = await insertGoal({ visibility: "private", orgId: org.user.id });
  const a = await person();
  const b = await person();
  await join(a.user.id, goal.id);
  await join(b.user.id, goal.id);
  return { org, goal, a, b };
}

describe("discussion", () => {
  it("members post and read; a non-member gets 403 and writes nothing", async () => {
    const { goal, a, b } = await privateGoalWithMembers();
    const posted = await post(
      `/goals/${goal.id}/discussion`,
      { intent: "post", body: "Week one done! https://example.org/run." },
      a.cookie,
    );
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe(`/active/${goal.id}#discussion`);
    const page = await get(`/goals/${goal.id}/discussion`, b.cookie);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Week one done!");
    expect(html).toContain('href="https://example.org/run" rel="nofollow ugc noopener noreferrer"');

    const outsider = await person();
    expect((await get(`/goals/${goal.id}/discussion`, outsider.cookie)).status).toBe(403);
    expect((await get(`/goals/${goal.id}/discussion.data`, outsider.cookie)).status).toBe(403);
    expect(
      (await post(`/goals/${goal.id}/discussion`, { intent: "post", body: "let me in" }, outsider.cookie)).status,
    ).toBe(403);
    expect((await get(`/goals/${goal.id}/discussion`)).status).toBe(302);
    expect((await liveMessages(goal.id)).map((m: any) => m.body)).toEqual(["Week one done! https://example.org/run."]);
  });

  it("refuses empty, 100 KB and markup messages with 400 (never 500) and stores nothing", async () => {
    const { goal, a } = await privateGoalWithMembers();
    for (const body of [
      "",
      "   ",
      "x".repeat(100_000),
      "x".repeat(1001),
      "<script>alert(1)</script>",
      "hi <img src=x onerror=alert(1)>",
      "<a href='javascript:alert(1)'>x</a>",
    ]) {
      const response = await post(`/goals/${goal.id}/discussion`, { intent: "post", body }, a.cookie);
      expect(response.status, body.slice(0, 40)).toBe(400);
    }
    expect((await post(`/goals/${goal.id}/discussion`, { intent: "shout", body: "hi" }, a.cookie)).status).toBe(400);
    expect(await liveMessages(goal.id)).toEqual([]);
    // A plain less-than is text, stored as typed and escaped on the way out.
    expect(
      (await post(`/goals/${goal.id}/discussion`, { intent: "post", body: "5 < 6 & 7 > 3" }, a.cookie)).status,
    ).toBe(302);
    const html = await (await get(`/goals/${goal.id}/discussion`, a.cookie)).text();
    expect(html).toContain("5 &lt; 6 &amp; 7 &gt; 3");
  });

  it("shows the error on the discussion page when JavaScript is off", async () => {
    const { goal, a } = await privateGoalWithMembers();
    const response = await post(
      `/goals/${goal.id}/discussion`,
      { intent: "post", body: "x".repeat(1001), returnTo: `/goals/${goal.id}/discussion` },
      a.cookie,
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Message must be at most 1000 characters");
  });

  it("authors delete their own, not others'; the org and admins moderate any", async () => {
    const { org, goal, a, b } = await privateGoalWithMembers();
    await post(`/goals/${goal.id}/discussion`, { intent: "post", body: "from a" }, a.cookie);
    await post(`/goals/${goal.id}/discussion`, { intent: "post", body: "from b" }, b.cookie);
    const [fromA, fromB] = (await rows("SELECT id FROM messages WHERE goal_id = ? ORDER BY body", goal.id)).map(
      (r: any) => r.id,
    );
    expect((await post(`/goals/${goal.id}/discussion`, { intent: "delete", messageId: fromB }, a.cookie)).status).toBe(
      404,
    );
    expect((await liveMessages(goal.id)).length).toBe(2);
    expect((await post(`/goals/${goal.id}/discussion`, { intent: "delete", messageId: fromA }, a.cookie)).status).toBe(
      302,
    );
    expect(
      (await post(`/goals/${goal.id}/discussion`, { intent: "delete", messageId: fromB }, org.cookie)).status,
    ).toBe(302);
    expect(await liveMessages(goal.id)).toEqual([]);
    // The text of a deleted message is gone, not just hidden.
    expect((await rows("SELECT body FROM messages WHERE goal_id = ?", goal.id)).map((r: any) => r.body)).toEqual([
      "",
      "",
    ]);
    const admin = await person("admin");
    await post(`/goals/${goal.id}/discussion`, { intent: "post", body: "again" }, a.cookie);
    const [again] = await liveMessages(goal.id);
    expect(
      (await post(`/goals/${goal.id}/discussion`, { intent: "delete", messageId: again.id }, admin.cookie)).status,
    ).toBe(302);
    // Another org cannot moderate this goal.
    const otherOrg = await person("org");
    expect(
      (await post(`/goals/${goal.id}/discussion`, { intent: "delete", messageId: again.id }, otherOrg.cookie)).status,
    ).toBe(403);
  });
});

describe("cheers", () => {
  it("one tap cheers a member, a second takes it back; one per pair", async () => {
    const { goal, a, b } = await privateGoalWithMembers();
    const cheersFor = async () =>
      rows("SELECT from_user_id FROM cheers WHERE goal_id = ? AND to_user_id = ?", goal.id, b.user.id);
    const cheer = () => post(`/goals/${goal.id}/cheer`, { memberId: b.user.id }, a.cookie);
    expect((await cheer()).status).toBe(302);
    expect(await cheersFor()).toEqual([{ from_user_id: a.user.id }]);
    expect((await cheer()).status).toBe(302);
    expect(await cheersFor()).toEqual([]);
    expect((await cheer()).status).toBe(302);
    expect((await cheersFor()).length).toBe(1);
  });

  it("refuses cheering yourself, non-members, and cheers from outside the goal", async () => {
    const { goal, a, b } = await privateGoalWithMembers();
    const outsider = await person();
    expect((await post(`/goals/${goal.id}/cheer`, { memberId: a.user.id }, a.cookie)).status).toBe(400);
    expect((await post(`/goals/${goal.id}/cheer`, { memberId: outsider.user.id }, a.cookie)).status).toBe(404);
    expect((await post(`/goals/${goal.id}/cheer`, { memberId: b.user.id }, outsider.cookie)).status).toBe(403);
    expect((await post(`/goals/${goal.id}/cheer`, { memberId: "" }, a.cookie)).status).toBe(400);
    expect((await post(`/goals/no-such-goal/cheer`, { memberId: b.user.id }, a.cookie)).status).toBe(404);
    expect(await rows("SELECT * FROM cheers WHERE goal_id = ?", goal.id)).toEqual([]);
  });

  it("sends the browser back only to the goal's own screens", async () => {
    const { goal, a, b } = await privateGoalWithMembers();
    const response = await post(
      `/goals/${goal.id}/cheer`,
      { memberId: b.user.id, returnTo: "https://evil.example/" },
      a.cookie,
    );
    expect(response.headers.get("Location")).toBe(`/active/${goal.id}`);
  });
});

describe("the goal screen's support section", () => {
  it("shows members the totaliser, cheers and discussion within 2 D1 round trips", async () => {
    const { org, goal, a, b } = await privateGoalWithMembers();
    await post(
      `/goals/${goal.id}/fundraising`,
      {
        intent: "save",
        charityName: "Mind",
        charityUrl: "https://mind.example.org/give",
        target: "500",
        currency: "EUR",
      },
      org.cookie,
    );
    await post(`/goals/${goal.id}/discussion`, { intent: "post", body: "Private pep talk" }, b.cookie);
    for (const path of [`/active/${goal.id}`, `/active/${goal.id}.data`]) {
      const { status, count, body, roundTrips } = await screenRoundTrips(path, a.cookie);
      expect(status).toBe(200);
      expect(count, describeRoundTrips(roundTrips)).toBeLessThanOrEqual(2);
      expect(body).toContain("Private pep talk");
      expect(body).toContain(path.endsWith(".data") ? "https://mind.example.org/give" : "Raising for Mind");
    }
    const html = await (await get(`/active/${goal.id}`, a.cookie)).text();
    expect(html).toContain("Write a message");
    expect(html).toMatch(/aria-pressed="false"[^]*Cheer/);
    expect(html).not.toContain("Fundraising and invite link"); // organiser tools are the org's
    const orgHtml = await (await get(`/active/${goal.id}`, org.cookie)).text();
    expect(orgHtml).toContain("Fundraising and invite link");
  });

  it("never sends a private goal's discussion or pledges to someone outside it", async () => {
    const { goal, b } = await privateGoalWithMembers();
    await post(`/goals/${goal.id}/discussion`, { intent: "post", body: "Members only secret" }, b.cookie);
    const outsider = await person();
    for (const path of [`/active/${goal.id}`, `/join/${goal.id}`, `/join/${goal.id}.data`]) {
      const body = await (await get(path, outsider.cookie)).text();
      expect(body, path).not.toContain("Members only secret");
    }
  });
});
