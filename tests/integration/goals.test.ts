import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { describeRoundTrips, screenRoundTrips } from "../support/d1";
import { count, get, post, setType } from "../support/http";
import { activeGoalCounts, dayFromToday, insertGoal, membership, userByEmail } from "../support/goals";
import { signedInUser } from "../support/factories";

async function member(type: "user" | "org" | "admin" = "user") {
  const { cookie, email } = await signedInUser();
  if (type !== "user") await setType(email, type);
  return { cookie, user: await userByEmail(email) };
}

describe("main goals screen", () => {
  it("shows a member's empty states, suggestions, and no plus button", async () => {
    const { cookie } = await member();
    const goal = await insertGoal({ cause: "Swim a mile" });
    const html = await (await get("/main", cookie)).text();
    expect(html).toContain("Select a goal to get started");
    expect(html).not.toContain("Create or select a goal to get started");
    expect(html).toContain("Empty State");
    expect(html).toContain("No Name");
    expect(html).toContain("No Dates Selected");
    expect(html).toContain("Swim a mile");
    expect(html).toContain(`/join/${goal.id}`);
    expect(html).not.toContain('href="/create"');
  });

  it("gives admins and orgs the plus button and their empty state", async () => {
    for (const type of ["admin", "org"] as const) {
      const { cookie } = await member(type);
      const html = await (await get("/main", cookie)).text();
      expect(html).toContain("Create or select a goal to get started");
      expect(html).toContain('href="/create"');
    }
  });

  it("never suggests demo goals, ended goals, or another org's private goals", async () => {
    const { cookie, user: org } = await member("org");
    const other = await member("org");
    const demo = await insertGoal({ cause: "Demo goal xyz", demo: true });
    const ended = await insertGoal({ cause: "Ended yesterday xyz", end: dayFromToday(-1) });
    const endsToday = await insertGoal({ cause: "Ends today xyz", end: dayFromToday(0) });
    const mine = await insertGoal({ cause: "Our private xyz", visibility: "private", orgId: org.id });
    const theirs = await insertGoal({ cause: "Their private xyz", visibility: "private", orgId: other.user.id });
    const html = await (await get("/main", cookie)).text();
    expect(html).not.toContain(demo.cause);
    expect(html).not.toContain(ended.cause);
    expect(html).toContain(endsToday.cause);
    expect(html).toContain(mine.cause);
    expect(html).not.toContain(theirs.cause);
    const memberHtml = await (await get("/main", (await member()).cookie)).text();
    expect(memberHtml).not.toContain(mine.cause);
  });

  it('lists the 6 suggestions closing soonest and a "Show more" link to the rest (ADR 191, 315)', async () => {
    const { cookie, user: org } = await member("org");
    // The org's own private goals, ending today: closing soonest, so first, in the order of their names.
    const stamp = crypto.randomUUID();
    const causes = Array.from({ length: 8 }, (_, i) => `Cut ${stamp} ${String(i + 1).padStart(2, "0")}`);
    const ids: string[] = [];
    for (const cause of causes)
      ids.push((await insertGoal({ cause, end: dayFromToday(0), visibility: "private", orgId: org.id })).id);
    const listed = (html: string) =>
      [...(html.match(/id="suggested-heading"[\s\S]*?<\/nav>/)?.[0] ?? "").matchAll(/href="\/join\/([^"]+)"/g)].map(
        (m) => m[1],
      );

    const cut = await (await get("/main", cookie)).text();
    expect(listed(cut)).toHaveLength(6);
    expect(listed(cut)).toEqual(ids.slice(0, 6));
    expect(cut).toContain('href="/main?suggested=all#suggested-more"');
    expect(cut).toContain("Show more");

    const all = await (await get("/main?suggested=all", cookie)).text();
    expect(listed(all).slice(0, 8)).toEqual(ids);
    expect(all).toMatch(new RegExp(`<li id="suggested-more"><a [^>]*href="/join/${ids[6]}"`));
    expect(all).not.toContain("Show more");

    // Another screen keeps its own address and parameters.
    const join = await (await get(`/join/${ids[7]}?members=all`, cookie)).text();
    expect(join).toContain(`href="/join/${ids[7]}?members=all&amp;suggested=all#suggested-more"`);
  });

  it("sends a goal id that does not exist to /404", async () => {
    const { cookie } = await member();
    for (const path of ["/active/nope", "/join/nope"]) {
      const response = await get(path, cookie);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/404");
    }
    expect((await post("/join/nope", {}, cookie)).headers.get("Location")).toBe("/404");
  });

  // /join/{id} shows a visitor the goal's preview instead (ADR 262: tests/integration/join-preview.test.ts).
  it("sends a logged-out visitor to /", async () => {
    for (const path of ["/main", "/active/x", "/bar", "/completedgoals", "/profile", "/create"]) {
      expect((await get(path)).headers.get("Location")).toBe("/");
    }
  });

  it("describes nothing about a goal the viewer may not see", async () => {
    const { user: org } = await member("org");
    const secret = await insertGoal({ cause: "Secret club goal", visibility: "private", orgId: org.id });
    const { cookie } = await member();
    // Exactly like a goal that does not exist: page not found (ADR 218).
    const response = await get(`/join/${secret.id}`, cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/404");
    expect(await response.text()).not.toContain("Secret club goal");
  });
});

describe("joining and completing", () => {
  it("joins in one batch: user-goal added, activegoals raised, lands on /active/{id}", async () => {
    const { cookie, user } = await member();
    const goal = await insertGoal({ cause: "Plank daily" });
    const response = await post(`/join/${goal.id}`, { intent: "join" }, cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/active/${goal.id}`);
    expect(await membership(user.id, goal.id)).toMatchObject({ completed: 0 });
    expect(await activeGoalCounts(user.id)).toEqual({ stored: 1, actual: 1 });

    const html = await (await get(`/active/${goal.id}`, cookie)).text();
    expect(html).toContain("Plank daily");
    expect(html).toContain("Complete goal");
    expect(html).toMatch(/Day \d+ of \d+/);
  });

  it("refuses a second join with a message and writes nothing", async () => {
    const { cookie, user } = await member();
    const goal = await insertGoal();
    await post(`/join/${goal.id}`, { intent: "join" }, cookie);
    const before = await count("user_goals");
    const again = await post(`/join/${goal.id}`, { intent: "join" }, cookie);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("You have already joined this goal.");
    expect(await count("user_goals")).toBe(before);
    expect(await activeGoalCounts(user.id)).toEqual({ stored: 1, actual: 1 });
  });

  it("refuses to join an ended goal or a hidden one, writing nothing", async () => {
    const { cookie, user } = await member();
    const ended = await insertGoal({ end: dayFromToday(-1) });
    const demo = await insertGoal({ demo: true });
    const { user: org } = await member("org");
    const hidden = await insertGoal({ visibility: "private", orgId: org.id });
    const endedResponse = await post(`/join/${ended.id}`, {}, cookie);
    expect(endedResponse.status).toBe(409);
    expect(await endedResponse.text()).toContain("This goal has ended, so it can no longer be joined.");
    // A goal this account may not see is page not found, as one that does not exist (ADR 218).
    for (const goal of [demo, hidden]) {
      const response = await post(`/join/${goal.id}`, {}, cookie);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/404");
    }
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM user_goals WHERE user_id = ?").bind(user.id).first("n"),
    ).toBe(0);
    expect(await activeGoalCounts(user.id)).toEqual({ stored: 0, actual: 0 });
  });

  it("completes in one batch, lowers activegoals, and lists it under Completed Goals", async () => {
    const { cookie, user } = await member();
    const a = await insertGoal({ cause: "First goal" });
    const b = await insertGoal({ cause: "Second goal" });
    await post(`/join/${a.id}`, {}, cookie);
    await post(`/join/${b.id}`, {}, cookie);
    expect(await activeGoalCounts(user.id)).toEqual({ stored: 2, actual: 2 });

    const done = await post(`/active/${a.id}`, { intent: "complete" }, cookie);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/completedgoals");
    const row = await membership(user.id, a.id);
    expect(row.completed).toBe(1);
    expect(row.completed_at).toBeGreaterThan(0);
    expect(await activeGoalCounts(user.id)).toEqual({ stored: 1, actual: 1 });

    const completed = await (await get("/completedgoals", cookie)).text();
    expect(completed).toContain("First goal");
    expect(completed).not.toContain("Second goal");
    // The current goal moves on to the next not-completed one.
    expect(await (await get("/bar", cookie)).text()).toContain("Second goal");
  });

  it("refuses to complete a goal you are not in, or twice, writing nothing", async () => {
    const { cookie, user } = await member();
    const goal = await insertGoal();
    const notIn = await SELFpost(`/active/${goal.id}`, cookie);
    expect(notIn.status).toBe(403);
    expect(await notIn.text()).toContain("You have not joined this goal, so you cannot complete it.");
    expect(await membership(user.id, goal.id)).toBeNull();

    await post(`/join/${goal.id}`, {}, cookie);
    await SELFpost(`/active/${goal.id}`, cookie);
    const completedAt = (await membership(user.id, goal.id)).completed_at;
    const twice = await SELFpost(`/active/${goal.id}`, cookie);
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain("You have already completed this goal.");
    expect((await membership(user.id, goal.id)).completed_at).toBe(completedAt);
    expect(await activeGoalCounts(user.id)).toEqual({ stored: 0, actual: 0 });
  });
});

function SELFpost(path: string, cookie: string) {
  return post(path, { intent: "complete" }, cookie);
}

describe("D1 round trips per member screen (session lookup included, ADR 050)", () => {
  it("stays within 2 for every member screen, as a document and as a client navigation", async () => {
    const { cookie } = await member("org");
    const goal = await insertGoal();
    const other = await insertGoal();
    await post(`/join/${goal.id}`, {}, cookie);
    const paths = [
      "/main",
      `/active/${goal.id}`,
      `/join/${other.id}`,
      "/bar",
      "/completedgoals",
      "/profile",
      "/create",
    ];
    for (const path of paths) {
      for (const url of [path, `${path}.data`]) {
        const { status, count, roundTrips } = await screenRoundTrips(url, cookie);
        expect(status, url).toBe(200);
        expect(count, `${url}:\n${describeRoundTrips(roundTrips)}`).toBeLessThanOrEqual(2);
      }
    }
  });
});
