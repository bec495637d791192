/**
 * Activity files through the worker (ADR 260): a no-JavaScript upload read on the server, the save in
 * one batch through the progress write path, the same file refused by the unique index (nothing written
 * again), refusals with their reasons, and nothing of the track stored.
 */
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { gpx, knownRoute, tcx, truncated } from "../fixtures/activity-files";
import { BASE, post, signUpUser, userId } from "../support/http";
import { entriesOf, insertMeasuredGoal, today, totalsOf } from "../support/progress";

async function member(goalId: string) {
  const user = await signUpUser();
  expect((await post(`/join/${goalId}`, {}, user.cookie)).status).toBe(302);
  return { ...user, id: await userId(user.email) };
}

const yesterdayAt8 = () => {
  const d = new Date(Date.now() - 86_400_000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 8, 0);
};

function upload(goalId: string, cookie: string, files: { name: string; bytes: Uint8Array }[]) {
  const body = new FormData();
  body.set("intent", "read");
  for (const f of files) body.append("files", new File([f.bytes as Uint8Array<ArrayBuffer>], f.name));
  return SELF.fetch(`${BASE}/goals/${goalId}/activity`, {
    method: "POST",
    body,
    headers: { Origin: BASE, Host: "localhost", Cookie: cookie },
    redirect: "manual",
  });
}

const saveForm = (rows: Record<string, string>[]) => {
  const values: Record<string, string> = { intent: "save", rows: String(rows.length) };
  rows.forEach((row, i) => Object.entries(row).forEach(([k, v]) => (values[`${k}-${i}`] = v)));
  return values;
};

const HASH_A = "a".repeat(64);
const HASH_B = "b".repeat(64);

describe("activity files", () => {
  it("without JavaScript the server reads GPX and TCX files into proposed entries, and refuses the others with a reason", async () => {
    const goal = await insertMeasuredGoal();
    const me = await member(goal.id);
    const walk = knownRoute({ start: yesterdayAt8(), scale: 0.3 });
    const response = await upload(goal.id, me.cookie, [
      { name: "walk.gpx", bytes: gpx(walk) },
      { name: "run.tcx", bytes: tcx(knownRoute({ start: yesterdayAt8(), scale: 0.2 })) },
      { name: "cut.gpx", bytes: truncated(gpx(walk)) },
      { name: "notes.txt", bytes: new TextEncoder().encode("hello") },
      { name: "empty.gpx", bytes: new Uint8Array() },
    ]);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('value="3"');
    expect(html).toContain('value="2"');
    expect(html).toContain("This file is damaged and cannot be read.");
    expect(html).toContain("This is not a GPX, TCX or FIT activity file.");
    expect(html).toContain("This file is empty.");
    // Reading writes nothing.
    expect(await entriesOf(goal.id, me.id)).toHaveLength(0);
  });

  it("saves the ticked rows in one batch; the same file again is refused and nothing is written twice", async () => {
    const goal = await insertMeasuredGoal();
    const me = await member(goal.id);
    const day = today();
    const rows = [
      { include: "on", name: "a.gpx", hash: HASH_A, day, amount: "3", sport: "walking", seconds: "1800" },
      { include: "", name: "b.gpx", hash: HASH_B, day, amount: "2", sport: "", seconds: "0" },
    ];
    const saved = await post(`/goals/${goal.id}/activity`, saveForm(rows), me.cookie);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`/active/${goal.id}#progress`);
    const entries = await entriesOf(goal.id, me.id);
    expect(entries).toHaveLength(1);
    const stored = await env.DB.prepare("select * from progress_entries where goal_id = ?").bind(goal.id).first();
    expect(stored).toMatchObject({ amount: 300, sport: "walking", moving_seconds: 1800, file_hash: HASH_A });
    // Only the summary: no column holds a point of the track.
    expect(Object.keys(stored!).sort()).toEqual(
      [
        "id",
        "goal_id",
        "user_id",
        "amount",
        "day",
        "note",
        "idempotency_key",
        "sport",
        "moving_seconds",
        "file_hash",
        "import_id",
        "created_at",
        "updated_at",
      ].sort(),
    );

    const again = await post(
      `/goals/${goal.id}/activity`,
      saveForm([
        { ...rows[0]!, amount: "5" },
        { ...rows[1]!, include: "on" },
      ]),
      me.cookie,
    );
    expect(again.status).toBe(200);
    const html = await again.text();
    expect(html).toContain("Already logged: this file is in your entries for this goal.");
    expect(html).toContain("Saved 1 entry");
    expect(await entriesOf(goal.id, me.id)).toHaveLength(2);
    expect((await totalsOf(goal.id, me.id)).total).toBe(500);
  });

  it("a bad row is a message on its field and nothing is saved; a non-member saves nothing", async () => {
    const goal = await insertMeasuredGoal();
    const me = await member(goal.id);
    const bad = await post(
      `/goals/${goal.id}/activity`,
      saveForm([
        { include: "on", name: "a.gpx", hash: HASH_A, day: today(), amount: "3" },
        { include: "on", name: "b.gpx", hash: HASH_B, day: "2020-01-01", amount: "501" },
      ]),
      me.cookie,
    );
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("One entry can be at most 500\u00a0km");
    expect(html).toMatch(/That day is (too long ago|before the goal started)/);
    expect(await entriesOf(goal.id, me.id)).toHaveLength(0);

    const stranger = await signUpUser();
    const refused = await post(
      `/goals/${goal.id}/activity`,
      saveForm([{ include: "on", name: "a.gpx", hash: HASH_A, day: today(), amount: "3" }]),
      stranger.cookie,
    );
    expect(refused.status).toBe(409);
    expect(await entriesOf(goal.id)).toHaveLength(0);
  });

  it("a file that would take the day past its cap says so on that file, not that it was logged already", async () => {
    const goal = await insertMeasuredGoal();
    const me = await member(goal.id);
    const day = today();
    const rows = [
      { include: "on", name: "long.gpx", hash: HASH_A, day, amount: "400", sport: "cycling", seconds: "36000" },
      { include: "on", name: "more.gpx", hash: HASH_B, day, amount: "150", sport: "cycling", seconds: "18000" },
    ];
    const saved = await post(`/goals/${goal.id}/activity`, saveForm(rows), me.cookie);
    expect(saved.status).toBe(200);
    const html = await saved.text();
    expect(html).toContain("Saved 1 entry");
    expect(html).toContain("That would take today past 500\u00a0km, the most a day can hold");
    expect(html).not.toContain("Already logged");
    expect(await entriesOf(goal.id, me.id)).toHaveLength(1);
  });
});
