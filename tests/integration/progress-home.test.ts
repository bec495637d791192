/** /main as a home (ADR 140): opens on the current goal, a card per active goal, the feed since my last visit. */
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { describeRoundTrips, screenRoundTrips, writes } from "../support/d1";
import { insertGoal } from "../support/goals";
import { get, post, postForm, signUpUser, userId } from "../support/http";
import { insertMeasuredGoal, logEntry } from "../support/progress";

async function member(goalId: string, cookie?: string) {
  const user = cookie ? { cookie, email: "" } : await signUpUser();
  expect((await post(`/join/${goalId}`, {}, user.cookie)).status).toBe(302);
  return user;
}

// React separates text parts with <!-- --> in server HTML: compare the text people read.
const home = async (cookie: string) => (await (await get("/main", cookie)).text()).replaceAll("<!-- -->", "");

describe("the home", () => {
  it("keeps SPEC's empty state for a member with no goal", async () => {
    const { cookie } = await signUpUser();
    const html = await home(cookie);
    expect(html).toContain("Select a goal to get started");
    expect(html).not.toContain('data-testid="home-cards"');
  });

  it("opens on the current goal (the first not-completed), with a card per active goal", async () => {
    const first = await insertMeasuredGoal({ cause: `First ${Date.now()}` });
    const second = await insertGoal({ cause: `Second ${Date.now()}` });
    const me = await member(first.id);
    await member(second.id, me.cookie);
    // joined_at has one-second resolution: two joins in the same second would tie (then goal id decides).
    await env.DB.prepare("UPDATE user_goals SET joined_at = joined_at - 1000 WHERE goal_id = ?").bind(first.id).run();
    await logEntry(first.id, me.cookie, { amount: "2.5" });
    let html = await home(me.cookie);
    // The panel shows the current goal with its measured progress.
    expect(html).toContain(`<h1 id="goal-title">${first.cause}</h1>`);
    expect(html).toContain('data-testid="my-total">2.5\u00a0km<');
    // A card per active goal: the measured one with my total, target and streak.
    const cards = html.slice(html.indexOf('data-testid="home-cards"'), html.indexOf("Since your last visit"));
    expect(cards).toContain(first.cause);
    expect(cards).toContain(second.cause);
    expect(cards).toContain("2.5\u00a0km of 100\u00a0km · 1-day streak");
    expect(cards.match(/data-testid="card-measure"/g)).toHaveLength(1);

    // Completing the first makes the second current.
    expect((await post(`/active/${first.id}`, { intent: "complete" }, me.cookie)).status).toBe(302);
    html = await home(me.cookie);
    expect(html).toContain(`<h1 id="goal-title">${second.cause}</h1>`);
  });

  it("shows what others did in my goals since my last visit, and nothing of my own", async () => {
    const goal = await insertMeasuredGoal();
    const me = await member(goal.id);
    // The first visit: nothing yet (the visit is recorded).
    expect(await home(me.cookie)).toContain("Nothing new in your goals since your last visit.");
    // Move my last visit back an hour: what follows happened "since my last visit".
    const myId = await userId(me.email);
    await env.DB.prepare("UPDATE users SET home_seen_at = home_seen_at - 3600000 WHERE id = ?").bind(myId).run();
    await logEntry(goal.id, me.cookie, { amount: "9" });
    const other = await member(goal.id);
    await logEntry(goal.id, other.cookie, { amount: "3.25" });
    await post(`/goals/${goal.id}/discussion`, { intent: "post", body: "Lovely morning for it" }, other.cookie);
    await post(`/goals/${goal.id}/cheer`, { memberId: myId }, other.cookie);
    const html = await home(me.cookie);
    const feed = html.slice(html.indexOf('data-testid="home-feed"'));
    expect(feed).toContain("Test User joined");
    expect(feed).toContain("Test User logged 3.25\u00a0km");
    expect(feed).toContain("Test User wrote: Lovely morning for it");
    expect(feed).toContain("Test User cheered you");
    expect(feed).not.toContain("logged 9\u00a0km");
    // A live refresh minutes later still shows the same feed (the visit has not ended).
    expect(await home(me.cookie)).toContain("Test User logged 3.25\u00a0km");
  });

  it("groups the feed by goal: the goal named once, a member's entries one line with their count and sum", async () => {
    const walk = await insertMeasuredGoal({ cause: `Walk together ${Date.now()}` });
    const swim = await insertMeasuredGoal({ cause: `Swim together ${Date.now()}` });
    const me = await member(walk.id);
    await member(swim.id, me.cookie);
    expect(await home(me.cookie)).toContain("Nothing new in your goals since your last visit.");
    const myId = await userId(me.email);
    await env.DB.prepare("UPDATE users SET home_seen_at = home_seen_at - 3600000 WHERE id = ?").bind(myId).run();
    const dan = await signUpUser({ first: "Dan", last: "Walker" });
    await member(walk.id, dan.cookie);
    const eve = await signUpUser({ first: "Eve", last: "Strider" });
    await member(walk.id, eve.cookie);
    for (const amount of ["5", "12.5", "10"])
      expect((await logEntry(walk.id, dan.cookie, { amount })).status).toBe(302);
    expect((await logEntry(walk.id, eve.cookie, { amount: "2" })).status).toBe(302);
    // Rows take their time from SQLite's clock, to the second: the walk's news is put a minute back so
    // "newest first" has an order to show, however fast this machine is.
    for (const table of ["progress_entries", "user_goals"]) {
      const column = table === "user_goals" ? "joined_at" : "created_at";
      await env.DB.prepare(`UPDATE ${table} SET ${column} = ${column} - 60000 WHERE goal_id = ?`).bind(walk.id).run();
    }
    const ann = await signUpUser({ first: "Ann", last: "Swimmer" });
    await member(swim.id, ann.cookie);

    const html = await home(me.cookie);
    const feed = html.slice(
      html.indexOf('data-testid="home-feed"'),
      html.indexOf("</section>", html.indexOf('data-testid="home-feed"')),
    );
    // Dan's three entries are one line; Eve's one entry reads as before.
    expect(feed).toContain("Dan Walker logged 3 entries, 27.5\u00a0km");
    expect(feed).toContain("Eve Strider logged 2\u00a0km");
    expect(feed).not.toContain("Dan Walker logged 5\u00a0km");
    // Two joins in one goal are one line.
    expect(feed).toMatch(/(Eve Strider and Dan Walker|Dan Walker and Eve Strider) joined/);
    // Each goal is named once, its news under it; the goal with the newest news first.
    expect(feed.split(walk.cause).length - 1).toBe(1);
    expect(feed.split(swim.cause).length - 1).toBe(1);
    expect(feed.indexOf(swim.cause)).toBeLessThan(feed.indexOf(walk.cause));
    const walkGroup = feed.slice(feed.indexOf(walk.cause));
    expect(walkGroup).toContain("Dan Walker logged 3 entries");
    expect(feed.slice(feed.indexOf(swim.cause), feed.indexOf(walk.cause))).toContain("Ann Swimmer joined");
  });

  it("shows the pledges to my goals since my last visit: fixed, per unit, anonymous unnamed; not my own", async () => {
    const goal = await insertMeasuredGoal();
    await env.DB.prepare(
      "UPDATE goals SET charity_name = 'Shelter', charity_url = 'https://shelter.example.org/donate', target_amount = 100000, currency = 'GBP' WHERE id = ?",
    )
      .bind(goal.id)
      .run();
    const me = await member(goal.id);
    expect(await home(me.cookie)).toContain("Nothing new in your goals since your last visit.");
    const myId = await userId(me.email);
    await env.DB.prepare("UPDATE users SET home_seen_at = home_seen_at - 3600000 WHERE id = ?").bind(myId).run();
    for (const values of <Record<string, string>[]>[
      { name: "Gran", amount: "12" },
      { name: "Mum", kind: "per-unit", perUnit: "0.50", memberId: myId, max: "1000" },
      { name: "Secret Sam", amount: "3", anonymous: "on" },
    ])
      expect((await postForm(`/give/${goal.id}`, values)).status, JSON.stringify(values)).toBe(302);
    // My own pledge to my goal is not news to me.
    expect((await postForm(`/give/${goal.id}`, { name: "Myself", amount: "7" }, { cookie: me.cookie })).status).toBe(
      302,
    );
    const html = await home(me.cookie);
    const feed = html.slice(html.indexOf('data-testid="home-feed"'));
    const feedList = feed.slice(0, feed.indexOf("</ul>"));
    expect(feed).toContain("Gran pledged £12");
    expect(feed).toContain("Mum pledged £0.50\u00a0per\u00a0km");
    expect(feed).toContain("Someone pledged £3");
    expect(feedList).not.toContain("Secret Sam");
    expect(feedList).not.toContain("Myself");
  });

  it("keeps a deleted account's entries and messages in the feed, as 'Deleted member'", async () => {
    const goal = await insertMeasuredGoal();
    const me = await member(goal.id);
    expect(await home(me.cookie)).toContain("Nothing new in your goals since your last visit.");
    const myId = await userId(me.email);
    await env.DB.prepare("UPDATE users SET home_seen_at = home_seen_at - 3600000 WHERE id = ?").bind(myId).run();
    const leaving = await signUpUser({ first: "Leaving", last: "Walker" });
    await member(goal.id, leaving.cookie);
    expect((await logEntry(goal.id, leaving.cookie, { amount: "3" })).status).toBe(302);
    await post(`/goals/${goal.id}/discussion`, { intent: "post", body: "Off on holiday" }, leaving.cookie);
    expect(
      (await post("/profile/delete", { confirm: leaving.email, current: "password123" }, leaving.cookie)).status,
    ).toBe(302);
    const html = await home(me.cookie);
    const feed = html.slice(html.indexOf('data-testid="home-feed"'));
    const feedList = feed.slice(0, feed.indexOf("</ul>"));
    expect(feedList).toContain("Deleted member logged 3\u00a0km");
    expect(feedList).toContain("Deleted member wrote: Off on holiday");
    expect(feedList).not.toContain("Leaving");
  });

  it("reads everything in ONE round trip, as a document and as a .data navigation", async () => {
    const goal = await insertMeasuredGoal();
    const me = await member(goal.id);
    await logEntry(goal.id, me.cookie);
    for (const [path, visitWrites] of [
      // The first view records the visit (the home's "seen" time, the current goal's day) after its answer.
      ["/main", 2],
      // A refresh within the minute, or a live refresh, writes nothing (ADR 210).
      ["/main.data", 0],
      ["/main", 0],
    ] as const) {
      const trips = await screenRoundTrips(path, me.cookie);
      expect(trips.status).toBe(200);
      expect(trips.count, describeRoundTrips(trips.roundTrips)).toBe(1);
      // The screen's batch only reads: D1 may answer it from a read replica (ADR 200).
      expect(trips.roundTrips.filter(writes)).toEqual([]);
      expect(trips.visitWrites, path).toBe(visitWrites);
    }
  });

  it("records a new visit a minute after the last, and keeps the feed of the visit that is still going on", async () => {
    const goal = await insertMeasuredGoal();
    const me = await member(goal.id);
    const myId = await userId(me.email);
    await home(me.cookie);
    const seen = () =>
      env.DB.prepare("SELECT home_seen_at AS seen, home_prev_seen_at AS prev FROM users WHERE id = ?")
        .bind(myId)
        .first<{ seen: number; prev: number | null }>();
    const first = (await seen())!;
    expect(first.seen).toBeGreaterThan(Date.now() - 60_000);
    // Two minutes later (moved back by hand): the next view moves the time on, in the same visit.
    await env.DB.prepare("UPDATE users SET home_seen_at = home_seen_at - 120000 WHERE id = ?").bind(myId).run();
    const other = await member(goal.id);
    await logEntry(goal.id, other.cookie, { amount: "4" });
    const { visitWrites, body } = await screenRoundTrips("/main", me.cookie);
    expect(visitWrites).toBe(1);
    expect(body).toContain("Test User logged 4\u00a0km");
    // The write goes after the answer: wait for it.
    await vi.waitFor(async () => expect((await seen())!.seen).toBeGreaterThanOrEqual(first.seen));
    expect((await seen())!.prev).toBe(first.prev);
  });
});
