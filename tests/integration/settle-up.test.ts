/**
 * Settle-up (ADR 242), through the built worker's cron: when a goal has ended, each supporter who gave an
 * address is told the final amount and where to pay (once, however often the cron runs); reminders follow
 * 3 and 10 days later while nobody says it is paid, and stop once it is; an entry the organiser removes
 * after settle-up tells the supporter the new amount.
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { worker } from "../support/worker";
import { post, postForm, setType, signUpUser, uniqueEmail, userId } from "../support/http";
import { mailedTo } from "../support/mail";
import { entriesOf, insertMeasuredGoal, logEntry } from "../support/progress";
import { dayFromToday } from "../support/factories";

const DAY = 86_400_000;

async function cron(daysOn = 0) {
  const ctx = createExecutionContext();
  await worker.scheduled(
    createScheduledController({ scheduledTime: Date.now() + daysOn * DAY, cron: "*/15 * * * *" }),
    env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
}

let ip = 40;
const nextIp = () => `198.51.100.${ip++}`;

const pledgeRow = async (email: string) =>
  env.DB.prepare("SELECT * FROM pledges WHERE email = ?").bind(email).first<any>();

const kinds = async (email: string) => (await mailedTo(email)).map((m) => m.kind);

describe("settle-up", () => {
  it("an ended goal's supporters get the final amount once, reminders at 3 and 10 days until paid, and a removal's new amount", async () => {
    const org = await signUpUser({ first: "Olga" });
    await setType(org.email, "org");
    // The challenge runs until today: members join and log while it runs; the clock then moves past its end.
    const goal = await insertMeasuredGoal({
      orgId: await userId(org.email),
      start: dayFromToday(-5),
      end: dayFromToday(0),
    });
    await env.DB.prepare(
      "UPDATE goals SET charity_name = 'Shelter', charity_url = 'https://shelter.example.org/donate', target_amount = 100000, currency = 'GBP' WHERE id = ?",
    )
      .bind(goal.id)
      .run();
    const alex = await signUpUser({ first: "Priya" });
    expect((await post(`/join/${goal.id}`, {}, alex.cookie)).status).toBe(302);
    const alexId = await userId(alex.email);
    await logEntry(goal.id, alex.cookie, { amount: "80" });
    await logEntry(goal.id, alex.cookie, { amount: "7" });

    const perKm = uniqueEmail("gran");
    const fixed = uniqueEmail("uncle");
    const quiet = uniqueEmail("quiet");
    for (const [email, values] of [
      [perKm, { kind: "per-unit", perUnit: "0.50", max: "100", memberId: alexId }],
      [fixed, { amount: "25" }],
      [quiet, { amount: "10" }],
    ] as const) {
      const response = await postForm(`/give/${goal.id}`, { name: "Supporter", email, ...values }, { ip: nextIp() });
      expect(response.status).toBe(302);
    }
    // The quiet supporter stops the mail about their pledge.
    const quietLink = (await mailedTo(quiet))[0]!.text.match(/\/pledge\/[^\s]+/)![0];
    expect((await post(quietLink, { intent: "stop-mail" })).status).toBe(302);

    // On its last day it still runs: nothing to settle.
    await cron(0);
    expect(await kinds(perKm)).toEqual(["pledge-receipt"]);

    // The day after the end: the final amount, once.
    await cron(1);
    await cron(1);
    const [settle] = await mailedTo(perKm);
    expect(settle!.kind).toBe("pledge-settle-up");
    expect(settle!.text).toContain(
      "Priya User logged 87\u00a0km: your pledge (£0.50\u00a0per\u00a0km Priya User logs, up to £100) comes to £43.50.",
    );
    expect(settle!.text).toContain("Please pay it on Shelter's own page: https://shelter.example.org/donate");
    expect(settle!.text).toMatch(/\/pledge\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}/);
    expect(settle!.text).toContain("stop these e-mails");
    expect((await mailedTo(fixed))[0]!.text).toContain("Your pledge is £25.");
    expect(await kinds(perKm)).toEqual(["pledge-settle-up", "pledge-receipt"]);
    expect(await kinds(quiet)).toEqual(["pledge-receipt"]);
    expect(await pledgeRow(perKm)).toMatchObject({ settled_on: dayFromToday(1), settled_value: 4350, reminders: 0 });

    // 2 days after settle-up: not yet; 3 days after: the first reminder, once.
    await cron(3);
    expect(await kinds(perKm)).toEqual(["pledge-settle-up", "pledge-receipt"]);
    await cron(4);
    await cron(4);
    expect(await kinds(perKm)).toEqual(["pledge-reminder", "pledge-settle-up", "pledge-receipt"]);
    expect((await mailedTo(perKm))[0]!.text).toContain("We have not heard that it is paid yet.");

    // The organiser removes the 7 km entry: the supporter is told the new amount (£40).
    const seven = (await entriesOf(goal.id, alexId)).find((e) => e.amount === 700)!;
    const removed = await post(
      `/goals/${goal.id}/entries`,
      { intent: "remove-entry", entryId: seven.id },
      `${org.cookie}; gwf_dev_date=${dayFromToday(4)}`,
    );
    expect(removed.status).toBe(302);
    const [changed] = await mailedTo(perKm);
    expect(changed!.kind).toBe("pledge-changed");
    expect(changed!.text).toContain("your pledge comes to £40, not £43.50");
    expect((await pledgeRow(perKm)).settled_value).toBe(4000);

    // The per-km supporter says they paid: no second reminder for them; the fixed one gets it.
    const perKmLink = settle!.text.match(/\/pledge\/[^\s]+/)![0];
    const paid = await post(
      new URL(perKmLink, "http://localhost").pathname,
      { intent: "paid" },
      `gwf_dev_date=${dayFromToday(5)}`,
    );
    expect(paid.status).toBe(302);
    // 10 days after settle-up: the last reminder, to the fixed supporter only.
    await cron(10);
    expect((await kinds(fixed)).filter((k) => k === "pledge-reminder")).toHaveLength(1);
    await cron(11);
    expect((await kinds(perKm)).filter((k) => k === "pledge-reminder")).toHaveLength(1);
    expect((await kinds(fixed)).filter((k) => k === "pledge-reminder")).toHaveLength(2);
    expect((await mailedTo(fixed))[0]!.text).toContain("A last reminder");
    // No third reminder, however late (the outbox keeps sent mail a while; the pledge counts what it sent).
    await cron(30);
    expect(await pledgeRow(fixed)).toMatchObject({ reminders: 2 });
    expect(await pledgeRow(perKm)).toMatchObject({ reminders: 1 });
    // The supporter who stopped the mail was never settled up nor reminded.
    expect(await pledgeRow(quiet)).toMatchObject({ settled_on: null, reminders: 0 });
  });
});
