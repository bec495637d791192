/**
 * Badges from entries that were not typed (ADR 271, docs/product.md "Activity files"): a member's
 * watch files earn them as a typed entry does, said in the same flash; an organiser's CSV import earns
 * each member's, and undoing the import takes them back.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signedInUser } from "../support/factories";
import { dayFromToday } from "../support/goals";
import { flashCookieFrom, get, post } from "../support/http";
import { insertMeasuredGoal } from "../support/progress";

const badgeKeys = async (userId: string, goalId: string) =>
  (
    await env.DB.prepare(
      "SELECT event_key FROM notifications WHERE user_id = ? AND goal_id = ? AND kind = 'badge' ORDER BY event_key",
    )
      .bind(userId, goalId)
      .all<{ event_key: string }>()
  ).results.map((r) => r.event_key.split(":")[2]);

describe("badges from files and imports", () => {
  it("entries saved from activity files earn their badges, told in the same flash", async () => {
    const org = await signedInUser({ type: "org" });
    const goal = await insertMeasuredGoal({ orgId: org.id }); // 100 km each
    const priya = await signedInUser({ first: "Priya", join: [goal.id] });
    const saved = await post(
      `/goals/${goal.id}/activity`,
      {
        intent: "save",
        rows: "1",
        "include-0": "on",
        "name-0": "walk.gpx",
        "hash-0": "c".repeat(64),
        "day-0": dayFromToday(0),
        "amount-0": "30",
        "sport-0": "walking",
        "seconds-0": "1800",
      },
      priya.cookie,
    );
    expect(saved.status).toBe(302);
    const page = await get(saved.headers.get("Location")!, `${priya.cookie}; ${flashCookieFrom(saved)}`);
    expect(await page.text()).toContain(
      "Saved 1 entry from your files: 30\u00a0km. New badges: First entry, 25% of my target: 25\u00a0km!",
    );
    expect(await badgeKeys(priya.id, goal.id)).toEqual(["first-entry", "target-25"]);
  });

  it("a CSV import earns each member's badges; undoing it takes them back", async () => {
    const org = await signedInUser({ type: "org" });
    const goal = await insertMeasuredGoal({ orgId: org.id, start: dayFromToday(-10) });
    const ann = await signedInUser({ first: "Ann", join: [goal.id] });
    const bob = await signedInUser({ first: "Bob", join: [goal.id] });
    const csv = `${ann.email},${dayFromToday(-1)},55\n${bob.email},${dayFromToday(-2)},4\n`;
    const preview = await (await post(`/goals/${goal.id}/import`, { intent: "preview", csv }, org.cookie)).text();
    const importId = /name="importId" value="([^"]+)"/.exec(preview)![1]!;
    const imported = await post(`/goals/${goal.id}/import`, { intent: "import", importId, csv }, org.cookie);
    expect(imported.status).toBe(302);
    expect(await badgeKeys(ann.id, goal.id)).toEqual(["first-entry", "target-25", "target-50"]);
    expect(await badgeKeys(bob.id, goal.id)).toEqual(["first-entry"]);
    // The bell tells Ann, and the goal's feed names her.
    expect(await (await get("/notifications", ann.cookie)).text()).toContain("You earned a new badge in");
    expect(await (await get(`/active/${goal.id}`, bob.cookie)).text()).toContain("Ann reached 50\u00a0km");

    const undo = await post(
      `/goals/${goal.id}/import`,
      { intent: "undo-import", importId, confirm: "yes" },
      org.cookie,
    );
    expect(undo.status).toBe(302);
    expect(await badgeKeys(ann.id, goal.id)).toEqual([]);
    expect(await badgeKeys(bob.id, goal.id)).toEqual([]);
    expect(await (await get(`/active/${goal.id}`, bob.cookie)).text()).not.toContain("Ann reached 50\u00a0km");
  });
});
