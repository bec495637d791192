/**
 * Measured progress (ADR 140): logging, editing and deleting entries through the goal screen's form,
 * every refusal (a 4xx with a message, nothing written), totals, leaderboard, streak and the goal clock.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { dayFromToday, insertGoal } from "../support/goals";
import { flashCookieFrom, get, post, setType, signUpUser, userId } from "../support/http";
import { entriesOf, insertMeasuredGoal, logEntry, today, totalsOf } from "../support/progress";

async function member(goalId: string) {
  const user = await signUpUser();
  const joined = await post(`/join/${goalId}`, {}, user.cookie);
  expect(joined.status).toBe(302);
  return { ...user, id: await userId(user.email) };
}

const page = async (path: string, cookie: string) => (await get(path, cookie)).text();

describe("logging progress", () => {
  it("a member logs an entry: it counts towards their total, the group's and the screen shows it", async () => {
    const goal = await insertMeasuredGoal();
    const me = await member(goal.id);
    const response = await logEntry(goal.id, me.cookie, { amount: "5.25", note: "Morning walk" });
    expect(response.status).toBe(302);
    // Back to the log form at the top of the goal screen, the message under its Save (ADR 224).
    expect(response.headers.get("Location")).toBe(`/active/${goal.id}#log`);
    const [entry] = await entriesOf(goal.id, me.id);
    expect(entry).toMatchObject({ amount: 525, day: today(), note: "Morning walk" });
    expect(await totalsOf(goal.id, me.id)).toMatchObject({ total: 525, entries: 1, last_day: today() });
    const html = await page(`/active/${goal.id}`, me.cookie);
    expect(html).toContain('data-testid="my-total">5.25\u00a0km<');
    expect(html).toContain("of 100\u00a0km");
    expect(html).toContain('data-testid="group-total">5.25\u00a0km<');
    expect(html).toContain("Morning walk");
    expect(html).toMatch(/data-testid="streak">1<!-- --> <!-- -->day</);
  });

  it("the log form is answered where it is (ADR 224): in place with JavaScript, back to it by #log without", async () => {
    const goal = await insertMeasuredGoal();
    const me = await member(goal.id);
    const key = "00000000000000000000000000000e24";
    const status = (html: string) => html.match(/data-testid="quick-log-status">([^<]*)</)?.[1];
    // With JavaScript the form says so (answer=toast, ADR 253): the screen comes back with the message under Save.
    const inPlace = await logEntry(goal.id, me.cookie, { amount: "2.5", key, answer: "toast" });
    expect(inPlace.status).toBe(200);
    expect(status(await inPlace.text())).toMatch(/^Logged 2.5\u00a0km\./);
    // Sent again (a retry): logged once, told the same.
    const again = await logEntry(goal.id, me.cookie, { amount: "2.5", key, answer: "toast" });
    expect(status(await again.text())).toMatch(/^Logged 2.5\u00a0km\./);
    expect(await entriesOf(goal.id, me.id)).toHaveLength(1);
    // Without: a redirect to the form, whose message is under its Save and not at the top of the page.
    const plain = await logEntry(goal.id, me.cookie, { amount: "1" });
    expect(plain.headers.get("Location")).toBe(`/active/${goal.id}#log`);
    const html = await (await get(plain.headers.get("Location")!, `${me.cookie}; ${flashCookieFrom(plain)}`)).text();
    expect(status(html)).toBe("Logged 1\u00a0km.");
    expect(html).not.toContain('class="flash"');
    // One log form on the goal screen, and it is the home's: the same hook the offline queue reads.
    expect(html.match(/data-quick-log=""/g)).toHaveLength(1);
    expect(html.indexOf('data-quick-log=""')).toBeLessThan(html.indexOf('data-testid="my-total"'));
  });

  it("the same idempotency key logs once (a double submit)", async () => {
    const goal = await insertMeasuredGoal();
    const me = await member(goal.id);
    const first = await logEntry(goal.id, me.cookie, { key: "00000000000000000000000000000d01" });
    const second = await logEntry(goal.id, me.cookie, { key: "00000000000000000000000000000d01" });
    expect([first.status, second.status]).toEqual([302, 302]);
    expect(await entriesOf(goal.id, me.id)).toHaveLength(1);
    expect((await totalsOf(goal.id, me.id)).total).toBe(500);
  });

  it("refuses bad amounts, days and notes with a message on the field and writes nothing", async () => {
    const goal = await insertMeasuredGoal({ start: dayFromToday(-5), end: dayFromToday(5) });
    const me = await member(goal.id);
    const cases: [Record<string, string>, string][] = [
      [{ amount: "-1" }, "Enter an amount more than zero"],
      [{ amount: "0" }, "Enter an amount more than zero"],
      [{ amount: "1e309" }, "Enter a number, like 5 or 5.25"],
      [{ amount: "abc" }, "Enter a number, like 5 or 5.25"],
      [{ amount: "1.234" }, "Use at most 2 decimal places, like 5.25"],
      [{ amount: "500.01" }, "One entry can be at most 500\u00a0km"],
      [{ amount: "" }, "Must have a value"],
      [{ day: dayFromToday(-6) }, "That day is before the goal started"],
      [{ day: dayFromToday(1) }, "That day is in the future"],
      [{ day: "2026-02-30" }, "Enter a real date"],
      [{ note: "x".repeat(281) }, "A note must be at most 280 characters"],
      [{ note: "bell\u0007" }, "Remove the unusual characters"],
      [{ note: "<b>hi</b>" }, "Plain text only: remove the &lt; &gt; tags"],
    ];
    for (const [values, message] of cases) {
      const response = await logEntry(goal.id, me.cookie, values);
      const html = await response.text();
      expect(response.status, JSON.stringify(values)).toBe(400);
      expect(html, JSON.stringify(values)).toContain(message);
      expect(html).toContain('class="field__error"');
    }
    expect(await entriesOf(goal.id)).toHaveLength(0);
  });

  it("refuses a goal I have not joined, have completed, without a measure, not started or ended", async () => {
    const goal = await insertMeasuredGoal();
    const outsider = await signUpUser();
    const notJoined = await logEntry(goal.id, outsider.cookie);
    expect(notJoined.status).toBe(403);
    expect(await notJoined.text()).toContain("Join this goal to log progress.");

    const done = await member(goal.id);
    expect((await post(`/active/${goal.id}`, { intent: "complete" }, done.cookie)).status).toBe(302);
    const completed = await logEntry(goal.id, done.cookie);
    expect(completed.status).toBe(409);
    expect(await completed.text()).toContain("You completed this goal: its entries are final.");

    const plain = await insertGoal();
    const plainMember = await member(plain.id);
    expect((await logEntry(plain.id, plainMember.cookie)).status).toBe(409);

    const ended = await insertMeasuredGoal({ start: dayFromToday(-10), end: dayFromToday(-2) });
    const late = await member(ended.id).catch(() => null);
    // Joining an ended goal is refused already; a member from before the end cannot log after it.
    if (!late) {
      const early = await signUpUser();
      await env.DB.prepare("INSERT INTO user_goals (user_id, goal_id) VALUES (?, ?)")
        .bind(await userId(early.email), ended.id)
        .run();
      const response = await logEntry(ended.id, early.cookie, { day: dayFromToday(-3) });
      expect(response.status).toBe(409);
      expect(await response.text()).toContain("This goal has ended: its totals are final.");
    }
    expect(await entriesOf(goal.id)).toHaveLength(0);
    expect(await entriesOf(plain.id)).toHaveLength(0);
    expect(await entriesOf(ended.id)).toHaveLength(0);
  });

  it("edits and deletes my own entries, recounting my total; someone else's entry id changes nothing", async () => {
    const goal = await insertMeasuredGoal({ start: dayFromToday(-5) });
    const me = await member(goal.id);
    const other = await member(goal.id);
    await logEntry(goal.id, me.cookie, { amount: "3" });
    await logEntry(goal.id, me.cookie, { amount: "4", day: dayFromToday(-1) });
    await logEntry(goal.id, other.cookie, { amount: "7" });
    const mineRows = await entriesOf(goal.id, me.id);
    const mine = mineRows.find((e) => e.amount === 300);
    const mine2 = mineRows.find((e) => e.amount === 400);
    const [theirs] = await entriesOf(goal.id, other.id);
    expect((await totalsOf(goal.id, me.id)).total).toBe(700);

    const edit = await post(
      `/active/${goal.id}`,
      { intent: "edit-entry", entryId: mine.id, amount: "3.5", day: dayFromToday(-2), note: "fixed" },
      me.cookie,
    );
    expect(edit.status).toBe(302);
    expect((await totalsOf(goal.id, me.id)).total).toBe(750);
    expect((await entriesOf(goal.id, me.id)).find((e) => e.id === mine.id)).toMatchObject({
      amount: 350,
      day: dayFromToday(-2),
      note: "fixed",
    });

    // Someone else's entry: a message, a 404, nothing changed.
    const forged = await post(
      `/active/${goal.id}`,
      { intent: "edit-entry", entryId: theirs.id, amount: "1", day: today(), note: "" },
      me.cookie,
    );
    expect(forged.status).toBe(404);
    expect(await forged.text()).toContain("That entry is not one of yours in this goal.");
    const forgedDelete = await post(`/active/${goal.id}`, { intent: "delete-entry", entryId: theirs.id }, me.cookie);
    expect(forgedDelete.status).toBe(404);
    expect(await entriesOf(goal.id, other.id)).toEqual([theirs]);
    expect((await totalsOf(goal.id, other.id)).total).toBe(700);

    // Bad edit input: a field message, nothing changed.
    const badEdit = await post(
      `/active/${goal.id}`,
      { intent: "edit-entry", entryId: mine2.id, amount: "-2", day: today(), note: "" },
      me.cookie,
    );
    expect(badEdit.status).toBe(400);
    expect(await badEdit.text()).toContain("Enter an amount more than zero");

    expect((await post(`/active/${goal.id}`, { intent: "delete-entry", entryId: mine.id }, me.cookie)).status).toBe(
      302,
    );
    expect((await post(`/active/${goal.id}`, { intent: "delete-entry", entryId: mine2.id }, me.cookie)).status).toBe(
      302,
    );
    expect(await entriesOf(goal.id, me.id)).toHaveLength(0);
    // No entries left: off the board.
    expect(await totalsOf(goal.id, me.id)).toBeNull();
  });

  it("lists my latest entries, and all of them on asking, so an older one can be edited and deleted", async () => {
    const goal = await insertMeasuredGoal({ start: dayFromToday(-20) });
    const me = await member(goal.id);
    for (let back = 11; back >= 0; back--)
      expect(
        (await logEntry(goal.id, me.cookie, { amount: "1", day: dayFromToday(-back), note: `day -${back}` })).status,
      ).toBe(302);
    const oldest = (await entriesOf(goal.id, me.id)).find((e) => e.note === "day -11");
    const recent = await page(`/active/${goal.id}`, me.cookie);
    expect(recent).toContain("My recent entries");
    expect(recent).toContain("day -9");
    expect(recent).not.toContain("day -10");
    expect(recent).toContain(`href="/active/${goal.id}?entries=all#my-entries-title"`);
    expect(recent).toContain("Show all my 12 entries");

    const all = await page(`/active/${goal.id}?entries=all`, me.cookie);
    expect(all).toContain("My entries");
    expect(all).toContain("day -11");
    expect(all).toContain(`value="${oldest.id}"`);
    expect(all).not.toContain("Show all my");

    // Its forms post back to the full list, and land there again (also without JavaScript).
    expect(all).toContain(`action="/active/${goal.id}?entries=all"`);
    const edited = await post(
      `/active/${goal.id}?entries=all`,
      { intent: "edit-entry", entryId: oldest.id, amount: "2.5", day: oldest.day, note: "first day" },
      me.cookie,
    );
    expect(edited.status).toBe(302);
    // Back to the edited entry itself (ADR 252).
    expect(edited.headers.get("Location")).toBe(`/active/${goal.id}?entries=all#entry-${oldest.id}`);
    expect((await totalsOf(goal.id, me.id)).total).toBe(1350);
    const deleted = await post(
      `/active/${goal.id}?entries=all`,
      { intent: "delete-entry", entryId: oldest.id },
      me.cookie,
    );
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe(`/active/${goal.id}?entries=all#my-entries`);
    expect(await entriesOf(goal.id, me.id)).toHaveLength(11);
    expect((await totalsOf(goal.id, me.id)).total).toBe(1100);
  });

  it("the day defaults to the goal clock's today, /dev/date included, and the streak follows it", async () => {
    const goal = await insertMeasuredGoal({ start: "2026-03-01", end: "2026-03-31" });
    const me = await member(goal.id).catch(async () => {
      // The goal may be over on the real clock: join it as a member row directly.
      const user = await signUpUser();
      const id = await userId(user.email);
      await env.DB.prepare("INSERT INTO user_goals (user_id, goal_id) VALUES (?, ?)").bind(id, goal.id).run();
      return { ...user, id };
    });
    const cookie = `${me.cookie}; gwf_dev_date=2026-03-10`;
    const html = await page(`/active/${goal.id}`, cookie);
    expect(html).toMatch(/name="day"[^>]*value="2026-03-10"/);
    for (const day of ["2026-03-08", "2026-03-09", "2026-03-10"]) {
      expect((await logEntry(goal.id, cookie, { day })).status).toBe(302);
    }
    // Tomorrow on the goal clock is the future, even though the real clock is elsewhere.
    const future = await logEntry(goal.id, cookie, { day: "2026-03-11" });
    expect(future.status).toBe(400);
    expect(await future.text()).toContain("That day is in the future");
    expect(await page(`/active/${goal.id}`, cookie)).toMatch(/data-testid="streak">3<!-- --> <!-- -->days</);
    // Two days later without an entry, the streak is gone.
    expect(await page(`/active/${goal.id}`, `${me.cookie}; gwf_dev_date=2026-03-12`)).toMatch(
      /data-testid="streak">0<!-- --> <!-- -->days</,
    );
  });

  it("reaching my target offers Mark goal complete, and does not complete the goal by itself", async () => {
    const goal = await insertMeasuredGoal({ unit: "sessions", unitTarget: 200 });
    const me = await member(goal.id);
    await logEntry(goal.id, me.cookie, { amount: "1" });
    expect(await page(`/active/${goal.id}`, me.cookie)).not.toContain("Mark goal complete");
    await logEntry(goal.id, me.cookie, { amount: "1" });
    const html = await page(`/active/${goal.id}`, me.cookie);
    expect(html).toContain("You reached your target. Well done!");
    expect(html).toContain("Mark goal complete");
    const row = await env.DB.prepare("SELECT completed FROM user_goals WHERE user_id = ? AND goal_id = ?")
      .bind(me.id, goal.id)
      .first<{ completed: number }>();
    expect(row!.completed).toBe(0);
  });
});

describe("the leaderboard", () => {
  it("ranks by total, ties by who got there first, and shows my rank below the top 10", async () => {
    const goal = await insertMeasuredGoal();
    const me = await member(goal.id);
    // Twelve members straight into D1 (sign-ups hash passwords: slow), each with a total.
    const stmts = [];
    for (let i = 0; i < 12; i++) {
      const id = `lb-${goal.id}-${i}`;
      stmts.push(
        env.DB.prepare("INSERT INTO users (id, first, last, email) VALUES (?, ?, ?, ?)").bind(
          id,
          `Runner${i}`,
          "Test",
          `${id}@example.com`,
        ),
        env.DB.prepare("INSERT INTO user_goals (user_id, goal_id) VALUES (?, ?)").bind(id, goal.id),
        // Runner0 and Runner1 tie at 20 km; Runner1 got there first.
        env.DB.prepare(
          "INSERT INTO progress_totals (goal_id, user_id, total, entries, last_day, reached_at) VALUES (?, ?, ?, 1, ?, ?)",
        ).bind(goal.id, id, i < 2 ? 2000 : 1000 + i, today(), i === 1 ? 1000 : 2000),
      );
    }
    await env.DB.batch(stmts);
    await logEntry(goal.id, me.cookie, { amount: "1" });
    const html = await page(`/active/${goal.id}`, me.cookie);
    const board = html.slice(html.indexOf('data-testid="leaderboard"'), html.indexOf("My recent entries"));
    const names = [...board.matchAll(/leaderboard__name">([^<]+)</g)].map((m) => m[1]);
    expect(names.slice(0, 3)).toEqual(["Runner1 Test", "Runner0 Test", "Runner11 Test"]);
    expect(names).toHaveLength(11); // top 10 + me
    expect(names.at(-1)).toBe("You");
    expect(html).toMatch(/data-testid="my-rank">13<!-- --> of <!-- -->13</);
  });

  it("visitors see the group total but not the names; the org removes an abusive entry, audit-logged", async () => {
    const orgUser = await signUpUser();
    await setType(orgUser.email, "org");
    const goal = await insertMeasuredGoal({ orgId: await userId(orgUser.email) });
    const runner = await member(goal.id);
    await logEntry(goal.id, runner.cookie, { amount: "400", note: "Totally real" });
    const visitor = await signUpUser();
    const visitorHtml = await page(`/join/${goal.id}`, visitor.cookie);
    expect(visitorHtml).toContain('data-testid="group-total">400\u00a0km<');
    expect(visitorHtml).not.toContain("Totally real");
    expect(visitorHtml).not.toContain('data-testid="leaderboard"');

    const [entry] = await entriesOf(goal.id);
    // A member cannot remove someone else's entry.
    const other = await member(goal.id);
    expect((await post(`/active/${goal.id}`, { intent: "remove-entry", entryId: entry.id }, other.cookie)).status).toBe(
      403,
    );
    expect(await entriesOf(goal.id)).toHaveLength(1);

    const orgHtml = await page(`/active/${goal.id}`, orgUser.cookie);
    expect(orgHtml).toContain("Totally real");
    expect(orgHtml).toContain("Remove");
    const removed = await post(`/active/${goal.id}`, { intent: "remove-entry", entryId: entry.id }, orgUser.cookie);
    expect(removed.status).toBe(302);
    expect(await entriesOf(goal.id)).toHaveLength(0);
    expect(await totalsOf(goal.id, runner.id)).toBeNull();
    const audit = await env.DB.prepare("SELECT * FROM audit_log WHERE action = 'progress.remove' AND target = ?")
      .bind(goal.cause)
      .first<any>();
    expect(audit.detail).toContain(entry.id);
    // In words (ADR 255): the member's name and the amount with its unit, not a raw user id.
    const who = await env.DB.prepare("SELECT first, last FROM users WHERE id = ?")
      .bind(runner.id)
      .first<{ first: string; last: string }>();
    expect(audit.detail).toContain(`${who!.first} ${who!.last}'s entry of 400\u00a0km on `);
    expect(audit.detail).not.toContain(runner.id);
  });
});
