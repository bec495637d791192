/**
 * Personal goals (ADR 183): any member starts a goal of their own with visibility "friends".
 * Its creator and the creator's friends see and join it; a stranger learns nothing of it, anywhere.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { get, post } from "../support/http";
import { befriend, createGoal, dayFromToday, signedInUser } from "../support/factories";

const goalIdFrom = (response: Response) => response.headers.get("Location")!.replace("/active/", "");
const row = (id: string) =>
  env.DB.prepare("SELECT visibility, org_id AS owner, unit, unit_target AS target FROM goals WHERE id = ?")
    .bind(id)
    .first<{ visibility: string; owner: string; unit: string | null; target: number | null }>();
const isMember = async (userId: string, goalId: string) =>
  !!(await env.DB.prepare("SELECT 1 FROM user_goals WHERE user_id = ? AND goal_id = ?").bind(userId, goalId).first());

async function startGoal(cookie: string, cause: string, extra: Record<string, string> = {}) {
  const response = await post(
    "/goals/new",
    { cause, start: dayFromToday(0), end: dayFromToday(20), unit: "none", ...extra },
    cookie,
  );
  expect(response.status).toBe(302);
  return goalIdFrom(response);
}

describe("starting a goal of one's own", () => {
  it("makes a friends goal owned by the member, who is its first member", async () => {
    const ana = await signedInUser({ first: "Ana" });
    expect(await (await get("/main", ana.cookie)).text()).toContain('href="/goals/new"');
    const page = await (await get("/goals/new", ana.cookie)).text();
    expect(page).toContain("Start a goal with friends");
    expect(page).not.toContain('name="visibility"');

    const id = await startGoal(ana.cookie, "Read 10 books", { unit: "pages", unitTarget: "300" });
    expect(await row(id)).toEqual({ visibility: "friends", owner: ana.id, unit: "pages", target: 30_000 });
    expect(await isMember(ana.id, id)).toBe(true);
    const activegoals = await env.DB.prepare("SELECT activegoals FROM users WHERE id = ?")
      .bind(ana.id)
      .first("activegoals");
    expect(activegoals).toBe(1);
    const screen = await (await get(`/active/${id}`, ana.cookie)).text();
    expect(screen).toContain("Read 10 books");
    expect(screen).toContain(">Friends<");
  });

  it("refuses bad dates with a message on the field and writes nothing", async () => {
    const ana = await signedInUser();
    const before = await env.DB.prepare("SELECT count(*) AS n FROM goals").first("n");
    const cases: [Record<string, string>, string][] = [
      [{ start: dayFromToday(-1), end: dayFromToday(5) }, "The start date cannot be in the past"],
      [{ start: dayFromToday(3), end: dayFromToday(2) }, "The end date must be on or after the start date"],
      [{ start: dayFromToday(1), end: dayFromToday(400) }, "A goal can run for at most a year"],
      [{ start: dayFromToday(400), end: dayFromToday(401) }, "Start within a year from today"],
      [{ start: "", end: dayFromToday(2) }, "Must have a value"],
    ];
    for (const [dates, message] of cases) {
      const response = await post("/goals/new", { cause: "Bad dates", unit: "none", ...dates }, ana.cookie);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain('class="field__error"');
      expect(html).toContain(message);
    }
    expect(await env.DB.prepare("SELECT count(*) AS n FROM goals").first("n")).toBe(before);
  });

  it("allows 10 personal goals a day, then says so with a 429", async () => {
    const ana = await signedInUser();
    for (let i = 0; i < 10; i++) await createGoal({ visibility: "friends", orgId: ana.id, cause: `Mine ${i}` });
    const response = await post(
      "/goals/new",
      { cause: "One too many", start: dayFromToday(0), end: dayFromToday(3) },
      ana.cookie,
    );
    expect(response.status).toBe(429);
    expect(await response.text()).toContain("You have started 10 goals today");
  });

  it("holds the 10 a day under a race: 15 sent at once start exactly 10 goals (the limit is in the insert)", async () => {
    const ana = await signedInUser();
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        post(
          "/goals/new",
          { cause: `Race ${i}`, start: dayFromToday(0), end: dayFromToday(3), unit: "none" },
          ana.cookie,
        ),
      ),
    );
    expect(answers.filter((r) => r.status === 302)).toHaveLength(10);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(5);
    const owned = await env.DB.prepare("SELECT count(*) AS n FROM goals WHERE org_id = ?").bind(ana.id).first("n");
    expect(owned).toBe(10);
    const memberships = await env.DB.prepare("SELECT count(*) AS n FROM user_goals WHERE user_id = ?")
      .bind(ana.id)
      .first("n");
    expect(memberships).toBe(10);
  });
});

describe("who sees a friends goal", () => {
  it("its creator's friends see and join it; a stranger cannot see, join, hear or find it", async () => {
    const ana = await signedInUser({ first: "Ana" });
    const friend = await signedInUser({ first: "Fred" });
    const stranger = await signedInUser({ first: "Stan" });
    const admin = await signedInUser({ type: "admin" });
    await befriend(ana.id, friend.id);
    const id = await startGoal(ana.cookie, "Secret swim club");

    // The stranger: the pages answer as for a goal that does not exist (nothing tells it exists), the
    // join is refused the same way, the topic is closed, no list shows it.
    for (const path of [`/join/${id}`, `/active/${id}`, `/join/${"0".repeat(32)}`]) {
      const response = await get(path, stranger.cookie);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location"), path).toBe("/404");
    }
    const refused = await post(`/join/${id}`, {}, stranger.cookie);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/404");
    expect(await isMember(stranger.id, id)).toBe(false);
    expect((await get(`/events?topics=goal:${id}`, stranger.cookie)).status).toBe(403);
    for (const path of ["/main", "/completedgoals", "/bar", "/profile", "/friends"])
      expect(await (await get(path, stranger.cookie)).text(), path).not.toContain("Secret swim club");
    // Nor is it suggested to an admin, who may not join it either (they moderate it on /admin/goals).
    expect(await (await get("/main", admin.cookie)).text()).not.toContain("Secret swim club");
    expect((await post(`/join/${id}`, {}, admin.cookie)).headers.get("Location")).toBe("/404");
    expect(await (await get("/admin/goals?show=all", admin.cookie)).text()).toContain("Secret swim club");

    // The friend sees it and joins it; then it is one of their goals.
    const offer = await (await get(`/join/${id}`, friend.cookie)).text();
    expect(offer).toContain("Secret swim club");
    const events = await get(`/events?topics=goal:${id}`, friend.cookie);
    expect(events.status).toBe(200);
    await events.body?.cancel();
    const joined = await post(`/join/${id}`, {}, friend.cookie);
    expect(joined.status).toBe(302);
    expect(joined.headers.get("Location")).toBe(`/active/${id}`);
    expect(await isMember(friend.id, id)).toBe(true);
    expect(await (await get("/main", friend.cookie)).text()).toContain("Secret swim club");
  });

  it("an admin's edit keeps a friends goal friends", async () => {
    const ana = await signedInUser();
    const admin = await signedInUser({ type: "admin" });
    const id = await startGoal(ana.cookie, "Stay friends");
    const response = await post(
      `/admin/goals/${id}`,
      { cause: "Stay friends renamed", visibility: "public" },
      admin.cookie,
    );
    expect(response.status).toBeLessThan(400);
    const saved = await env.DB.prepare("SELECT cause, visibility FROM goals WHERE id = ?").bind(id).first();
    expect(saved).toEqual({ cause: "Stay friends renamed", visibility: "friends" });
  });
});
