/**
 * The organiser replaces a team's sponsor link from the fundraising page's sponsor-links panel (ADR 268):
 * the panel lists the challenge's teams under an ask-first disclosure; a member who posts the same form is
 * answered 403 and nothing changes; a team of another challenge is refused on the field (400) and nothing
 * changes; the organiser's replacement closes only that team's link, answers with a flash redirect back to
 * the panel, and the team page offers the new link.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signedInUser } from "../support/factories";
import { flashCookieFrom, get, post } from "../support/http";
import { insertMeasuredGoal } from "../support/progress";

const run = (query: string, ...values: unknown[]) =>
  env.DB.prepare(query)
    .bind(...values)
    .run();

const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

const nonces = async (goalId: string) =>
  (
    await env.DB.prepare("SELECT id, sponsor_nonce AS nonce FROM teams WHERE goal_id = ? ORDER BY id")
      .bind(goalId)
      .all<{ id: string; nonce: string | null }>()
  ).results;

/** A private challenge raising for Shelter, teams on: Alex in Hill Harriers, Bea in River Runners. */
async function teamChallenge() {
  const org = await signedInUser({ type: "org" });
  const goal = await insertMeasuredGoal({
    orgId: org.id,
    visibility: "private",
    charityName: "Shelter",
    charityUrl: "https://shelter.example.org/donate",
    targetAmount: 100000,
    currency: "GBP",
  });
  await run("INSERT INTO goal_team_settings (goal_id, enabled, members_create) VALUES (?, 1, 0)", goal.id);
  const hill = `hill-${goal.id}`;
  const river = `river-${goal.id}`;
  await run(
    "INSERT INTO teams (id, goal_id, name) VALUES (?, ?, 'Hill Harriers'), (?, ?, 'River Runners')",
    hill,
    goal.id,
    river,
    goal.id,
  );
  const alex = await signedInUser({ first: "Alex", last: "Stone", join: [goal.id] });
  const bea = await signedInUser({ first: "Bea", last: "Brook", join: [goal.id] });
  await run(
    "INSERT INTO team_members (goal_id, user_id, team_id) VALUES (?, ?, ?), (?, ?, ?)",
    goal.id,
    alex.id,
    hill,
    goal.id,
    bea.id,
    river,
  );
  return { org, goal, hill, river, alex, bea };
}

/** The team's sponsor link as its team page offers it. */
async function teamLink(goalId: string, teamId: string, cookie: string) {
  const html = await text(await get(`/goals/${goalId}/teams/${teamId}`, cookie));
  const link = html.match(/href="http:\/\/localhost(\/sponsor\/[\w.-]+)">Sponsor this team</)?.[1];
  expect(link).toMatch(new RegExp(`^/sponsor/${goalId}\\.team\\.${teamId}\\.[\\w-]{43}$`));
  return link!;
}

describe("replacing a team's sponsor link from the sponsor-links panel", () => {
  it("is the organiser's: a member gets 403, another challenge's team 400, and neither changes anything", async () => {
    const { org, goal, hill, river, alex } = await teamChallenge();
    const other = await teamChallenge();
    const hillLink = await teamLink(goal.id, hill, alex.cookie);
    const riverLink = await teamLink(goal.id, river, alex.cookie);
    const before = await nonces(goal.id);

    // The panel offers it, asking first and saying what stops working.
    const page = await text(await get(`/goals/${goal.id}/fundraising`, org.cookie));
    expect(page).toContain("Replace a team&#x27;s sponsor link…");
    expect(page).toContain("Replace one team&#x27;s sponsor link?");
    expect(page).toMatch(/<option value="hill-[\w-]+">Team Hill Harriers<\/option>/);
    expect(page).toMatch(/<option value="river-[\w-]+">Team River Runners<\/option>/);

    const refused = await post(
      `/goals/${goal.id}/fundraising`,
      { intent: "revoke-team-sponsor-link", teamId: hill },
      alex.cookie,
    );
    expect(refused.status).toBe(403);
    expect(await nonces(goal.id)).toEqual(before);
    expect((await get(hillLink)).status).toBe(200);

    const elsewhere = await post(
      `/goals/${goal.id}/fundraising`,
      { intent: "revoke-team-sponsor-link", teamId: other.hill },
      org.cookie,
    );
    expect(elsewhere.status).toBe(400);
    expect(await text(elsewhere)).toContain("Choose a team of this challenge");
    expect(await nonces(goal.id)).toEqual(before);
    expect(await nonces(other.goal.id)).toEqual([
      { id: other.hill, nonce: null },
      { id: other.river, nonce: null },
    ]);

    const empty = await post(`/goals/${goal.id}/fundraising`, { intent: "revoke-team-sponsor-link" }, org.cookie);
    expect(empty.status).toBe(400);
    expect(await nonces(goal.id)).toEqual(before);

    // The organiser: only Hill's link closes; back to the panel with a flash; the team page has the new one.
    const replaced = await post(
      `/goals/${goal.id}/fundraising`,
      { intent: "revoke-team-sponsor-link", teamId: hill },
      org.cookie,
    );
    expect(replaced.status).toBe(302);
    expect(replaced.headers.get("Location")).toBe(`/goals/${goal.id}/fundraising#sponsor-links`);
    const after = await text(await get(`/goals/${goal.id}/fundraising`, `${org.cookie}; ${flashCookieFrom(replaced)}`));
    expect(after).toContain(
      "The sponsor link of Team Hill Harriers is replaced: the old one no longer works. The new one is on the team&#x27;s page.",
    );
    expect((await get(hillLink)).status).toBe(404);
    expect((await get(riverLink)).status).toBe(200);
    const fresh = await teamLink(goal.id, hill, alex.cookie);
    expect(fresh).not.toBe(hillLink);
    expect((await get(fresh)).status).toBe(200);
    const [hillAfter, riverAfter] = await nonces(goal.id);
    expect(hillAfter!.nonce).not.toBe(before[0]!.nonce);
    expect(riverAfter).toEqual(before[1]);
  });
});

const memberNonces = async (goalId: string) =>
  (
    await env.DB.prepare(
      "SELECT user_id AS id, sponsor_nonce AS nonce FROM user_goals WHERE goal_id = ? ORDER BY user_id",
    )
      .bind(goalId)
      .all<{ id: string; nonce: string | null }>()
  ).results;

describe("replacing one member's sponsor link from the sponsor-links panel (ADR 298)", () => {
  it("asks first and says what stops working; another goal's member is refused on the field, the panel left open", async () => {
    const { org, goal, alex } = await teamChallenge();
    const other = await teamChallenge();
    const before = await memberNonces(goal.id);

    // The first tap only opens the question: the real (red) button is inside the closed disclosure.
    const page = await text(await get(`/goals/${goal.id}/fundraising`, org.cookie));
    const panel = page.match(
      /<details class="ask-first"[^>]*><summary[^>]*>Replace one member&#x27;s sponsor link…[\s\S]*?<\/details>/,
    )?.[0];
    expect(panel).toBeDefined();
    expect(panel).not.toMatch(/<details[^>]* open/);
    expect(panel).toContain("Replace one member&#x27;s sponsor link?");
    expect(panel).toContain("The member&#x27;s link shared so far stops working at once");
    expect(panel).toMatch(/<button type="submit" class="button button--danger">Replace their link<\/button>/);
    expect(panel).toContain(">Alex Stone</option>");

    // A member of another goal: 400, told on the field inside the panel, which is open; nothing changes.
    const refused = await post(
      `/goals/${goal.id}/fundraising`,
      { intent: "revoke-member-sponsor-link", memberId: other.alex.id },
      org.cookie,
    );
    expect(refused.status).toBe(400);
    const answer = await text(refused);
    const open = answer.match(
      /<details class="ask-first" open=""><summary[^>]*>Replace one member&#x27;s[\s\S]*?<\/details>/,
    )?.[0];
    expect(open).toContain('id="revoke-member-error" role="alert">Choose a member of this goal</p>');
    expect(open).toContain('aria-describedby="revoke-member-error"');
    expect(await memberNonces(goal.id)).toEqual(before);

    // Confirmed: only Alex's link changes, back to the panel with the flash.
    const replaced = await post(
      `/goals/${goal.id}/fundraising`,
      { intent: "revoke-member-sponsor-link", memberId: alex.id },
      org.cookie,
    );
    expect(replaced.status).toBe(302);
    expect(replaced.headers.get("Location")).toBe(`/goals/${goal.id}/fundraising#sponsor-links`);
    const after = await memberNonces(goal.id);
    expect(after.filter((row, i) => row.nonce !== before[i]!.nonce).map((row) => row.id)).toEqual([alex.id]);
  });
});
