/**
 * Teams inside a challenge (ADR 270): the organiser's settings, team totals derived from entries and
 * current membership, fairness by average, switching, the cap as a condition of the write, captains.
 */
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signedInUser } from "../support/factories";
import { BASE, get, post } from "../support/http";
import { insertMeasuredGoal, logEntry } from "../support/progress";

async function teamChallenge(settings: Record<string, string> = {}) {
  const org = await signedInUser({ type: "org", first: "Olga" });
  const goal = await insertMeasuredGoal({ orgId: org.id });
  const saved = await post(
    `/goals/${goal.id}/teams`,
    { intent: "settings", teams: "on", teamRanking: "total", ...settings },
    org.cookie,
  );
  expect(saved.status).toBe(302);
  return { org, goal };
}

async function addTeam(goalId: string, cookie: string, name: string) {
  const response = await post(`/goals/${goalId}/teams`, { intent: "create", name }, cookie);
  expect(response.status).toBe(302);
  return response.headers.get("Location")!.split("/").pop()!;
}

const join = (goalId: string, cookie: string, teamId: string) =>
  post(`/goals/${goalId}/teams`, { intent: "join", teamId }, cookie);

async function board(goalId: string, cookie: string) {
  const html = await (await get(`/active/${goalId}`, cookie)).text();
  const section = html.slice(html.indexOf('data-testid="team-board"'));
  return [
    ...section.matchAll(
      /<a [^>]*href="\/goals\/[^/]+\/teams\/[^"]+"[^>]*>([^<]+)<\/a>.*?data-testid="team-figure">([^<]+)</g,
    ),
  ].map((m) => `${m[1]}: ${m[2].replace(/<!-- -->/g, "")}`);
}

const teamOf = (goalId: string, userId: string) =>
  env.DB.prepare("SELECT team_id FROM team_members WHERE goal_id = ? AND user_id = ?")
    .bind(goalId, userId)
    .first<{ team_id: string }>();

describe("teams", () => {
  it("team totals are the current members' entries; switching moves a member's credit", async () => {
    const { org, goal } = await teamChallenge();
    const red = await addTeam(goal.id, org.cookie, "Red");
    const blue = await addTeam(goal.id, org.cookie, "Blue");
    const ann = await signedInUser({ first: "Ann", join: [goal.id] });
    const ben = await signedInUser({ first: "Ben", join: [goal.id] });
    expect((await join(goal.id, ann.cookie, red)).status).toBe(302);
    expect((await join(goal.id, ben.cookie, blue)).status).toBe(302);
    await logEntry(goal.id, ann.cookie, { amount: "7" });
    await logEntry(goal.id, ben.cookie, { amount: "3" });
    expect(await board(goal.id, ann.cookie)).toEqual(["Red: 7\u00a0km", "Blue: 3\u00a0km"]);
    // Ben switches to Red: his 3 km go with him.
    expect((await join(goal.id, ben.cookie, red)).status).toBe(302);
    expect(await board(goal.id, ann.cookie)).toEqual(["Red: 10\u00a0km", "Blue: 0\u00a0km"]);
    // Leaving takes them out of the team's figures too.
    expect((await post(`/goals/${goal.id}/teams`, { intent: "leave" }, ann.cookie)).status).toBe(302);
    expect(await board(goal.id, ann.cookie)).toEqual(["Red: 3\u00a0km", "Blue: 0\u00a0km"]);
  });

  it("ranking by average per member lets a small team beat a big one; by total it does not", async () => {
    const { org, goal } = await teamChallenge();
    const small = await addTeam(goal.id, org.cookie, "Small");
    const big = await addTeam(goal.id, org.cookie, "Big");
    const solo = await signedInUser({ join: [goal.id] });
    const pair = [await signedInUser({ join: [goal.id] }), await signedInUser({ join: [goal.id] })];
    await join(goal.id, solo.cookie, small);
    for (const m of pair) await join(goal.id, m.cookie, big);
    await logEntry(goal.id, solo.cookie, { amount: "10" });
    for (const m of pair) await logEntry(goal.id, m.cookie, { amount: "6" });
    expect(await board(goal.id, solo.cookie)).toEqual(["Big: 12\u00a0km", "Small: 10\u00a0km"]);
    await post(`/goals/${goal.id}/teams`, { intent: "settings", teams: "on", teamRanking: "average" }, org.cookie);
    expect(await board(goal.id, solo.cookie)).toEqual(["Small: 10\u00a0km each", "Big: 6\u00a0km each"]);
  });

  it("the cap is a condition of the join: a full team refuses, and nothing is written", async () => {
    const { org, goal } = await teamChallenge({ teamCap: "2" });
    const team = await addTeam(goal.id, org.cookie, "Pair");
    const members = [1, 2, 3].map(() => signedInUser({ join: [goal.id] }));
    const [a, b, c] = await Promise.all(members);
    expect((await join(goal.id, a!.cookie, team)).status).toBe(302);
    expect((await join(goal.id, b!.cookie, team)).status).toBe(302);
    const refused = await join(goal.id, c!.cookie, team);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("That team is full");
    expect(await teamOf(goal.id, c!.id)).toBeNull();
    // Joining again (already in) is not counted against the cap.
    expect((await join(goal.id, a!.cookie, team)).status).toBe(302);
    // A non-member of the goal cannot join a team.
    const outsider = await signedInUser();
    expect((await join(goal.id, outsider.cookie, team)).status).toBe(403);
  });

  it("a member-started team is captained by its creator: they rename and remove, others get 403", async () => {
    const { goal } = await teamChallenge({ teamsMembersCreate: "on" });
    const cap = await signedInUser({ first: "Cara", join: [goal.id] });
    const other = await signedInUser({ first: "Dev", join: [goal.id] });
    const team = await addTeam(goal.id, cap.cookie, "Hill Walkers");
    expect((await teamOf(goal.id, cap.id))?.team_id).toBe(team);
    await join(goal.id, other.cookie, team);
    const page = `/goals/${goal.id}/teams/${team}`;
    expect((await post(page, { intent: "rename", name: "Hijacked" }, other.cookie)).status).toBe(403);
    expect((await post(page, { intent: "remove", memberId: cap.id }, other.cookie)).status).toBe(403);
    expect((await post(page, { intent: "captain", memberId: other.id }, other.cookie)).status).toBe(403);
    const row = await env.DB.prepare("SELECT name, captain_id FROM teams WHERE id = ?").bind(team).first<any>();
    expect(row).toEqual({ name: "Hill Walkers", captain_id: cap.id });
    expect((await post(page, { intent: "rename", name: "Hill Runners" }, cap.cookie)).status).toBe(302);
    expect((await post(page, { intent: "remove", memberId: other.id }, cap.cookie)).status).toBe(302);
    expect(await teamOf(goal.id, other.id)).toBeNull();
    const html = await (await get(page, cap.cookie)).text();
    expect(html).toContain("Hill Runners");
    // A name taken in this goal is refused on the field (any case), and the team keeps its name.
    await addTeam(goal.id, other.cookie, "Rivals");
    const taken = await post(page, { intent: "rename", name: "rivals" }, cap.cookie);
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain("already has that name");
  });

  it("members cannot start teams unless the organiser allows it; bad input is a 400 that writes nothing", async () => {
    const { org, goal } = await teamChallenge();
    const member = await signedInUser({ join: [goal.id] });
    expect((await post(`/goals/${goal.id}/teams`, { intent: "create", name: "Mine" }, member.cookie)).status).toBe(403);
    const otherOrg = await signedInUser({ type: "org" });
    expect((await post(`/goals/${goal.id}/teams`, { intent: "create", name: "Theirs" }, otherOrg.cookie)).status).toBe(
      403,
    );
    const long = await post(`/goals/${goal.id}/teams`, { intent: "create", name: "x".repeat(41) }, org.cookie);
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("at most 40 characters");
    const markup = await post(`/goals/${goal.id}/teams`, { intent: "create", name: "<b>Bold</b>" }, org.cookie);
    expect(markup.status).toBe(400);
    const count = await env.DB.prepare("SELECT count(*) AS n FROM teams WHERE goal_id = ?").bind(goal.id).first<any>();
    expect(count.n).toBe(0);
  });

  it("the participants CSV carries each member's team", async () => {
    const { org, goal } = await teamChallenge();
    const red = await addTeam(goal.id, org.cookie, "Red");
    const ann = await signedInUser({ first: "Ann", last: "Able", join: [goal.id] });
    await join(goal.id, ann.cookie, red);
    const csv = await (await get(`/goals/${goal.id}/participants.csv`, org.cookie)).text();
    expect(csv.split("\r\n")[0]).toContain('"Team"');
    expect(csv.split("\r\n").find((l) => l.startsWith('"Ann"'))).toMatch(/"Red"$/);
  });

  it("/create switches teams on with the goal, in the same batch", async () => {
    const org = await signedInUser({ type: "org" });
    const cause = `Team miles ${Date.now()}`;
    const body = new FormData();
    const fields = {
      cause,
      start: "2028-03-01",
      end: "2028-03-31",
      visibility: "public",
      unit: "km",
      unitTarget: "50",
    };
    for (const [k, v] of Object.entries({ ...fields, teams: "on", teamCap: "6", teamRanking: "average" }))
      body.append(k, v);
    const response = await SELF.fetch(`${BASE}/create`, {
      method: "POST",
      body,
      headers: { Cookie: org.cookie, Origin: BASE, Host: "localhost" },
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    const row = await env.DB.prepare(
      "SELECT s.* FROM goal_team_settings s JOIN goals g ON g.id = s.goal_id WHERE g.cause = ?",
    )
      .bind(cause)
      .first<any>();
    expect(row).toMatchObject({ enabled: 1, members_create: 0, cap: 6, ranking: "average" });
  });
});
