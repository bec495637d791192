import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { get, post, setType } from "../support/http";
import { signedInUser } from "../support/factories";

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function addGoal(id: string, values: { demo?: number; end?: string } = {}) {
  await env.DB.prepare('INSERT OR REPLACE INTO goals (id, cause, start, "end", demo) VALUES (?, ?, ?, ?, ?)')
    .bind(id, `Cause ${id}`, day(-5), values.end ?? day(30), values.demo ?? 0)
    .run();
}

async function join(email: string, goalId: string, completed = 0) {
  const { id } = (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: string }>())!;
  await env.DB.prepare("INSERT INTO user_goals (user_id, goal_id, completed) VALUES (?, ?, ?)")
    .bind(id, goalId, completed)
    .run();
}

async function signUpAdmin() {
  const admin = await signedInUser({ first: "Gus" });
  await setType(admin.email, "admin");
  return admin;
}

describe("admin goals", () => {
  it("lists goals with current and completed counts; the active list hides demo and ended goals", async () => {
    const admin = await signUpAdmin();
    const tag = Date.now();
    await addGoal(`live-${tag}`);
    await addGoal(`demo-${tag}`, { demo: 1 });
    await addGoal(`over-${tag}`, { end: day(-2) });
    const a = await signedInUser();
    const b = await signedInUser();
    await join(a.email, `live-${tag}`);
    await join(b.email, `live-${tag}`, 1);

    const active = await (await get("/admin/goals", admin.cookie)).text();
    expect(active).toContain(`Cause live-${tag}`);
    expect(active).not.toContain(`Cause demo-${tag}`);
    expect(active).not.toContain(`Cause over-${tag}`);
    expect(active).toMatch(
      new RegExp(`Cause live-${tag}</a>.*?data-label="Current"[^>]*>1<.*?data-label="Completed"[^>]*>1<`, "s"),
    );
    expect(await (await get("/admin/goals?show=demo", admin.cookie)).text()).toContain(`Cause demo-${tag}`);
    expect(await (await get("/admin/goals?show=ended", admin.cookie)).text()).toContain(`Cause over-${tag}`);
    expect((await get("/admin/goals?show=nonsense", admin.cookie)).status).toBe(200);
  });

  it("shows a goal's participants, edits it with an audit entry, and sends unknown ids to /404", async () => {
    const admin = await signUpAdmin();
    const id = `edit-${Date.now()}`;
    await addGoal(id);
    const member = await signedInUser({ first: "Pia" });
    await join(member.email, id);
    const page = await (await get(`/admin/goals/${id}`, admin.cookie)).text();
    expect(page).toContain(member.email);
    expect(page).toContain("Participants (1)");

    const response = await post(
      `/admin/goals/${id}`,
      { cause: "Renamed cause", start: day(1), end: day(40), visibility: "private", demo: "on" },
      admin.cookie,
    );
    expect(response.status).toBe(200);
    const goal = await env.DB.prepare("SELECT * FROM goals WHERE id = ?").bind(id).first<any>();
    expect(goal).toMatchObject({ cause: "Renamed cause", start: day(1), end: day(40), visibility: "private", demo: 1 });
    const audit = await env.DB.prepare(
      "SELECT * FROM audit_log WHERE action = 'goal.edit' AND target = 'Renamed cause'",
    ).first<any>();
    expect(audit.detail).toContain("demo: false → true");

    const bad = await post(
      `/admin/goals/${id}`,
      { cause: "", start: day(5), end: day(1), visibility: "secret" },
      admin.cookie,
    );
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("Must have a value");
    const backwards = await post(
      `/admin/goals/${id}`,
      { cause: "Fine", start: day(5), end: day(1), visibility: "public" },
      admin.cookie,
    );
    expect(backwards.status).toBe(400);
    expect(await backwards.text()).toContain("The end date must be on or after the start date");
    expect((await env.DB.prepare("SELECT cause FROM goals WHERE id = ?").bind(id).first<any>()).cause).toBe(
      "Renamed cause",
    );

    expect((await get("/admin/goals/no-such-goal", admin.cookie)).headers.get("Location")).toBe("/404");
    expect(
      (await post("/admin/goals/no-such-goal", { cause: "x", visibility: "public" }, admin.cookie)).headers.get(
        "Location",
      ),
    ).toBe("/404");
  });
});
