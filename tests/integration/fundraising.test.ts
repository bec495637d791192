/** Fundraising, pledges, milestones and invites through the whole worker: permissions and bad input. */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { flashCookieFrom, get, post, postForm, setType } from "../support/http";
import { insertGoal, membership, userByEmail } from "../support/goals";
import { signedInUser } from "../support/factories";

async function person(type: "user" | "org" | "admin" = "user") {
  const { cookie, email } = await signedInUser();
  if (type !== "user") await setType(email, type);
  return { cookie, user: await userByEmail(email) };
}

/** Pledges as the /give page posts them: with the honeypot fields it rendered. */
const give = (path: string, values: Record<string, string>, cookie?: string) => postForm(path, values, { cookie });
const rows = async (sql: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...binds)
      .all<any>()
  ).results;
const pledgeCount = async (goalId: string) => (await rows("SELECT id FROM pledges WHERE goal_id = ?", goalId)).length;

/** A goal owned by a fresh org with fundraising set through the real settings form. */
async function fundraisingGoal(visibility: "public" | "private" = "public", target = "100") {
  const org = await person("org");
  const goal = await insertGoal({ visibility, orgId: org.user.id, cause: "Club month of miles" });
  const response = await post(
    `/goals/${goal.id}/fundraising`,
    {
      intent: "save",
      charityName: "Shelter",
      charityUrl: "https://shelter.example.org/donate",
      target,
      currency: "GBP",
    },
    org.cookie,
  );
  expect(response.status).toBe(302);
  return { org, goal };
}

describe("fundraising settings", () => {
  it("are for the owning org and admins; others get 403 and change nothing", async () => {
    const { org, goal } = await fundraisingGoal();
    expect((await get(`/goals/${goal.id}/fundraising`, org.cookie)).status).toBe(200);
    expect((await get(`/goals/${goal.id}/fundraising`, (await person("admin")).cookie)).status).toBe(200);
    for (const outsider of [await person("user"), await person("org")]) {
      expect((await get(`/goals/${goal.id}/fundraising`, outsider.cookie)).status).toBe(403);
      const response = await post(
        `/goals/${goal.id}/fundraising`,
        { intent: "save", charityName: "Evil", charityUrl: "https://evil.example.org", target: "5", currency: "GBP" },
        outsider.cookie,
      );
      expect(response.status).toBe(403);
    }
    const [row] = await rows("SELECT charity_name, target_amount, currency FROM goals WHERE id = ?", goal.id);
    expect(row).toEqual({ charity_name: "Shelter", target_amount: 10000, currency: "GBP" });
    expect((await get(`/goals/${goal.id}/fundraising`)).status).toBe(302); // signed out: to /
  });

  it("refuses a javascript: link, a negative target and an unknown currency with 400, writing nothing", async () => {
    const { org, goal } = await fundraisingGoal();
    const bad = [
      { charityUrl: "javascript:alert(1)" },
      { charityUrl: "http://plain-http.example.org" },
      { target: "-100" },
      { target: "1e9" },
      { currency: "BTC" },
      { charityName: "<script>alert(1)</script>" },
      { charityName: "x".repeat(100_000) },
    ];
    for (const change of bad) {
      const response = await post(
        `/goals/${goal.id}/fundraising`,
        {
          intent: "save",
          charityName: "Other",
          charityUrl: "https://other.example.org",
          target: "5",
          currency: "EUR",
          ...change,
        },
        org.cookie,
      );
      expect(response.status, JSON.stringify(change).slice(0, 80)).toBe(400);
    }
    const [row] = await rows(
      "SELECT charity_name, charity_url, target_amount, currency FROM goals WHERE id = ?",
      goal.id,
    );
    expect(row).toEqual({
      charity_name: "Shelter",
      charity_url: "https://shelter.example.org/donate",
      target_amount: 10000,
      currency: "GBP",
    });
  });
});

describe("pledges", () => {
  it("a visitor with a public goal's link pledges without an account and sees the charity's page next", async () => {
    const { goal } = await fundraisingGoal();
    const page = await get(`/give/${goal.id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("No fees. No tips. 100% goes to the charity through its own page.");
    const response = await give(`/give/${goal.id}`, { name: "Kind Stranger", amount: "12.50", message: "Go team" });
    expect(response.status).toBe(302);
    // The thank-you is the supporter's own pledge page (ADR 241), with the way back to the form.
    const location = response.headers.get("Location")!;
    expect(location).toMatch(new RegExp(`^/pledge/[^?]+\\?from=${encodeURIComponent(`/give/${goal.id}`)}$`));
    const thanks = (await (await get(location, flashCookieFrom(response))).text()).replaceAll("<!-- -->", "");
    expect(thanks).toContain("Thank you for your pledge!");
    expect(thanks).toContain(`href="/give/${goal.id}"`);
    expect(thanks).toContain('href="https://shelter.example.org/donate"');
    expect(thanks).toContain("£12.50");
    const [row] = await rows(
      "SELECT name, amount, message, anonymous, paid, user_id FROM pledges WHERE goal_id = ?",
      goal.id,
    );
    expect(row).toEqual({
      name: "Kind Stranger",
      amount: 1250,
      message: "Go team",
      anonymous: 0,
      paid: 0,
      user_id: null,
    });
  });

  it("keeps anonymous supporters' names off the public page but shows them to the org", async () => {
    const { org, goal } = await fundraisingGoal();
    await give(`/give/${goal.id}`, { name: "Secret Sam", amount: "5", anonymous: "on" });
    const publicHtml = await (await get(`/give/${goal.id}`)).text();
    expect(publicHtml).toContain("Anonymous");
    expect(publicHtml).not.toContain("Secret Sam");
    const orgHtml = await (await get(`/goals/${goal.id}/fundraising`, org.cookie)).text();
    expect(orgHtml).toContain("Secret Sam");
  });

  it("a private goal's pledges are 403 for visitors and non-members, and nothing is written", async () => {
    const { goal } = await fundraisingGoal("private");
    const outsider = await person();
    expect((await get(`/give/${goal.id}`)).status).toBe(403);
    expect((await get(`/give/${goal.id}`, outsider.cookie)).status).toBe(403);
    expect((await give(`/give/${goal.id}`, { name: "X", amount: "5" })).status).toBe(403);
    expect((await give(`/give/${goal.id}`, { name: "X", amount: "5" }, outsider.cookie)).status).toBe(403);
    expect(await pledgeCount(goal.id)).toBe(0);
    const insider = await person();
    await env.DB.prepare("INSERT INTO user_goals (user_id, goal_id) VALUES (?, ?)")
      .bind(insider.user.id, goal.id)
      .run();
    expect((await give(`/give/${goal.id}`, { name: "Member", amount: "5" }, insider.cookie)).status).toBe(302);
    expect(await pledgeCount(goal.id)).toBe(1);
  });

  it("refuses negative, zero, absurd and malformed amounts, huge messages and markup: 400, never 500, nothing stored", async () => {
    const { goal } = await fundraisingGoal();
    const bad = [
      { amount: "-10" },
      { amount: "0" },
      { amount: "1000000.01" },
      { amount: "99999999999999999999" },
      { amount: "1e3" },
      { amount: "12.345" },
      { amount: "ten" },
      { amount: "" },
      { name: "" },
      { name: "<script>alert(1)</script>" },
      { message: "<img src=x onerror=alert(1)>" },
      { message: "x".repeat(100_000) },
      { name: "x".repeat(100_000) },
    ];
    for (const change of bad) {
      const response = await give(`/give/${goal.id}`, { name: "Ann", amount: "10", ...change } as Record<
        string,
        string
      >);
      expect(response.status, JSON.stringify(change).slice(0, 80)).toBe(400);
    }
    expect(await pledgeCount(goal.id)).toBe(0);
    // The largest allowed pledge is fine.
    expect((await give(`/give/${goal.id}`, { name: "Big", amount: "1,000,000" })).status).toBe(302);
  });

  it("is 404 for a goal that does not exist, and explains when fundraising is not set up", async () => {
    expect((await get("/give/no-such-goal")).status).toBe(404);
    const plain = await insertGoal();
    expect(await (await get(`/give/${plain.id}`)).text()).toContain("This goal is not raising money yet");
    expect((await give(`/give/${plain.id}`, { name: "A", amount: "5" })).status).toBe(409);
    expect(await pledgeCount(plain.id)).toBe(0);
  });

  it("announces 50, 90 and 100% once each: recorded on the goal and mailed to the org", async () => {
    const { org, goal } = await fundraisingGoal("public", "100");
    const milestone = async () => (await rows("SELECT milestone_notified AS m FROM goals WHERE id = ?", goal.id))[0].m;
    const mails = async () =>
      rows(
        'SELECT subject, "to" FROM mail_outbox WHERE kind = \'milestone\' AND "to" = ? ORDER BY created_at',
        org.user.email,
      );
    await give(`/give/${goal.id}`, { name: "A", amount: "49" });
    expect(await milestone()).toBe(0);
    await give(`/give/${goal.id}`, { name: "B", amount: "1" });
    expect(await milestone()).toBe(50);
    await give(`/give/${goal.id}`, { name: "C", amount: "1" });
    expect(await milestone()).toBe(50);
    await give(`/give/${goal.id}`, { name: "D", amount: "100" }); // jumps past 90 straight to 100
    expect(await milestone()).toBe(100);
    await give(`/give/${goal.id}`, { name: "E", amount: "5" });
    const sent = await mails();
    expect(sent.map((m: any) => m.subject)).toEqual([
      "Club month of miles: 50% of the target pledged",
      "Club month of miles: 100% of the target pledged",
    ]);
    expect(await (await get(`/give/${goal.id}`)).text()).toContain("Target reached!");
  });

  it("lets only the org mark a pledge paid", async () => {
    const { org, goal } = await fundraisingGoal();
    await give(`/give/${goal.id}`, { name: "A", amount: "5" });
    const [pledge] = await rows("SELECT id FROM pledges WHERE goal_id = ?", goal.id);
    const outsider = await person();
    expect(
      (
        await post(
          `/goals/${goal.id}/fundraising`,
          { intent: "paid", pledgeId: pledge.id, paid: "true" },
          outsider.cookie,
        )
      ).status,
    ).toBe(403);
    expect((await rows("SELECT paid FROM pledges WHERE id = ?", pledge.id))[0].paid).toBe(0);
    expect(
      (await post(`/goals/${goal.id}/fundraising`, { intent: "paid", pledgeId: pledge.id, paid: "true" }, org.cookie))
        .status,
    ).toBe(302);
    expect((await rows("SELECT paid FROM pledges WHERE id = ?", pledge.id))[0].paid).toBe(1);
    // A pledge of another goal cannot be touched through this one.
    const other = await fundraisingGoal();
    expect(
      (
        await post(
          `/goals/${other.goal.id}/fundraising`,
          { intent: "paid", pledgeId: pledge.id, paid: "false" },
          other.org.cookie,
        )
      ).status,
    ).toBe(404);
    expect((await rows("SELECT paid FROM pledges WHERE id = ?", pledge.id))[0].paid).toBe(1);
  });
});

describe("invite links", () => {
  async function inviteUrl(goalId: string, cookie: string) {
    const html = await (await get(`/goals/${goalId}/fundraising`, cookie)).text();
    const match = /http:\/\/localhost(\/invite\/[A-Za-z0-9_.-]+)/.exec(html);
    expect(match).not.toBeNull();
    return match![1]!;
  }

  it("let anyone holding the link join an org-private challenge; forged and revoked links do not", async () => {
    const { org, goal } = await fundraisingGoal("private");
    const link = await inviteUrl(goal.id, org.cookie);
    const joiner = await person();
    const page = await get(link, joiner.cookie);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Club month of miles");
    const joined = await post(link, {}, joiner.cookie);
    expect(joined.status).toBe(302);
    expect(joined.headers.get("Location")).toBe(`/active/${goal.id}`);
    expect(await membership(joiner.user.id, goal.id)).toMatchObject({ completed: 0 });
    expect((await userByEmail(joiner.user.email)).activegoals).toBe(1);

    const forged = link.slice(0, -3) + (link.endsWith("AAA") ? "BBB" : "AAA");
    const stranger = await person();
    expect((await get(forged, stranger.cookie)).status).toBe(404);
    expect((await post(forged, {}, stranger.cookie)).status).toBe(404);
    expect((await post(`/invite/${goal.id}.garbage`, {}, stranger.cookie)).status).toBe(404);
    expect(await membership(stranger.user.id, goal.id)).toBeNull();

    expect((await post(`/goals/${goal.id}/fundraising`, { intent: "revoke" }, org.cookie)).status).toBe(302);
    expect((await post(link, {}, stranger.cookie)).status).toBe(404);
    expect(await membership(stranger.user.id, goal.id)).toBeNull();
    const fresh = await inviteUrl(goal.id, org.cookie);
    expect(fresh).not.toBe(link);
    expect((await post(fresh, {}, stranger.cookie)).status).toBe(302);
  });

  it("show a signed-out visitor the challenge and how to join, and do not join them", async () => {
    const { org, goal } = await fundraisingGoal("private");
    const link = await inviteUrl(goal.id, org.cookie);
    const html = await (await get(link)).text();
    expect(html).toContain("Sign up or sign in first: we will bring you straight back here");
    expect((await post(link, {})).status).toBe(302);
  });

  it("refuse to join a challenge that has ended", async () => {
    const org = await person("org");
    const goal = await insertGoal({
      visibility: "private",
      orgId: org.user.id,
      start: "2020-01-01",
      end: "2020-01-31",
    });
    const link = await inviteUrl(goal.id, org.cookie);
    const joiner = await person();
    expect((await post(link, {}, joiner.cookie)).status).toBe(409);
    expect(await membership(joiner.user.id, goal.id)).toBeNull();
  });
});

describe("participants CSV", () => {
  it("gives the org everyone's progress and refuses members", async () => {
    const { org, goal } = await fundraisingGoal("private");
    const a = await person();
    await env.DB.prepare("INSERT INTO user_goals (user_id, goal_id, completed, completed_at) VALUES (?, ?, 1, ?)")
      .bind(a.user.id, goal.id, Date.UTC(2026, 0, 5))
      .run();
    await env.DB.prepare("UPDATE users SET first = '=cmd()', last = 'User;\uFF1DHYPERLINK(1)' WHERE id = ?")
      .bind(a.user.id)
      .run();
    const response = await get(`/goals/${goal.id}/participants.csv`, org.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/csv");
    const text = await response.text();
    expect(text).toContain('"First name","Last name","Joined","Status","Completed on","Pledged"');
    expect(text.startsWith('\uFEFF"First name"')).toBe(true);
    // A formula after a ";" and a full-width equals sign are defused too (spreadsheets split on ";").
    expect(text).toContain(`"'=cmd()","User;'\uFF1DHYPERLINK(1)"`);
    expect(text).toContain('"Completed","2026-01-05","£0"');
    expect(text).not.toContain(a.user.email);
    expect((await get(`/goals/${goal.id}/participants.csv`, a.cookie)).status).toBe(403);
  });
});
