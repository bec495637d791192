/**
 * The phone's queue meets the write limit (ADR 238): an entry sent from the offline queue while the member
 * is over their entry-write limit (ADR 217) is held back, not refused (429, "later", Retry-After, nothing
 * written); once the window is over the same entry, sent again, is logged once.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { HELD_BACK } from "#app/features/offline/sync-entry.server";
import { SPORT_TOO_SMALL } from "#app/features/activity/sport-factors";
import { LIMITS } from "#app/platform/session/rate-limit.server";
import { post } from "../support/http";
import { signedInUser } from "../support/factories";
import { entriesOf, insertMeasuredGoal, today } from "../support/progress";

const counterKey = (userId: string) => `${LIMITS.entryWrites.name}:member:${userId}`;

/** The member's entry-write counter, as if they had written `count` times starting `ago` ms ago. */
async function wrote(userId: string, count: number, ago = 0) {
  await env.DB.prepare(
    "INSERT INTO signin_attempts (key, count, window_start) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET count = excluded.count, window_start = excluded.window_start",
  )
    .bind(counterKey(userId), count, Date.now() - ago)
    .run();
}

describe("the offline queue and the write limit", () => {
  it("over the limit an entry is held back (429 later, Retry-After), and logged once when sent after the window", async () => {
    const goal = await insertMeasuredGoal({ cause: `Held ${Date.now()}` });
    const member = await signedInUser({ join: [goal.id] });
    const entry = {
      account: member.id,
      goalId: goal.id,
      intent: "log-entry",
      key: "c".repeat(32),
      amount: "2",
      day: today(),
    };
    await wrote(member.id, LIMITS.entryWrites.max);
    const held = await post("/sync/entry", entry, member.cookie);
    expect(held.status).toBe(429);
    expect(held.headers.get("Retry-After")).toBe("60");
    expect(await held.json()).toEqual({ outcome: "later", message: HELD_BACK, retryAfter: 60 });
    expect(HELD_BACK).toContain("Nothing is lost");
    expect(await entriesOf(goal.id, member.id)).toHaveLength(0);

    // Ten minutes on, the window has passed: the phone sends it again, and again (a lost answer): one entry.
    await wrote(member.id, LIMITS.entryWrites.max + 1, LIMITS.entryWrites.windowMs + 1_000);
    for (let i = 0; i < 2; i++) {
      const sent = await post("/sync/entry", entry, member.cookie);
      expect(await sent.json()).toEqual({ outcome: "logged" });
    }
    expect((await entriesOf(goal.id, member.id)).map((e) => e.amount)).toEqual([200]);
  });

  it("an entry queued offline that names its sport counts as the organiser set it when it is sent", async () => {
    const owner = await signedInUser({ type: "org" });
    const goal = await insertMeasuredGoal({ orgId: owner.id, cause: `Ride ${Date.now()}` });
    await post(`/goals/${goal.id}/sports`, { intent: "sport-factors", "factor-cycling": "0.25" }, owner.cookie);
    const member = await signedInUser({ join: [goal.id] });
    const sent = await post(
      "/sync/entry",
      {
        account: member.id,
        goalId: goal.id,
        intent: "log-entry",
        key: "e".repeat(32),
        amount: "20",
        day: today(),
        sport: "cycling",
      },
      member.cookie,
    );
    expect(await sent.json()).toEqual({ outcome: "logged" });
    const [entry] = await entriesOf(goal.id, member.id);
    expect(entry).toMatchObject({ amount: 500, sport: "cycling" });
    // A sport whose factor takes the entry under the smallest amount is refused with the page's own words.
    await post(`/goals/${goal.id}/sports`, { intent: "sport-factors", "factor-swimming": "0.01" }, owner.cookie);
    const tiny = await post(
      "/sync/entry",
      {
        account: member.id,
        goalId: goal.id,
        intent: "log-entry",
        key: "f".repeat(32),
        amount: "0.3",
        day: today(),
        sport: "swimming",
      },
      member.cookie,
    );
    expect(tiny.status).toBe(400);
    expect(await tiny.json()).toEqual({ outcome: "refused", message: SPORT_TOO_SMALL });
    expect(await entriesOf(goal.id, member.id)).toHaveLength(1);
  });
});
