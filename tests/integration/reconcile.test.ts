/**
 * The organiser's reconciliation (ADR 243), through the built worker: every pledge with what it owes and
 * its state (owed, the supporter says paid, the organiser confirmed), a filter by state, confirming many
 * at once (only this goal's pledges; none ticked is a message and a 400 that writes nothing), "raised"
 * counting confirmed pledges only with "said paid" beside it, the states in the CSV, and no reminder after
 * the organiser confirms.
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { worker } from "../support/worker";
import { get, post, postForm, setType, signUpUser, uniqueEmail, userId } from "../support/http";
import { mailedTo } from "../support/mail";
import { insertMeasuredGoal, logEntry } from "../support/progress";
import { dayFromToday } from "../support/factories";

let ip = 70;
const nextIp = () => `198.51.100.${ip++}`;
const DAY = 86_400_000;

async function cron(daysOn: number) {
  const ctx = createExecutionContext();
  await worker.scheduled(
    createScheduledController({ scheduledTime: Date.now() + daysOn * DAY, cron: "*/15 * * * *" }),
    env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
}

const text = async (path: string, cookie: string) =>
  (await (await get(path, cookie)).text()).replaceAll("<!-- -->", "");

const pledgeOf = async (email: string) =>
  env.DB.prepare("SELECT * FROM pledges WHERE email = ?").bind(email).first<any>();

/** An org's measured challenge ending today with three pledges: two fixed, one per km. */
async function challengeWithPledges() {
  const org = await signUpUser({ first: "Olga" });
  await setType(org.email, "org");
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
  const priya = await signUpUser({ first: "Priya" });
  expect((await post(`/join/${goal.id}`, {}, priya.cookie)).status).toBe(302);
  await logEntry(goal.id, priya.cookie, { amount: "12" });
  const emails = { aunt: uniqueEmail("aunt"), uncle: uniqueEmail("uncle"), gran: uniqueEmail("gran") };
  for (const [name, email, values] of [
    ["Aunt May", emails.aunt, { amount: "25" }],
    ["Uncle Raj", emails.uncle, { amount: "10" }],
    ["Gran", emails.gran, { kind: "per-unit", perUnit: "0.50", max: "100" }],
  ] as const) {
    const response = await postForm(`/give/${goal.id}`, { name, email, ...values }, { ip: nextIp() });
    expect(response.status).toBe(302);
  }
  return { org, goal, emails };
}

/** The supporter taps "I've paid" on the private link their receipt carries. */
async function saysPaid(email: string) {
  const link = (await mailedTo(email)).at(-1)!.text.match(/\/pledge\/[^\s]+/)![0];
  expect((await post(link, { intent: "paid" })).status).toBe(302);
}

describe("reconciliation", () => {
  it("shows each pledge's amount and state, filters by state and confirms many at once; raised counts confirmed only", async () => {
    const { org, goal, emails } = await challengeWithPledges();
    await saysPaid(emails.uncle);
    const page = `/goals/${goal.id}/fundraising`;

    const all = await text(page, org.cookie);
    expect(all).toContain("All (3)");
    expect(all).toContain("Owed (2)");
    expect(all).toContain("Supporter says paid (1)");
    expect(all).toContain("Organiser confirmed (0)");
    // Raised counts what the organiser confirmed; the supporter's word is beside it.
    expect(all).toMatch(/<strong>£0<\/strong> raised \(confirmed by you\) · <strong>£10<\/strong> the supporters say/);
    expect(all).toContain("£0.50\u00a0per\u00a0km the group logs, up to £100");
    expect(all).toContain("£6 so far");

    // The totaliser above names the latest supporters: look inside the pledges section only.
    const saidPaid = (await text(`${page}?state=said-paid`, org.cookie))
      .split('id="pledges"')[1]!
      .split("</section>")[0]!;
    expect(saidPaid).toContain("Uncle Raj");
    expect(saidPaid).not.toContain("Aunt May");
    expect(saidPaid).not.toContain(">Gran<");

    // Nothing ticked: told so, and nothing changes.
    const none = await post(page, { intent: "confirm-many" }, org.cookie);
    expect(none.status).toBe(400);
    expect((await none.text()).replaceAll("<!-- -->", "")).toContain("Tick the pledges to confirm as paid");
    expect((await pledgeOf(emails.uncle)).paid).toBe(0);

    // Two ticked: both confirmed in one go, and the answer lands beside the pledges.
    const aunt = (await pledgeOf(emails.aunt)).id;
    const uncle = (await pledgeOf(emails.uncle)).id;
    const body = new URLSearchParams([
      ["intent", "confirm-many"],
      ["state", "said-paid"],
      ["pledgeId", aunt],
      ["pledgeId", uncle],
    ]);
    const confirmed = await post(page, body, org.cookie);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe(`${page}?state=said-paid#pledges`);
    expect((await pledgeOf(emails.aunt)).paid).toBe(1);
    expect((await pledgeOf(emails.uncle)).paid).toBe(1);
    const after = await text(page, `${org.cookie}; ${confirmed.headers.get("Set-Cookie")!.split(";")[0]}`);
    expect(after).toContain("2 pledges confirmed as paid");
    expect(after).toContain("Organiser confirmed (2)");
    expect(after).toMatch(/<strong>£35<\/strong> raised \(confirmed by you\)/);
    expect(after).toMatch(/data-testid="raised">£35</);

    // The CSV carries each state, and the day the supporter said paid.
    const csv = await (await get(`${page.replace("/fundraising", "")}/pledges.csv`, org.cookie)).text();
    expect(csv).toContain('"Final amount","State","Said paid on","Message"');
    expect(csv).toMatch(/"Uncle Raj","Uncle Raj","Fixed",.*"Organiser confirmed","\d{4}-\d{2}-\d{2}",""/);
    expect(csv).toMatch(/"Gran","Gran","Per km",.*"Owed","",""/);

    // Another goal's organiser cannot confirm this goal's pledges through theirs.
    const other = await challengeWithPledges();
    const gran = (await pledgeOf(emails.gran)).id;
    const foreign = await post(
      `/goals/${other.goal.id}/fundraising`,
      new URLSearchParams([
        ["intent", "confirm-many"],
        ["pledgeId", gran],
      ]),
      other.org.cookie,
    );
    expect(foreign.status).toBe(302);
    expect((await pledgeOf(emails.gran)).paid).toBe(0);
    // A member who does not run the goal gets 403.
    const member = await signUpUser({ first: "Mo" });
    expect((await post(page, body, member.cookie)).status).toBe(403);
  });

  it("a pledge the organiser confirms gets no reminder", async () => {
    const { org, goal, emails } = await challengeWithPledges();
    await cron(1);
    expect((await mailedTo(emails.aunt))[0]!.kind).toBe("pledge-settle-up");
    const aunt = (await pledgeOf(emails.aunt)).id;
    const confirmed = await post(
      `/goals/${goal.id}/fundraising`,
      { intent: "paid", pledgeId: aunt, paid: "true" },
      `${org.cookie}; gwf_dev_date=${dayFromToday(2)}`,
    );
    expect(confirmed.status).toBe(302);
    await cron(4);
    expect((await mailedTo(emails.aunt)).map((m) => m.kind)).toEqual(["pledge-settle-up", "pledge-receipt"]);
    expect((await mailedTo(emails.uncle))[0]!.kind).toBe("pledge-reminder");
  });
});
