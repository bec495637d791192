/**
 * The home's quick log (ADR 220) reads its goal and intent through its schema (ADR 309): a post that is
 * not the quick log's form is refused under the goal field with a 400, and nothing is logged.
 */
import { describe, expect, it } from "vitest";
import { post, signUpUser, userId } from "../support/http";
import { entriesOf, insertMeasuredGoal, today } from "../support/progress";

const GOAL_ERROR = "Choose one of your goals that tracks progress";
const key = () => crypto.randomUUID().replace(/-/g, "");

describe("the quick log's bad input", () => {
  it("a missing or unknown intent is refused under the goal, what was typed shown again, nothing logged", async () => {
    const goal = await insertMeasuredGoal();
    const member = await signUpUser();
    await post(`/join/${goal.id}`, {}, member.cookie);
    for (const intent of [undefined, "complete", "x".repeat(500)]) {
      const fields = { goal: goal.id, amount: "7.5", day: today(), note: "Morning run", key: key() };
      const response = await post("/main", intent === undefined ? fields : { ...fields, intent }, member.cookie);
      expect(response.status).toBe(400);
      const page = await response.text();
      expect(page).toContain(GOAL_ERROR);
      expect(page).toContain('value="Morning run"');
    }
    expect(await entriesOf(goal.id, await userId(member.email))).toHaveLength(0);
  });
});
