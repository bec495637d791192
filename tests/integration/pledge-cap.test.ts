/**
 * No pledge is worth more than a fixed pledge can be (docs/product.md "Pledges per unit"): a per-unit
 * pledge must carry a maximum, and one without (written before the rule) is clamped at the fixed-pledge
 * cap in the totaliser, the pledges CSV and the milestone mail.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { get, post, postForm, setType, signUpUser, userId } from "../support/http";
import { dayFromToday } from "../support/goals";
import { insertMeasuredGoal, logEntry } from "../support/progress";

describe("the per-unit pledge cap", () => {
  it("refuses a per-unit pledge without a maximum, on the field, writing nothing", async () => {
    const goal = await insertMeasuredGoal();
    await env.DB.prepare(
      "UPDATE goals SET charity_name = 'Shelter', charity_url = 'https://shelter.example.org/donate', target_amount = 1000, currency = 'GBP' WHERE id = ?",
    )
      .bind(goal.id)
      .run();
    const response = await postForm(`/give/${goal.id}`, { name: "Eve", kind: "per-unit", perUnit: "1000" });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(
      /id="[^"]*max[^"]*-error"[^>]*>[^<]*Set a maximum for a pledge per unit: the most it can grow to/,
    );
    const count = await env.DB.prepare("SELECT count(*) AS n FROM pledges WHERE goal_id = ?")
      .bind(goal.id)
      .first<any>();
    expect(count.n).toBe(0);
  });

  it("clamps an older per-unit pledge without a maximum at £1,000,000 in the totaliser, the CSV and the mail", async () => {
    const owner = await signUpUser();
    await setType(owner.email, "org");
    const ownerId = await userId(owner.email);
    const goal = await insertMeasuredGoal({ orgId: ownerId, start: dayFromToday(-5) });
    await env.DB.prepare(
      "UPDATE goals SET charity_name = 'Shelter', charity_url = 'https://shelter.example.org/donate', target_amount = 100000, currency = 'GBP' WHERE id = ?",
    )
      .bind(goal.id)
      .run();
    const runner = await signUpUser({ first: "Runa" });
    expect((await post(`/join/${goal.id}`, {}, runner.cookie)).status).toBe(302);
    const runnerId = await userId(runner.email);
    // £1,000 per km, no maximum (a row from before the rule), and 10,000 km already logged.
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO pledges (id, goal_id, name, amount, per_unit, max_amount) VALUES (?, ?, 'Old', 0, 100000, NULL)",
      ).bind(`${goal.id}-old`, goal.id),
      ...Array.from({ length: 20 }, (_, i) =>
        env.DB.prepare(
          "INSERT INTO progress_entries (id, goal_id, user_id, amount, day, idempotency_key) VALUES (?, ?, ?, 50000, ?, ?)",
        ).bind(`${goal.id}-e${i}`, goal.id, runnerId, dayFromToday(-1 - i), `k${goal.id}${i}`),
      ),
    ]);
    expect((await logEntry(goal.id, runner.cookie, { amount: "5" })).status).toBe(302);

    const give = await (await get(`/give/${goal.id}`, runner.cookie)).text();
    const pledged = give.match(/data-testid="pledged">([^<]+)</)?.[1];
    expect(pledged).toBe("£1,000,000");
    const csv = await (await get(`/goals/${goal.id}/pledges.csv`, owner.cookie)).text();
    const line = csv.split("\n").find((l) => l.includes('"Old"'))!;
    expect(line).toMatch(/"Per km","£1,000","The group","","£1,000,000",/);
    const mail = await env.DB.prepare("SELECT text FROM mail_outbox WHERE kind = 'milestone' AND \"to\" = ?")
      .bind(owner.email.toLowerCase())
      .first<any>();
    expect(mail.text).toContain("£1,000,000 of £1,000");
  });
});
