/**
 * A team's sponsor link and card (ADR 275): the team page offers "Sponsor this team" with the team's own
 * signed link; signed out, on a private challenge, that link shows the team's name, the challenge and the
 * team's progress with a pledge form backing the team (its estimate rendered by the server) and names no
 * member; its card is a PNG of the right size, kept in R2 and drawn again only when the team's progress
 * changes; the organiser replaces the link (403 for a member), and a deleted team has no link.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signedInUser } from "../support/factories";
import { get, post, postForm } from "../support/http";
import { insertMeasuredGoal, logEntry } from "../support/progress";

const run = (query: string, ...values: unknown[]) =>
  env.DB.prepare(query)
    .bind(...values)
    .run();

let ip = 60;
const nextIp = () => `198.51.100.${ip++}`;

const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

function pngSize(bytes: ArrayBuffer) {
  expect([...new Uint8Array(bytes, 0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
  const view = new DataView(bytes);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

const stored = async (prefix: string) => (await env.IMAGES.list({ prefix })).objects.map((o) => o.key);

/** A private challenge raising for Shelter (100 km each), teams on: Alex (4 km) in Hill, Bea (10 km) in River. */
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
  await logEntry(goal.id, alex.cookie, { amount: "4" });
  await logEntry(goal.id, bea.cookie, { amount: "10" });
  return { org, goal, hill, river, alex, bea };
}

/** The team's sponsor link as its team page offers it, and the page's og:image. */
async function teamLink(goalId: string, teamId: string, cookie: string) {
  const html = await text(await get(`/goals/${goalId}/teams/${teamId}`, cookie));
  const link = html.match(/href="http:\/\/localhost(\/sponsor\/[\w.-]+)">Sponsor this team</)?.[1];
  expect(link).toMatch(new RegExp(`^/sponsor/${goalId}\\.team\\.${teamId}\\.[\\w-]{43}$`));
  const og = html.match(/<meta property="og:image" content="([^"]+)"/)?.[1];
  return { link: link!, og };
}

describe("a team's sponsor link and card", () => {
  it("the team page offers it; signed out it shows the team's progress and backs the team, naming no member", async () => {
    const { goal, hill, river, alex } = await teamChallenge();
    const { link, og } = await teamLink(goal.id, hill, alex.cookie);
    expect(og).toBe(`http://localhost${link}/card.png`);

    const page = await get(link);
    expect(page.status).toBe(200);
    const html = await text(page);
    expect(html).toContain("<h1>Sponsor Team Hill Harriers</h1>");
    // The team's target is its members' own targets added up: one member, 100 km.
    expect(html).toMatch(/Team Hill Harriers has logged <strong>4\u00a0km<\/strong> of a 100\u00a0km target\./);
    // The estimate without JavaScript: the suggested rate at the team's target, and what it is worth today.
    expect(html).toContain(
      "For example, at 0.20\u00a0GBP\u00a0per\u00a0km: If Team Hill Harriers reaches its 100\u00a0km target: £20. Worth £0.80 today.",
    );
    expect(html).toContain(`<input type="hidden" name="teamId" value="${hill}"/>`);
    expect(html).not.toContain("Your pledge backs</label>");
    for (const secret of ["Alex", "Bea", "River Runners", "Discussion"]) expect(html).not.toContain(secret);
    expect(html).toContain('<meta property="og:image" content="http://localhost' + link + '/card.png"/>');

    // A per-km pledge on the team's link backs the team, whatever team the form was made to say.
    const pledged = await postForm(
      link,
      { name: "Gran", kind: "per-unit", perUnit: "1", max: "50", teamId: river },
      { ip: nextIp() },
    );
    expect(pledged.status).toBe(302);
    const row = await env.DB.prepare("SELECT team_id, member_id FROM pledges WHERE goal_id = ?").bind(goal.id).first();
    expect(row).toEqual({ team_id: hill, member_id: null });
  });

  it("its card is a PNG of each size, from R2 until the team's progress changes, not another team's", async () => {
    const { goal, hill, alex, bea } = await teamChallenge();
    const { link } = await teamLink(goal.id, hill, alex.cookie);
    const prefix = `cards/${goal.id}/team-${hill}/`;

    const first = await get(`${link}/card.png`);
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toBe("image/png");
    expect(first.headers.get("X-Card")).toBe("drawn");
    const bytes = await first.arrayBuffer();
    expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
    const square = await get(`${link}/square.png`);
    expect(pngSize(await square.arrayBuffer())).toEqual({ width: 1080, height: 1080 });
    const [wideKey] = (await stored(prefix)).filter((k) => k.endsWith("-wide.png"));

    // Bea is in the other team: Hill's card is the same one, from R2.
    await logEntry(goal.id, bea.cookie, { amount: "3" });
    const again = await get(`${link}/card.png`);
    expect(again.headers.get("X-Card")).toBe("hit");
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(new Uint8Array(bytes));

    // Alex's entry moves the team's total: a new card, and the old one is gone from R2.
    await logEntry(goal.id, alex.cookie, { amount: "2" });
    const after = await get(`${link}/card.png`);
    expect(after.headers.get("X-Card")).toBe("drawn");
    expect(new Uint8Array(await after.arrayBuffer())).not.toEqual(new Uint8Array(bytes));
    const wide = (await stored(prefix)).filter((k) => k.endsWith("-wide.png"));
    expect(wide).toHaveLength(1);
    expect(wide[0]).not.toBe(wideKey);
  });

  it("the organiser replaces the link (a member may not); a deleted team or teams switched off close it", async () => {
    const { org, goal, hill, river, alex } = await teamChallenge();
    const { link } = await teamLink(goal.id, hill, alex.cookie);

    const refused = await post(`/goals/${goal.id}/teams/${hill}`, { intent: "revoke-sponsor-link" }, alex.cookie);
    expect(refused.status).toBe(403);
    expect((await get(link)).status).toBe(200);

    const revoked = await post(`/goals/${goal.id}/teams/${hill}`, { intent: "revoke-sponsor-link" }, org.cookie);
    expect(revoked.status).toBe(302);
    expect(revoked.headers.get("Location")).toBe(`/goals/${goal.id}/teams/${hill}#sponsor-team`);
    expect((await get(link)).status).toBe(404);
    expect((await get(`${link}/card.png`)).status).toBe(404);
    const fresh = await teamLink(goal.id, hill, alex.cookie);
    expect(fresh.link).not.toBe(link);
    expect((await get(fresh.link)).status).toBe(200);

    // Another team's link is not this one's with the name swapped.
    const riverLink = (await teamLink(goal.id, river, alex.cookie)).link;
    expect((await get(riverLink.replace(river, hill))).status).toBe(404);

    await run("UPDATE goal_team_settings SET enabled = 0 WHERE goal_id = ?", goal.id);
    expect((await get(riverLink)).status).toBe(404);
    await run("UPDATE goal_team_settings SET enabled = 1 WHERE goal_id = ?", goal.id);
    await run("DELETE FROM teams WHERE id = ?", river);
    expect((await get(riverLink)).status).toBe(404);
    expect((await get(`${riverLink}/card.png`)).status).toBe(404);
  });
});
