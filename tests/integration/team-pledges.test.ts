/**
 * Pledges to a team (ADR 246): on a challenge with teams, the pledge form offers "Your pledge backs: the
 * whole group or a team"; a per-unit team pledge follows the total of whoever is in the team now (ADR
 * 270), so a member who switches takes their credit along; a team that is not this goal's (or teams
 * switched off) is a field message and a 400 that writes nothing; a team deleted later leaves the pledge
 * following the group, up to its maximum.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { get, post, postForm, signUpUser, userId } from "../support/http";
import { insertMeasuredGoal, logEntry } from "../support/progress";

let ip = 120;
const nextIp = () => `198.51.100.${ip++}`;

const run = (query: string, ...values: unknown[]) =>
  env.DB.prepare(query)
    .bind(...values)
    .run();

const html = async (path: string) => (await (await get(path)).text()).replaceAll("<!-- -->", "");

/** A measured challenge raising for Shelter, with teams on: Alex (4 km) in Hill, Bea (10 km) in River. */
async function teamChallenge() {
  const goal = await insertMeasuredGoal();
  await run(
    "UPDATE goals SET charity_name = 'Shelter', charity_url = 'https://shelter.example.org/donate', target_amount = 100000, currency = 'GBP' WHERE id = ?",
    goal.id,
  );
  await run("INSERT INTO goal_team_settings (goal_id, enabled, members_create) VALUES (?, 1, 0)", goal.id);
  const hill = `hill-${goal.id}`;
  const river = `river-${goal.id}`;
  await run(
    "INSERT INTO teams (id, goal_id, name) VALUES (?, ?, 'Hill Harriers'), (?, ?, 'Team River')",
    hill,
    goal.id,
    river,
    goal.id,
  );
  const members: Record<string, string> = {};
  for (const [first, team, km] of [
    ["Alex", hill, "4"],
    ["Bea", river, "10"],
  ] as const) {
    const member = await signUpUser({ first });
    expect((await post(`/join/${goal.id}`, {}, member.cookie)).status).toBe(302);
    await logEntry(goal.id, member.cookie, { amount: km });
    members[first] = await userId(member.email);
    await run("INSERT INTO team_members (goal_id, user_id, team_id) VALUES (?, ?, ?)", goal.id, members[first], team);
  }
  return { goal, hill, river, members };
}

const pledgeRows = async (goalId: string) =>
  (await env.DB.prepare("SELECT * FROM pledges WHERE goal_id = ?").bind(goalId).all<any>()).results;

/** The supporter page's path from a pledge's redirect. */
const ownPage = (response: Response) => new URL(response.headers.get("Location")!, "http://localhost").pathname;

describe("pledges to a team", () => {
  it("the form offers the teams; a per-km team pledge follows whoever is in the team now", async () => {
    const { goal, hill, members } = await teamChallenge();
    const form = await html(`/give/${goal.id}`);
    expect(form).toContain(">Your pledge backs</label>");
    expect(form).toMatch(/<option value="">The whole group<\/option>/);
    expect(form).toContain(`<option value="${hill}">Team Hill Harriers</option>`);
    // A team named "Team …" is not called "Team Team …".
    expect(form).toContain(">Team River</option>");
    // As sent (what a browser without JavaScript keeps): the per-km rule says what either pick does, not
    // "the whole group" whatever is picked (ADR 299).
    const rule = form.match(/data-testid="pledge-rule">([^<]*)</)?.[1];
    expect(rule).toBe(
      "Your pledge backs what you pick in &quot;Your pledge backs&quot;: the whole group, following every km any member logs, or one team, following the km its members log, whoever is in the team (a member who switches team takes their km along). Everything the group or team you pick logged before your pledge counts too, up to your maximum.",
    );

    const response = await postForm(
      `/give/${goal.id}`,
      { name: "Gran", kind: "per-unit", perUnit: "1", max: "100", teamId: hill },
      { ip: nextIp() },
    );
    expect(response.status).toBe(302);
    const [row] = await pledgeRows(goal.id);
    expect(row).toMatchObject({ team_id: hill, member_id: null, per_unit: 100, max_amount: 10000 });

    // Hill has Alex's 4 km: £4. Its words name the team.
    const path = ownPage(response);
    let page = await html(path);
    expect(page).toMatch(/data-testid="pledge-value">£4</);
    expect(page).toContain("£1\u00a0per\u00a0km Team Hill Harriers logs, up to £100");

    // Bea switches to Hill: her 10 km count for it now (ADR 270), £14; the group's total is unchanged.
    await run("UPDATE team_members SET team_id = ? WHERE goal_id = ? AND user_id = ?", hill, goal.id, members.Bea);
    page = await html(path);
    expect(page).toMatch(/data-testid="pledge-value">£14</);
    // The totaliser says whom it backs.
    expect(await html(`/give/${goal.id}`)).toContain(
      "£1\u00a0per\u00a0km for Team Hill Harriers (up to £100): £14 so far",
    );

    // The team is deleted: the pledge follows the whole group (14 km), never past its maximum.
    await run(
      "UPDATE team_members SET team_id = ? WHERE goal_id = ? AND user_id = ?",
      `river-${goal.id}`,
      goal.id,
      members.Bea,
    );
    await run("DELETE FROM team_members WHERE team_id = ?", hill);
    await run("DELETE FROM teams WHERE id = ?", hill);
    page = await html(path);
    expect(page).toMatch(/data-testid="pledge-value">£14</);
    expect(page).toContain("£1\u00a0per\u00a0km the group logs, up to £100");
  });

  it("refuses another goal's team, a made-up one, or any team while teams are off: on the field, writing nothing", async () => {
    const { goal } = await teamChallenge();
    const other = await teamChallenge();
    for (const teamId of [other.hill, "no-such-team", "x".repeat(65), "<script>"]) {
      const response = await postForm(
        `/give/${goal.id}`,
        { name: "Gran", kind: "fixed", amount: "10", teamId },
        { ip: nextIp() },
      );
      expect(response.status, teamId).toBe(400);
      expect((await response.text()).replaceAll("<!-- -->", "")).toContain(
        "Choose the whole group or one of the challenge&#x27;s teams",
      );
    }
    await run("UPDATE goal_team_settings SET enabled = 0 WHERE goal_id = ?", goal.id);
    expect(await html(`/give/${goal.id}`)).not.toContain('name="teamId"');
    const off = await postForm(
      `/give/${goal.id}`,
      { name: "Gran", kind: "fixed", amount: "10", teamId: `hill-${goal.id}` },
      { ip: nextIp() },
    );
    expect(off.status).toBe(400);
    expect(await pledgeRows(goal.id)).toEqual([]);
  });
});
