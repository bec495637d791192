/**
 * /give/{id} is a public form anyone with a goal's link can post: the honeypot turns away forms that did
 * not come from the page, and pledges are throttled per account e-mail and per client address (ADR 074).
 */
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { insertGoal } from "../support/goals";
import { BASE, form, honeypotFields, postForm } from "../support/http";
import { signedInUser } from "../support/factories";

const TOO_MANY = "Too Many Requests Try Again Later";

/** A public goal raising money (written straight to D1: the settings form has its own tests). */
async function fundraisingGoal() {
  const goal = await insertGoal({ cause: "Swim the Channel" });
  await env.DB.prepare(
    "UPDATE goals SET charity_name = 'Shelter', charity_url = 'https://shelter.example.org/donate', target_amount = 100000000, currency = 'GBP' WHERE id = ?",
  )
    .bind(goal.id)
    .run();
  return goal;
}

const pledgeCount = async (goalId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM pledges WHERE goal_id = ?").bind(goalId).first<{ n: number }>())!.n;

const PLEDGE = { name: "Kind Stranger", amount: "5" };

describe("pledges: honeypot", () => {
  it("turns away a pledge posted without the page's hidden fields, with the trap filled or a forged timestamp", async () => {
    const goal = await fundraisingGoal();
    const page = await (await SELF.fetch(`${BASE}/give/${goal.id}`)).text();
    expect(page).toContain('name="name__confirm"');
    expect(page).toContain('name="from__confirm"');

    const missing = await SELF.fetch(`${BASE}/give/${goal.id}`, { ...form(PLEDGE), redirect: "manual" });
    expect(missing.status).toBe(400);
    expect((await postForm(`/give/${goal.id}`, { ...PLEDGE, name__confirm: "I am a bot" })).status).toBe(400);
    expect((await postForm(`/give/${goal.id}`, { ...PLEDGE, from__confirm: "not-encrypted" })).status).toBe(400);
    expect(await pledgeCount(goal.id)).toBe(0);

    // The page's own fields pass.
    const ok = await postForm(`/give/${goal.id}`, PLEDGE);
    expect(ok.status).toBe(302);
    expect(await pledgeCount(goal.id)).toBe(1);
  });
});

describe("pledges: throttles", () => {
  it("answers 429 with 'Too Many Requests Try Again Later' on the form after 30 pledges an hour from one address, writing nothing", async () => {
    const goal = await fundraisingGoal();
    const ip = "198.51.100.30";
    for (let i = 1; i <= 30; i++) {
      const response = await postForm(`/give/${goal.id}`, PLEDGE, { ip });
      expect(response.status, `pledge ${i}`).toBe(302);
    }
    const refused = await postForm(`/give/${goal.id}`, PLEDGE, { ip });
    expect(refused.status).toBe(429);
    const html = await refused.text();
    expect(html).toMatch(new RegExp(`class="form-error" role="alert">${TOO_MANY}<`));
    // What the visitor typed is still there to try later.
    expect(html).toContain('value="Kind Stranger"');
    expect(await pledgeCount(goal.id)).toBe(30);

    // JavaScript on (single fetch) gets the same answer.
    const init = form({ ...(await honeypotFields()), ...PLEDGE });
    (init.headers as Record<string, string>)["CF-Connecting-IP"] = ip;
    const data = await SELF.fetch(`${BASE}/give/${goal.id}.data`, { ...init, redirect: "manual" });
    expect(data.status).toBe(429);
    expect(await data.text()).toContain(TOO_MANY);

    // Another address is not held back.
    expect((await postForm(`/give/${goal.id}`, PLEDGE, { ip: "198.51.100.31" })).status).toBe(302);
    expect(await pledgeCount(goal.id)).toBe(31);
  });

  it("answers 429 after 10 pledges an hour from one account, from any address, writing nothing; other accounts go on", async () => {
    const goal = await fundraisingGoal();
    const { cookie } = await signedInUser();
    for (let i = 1; i <= 10; i++) {
      const response = await postForm(`/give/${goal.id}`, PLEDGE, { cookie, ip: `203.0.113.${i}` });
      expect(response.status, `pledge ${i}`).toBe(302);
    }
    const refused = await postForm(`/give/${goal.id}`, PLEDGE, { cookie, ip: "203.0.113.99" });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toMatch(new RegExp(`role="alert">${TOO_MANY}<`));
    expect(await pledgeCount(goal.id)).toBe(10);

    const other = await signedInUser();
    expect((await postForm(`/give/${goal.id}`, PLEDGE, { cookie: other.cookie, ip: "203.0.113.99" })).status).toBe(302);
    expect(await pledgeCount(goal.id)).toBe(11);
  });

  it("does not count refused input: 40 invalid pledges from one address leave it free to pledge", async () => {
    const goal = await fundraisingGoal();
    const ip = "198.51.100.40";
    for (let i = 1; i <= 40; i++) {
      expect((await postForm(`/give/${goal.id}`, { name: "", amount: "5" }, { ip })).status, `invalid ${i}`).toBe(400);
    }
    expect((await postForm(`/give/${goal.id}`, PLEDGE, { ip })).status).toBe(302);
  });
});

describe("pledges: a double-submitted form", () => {
  it("records one pledge and tells the organiser once; the page's next form is a new pledge (ADR 218)", async () => {
    const org = await signedInUser({ type: "org" });
    const goal = await fundraisingGoal();
    await env.DB.prepare("UPDATE goals SET org_id = ? WHERE id = ?").bind(org.id, goal.id).run();
    const page = await (await SELF.fetch(`${BASE}/give/${goal.id}`)).text();
    const key = page.match(/name="key" value="([0-9a-f]{32})"/)?.[1];
    expect(key).toBeDefined();
    // JavaScript off, the button pressed twice: the same form, key included, arrives twice.
    const first = await postForm(`/give/${goal.id}`, { ...PLEDGE, key: key! });
    const second = await postForm(`/give/${goal.id}`, { ...PLEDGE, key: key! });
    expect(first.status).toBe(302);
    expect(second.status).toBe(302);
    expect(await pledgeCount(goal.id)).toBe(1);
    const told = await env.DB.prepare(
      "SELECT count(*) AS n FROM notifications WHERE user_id = ? AND kind = 'pledge-for-goal'",
    )
      .bind(org.id)
      .first("n");
    expect(told).toBe(1);
    const next = (await (await SELF.fetch(`${BASE}/give/${goal.id}`)).text()).match(
      /name="key" value="([0-9a-f]{32})"/,
    )?.[1];
    expect(next).not.toBe(key);
    expect((await postForm(`/give/${goal.id}`, { ...PLEDGE, key: next! })).status).toBe(302);
    expect(await pledgeCount(goal.id)).toBe(2);
    expect((await postForm(`/give/${goal.id}`, { ...PLEDGE, key: "not-a-key" })).status).toBe(400);
  });

  it("a broken key (a tampered or truncated page) is a 400 that says to reload, and records nothing", async () => {
    const goal = await fundraisingGoal();
    for (const key of ["not-a-key", "0123456789ABCDEF0123456789ABCDEF", "0".repeat(31), "a".repeat(10_000)]) {
      const response = await postForm(`/give/${goal.id}`, { ...PLEDGE, key });
      expect(response.status, key.slice(0, 40)).toBe(400);
      // Told where the supporter looks (the form's alert), since the key has no field of its own.
      expect(await response.text()).toMatch(/class="form-error" role="alert">Reload the page and try again</);
    }
    expect(await pledgeCount(goal.id)).toBe(0);
  });
});
