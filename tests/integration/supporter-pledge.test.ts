/**
 * The supporter's own link (ADR 241): the pledge form asks for an address used only for this pledge,
 * sends the receipt with a private link, and that link shows the pledge and lets its holder change the
 * maximum or cancel while the goal runs, and say "I've paid" once there is something to pay. Every refusal
 * is a field message or a sentence with a 4xx, and writes nothing.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { get, post, postForm, signUpUser, uniqueEmail, userId } from "../support/http";
import { mailedTo } from "../support/mail";
import { insertMeasuredGoal, logEntry } from "../support/progress";
import { dayFromToday } from "../support/factories";

let ip = 10;
const nextIp = () => `198.51.100.${ip++}`;

async function fundraisingGoal() {
  const goal = await insertMeasuredGoal();
  await env.DB.prepare(
    "UPDATE goals SET charity_name = 'Shelter', charity_url = 'https://shelter.example.org/donate', target_amount = 100000, currency = 'GBP' WHERE id = ?",
  )
    .bind(goal.id)
    .run();
  return goal;
}

const pledgesOf = async (goalId: string) =>
  (await env.DB.prepare("SELECT * FROM pledges WHERE goal_id = ?").bind(goalId).all<any>()).results;

const text = async (path: string) => (await (await get(path)).text()).replaceAll("<!-- -->", "");

/** The supporter page's path from a pledge's redirect (without the query). */
const supporterPath = (response: Response) => new URL(response.headers.get("Location")!, "http://localhost").pathname;

describe("the supporter's own pledge link", () => {
  it("a per-km pledge with an address gets a receipt whose private link shows its value as it grows", async () => {
    const goal = await fundraisingGoal();
    const alex = await signUpUser({ first: "Alex" });
    expect((await post(`/join/${goal.id}`, {}, alex.cookie)).status).toBe(302);
    await logEntry(goal.id, alex.cookie, { amount: "4" });
    const email = uniqueEmail("gran");
    const response = await postForm(
      `/give/${goal.id}`,
      { name: "Gran", kind: "per-unit", perUnit: "1", max: "10", email, amount: "not looked at" },
      { ip: nextIp() },
    );
    // The thank-you is the supporter's own page; "Pledge again" goes back to the form.
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(
      new RegExp(`^/pledge/[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]{43}\\?from=${encodeURIComponent(`/give/${goal.id}`)}$`),
    );
    const [row] = await pledgesOf(goal.id);
    expect(row).toMatchObject({ email, per_unit: 100, max_amount: 1000, amount: 0 });
    const path = supporterPath(response);
    expect(path).toBe(`/pledge/${row.id}.${path.split(".").at(-1)}`);

    const [receipt] = await mailedTo(email);
    expect(receipt!.kind).toBe("pledge-receipt");
    expect(receipt!.text).toContain("Your pledge: £1\u00a0per\u00a0km the group logs, up to £10.");
    expect(receipt!.text).toContain("Everything the group logged before you pledged counts too");
    expect(receipt!.text).toContain(`http://localhost${path}`);
    expect(receipt!.text).toContain("We use this address only for this pledge.");

    // Signed out, the link shows the pledge: 4 km logged before it count (£4), then 2.5 more (£6.50).
    const first = await get(path);
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toContain("no-store");
    expect(await first.text()).toContain('<meta name="referrer" content="same-origin"/>');
    expect(await text(path)).toMatch(/data-testid="pledge-value">£4</);
    await logEntry(goal.id, alex.cookie, { amount: "2.5" });
    expect(await text(path)).toMatch(/data-testid="pledge-value">£6.50</);
  });

  it("the maximum changes only to a valid amount, and a cancel asks first", async () => {
    const goal = await fundraisingGoal();
    const response = await postForm(
      `/give/${goal.id}`,
      { name: "Gran", kind: "per-unit", perUnit: "1", max: "10" },
      { ip: nextIp() },
    );
    const path = supporterPath(response);
    const [before] = await pledgesOf(goal.id);
    expect(before.email).toBeNull();

    const blank = await post(path, { intent: "max", max: "" });
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain("Must have a value");
    const tooBig = await post(path, { intent: "max", max: "2000000" });
    expect(tooBig.status).toBe(400);
    expect((await pledgesOf(goal.id))[0].max_amount).toBe(1000);
    expect((await post(path, { intent: "max", max: "25" })).status).toBe(302);
    expect((await pledgesOf(goal.id))[0].max_amount).toBe(2500);

    // A pledge per km has nothing to pay until the goal ends.
    const early = await post(path, { intent: "paid" });
    expect(early.status).toBe(409);
    expect((await pledgesOf(goal.id))[0].said_paid_at).toBeNull();

    const unconfirmed = await post(path, { intent: "cancel" });
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.text()).toContain("Tick the box to confirm");
    expect(await pledgesOf(goal.id)).toHaveLength(1);
    expect((await post(path, { intent: "cancel", confirm: "on" })).status).toBe(302);
    expect(await pledgesOf(goal.id)).toHaveLength(0);
    expect((await get(path)).status).toBe(404);
    expect(await text(path)).toContain("There is no pledge at this link");
  });

  it("once the goal has ended the maximum and the pledge stay, and 'I've paid' is taken once", async () => {
    const goal = await fundraisingGoal();
    const path = supporterPath(
      await postForm(`/give/${goal.id}`, { name: "Gran", kind: "per-unit", perUnit: "1", max: "10" }, { ip: nextIp() }),
    );
    await env.DB.prepare("UPDATE goals SET end = ? WHERE id = ?").bind(dayFromToday(-1), goal.id).run();
    expect(await text(path)).toContain("Final amount");
    expect((await post(path, { intent: "max", max: "20" })).status).toBe(409);
    expect((await post(path, { intent: "cancel", confirm: "on" })).status).toBe(409);
    expect((await pledgesOf(goal.id))[0]).toMatchObject({ max_amount: 1000 });
    expect((await post(path, { intent: "paid" })).status).toBe(302);
    expect((await pledgesOf(goal.id))[0].said_paid_at).not.toBeNull();
    expect(await text(path)).toContain('data-state="said-paid"');
    expect((await post(path, { intent: "paid" })).status).toBe(409);
  });

  it("a fixed pledge can say it is paid at once; a forged or altered link opens nothing", async () => {
    const goal = await fundraisingGoal();
    const response = await postForm(
      `/give/${goal.id}`,
      { name: "Uncle", amount: "25", perUnit: "junk" },
      { ip: nextIp() },
    );
    expect(response.status).toBe(302);
    const path = supporterPath(response);
    expect((await pledgesOf(goal.id))[0]).toMatchObject({ amount: 2500, per_unit: null });
    const page = await text(path);
    expect(page).toContain("Give on Shelter&#x27;s page");
    expect((await post(path, { intent: "paid" })).status).toBe(302);
    const [row] = await pledgesOf(goal.id);
    const altered = path.slice(0, -2) + (path.endsWith("AA") ? "BB" : "AA");
    expect((await get(altered)).status).toBe(404);
    expect((await get(`/pledge/${row.id}`)).status).toBe(404);
    expect((await post(altered, { intent: "cancel", confirm: "on" })).status).toBe(404);
    expect((await post(path, { intent: "nonsense" })).status).toBe(400);
    expect(await pledgesOf(goal.id)).toHaveLength(1);
  });

  it("a supporter link opens its own pledge only: another pledge's signature opens neither, and nothing of the goal shows", async () => {
    const goal = await fundraisingGoal();
    const alex = await signUpUser({ first: "Alexandra" });
    expect((await post(`/join/${goal.id}`, {}, alex.cookie)).status).toBe(302);
    const first = await postForm(`/give/${goal.id}`, { name: "First Giver", amount: "5" }, { ip: nextIp() });
    const second = await postForm(`/give/${goal.id}`, { name: "Second Giver", amount: "7" }, { ip: nextIp() });
    const [a, b] = [supporterPath(first), supporterPath(second)];
    const [idA, sigA] = a.slice("/pledge/".length).split(".");
    const [idB, sigB] = b.slice("/pledge/".length).split(".");
    // Each signature proves one pledge id: swapped, both are page not found and change nothing.
    for (const swapped of [`/pledge/${idA}.${sigB}`, `/pledge/${idB}.${sigA}`]) {
      expect((await get(swapped)).status).toBe(404);
      expect((await post(swapped, { intent: "paid" })).status).toBe(404);
    }
    expect((await pledgesOf(goal.id)).every((p: { said_paid_at: unknown }) => p.said_paid_at === null)).toBe(true);
    // Its own page: that pledge, never the other supporter, the members or the discussion; not cached, not indexed.
    const response = await get(a);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const page = (await response.text()).replaceAll("<!-- -->", "");
    expect(page).toContain("First Giver");
    expect(page).not.toContain("Second Giver");
    expect(page).not.toContain("Alexandra");
    expect(page).not.toContain(`/goals/${goal.id}/discussion`);
    expect(page).toContain('<meta name="robots" content="noindex"/>');
  });

  it("the same form sent twice is one pledge, one receipt, and both answers lead to its link", async () => {
    const goal = await fundraisingGoal();
    const email = uniqueEmail("twice");
    const key = "0123456789abcdef0123456789abcdef";
    const values = { name: "Twice", amount: "5", email, key };
    const first = await postForm(`/give/${goal.id}`, values, { ip: nextIp() });
    const second = await postForm(`/give/${goal.id}`, values, { ip: nextIp() });
    expect(first.status).toBe(302);
    expect(second.headers.get("Location")).toBe(first.headers.get("Location"));
    expect(await pledgesOf(goal.id)).toHaveLength(1);
    expect((await mailedTo(email)).map((m) => m.kind)).toEqual(["pledge-receipt"]);
  });

  it("refuses a malformed address with a field message and writes nothing", async () => {
    const goal = await fundraisingGoal();
    const response = await postForm(
      `/give/${goal.id}`,
      { name: "Gran", amount: "5", email: "not an address" },
      { ip: nextIp() },
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Enter a valid email address");
    expect(await pledgesOf(goal.id)).toHaveLength(0);
  });

  it("the form says what a pledge per km means and shows only the chosen option's fields", async () => {
    const goal = await fundraisingGoal();
    const alex = await signUpUser({ first: "Alex" });
    expect((await post(`/join/${goal.id}`, {}, alex.cookie)).status).toBe(302);
    await logEntry(goal.id, alex.cookie, { amount: "12" });
    const alexId = await userId(alex.email);
    const html = await text(`/give/${goal.id}?member=${alexId}`);
    expect(html).toContain('data-option="fixed"');
    expect(html).toContain('data-option="per-unit"');
    expect(html).toContain("Your e-mail");
    expect(html).toContain("Used only for this pledge, never for anything else.");
    // Once the goal has ended there is no per-km option.
    await env.DB.prepare("UPDATE goals SET end = ? WHERE id = ?").bind(dayFromToday(-1), goal.id).run();
    expect(await text(`/give/${goal.id}`)).not.toContain('data-option="per-unit"');
  });
});
