/**
 * Pledge figures everywhere an org reconciles them (ADR 143, 166): per-unit pledges count at their
 * value in My challenges and in the participants CSV, "raised" is what was marked paid, and a per-unit
 * pledge reads "final" by the goal clock (/dev/date), not the wall clock.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { dayFromToday } from "../support/goals";
import { get, post, postForm, setType, signUpUser, userId } from "../support/http";
import { insertMeasuredGoal, logEntry } from "../support/progress";

async function orgChallenge() {
  const org = await signUpUser({ first: "Olga" });
  await setType(org.email, "org");
  const goal = await insertMeasuredGoal({ orgId: await userId(org.email), cause: `Figures ${Date.now()}` });
  await env.DB.prepare(
    "UPDATE goals SET charity_name = 'Shelter', charity_url = 'https://shelter.example.org/donate', target_amount = 300000, currency = 'GBP' WHERE id = ?",
  )
    .bind(goal.id)
    .run();
  const alex = await signUpUser({ first: "Alex" });
  expect((await post(`/join/${goal.id}`, {}, alex.cookie)).status).toBe(302);
  return { org, goal, alex };
}

const text = async (path: string, cookie: string) =>
  (await (await get(path, cookie)).text()).replaceAll("<!-- -->", "");

describe("pledge figures", () => {
  it("count per-unit pledges at their value in My challenges and the participants CSV; paid is what was marked paid", async () => {
    const { org, goal, alex } = await orgChallenge();
    // Alex, signed in, sponsors the group at £0.50 per km, then logs 4 km: £2. A visitor pledges £20.
    expect(
      (
        await postForm(
          `/give/${goal.id}`,
          { name: "Alex", kind: "per-unit", perUnit: "0.50", max: "1000" },
          { cookie: alex.cookie },
        )
      ).status,
    ).toBe(302);
    expect((await postForm(`/give/${goal.id}`, { name: "Uncle", amount: "20" })).status).toBe(302);
    await logEntry(goal.id, alex.cookie, { amount: "4" });

    const csv = await (await get(`/goals/${goal.id}/participants.csv`, org.cookie)).text();
    const alexLine = csv.split("\r\n").find((line) => line.includes("Alex"));
    if (!alexLine) throw new Error(csv);
    // Pledged: Alex's own per-unit pledge at its value (it counted £0 when only fixed amounts were summed).
    expect(alexLine).toContain('"Active","","£2"');

    const row = (html: string) => html.slice(html.indexOf(goal.cause), html.indexOf("</tr>", html.indexOf(goal.cause)));
    let challenges = row(await text("/challenges", org.cookie));
    expect(challenges).toMatch(/data-label="Pledged"[^>]*>£22</);
    expect(challenges).toMatch(/data-label="Paid"[^>]*>£0</);

    const uncle = await env.DB.prepare("SELECT id FROM pledges WHERE goal_id = ? AND name = 'Uncle'")
      .bind(goal.id)
      .first<{ id: string }>();
    expect(
      (await post(`/goals/${goal.id}/fundraising`, { intent: "paid", pledgeId: uncle!.id, paid: "true" }, org.cookie))
        .status,
    ).toBe(302);
    challenges = row(await text("/challenges", org.cookie));
    expect(challenges).toMatch(/data-label="Pledged"[^>]*>£22</);
    expect(challenges).toMatch(/data-label="Paid"[^>]*>£20</);
    const give = await text(`/give/${goal.id}`, alex.cookie);
    expect(give).toMatch(/data-testid="pledged">£22</);
    expect(give).toMatch(/data-testid="raised">£20</);
  });

  it("says a per-unit pledge is final once the goal has ended by the goal clock", async () => {
    const { goal, alex } = await orgChallenge();
    await postForm(
      `/give/${goal.id}`,
      { name: "Gran", kind: "per-unit", perUnit: "1", max: "1000" },
      { cookie: alex.cookie },
    );
    await logEntry(goal.id, alex.cookie, { amount: "3" });
    expect(await text(`/give/${goal.id}`, alex.cookie)).toContain("£1\u00a0per\u00a0km (up to £1,000): £3 so far");
    // The goal ends 10 days from now; the developer date tool moves today past it.
    const later = `${alex.cookie}; gwf_dev_date=${dayFromToday(11)}`;
    expect(await text(`/give/${goal.id}`, later)).toContain("£1\u00a0per\u00a0km (up to £1,000): £3 final");
  });

  it("the org's fundraising page lists a per-unit pledge with its amount so far, and final once the goal ended", async () => {
    const { org, goal, alex } = await orgChallenge();
    const alexId = await userId(alex.email);
    expect(
      (
        await postForm(`/give/${goal.id}`, {
          name: "Gran",
          kind: "per-unit",
          perUnit: "0.50",
          memberId: alexId,
          max: "50",
        })
      ).status,
    ).toBe(302);
    expect(
      (await postForm(`/give/${goal.id}`, { name: "Uncle", kind: "per-unit", perUnit: "2", max: "1000" })).status,
    ).toBe(302);
    await logEntry(goal.id, alex.cookie, { amount: "5.25" });
    const page = await text(`/goals/${goal.id}/fundraising`, org.cookie);
    // 5.25 km x 50p = £2.62 (rounded down to the penny); x £2 = £10.50.
    expect(page).toContain("£0.50\u00a0per\u00a0km for Alex User (up to £50): £2.62 so far");
    expect(page).toContain("£2\u00a0per\u00a0km (up to £1,000): £10.50 so far");
    expect(page).not.toMatch(/£[0-9.]+ final/);
    // The goal ends 10 days from now: the goal clock (/dev/date) moved past it makes both final.
    const ended = await text(`/goals/${goal.id}/fundraising`, `${org.cookie}; gwf_dev_date=${dayFromToday(11)}`);
    expect(ended).toContain("£0.50\u00a0per\u00a0km for Alex User (up to £50): £2.62 final");
    expect(ended).toContain("£2\u00a0per\u00a0km (up to £1,000): £10.50 final");
    expect(ended).not.toMatch(/£[0-9.]+ so far/);
  });

  it("give the org every pledge as a CSV: kind, value now, final once ended, paid; others get 403", async () => {
    const { org, goal, alex } = await orgChallenge();
    await postForm(
      `/give/${goal.id}`,
      { name: "Alex", kind: "per-unit", perUnit: "0.50", max: "1" },
      { cookie: alex.cookie },
    );
    await postForm(`/give/${goal.id}`, { name: '=HYPERLINK("x")', amount: "20", message: "Go, go!" });
    await logEntry(goal.id, alex.cookie, { amount: "4" });

    const response = await get(`/goals/${goal.id}/pledges.csv`, org.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/filename="figures-\d+-pledges\.csv"/);
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      '"Pledged on","Supporter","Shown as","Kind","Per unit","For","Maximum","Amount now","Final amount","State","Said paid on","Message"',
    );
    expect(lines).toHaveLength(3);
    // Two pledges made in the same moment: find each by its kind, not by its place.
    const perUnit = lines.find((l) => l.includes('"Per km"'))!;
    const fixed = lines.find((l) => l.includes('"Fixed"'))!;
    // The per-unit pledge: £2 logged-worth, capped at its £1 maximum; not final while the goal runs.
    expect(perUnit).toMatch(/"Alex","Alex","Per km","£0\.50","The group","£1","£1","","Owed","",""$/);
    // A fixed pledge is final from the start; a formula in a name is defused by the one CSV writer.
    expect(fixed).toContain(`"'=HYPERLINK(""x"")"`);
    expect(fixed).toMatch(/"Fixed","","","","£20","£20","Owed","","Go, go!"$/);

    // Once the goal has ended by the goal clock, the per-unit amount is final too.
    const later = await (
      await get(`/goals/${goal.id}/pledges.csv`, `${org.cookie}; gwf_dev_date=${dayFromToday(11)}`)
    ).text();
    expect(later).toMatch(/"Per km","£0\.50","The group","£1","£1","£1","Owed"/);

    expect((await get(`/goals/${goal.id}/pledges.csv`, alex.cookie)).status).toBe(403);
    expect((await get(`/goals/nope/pledges.csv`, org.cookie)).status).toBe(404);
    expect((await get(`/goals/${goal.id}/pledges.csv`)).status).toBe(302);
  });
});
