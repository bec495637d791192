/**
 * The organiser's exports authorise first (ADR 215): the goal's one row decides, and nothing of the
 * goal's members, entries or pledges is read for anyone who does not manage it.
 */
import { describe, expect, it } from "vitest";
import { describeRoundTrips, screenRoundTrips } from "../support/d1";
import { createPledge } from "../support/factories";
import { post, setType, signUpUser, userId } from "../support/http";
import { insertMeasuredGoal, logEntry } from "../support/progress";

// Entries, totals, pledges, the member list (the viewer's own membership row, for the visit, is fine).
const LISTS = /from "(progress_entries|progress_totals|pledges)"|from "user_goals" inner join "users"/i;

describe("exports authorise first", () => {
  it("participants.csv, pledges.csv and the entries page read nothing of the goal for a non-manager", async () => {
    const owner = await signUpUser();
    await setType(owner.email, "org");
    const goal = await insertMeasuredGoal({ orgId: await userId(owner.email) });
    const runner = await signUpUser();
    expect((await post(`/join/${goal.id}`, {}, runner.cookie)).status).toBe(302);
    await logEntry(goal.id, runner.cookie, { amount: "5" });
    await createPledge(goal.id, { name: "Gran", amount: 500 });
    for (const path of [
      `/goals/${goal.id}/participants.csv`,
      `/goals/${goal.id}/pledges.csv`,
      `/goals/${goal.id}/entries`,
    ]) {
      const refused = await screenRoundTrips(path, runner.cookie);
      expect(refused.status, path).toBe(403);
      const read = refused.roundTrips.flatMap((t) => t.sql).join("\n");
      expect(read, describeRoundTrips(refused.roundTrips)).not.toMatch(LISTS);
      // The organiser gets the export, read after the one-row check.
      const allowed = await screenRoundTrips(path, owner.cookie);
      expect(allowed.status, path).toBe(200);
      expect(allowed.roundTrips.flatMap((t) => t.sql).join("\n")).toMatch(LISTS);
    }
    // A missing goal is a 404, the same before and after.
    expect((await screenRoundTrips("/goals/no-such-goal/participants.csv", owner.cookie)).status).toBe(404);
  });
});
