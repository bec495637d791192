/**
 * The organiser's CSV import (docs/product.md "Activity files", ADR 261) through the worker: a preview
 * with each line's problem and nothing written; an import in one batch with its id on every entry, in the
 * audit log, told once however often it is sent; undone as a whole (asked first); members and strangers
 * get a 403.
 */
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, get, post, setType, signUpUser, userId } from "../support/http";
import { entriesOf, insertMeasuredGoal, today, totalsOf } from "../support/progress";

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

async function setUp() {
  const owner = await signUpUser();
  await setType(owner.email, "org");
  const goal = await insertMeasuredGoal({ orgId: await userId(owner.email), start: daysAgo(10) });
  const ann = await signUpUser({ first: "Ann", last: "Runner" });
  const bob = await signUpUser({ first: "Bob", last: "Walker" });
  for (const m of [ann, bob]) expect((await post(`/join/${goal.id}`, {}, m.cookie)).status).toBe(302);
  return { owner, goal, ann: { ...ann, id: await userId(ann.email) }, bob: { ...bob, id: await userId(bob.email) } };
}

const auditActions = async () =>
  (
    await env.DB.prepare("SELECT action, detail FROM audit_log ORDER BY created_at").all<{
      action: string;
      detail: string;
    }>()
  ).results;

describe("CSV import of entries", () => {
  it("a preview names each bad line's problem, answers 400 and writes nothing", async () => {
    const { owner, goal, ann, bob } = await setUp();
    const stranger = await signUpUser();
    const csv = [
      "email,day,amount",
      `${ann.email.toUpperCase()},${daysAgo(1)},5`,
      `nobody@example.com,${daysAgo(1)},5`,
      `${bob.email},${daysAgo(30)},5`,
      `${bob.email},${daysAgo(2)},five`,
      `${bob.email},${daysAgo(2)},600`,
      `${bob.email},${daysAgo(3)},300`,
      `${bob.email},${daysAgo(3)},250`,
      `${stranger.email},${today()},1`,
      "just one cell",
    ].join("\r\n");
    const response = await post(`/goals/${goal.id}/import`, { intent: "preview", csv }, owner.cookie);
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain("7 of 9 lines need fixing");
    expect(page).toContain("Ann Runner");
    expect(page).toContain("Nothing was imported: 7 of 9 lines need fixing (below).");
    for (const email of ["nobody@example.com", stranger.email])
      expect(page).toMatch(
        new RegExp(
          `${email.replace(/[.+]/g, "\\$&")}</td><td>[^<]*</td><td>[^<]*</td><td>No member of this goal has this e-mail`,
        ),
      );
    expect(page).toContain(
      "Write three columns: e-mail, day, amount. No member of this goal has this e-mail. Write the day as year-month-day",
    );
    expect(page).toContain("That day is before the goal started");
    expect(page).toContain("Enter a number, like 5 or 5.25");
    expect(page).toContain("One entry can be at most 500\u00a0km");
    // 300 km then 250 km on one day: the second line passes the day's 500 km.
    expect(page).toMatch(/past 500\u00a0km, the most a day can hold/);
    expect(page).toContain("Write three columns: e-mail, day, amount");
    expect(page).not.toContain('name="importId"');
    expect(await entriesOf(goal.id)).toHaveLength(0);
    expect(await auditActions()).not.toContainEqual(expect.objectContaining({ action: "entries.import" }));
  });

  it("imports in one go: an import id on every entry, totals recounted, audit-logged, once however often it is sent", async () => {
    const { owner, goal, ann, bob } = await setUp();
    // Ann has 50 km on day 1 already: 450 more is the day's 500.
    expect(
      (
        await post(
          `/active/${goal.id}`,
          { intent: "log-entry", key: "c".repeat(32), amount: "50", day: daysAgo(1), note: "" },
          ann.cookie,
        )
      ).status,
    ).toBe(302);
    const csv = `${ann.email},${daysAgo(1)},300\n${ann.email},${daysAgo(1)},150\n"${bob.email}",${daysAgo(2)},"2.5"\n`;
    // The file as a browser without JavaScript sends it (multipart).
    const body = new FormData();
    body.set("intent", "preview");
    body.set("csv", "");
    body.set("file", new File([csv], "results.csv", { type: "text/csv" }));
    const preview = await SELF.fetch(`${BASE}/goals/${goal.id}/import`, {
      method: "POST",
      body,
      headers: { Origin: BASE, Host: "localhost", Cookie: owner.cookie },
    });
    expect(preview.status).toBe(200);
    const page = await preview.text();
    expect(page).toContain("3 entries to import");
    expect(page).toContain("Import 3 entries (452.5\u00a0km)");
    const importId = /name="importId" value="([^"]+)"/.exec(page)![1]!;
    expect(await entriesOf(goal.id)).toHaveLength(1);

    const sent = { intent: "import", importId, csv };
    const first = await post(`/goals/${goal.id}/import`, sent, owner.cookie);
    expect(first.status).toBe(302);
    const again = await post(`/goals/${goal.id}/import`, sent, owner.cookie);
    expect(again.status).toBe(302);
    const listed = await (await get(`/goals/${goal.id}/import`, owner.cookie)).text();
    expect(listed).toMatch(/3 entries, 452.5\u00a0km, by /);

    const rows = await entriesOf(goal.id);
    expect(rows).toHaveLength(4);
    // Rows stamped in the same second: compared in amount order.
    const imported = rows.filter((r) => r.import_id === importId).map((r) => [r.user_id, r.day, r.amount]);
    expect(imported.sort((a, b) => b[2] - a[2])).toEqual([
      [ann.id, daysAgo(1), 30_000],
      [ann.id, daysAgo(1), 15_000],
      [bob.id, daysAgo(2), 250],
    ]);
    expect((await totalsOf(goal.id, ann.id)).total).toBe(50_000);
    expect((await totalsOf(goal.id, bob.id)).total).toBe(250);
    const imports = await env.DB.prepare("SELECT rows, total FROM entry_imports WHERE goal_id = ?").bind(goal.id).all();
    expect(imports.results).toEqual([{ rows: 3, total: 45_250 }]);
    expect((await auditActions()).filter((a) => a.action === "entries.import")).toEqual([
      { action: "entries.import", detail: `3 entries, 452.5\u00a0km, 2 members (import ${importId})` },
    ]);

    // The same lines as a new import: Ann's day is full now, so the whole import is refused, nothing written.
    const over = await post(`/goals/${goal.id}/import`, { intent: "import", importId: "second1", csv }, owner.cookie);
    expect(over.status).toBe(400);
    expect(await over.text()).toMatch(/past 500\u00a0km, the most a day can hold/);
    expect(await entriesOf(goal.id)).toHaveLength(4);
  });

  it("an import is undone as a whole, asked first; members and strangers get a 403", async () => {
    const { owner, goal, ann, bob } = await setUp();
    const csv = `${ann.email},${daysAgo(1)},3\n${bob.email},${daysAgo(1)},4\n`;
    const preview = await (await post(`/goals/${goal.id}/import`, { intent: "preview", csv }, owner.cookie)).text();
    const importId = /name="importId" value="([^"]+)"/.exec(preview)![1]!;
    expect((await post(`/goals/${goal.id}/import`, { intent: "import", importId, csv }, owner.cookie)).status).toBe(
      302,
    );
    expect((await post(`/goals/${goal.id}/import`, { intent: "preview", csv }, ann.cookie)).status).toBe(403);
    expect(
      (await post(`/goals/${goal.id}/import`, { intent: "undo-import", importId, confirm: "yes" }, ann.cookie)).status,
    ).toBe(403);
    expect(await entriesOf(goal.id)).toHaveLength(2);

    // The first press asks.
    const ask = await post(`/goals/${goal.id}/import`, { intent: "undo-import", importId }, owner.cookie);
    expect(ask.status).toBe(200);
    expect(await ask.text()).toContain("Undo this import? Its 2 entries are taken off the members");
    expect(await entriesOf(goal.id)).toHaveLength(2);
    const undo = await post(
      `/goals/${goal.id}/import`,
      { intent: "undo-import", importId, confirm: "yes" },
      owner.cookie,
    );
    expect(undo.status).toBe(302);
    expect(await entriesOf(goal.id)).toHaveLength(0);
    expect(await totalsOf(goal.id, ann.id)).toBeNull();
    expect(await totalsOf(goal.id, bob.id)).toBeNull();
    expect(
      (await post(`/goals/${goal.id}/import`, { intent: "undo-import", importId, confirm: "yes" }, owner.cookie))
        .status,
    ).toBe(302);
    const actions = (await auditActions()).map((a) => a.action);
    expect(actions.filter((a) => a === "entries.import.undo")).toHaveLength(1);
    const listed = await (await get(`/goals/${goal.id}/import`, owner.cookie)).text();
    expect(listed).toContain("Undone");
  });

  it("two imports racing for one member's day: one goes in whole, the other is refused (400 or 409) and writes nothing", async () => {
    const { owner, goal, ann } = await setUp();
    // Each file alone fits Ann's day (300 of 500 km); both together would not.
    const csvA = `${ann.email},${daysAgo(1)},300\n`;
    const csvB = `${ann.email},${daysAgo(1)},300\n${ann.email},${daysAgo(2)},1\n`;
    const idOf = async (csv: string) =>
      /name="importId" value="([^"]+)"/.exec(
        await (await post(`/goals/${goal.id}/import`, { intent: "preview", csv }, owner.cookie)).text(),
      )![1]!;
    const [idA, idB] = [await idOf(csvA), await idOf(csvB)];
    const answers = await Promise.all([
      post(`/goals/${goal.id}/import`, { intent: "import", importId: idA, csv: csvA }, owner.cookie),
      post(`/goals/${goal.id}/import`, { intent: "import", importId: idB, csv: csvB }, owner.cookie),
    ]);
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 302)).toHaveLength(1);
    const refused = answers.find((a) => a.status !== 302)!;
    expect([400, 409]).toContain(refused.status);
    const told = await refused.text();
    expect(told).toMatch(
      refused.status === 409
        ? /A member&#x27;s day changed since the preview and a row would now pass its cap: preview again./
        : /past 500\u00a0km, the most a day can hold/,
    );
    // All or nothing: only the import that went in has entries (none of the refused one's day-2 line).
    const made = await env.DB.prepare("SELECT id, rows FROM entry_imports WHERE goal_id = ?").bind(goal.id).all();
    expect(made.results).toHaveLength(1);
    const rows = await entriesOf(goal.id);
    expect(rows.every((r) => r.import_id === made.results[0]!.id)).toBe(true);
    expect(rows).toHaveLength(made.results[0]!.rows as number);
    expect((await totalsOf(goal.id, ann.id)).total).toBe(rows.reduce((sum, r) => sum + r.amount, 0));
  });

  it("an entry the member logs while the import is written: the day never passes its cap, the import goes in whole or not at all", async () => {
    const { owner, goal, ann } = await setUp();
    const csv = `${ann.email},${daysAgo(1)},300\n${ann.email},${daysAgo(2)},1\n`;
    const preview = await (await post(`/goals/${goal.id}/import`, { intent: "preview", csv }, owner.cookie)).text();
    const importId = /name="importId" value="([^"]+)"/.exec(preview)![1]!;
    const [imported, logged] = await Promise.all([
      post(`/goals/${goal.id}/import`, { intent: "import", importId, csv }, owner.cookie),
      post(
        `/active/${goal.id}`,
        { intent: "log-entry", key: "d".repeat(32), amount: "300", day: daysAgo(1), note: "" },
        ann.cookie,
      ),
    ]);
    const rows = await entriesOf(goal.id);
    const day1 = rows.filter((r) => r.day === daysAgo(1)).reduce((sum, r) => sum + r.amount, 0);
    expect(day1).toBeLessThanOrEqual(50_000);
    const fromImport = rows.filter((r) => r.import_id === importId);
    if (imported.status === 302) {
      expect(fromImport).toHaveLength(2);
      // The member's 300 km would take the day to 600: refused, with the cap's reason.
      expect(logged.status).toBeGreaterThanOrEqual(400);
    } else {
      expect([400, 409]).toContain(imported.status);
      expect(fromImport).toHaveLength(0);
      expect(logged.status).toBe(302);
    }
  });
});
