/**
 * The end of a challenge (ADR 274), through the built worker's cron: once a measured goal has ended, each
 * member is told once in the bell and mailed their summary (total and rank, the group's total, what was
 * raised, badges) under the "summary" switch; the summary screen and the certificate (a 1200x630 PNG) are
 * the member's own.
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { worker } from "../support/worker";
import { get } from "../support/http";
import { mailedTo } from "../support/mail";
import { dayFromToday, signedInUser } from "../support/factories";
import { insertMeasuredGoal, logEntry } from "../support/progress";

async function cron() {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "*/15 * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

const unescape = (html: string) => html.replace(/<!-- -->/g, "").replace(/&#x27;/g, "'");

/** Width and height from the PNG's IHDR chunk. */
function pngSize(bytes: ArrayBuffer) {
  const view = new DataView(bytes);
  expect([...new Uint8Array(bytes, 0, 4)]).toEqual([137, 80, 78, 71]);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

const endedLines = async (userId: string) =>
  (
    await env.DB.prepare("SELECT event_key FROM notifications WHERE user_id = ? AND kind = 'challenge-ended'")
      .bind(userId)
      .all<{ event_key: string }>()
  ).results.map((r) => r.event_key);

/** A challenge that ran until yesterday: Priya logged 30 km over two days, Ben 12 km, and £25 was pledged. */
async function endedChallenge() {
  const org = await signedInUser({ type: "org" });
  const goal = await insertMeasuredGoal({ orgId: org.id, start: dayFromToday(-5), end: dayFromToday(1) });
  await env.DB.prepare(
    "UPDATE goals SET charity_name = 'Shelter', charity_url = 'https://shelter.example.org/give', target_amount = 100000, currency = 'GBP' WHERE id = ?",
  )
    .bind(goal.id)
    .run();
  const priya = await signedInUser({ first: "Priya", last: "Shah", join: [goal.id] });
  const ben = await signedInUser({ first: "Ben", last: "Bell", join: [goal.id] });
  const stranger = await signedInUser({ first: "Sam" });
  expect((await logEntry(goal.id, priya.cookie, { amount: "20", day: dayFromToday(-2) })).status).toBe(302);
  expect((await logEntry(goal.id, priya.cookie, { amount: "10", day: dayFromToday(-1) })).status).toBe(302);
  expect((await logEntry(goal.id, ben.cookie, { amount: "12", day: dayFromToday(-1) })).status).toBe(302);
  await env.DB.prepare(
    "INSERT INTO pledges (id, goal_id, name, amount, paid, created_at) VALUES (?, ?, 'Grandad', 2500, 1, ?)",
  )
    .bind(crypto.randomUUID(), goal.id, Date.now())
    .run();
  // The last day was yesterday: the challenge has ended by the goal clock.
  await env.DB.prepare('UPDATE goals SET "end" = ? WHERE id = ?').bind(dayFromToday(-1), goal.id).run();
  return { goal, priya, ben, stranger };
}

describe("the end of a challenge", () => {
  it("tells each member once and mails their summary; a member who switched it off gets the bell line only", async () => {
    const { goal, priya, ben } = await endedChallenge();
    await env.DB.prepare("INSERT INTO email_preferences (user_id, topic, enabled) VALUES (?, 'summary', 0)")
      .bind(ben.id)
      .run();
    await cron();
    await cron();

    expect(await endedLines(priya.id)).toEqual([`ended:${goal.id}`]);
    expect(await endedLines(ben.id)).toEqual([`ended:${goal.id}`]);
    const mails = (await mailedTo(priya.email)).filter((m) => m.kind === "challenge-summary");
    expect(mails).toHaveLength(1);
    const text = mails[0]!.text;
    expect(text).toContain("Well done, Priya!");
    expect(text).toContain("You logged 30\u00a0km: 1st of 2.");
    expect(text).toContain("Together the group logged 42\u00a0km (2 members).");
    expect(text).toContain("£25 pledged to Shelter, all of it paid.");
    expect(text).toContain("Badges: First entry;");
    expect(text).toContain(`/goals/${goal.id}/summary`);
    expect(text).toContain("Stop these e-mails with one click");
    expect((await mailedTo(ben.email)).filter((m) => m.kind === "challenge-summary")).toEqual([]);
    // The bell names it and leads to the summary.
    const bell = unescape(await (await get("/notifications", ben.cookie)).text());
    expect(bell).toContain(`has ended: see how you did and get your certificate.`);
    expect(bell).toContain(`/goals/${goal.id}/summary`);
  });

  it("the summary screen shows the member's numbers; the certificate is their own 1200x630 PNG", async () => {
    const { goal, priya, ben, stranger } = await endedChallenge();
    const page = unescape(await (await get(`/goals/${goal.id}/summary`, ben.cookie)).text());
    expect(page).toContain("You logged 12\u00a0km: 2nd of 2.");
    expect(page).toContain("Together the group logged 42\u00a0km (2 members).");
    expect(page).toContain("£25 pledged to Shelter, all of it paid.");
    expect(page).toContain("Download your certificate");

    const certificate = await get(`/goals/${goal.id}/certificate.png`, priya.cookie);
    expect(certificate.status).toBe(200);
    expect(certificate.headers.get("Content-Type")).toBe("image/png");
    expect(certificate.headers.get("Cache-Control")).toContain("private");
    expect(pngSize(await certificate.arrayBuffer())).toEqual({ width: 1200, height: 630 });

    // Nobody else's: a stranger finds neither.
    expect((await get(`/goals/${goal.id}/summary`, stranger.cookie)).status).toBe(404);
    expect((await get(`/goals/${goal.id}/certificate.png`, stranger.cookie)).status).toBe(404);
  });

  it("before the end the screen says when the summary comes, and there is no certificate yet", async () => {
    const goal = await insertMeasuredGoal({ start: dayFromToday(-2), end: dayFromToday(3) });
    const member = await signedInUser({ join: [goal.id] });
    const page = unescape(await (await get(`/goals/${goal.id}/summary`, member.cookie)).text());
    expect(page).toContain("Your summary and certificate are ready the day after the challenge ends");
    expect((await get(`/goals/${goal.id}/certificate.png`, member.cookie)).status).toBe(404);
    await cron();
    expect(await endedLines(member.id)).toEqual([]);
  });
});
