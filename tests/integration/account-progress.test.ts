/**
 * Deleting an account keeps its progress, anonymised (issue 17, ADR 188): the group total, the
 * leaderboard's ranks and every pledge's value (group and per-member per-unit pledges, fixed pledges)
 * stay as they were; the entries keep no note and no link to the person.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { get, post, postForm, signUpUser, userId } from "../support/http";
import { entriesOf, insertMeasuredGoal, logEntry } from "../support/progress";

const page = async (path: string, cookie?: string) =>
  (await (await get(path, cookie)).text()).replaceAll("<!-- -->", "");
const pick = (html: string, testId: string) => html.match(new RegExp(`data-testid="${testId}">([^<]+)<`))?.[1];

describe("deleting an account that logged progress", () => {
  it("leaves the group total and the charity's totals unchanged, and the entries anonymous", async () => {
    const goal = await insertMeasuredGoal();
    await env.DB.prepare(
      "UPDATE goals SET charity_name = 'Shelter', charity_url = 'https://shelter.example.org/donate', target_amount = 100000, currency = 'GBP' WHERE id = ?",
    )
      .bind(goal.id)
      .run();
    const leaving = await signUpUser({ first: "Leaving" });
    const staying = await signUpUser({ first: "Staying" });
    for (const m of [leaving, staying]) expect((await post(`/join/${goal.id}`, {}, m.cookie)).status).toBe(302);
    const leavingId = await userId(leaving.email);
    expect((await logEntry(goal.id, leaving.cookie, { amount: "7.5", note: "Rainy loop by my house" })).status).toBe(
      302,
    );
    expect((await logEntry(goal.id, staying.cookie, { amount: "2" })).status).toBe(302);
    // A per-km pledge for the group, one for the leaving member, and a fixed pledge of theirs.
    for (const form of <Record<string, string>[]>[
      { name: "Gran", kind: "per-unit", perUnit: "1" },
      { name: "Mum", kind: "per-unit", perUnit: "2", memberId: leavingId },
    ])
      expect((await postForm(`/give/${goal.id}`, form)).status).toBe(302);
    expect(
      (await postForm(`/give/${goal.id}`, { name: "Leaving User", amount: "5" }, { cookie: leaving.cookie })).status,
    ).toBe(302);

    const before = {
      screen: await page(`/active/${goal.id}`, staying.cookie),
      give: await page(`/give/${goal.id}`, staying.cookie),
    };
    expect(pick(before.screen, "group-total")).toBe("9.5 km");
    // £9.50 for the group, £15 for the member, £5 fixed.
    expect(pick(before.give, "pledged")).toBe("£29.50");

    const deleted = await post("/profile/delete", { confirm: leaving.email }, leaving.cookie);
    expect(deleted.status).toBe(302);

    const after = {
      screen: await page(`/active/${goal.id}`, staying.cookie),
      give: await page(`/give/${goal.id}`, staying.cookie),
    };
    expect(pick(after.screen, "group-total")).toBe("9.5 km");
    expect(pick(after.give, "pledged")).toBe("£29.50");
    expect(pick(after.give, "supporters")).toBe(pick(before.give, "supporters"));
    // The staying member is still second: the deleted member's total still counts, without a name.
    expect(pick(after.screen, "my-rank")).toBe(pick(before.screen, "my-rank"));
    expect(after.screen).not.toContain("Leaving");
    expect(after.screen).not.toContain("Rainy loop");

    const entries = await entriesOf(goal.id);
    expect(entries).toHaveLength(2);
    expect(entries.some((e) => e.user_id === leavingId)).toBe(false);
    const kept = entries.find((e) => e.amount === 750)!;
    expect(kept.note).toBeNull();
    expect(kept.user_id).toMatch(/^deleted-/);
    const pledge = await env.DB.prepare("SELECT member_id FROM pledges WHERE goal_id = ? AND name = 'Mum'")
      .bind(goal.id)
      .first<{ member_id: string }>();
    expect(pledge!.member_id).toBe(kept.user_id);
  });
});
