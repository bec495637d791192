/** In-app notifications (ADR 181): the bell, the list, and "never twice for one event". */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { toIsoDate } from "#app/lib/dates";
import { worker } from "../support/worker";
import { get, post, signUpUser } from "../support/http";
import { dayFromToday, insertGoal, userByEmail } from "../support/goals";

const bell = async (cookie: string) => {
  const html = await (await get("/main", cookie)).text();
  return html.match(/aria-label="(Notifications, [^"]+)"/)?.[1];
};

const rowsFor = async (userId: string) =>
  (
    await env.DB.prepare("SELECT kind, event_key FROM notifications WHERE user_id = ? ORDER BY created_at")
      .bind(userId)
      .all<{ kind: string; event_key: string }>()
  ).results;

async function goalWith(...cookies: string[]) {
  const goal = await insertGoal({ cause: `Walk ${Date.now()}` });
  for (const cookie of cookies) expect((await post(`/join/${goal.id}`, {}, cookie)).status).toBe(302);
  return goal;
}

describe("notifications", () => {
  it("a cheer rings the cheered member's bell once, however often it is taken back and given again", async () => {
    const a = await signUpUser({ first: "Ada" });
    const b = await signUpUser({ first: "Bo" });
    const goal = await goalWith(a.cookie, b.cookie);
    const bo = await userByEmail(b.email);
    expect(await bell(b.cookie)).toBe("Notifications, none unread");

    for (let i = 0; i < 3; i++) {
      expect((await post(`/goals/${goal.id}/cheer`, { memberId: bo.id }, a.cookie)).status).toBe(302);
    }
    expect(await rowsFor(bo.id)).toHaveLength(1);
    expect(await bell(b.cookie)).toBe("Notifications, 1 unread");
    const page = await (await get("/notifications", b.cookie)).text();
    expect(page).toContain(`Ada User cheered you on in ${goal.cause}.`);
    expect(page).toContain(`href="/active/${goal.id}"`);

    expect((await post("/notifications", {}, b.cookie)).headers.get("Location")).toBe("/notifications");
    expect(await bell(b.cookie)).toBe("Notifications, none unread");
  });

  it("a message tells every other member of the goal, not its author", async () => {
    const a = await signUpUser({ first: "Cy" });
    const b = await signUpUser();
    const c = await signUpUser();
    const goal = await goalWith(a.cookie, b.cookie, c.cookie);
    const posted = await post(
      `/goals/${goal.id}/discussion`,
      { intent: "post", body: "Rain today, still walked" },
      a.cookie,
    );
    expect(posted.status).toBe(302);
    expect(await bell(b.cookie)).toBe("Notifications, 1 unread");
    expect(await bell(c.cookie)).toBe("Notifications, 1 unread");
    expect(await bell(a.cookie)).toBe("Notifications, none unread");
    expect(await (await get("/notifications", c.cookie)).text()).toContain(
      `Cy User wrote in the discussion of ${goal.cause}.`,
    );
  });

  it("the cron tells members of goals starting and ending in 3 days, once, even when it runs twice", async () => {
    const pursuing = await signUpUser();
    const done = await signUpUser();
    const starting = await insertGoal({
      cause: `Starts soon ${Date.now()}`,
      start: dayFromToday(3),
      end: dayFromToday(20),
    });
    const ending = await insertGoal({
      cause: `Ends soon ${Date.now()}`,
      start: dayFromToday(-10),
      end: dayFromToday(3),
    });
    for (const goal of [starting, ending]) {
      await env.DB.batch(
        [pursuing, done].map(({ email }, i) =>
          env.DB.prepare(
            "INSERT INTO user_goals (user_id, goal_id, completed) SELECT id, ?, ? FROM users WHERE email = ?",
          ).bind(goal.id, i, email),
        ),
      );
    }
    for (let run = 0; run < 2; run++) {
      const ctx = createExecutionContext();
      await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "*/15 * * * *" }), env, ctx);
      await waitOnExecutionContext(ctx);
    }
    const member = await userByEmail(pursuing.email);
    const kinds = (await rowsFor(member.id)).map((r) => r.kind).sort();
    expect(kinds).toEqual(["goal-ends", "goal-starts"]);
    expect(await rowsFor((await userByEmail(done.email)).id)).toEqual([]);
    const page = await (await get("/notifications", pursuing.cookie)).text();
    expect(page).toContain(`${starting.cause} starts in 3 days.`);
    expect(page).toContain(`${ending.cause} ends in 3 days. Finish strong!`);
    expect(toIsoDate(new Date())).toBe(dayFromToday(0));
  });

  it("is for signed-in members only", async () => {
    expect((await get("/notifications")).headers.get("Location")).toBe("/");
  });
});
