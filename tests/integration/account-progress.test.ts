/**
 * Deleting an account keeps its progress, anonymised (ADR 188): the group total, the
 * leaderboard's ranks and every pledge's value (group and per-member per-unit pledges, fixed pledges)
 * stay as they were; the entries keep no note and no link to the person.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { get, post, postForm, setType, signUpUser, userId } from "../support/http";
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
      { name: "Gran", kind: "per-unit", perUnit: "1", max: "1000" },
      { name: "Mum", kind: "per-unit", perUnit: "2", memberId: leavingId, max: "1000" },
    ])
      expect((await postForm(`/give/${goal.id}`, form)).status).toBe(302);
    expect(
      (await postForm(`/give/${goal.id}`, { name: "Leaving User", amount: "5" }, { cookie: leaving.cookie })).status,
    ).toBe(302);

    const before = {
      screen: await page(`/active/${goal.id}`, staying.cookie),
      give: await page(`/give/${goal.id}`, staying.cookie),
    };
    expect(pick(before.screen, "group-total")).toBe("9.5\u00a0km");
    // £9.50 for the group, £15 for the member, £5 fixed.
    expect(pick(before.give, "pledged")).toBe("£29.50");

    const deleted = await post("/profile/delete", { confirm: leaving.email, current: "password123" }, leaving.cookie);
    expect(deleted.status).toBe(302);

    const after = {
      screen: await page(`/active/${goal.id}`, staying.cookie),
      give: await page(`/give/${goal.id}`, staying.cookie),
    };
    expect(pick(after.screen, "group-total")).toBe("9.5\u00a0km");
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

  it("shows the deleted member's progress as 'Deleted member' on the board, in the group's latest and in the CSV", async () => {
    const owner = await signUpUser();
    await setType(owner.email, "org");
    const goal = await insertMeasuredGoal({ orgId: await userId(owner.email) });
    const leaving = await signUpUser({ first: "Leaving", last: "Walker" });
    const staying = await signUpUser({ first: "Staying", last: "Strider" });
    for (const m of [leaving, staying]) expect((await post(`/join/${goal.id}`, {}, m.cookie)).status).toBe(302);
    expect((await logEntry(goal.id, leaving.cookie, { amount: "7.5" })).status).toBe(302);
    expect((await logEntry(goal.id, staying.cookie, { amount: "2" })).status).toBe(302);
    expect(
      (await post("/profile/delete", { confirm: leaving.email, current: "password123" }, leaving.cookie)).status,
    ).toBe(302);
    // A member who left the goal: their progress counts too, under their name.
    const quitter = await signUpUser({ first: "Quitter", last: "Quits" });
    expect((await post(`/join/${goal.id}`, {}, quitter.cookie)).status).toBe(302);
    expect((await logEntry(goal.id, quitter.cookie, { amount: "1" })).status).toBe(302);
    expect((await post(`/active/${goal.id}`, { intent: "leave" }, quitter.cookie)).status).toBe(302);

    const screen = await page(`/active/${goal.id}`, staying.cookie);
    const section = (testId: string) =>
      screen.match(new RegExp(`data-testid="${testId}"[\\s\\S]*?</(ol|ul)>`))?.[0] ?? "";
    // The board agrees with my rank (2nd): the deleted member's row is first, without a name.
    expect(pick(screen, "my-rank")).toMatch(/^2/);
    const board = section("leaderboard")
      .replace(/<[^>]+>/g, " ")
      // Spaces and line breaks collapsed; the no-break space between an amount and its unit kept (ADR 285).
      .replace(/[^\S\u00a0]+/g, " ");
    expect(board).toMatch(
      /1 Deleted member 7\.5\u00a0km 2 Staying Strider \(you\) 2\u00a0km 3 Quitter Quits 1\u00a0km/,
    );
    const latest = section("latest-entries")
      .replace(/<[^>]+>/g, " ")
      // Spaces and line breaks collapsed; the no-break space between an amount and its unit kept (ADR 285).
      .replace(/[^\S\u00a0]+/g, " ");
    expect(latest).toContain("Deleted member 7.5\u00a0km");
    expect(latest).toContain("Staying Strider 2\u00a0km");
    expect(screen).not.toContain("Leaving");

    // The participants CSV lists the row its total comes from: the group total is every row's total.
    const csv = await (await get(`/goals/${goal.id}/participants.csv`, owner.cookie)).text();
    const lines = csv.split("\r\n");
    const deleted = lines.find((l) => l.startsWith('"Deleted member"'));
    expect(deleted, csv).toBeDefined();
    expect(deleted).toContain('"7.50","1"');
    expect(deleted).not.toContain("@");
    expect(deleted).toContain('"Account deleted"');
    expect(lines.find((l) => l.startsWith('"Staying"'))).toContain('"2","1"');
    expect(lines.find((l) => l.startsWith('"Quitter"'))).toContain('"Left","","£0","1","1"');
    expect(csv).not.toContain("Leaving");
    expect(csv).not.toContain(leaving.email);
  });
});
