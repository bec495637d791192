/**
 * The archive of ended challenges (ADR 303), on the real migrations and the real R2 binding: the cron moves
 * a challenge that ended more than 90 days ago to one gzip file of JSON lines in R2 and deletes its entry
 * rows, and the goal screen still shows the same totals, leaderboard, chart, badges, the member's own
 * entries and the group's latest, read from the file, and says the challenge is archived. Running it again
 * changes nothing; a run stopped after writing the file, or halfway through deleting, is finished by the
 * next one without losing or repeating an entry.
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "#app/platform/db/db.server";
import {
  ARCHIVE_AFTER_DAYS,
  archiveEndedGoals,
  archiveQueueQueries,
  clearArchived,
  markArchived,
  writeArchive,
} from "#app/features/archive/archive.server";
import { archiveKey, decodeArchive } from "#app/features/archive/archive-file";
import { IMPORT_ARCHIVED } from "#app/features/imports/csv-import";
import { IMPORT_RACE } from "#app/features/imports/csv-import.server";
import { LOG_REFUSALS } from "#app/features/progress/progress";
import { addDays } from "#app/lib/dates";
import { dayFromToday } from "../support/goals";
import { get, post, setType, signUpUser, userId } from "../support/http";
import { insertMeasuredGoal, logEntry } from "../support/progress";
import { worker } from "../support/worker";

const db = createDb(env.DB);

async function cronNow() {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: "*/15 * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

async function rows(sql: string, ...params: unknown[]) {
  return (
    await env.DB.prepare(sql)
      .bind(...params)
      .all<Record<string, unknown>>()
  ).results;
}

/** The element carrying data-testid="id" with everything inside it (balanced on its own tag). */
function section(html: string, id: string): string | null {
  const at = html.indexOf(`data-testid="${id}"`);
  if (at < 0) return null;
  const start = html.lastIndexOf("<", at);
  const tag = /^<([a-z0-9]+)/.exec(html.slice(start))![1];
  const re = new RegExp(`<${tag}[\\s>]|</${tag}>`, "g");
  re.lastIndex = start;
  let depth = 0;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    depth += m[0].startsWith("</") ? -1 : 1;
    if (depth === 0) return html.slice(start, m.index + m[0].length);
  }
  return null;
}

const SHOWN = [
  "my-total",
  "my-rank",
  "group-total",
  "leaderboard",
  "my-entries",
  "latest-entries",
  "my-badges",
  "my-standing",
  "group-standing",
];

/** What a member or organiser sees of the goal's progress, section by section. */
async function screen(goalId: string, cookie: string, query = "") {
  const response = await get(`/active/${goalId}${query}`, cookie);
  expect(response.status).toBe(200);
  const html = await response.text();
  return {
    sections: Object.fromEntries(SHOWN.map((id) => [id, section(html, id)])),
    archived: html.includes('data-testid="archived-notice"'),
    removable: html.includes('name="intent" value="remove-entry"'),
  };
}

async function member(goalId: string, first: string) {
  const user = await signUpUser({ first });
  expect((await post(`/join/${goalId}`, {}, user.cookie)).status).toBe(302);
  return { ...user, id: await userId(user.email) };
}

/** A challenge run with real entries through the log form, then moved `ago` days into the past. */
async function endedChallenge(ago = ARCHIVE_AFTER_DAYS + 30) {
  const org = await signUpUser({ first: "Olga" });
  await setType(org.email, "org");
  const goal = await insertMeasuredGoal({
    start: dayFromToday(-6),
    end: dayFromToday(0),
    orgId: await userId(org.email),
  });
  const ada = await member(goal.id, "Ada");
  const bo = await member(goal.id, "Bo");
  for (const [who, amount, day, note] of [
    [ada, "4", -6, "Canal path"],
    [ada, "3", -5, ""],
    [bo, "2.5", -5, "Hills"],
    [ada, "6", -3, "Long one"],
    [bo, "1", -1, ""],
    [ada, "2", 0, "Last day"],
  ] as const)
    expect((await logEntry(goal.id, who.cookie, { amount, day: dayFromToday(day), note })).status).toBe(302);
  // The whole challenge, its entries, day totals and totals, `ago` days earlier.
  const shift = `-${ago} days`;
  await env.DB.batch([
    env.DB.prepare(`UPDATE goals SET start = date(start, ?), "end" = date("end", ?) WHERE id = ?`).bind(
      shift,
      shift,
      goal.id,
    ),
    env.DB.prepare("UPDATE progress_entries SET day = date(day, ?) WHERE goal_id = ?").bind(shift, goal.id),
    env.DB.prepare("UPDATE progress_totals SET last_day = date(last_day, ?) WHERE goal_id = ?").bind(shift, goal.id),
  ]);
  return { goal, org, ada, bo };
}

const entriesInD1 = (goalId: string) =>
  rows("SELECT * FROM progress_entries WHERE goal_id = ? ORDER BY created_at, rowid", goalId);
const kept = async (goalId: string) => ({
  totals: await rows("SELECT * FROM progress_totals WHERE goal_id = ? ORDER BY user_id", goalId),
  days: await rows("SELECT * FROM goal_day_totals WHERE goal_id = ? ORDER BY day", goalId),
});

async function fileOf(goalId: string) {
  const object = await env.ARCHIVE.get(archiveKey(goalId));
  return object ? { entries: await decodeArchive(object.body), uploaded: object.uploaded.getTime() } : null;
}

describe("the archive of ended challenges", () => {
  it("moves a challenge ended over 90 days ago to R2, and its screen still shows the same", async () => {
    const { goal, org, ada, bo } = await endedChallenge();
    const before = {
      ada: await screen(goal.id, ada.cookie),
      adaAll: await screen(goal.id, ada.cookie, "?entries=all"),
      bo: await screen(goal.id, bo.cookie),
      org: await screen(goal.id, org.cookie),
    };
    // Every section compared below is there to compare (my badges and my chart read entries too).
    for (const id of SHOWN) expect(before.ada.sections[id], id).not.toBeNull();
    expect(before.ada.sections["my-entries"]).toContain("Canal path");
    expect(before.ada.sections["latest-entries"]).toContain("Last day");
    expect(before.ada.archived).toBe(false);
    expect(before.org.removable).toBe(true);
    const d1Before = await entriesInD1(goal.id);
    expect(d1Before).toHaveLength(6);
    const keptBefore = await kept(goal.id);

    await cronNow();

    // The rows left D1; the file holds every one of them, column for column.
    expect(await entriesInD1(goal.id)).toHaveLength(0);
    const file = await fileOf(goal.id);
    expect(file!.entries.map((e) => ({ ...e, goal_id: goal.id }))).toEqual(d1Before);
    expect(await rows("SELECT key, entries, amount, cleared_at IS NOT NULL AS cleared FROM entry_archives")).toEqual([
      { key: archiveKey(goal.id), entries: 6, amount: 1850, cleared: 1 },
    ]);
    // Totals, the leaderboard's rows and the chart's days stay in D1, unchanged.
    expect(await kept(goal.id)).toEqual(keptBefore);

    const after = {
      ada: await screen(goal.id, ada.cookie),
      adaAll: await screen(goal.id, ada.cookie, "?entries=all"),
      bo: await screen(goal.id, bo.cookie),
      org: await screen(goal.id, org.cookie),
    };
    for (const who of ["ada", "adaAll", "bo"] as const) {
      expect(after[who].sections).toEqual(before[who].sections);
      expect(after[who].archived).toBe(true);
    }
    // The organiser sees the same, but can no longer remove an entry: the screen says why instead.
    const withoutRemove = (sections: Record<string, string | null>) =>
      Object.fromEntries(
        Object.entries(sections).map(([k, v]) => [
          k,
          v?.replace(/<details class="ask-first">.*?<\/details>/g, "") ?? null,
        ]),
      );
    expect(after.org.sections).toEqual(withoutRemove(before.org.sections));
    expect(after.org.archived).toBe(true);
    expect(after.org.removable).toBe(false);
  });

  it("rerunning is a no-op, and a challenge inside its 90 days is left as it is", async () => {
    const { goal } = await endedChallenge();
    const recent = await endedChallenge(ARCHIVE_AFTER_DAYS - 1);
    await cronNow();
    const archive = await rows("SELECT * FROM entry_archives WHERE goal_id = ?", goal.id);
    const file = await fileOf(goal.id);
    expect(file!.entries).toHaveLength(6);

    await cronNow();
    expect(await rows("SELECT * FROM entry_archives WHERE goal_id = ?", goal.id)).toEqual(archive);
    // The file was not written again.
    expect(await fileOf(goal.id)).toEqual(file);
    expect(await entriesInD1(recent.goal.id)).toHaveLength(6);
    expect(await fileOf(recent.goal.id)).toBeNull();
    expect(await rows("SELECT 1 FROM entry_archives WHERE goal_id = ?", recent.goal.id)).toEqual([]);
  });

  it("a run stopped after writing the file is finished by the next, without a second copy of any entry", async () => {
    const { goal, ada } = await endedChallenge();
    const before = await screen(goal.id, ada.cookie);
    // Stopped after the file was written and read back, before the goal was marked.
    await writeArchive(env, db, goal.id);
    expect(await entriesInD1(goal.id)).toHaveLength(6);
    expect((await screen(goal.id, ada.cookie)).archived).toBe(false);

    await cronNow();
    const file = await fileOf(goal.id);
    expect(file!.entries).toHaveLength(6);
    expect(new Set(file!.entries.map((e) => e.id)).size).toBe(6);
    expect(await entriesInD1(goal.id)).toHaveLength(0);
    expect((await screen(goal.id, ada.cookie)).sections).toEqual(before.sections);
  });

  it("a run stopped halfway through deleting is finished by the next; the screen reads the file meanwhile", async () => {
    const { goal, ada } = await endedChallenge();
    const before = await screen(goal.id, ada.cookie);
    const keptBefore = await kept(goal.id);
    const now = Date.now();
    const written = await writeArchive(env, db, goal.id);
    expect(await markArchived(db, written, now)).toBe(true);
    // Two of six rows deleted, then the run stopped.
    expect(await clearArchived(db, goal.id, now, 2)).toBe(2);
    expect(await entriesInD1(goal.id)).toHaveLength(4);
    const halfway = await screen(goal.id, ada.cookie);
    expect(halfway.sections).toEqual(before.sections);
    expect(halfway.archived).toBe(true);

    await cronNow();
    expect(await entriesInD1(goal.id)).toHaveLength(0);
    expect(
      await rows("SELECT entries, cleared_at IS NOT NULL AS cleared FROM entry_archives WHERE goal_id = ?", goal.id),
    ).toEqual([{ entries: 6, cleared: 1 }]);
    expect((await fileOf(goal.id))!.entries).toHaveLength(6);
    expect(await kept(goal.id)).toEqual(keptBefore);
    expect((await screen(goal.id, ada.cookie)).sections).toEqual(before.sections);
  });

  it("an entry changed after the file was written stops the mark: nothing is deleted, the next run writes it again", async () => {
    const { goal } = await endedChallenge();
    const written = await writeArchive(env, db, goal.id);
    await env.DB.prepare(
      "UPDATE progress_entries SET amount = amount + 1, updated_at = updated_at + 1 WHERE rowid = (SELECT min(rowid) FROM progress_entries WHERE goal_id = ?)",
    )
      .bind(goal.id)
      .run();
    expect(await markArchived(db, written, Date.now())).toBe(false);
    expect(await entriesInD1(goal.id)).toHaveLength(6);
    await cronNow();
    const file = await fileOf(goal.id);
    expect(file!.entries.reduce((s, e) => s + e.amount, 0)).toBe(1851);
    expect(await entriesInD1(goal.id)).toHaveLength(0);
  });

  it("an archived goal takes no entry and keeps its totals, even reopened by its dates", async () => {
    const { goal, ada } = await endedChallenge();
    await cronNow();
    const keptBefore = await kept(goal.id);
    // An admin moving the end into the future: a log is answered, but nothing is written or recounted.
    await env.DB.prepare(`UPDATE goals SET "end" = ? WHERE id = ?`).bind(dayFromToday(5), goal.id).run();
    const logged = await logEntry(goal.id, ada.cookie, { amount: "9" });
    expect(logged.status).toBeLessThan(500);
    expect(await entriesInD1(goal.id)).toHaveLength(0);
    expect(await kept(goal.id)).toEqual(keptBefore);
  });

  it("an archived challenge refuses an import, its undo, activity files and a log with its own message: 409, nothing written", async () => {
    const { goal, org, ada, bo } = await endedChallenge();
    const lastDay = dayFromToday(-(ARCHIVE_AFTER_DAYS + 30));
    // A paper sheet imported before the archive: one line for Bo on the last day.
    const sheet = `email,day,amount\r\n${bo.email},${lastDay},2`;
    const preview = await (
      await post(`/goals/${goal.id}/import`, { intent: "preview", csv: sheet }, org.cookie)
    ).text();
    const importId = /name="importId" value="([^"]+)"/.exec(preview)![1]!;
    expect(
      (await post(`/goals/${goal.id}/import`, { intent: "import", importId, csv: sheet }, org.cookie)).status,
    ).toBe(302);
    await cronNow();
    const keptBefore = await kept(goal.id);
    const fileBefore = await fileOf(goal.id);
    expect(fileBefore!.entries).toHaveLength(7);
    const audit = async () => rows("SELECT action FROM audit_log WHERE action LIKE 'entries.import%' ORDER BY rowid");
    const auditBefore = await audit();

    // The import page says so instead of offering the form.
    const page = await (await get(`/goals/${goal.id}/import`, org.cookie)).text();
    expect(page).toContain(IMPORT_ARCHIVED);
    expect(page).not.toContain('value="preview"');
    const csv = `email,day,amount\r\n${ada.email},${lastDay},3`;
    for (const values of <Record<string, string>[]>[
      { intent: "preview", csv },
      { intent: "import", importId: "fresh1", csv },
      { intent: "undo-import", importId, confirm: "yes" },
    ]) {
      const response = await post(`/goals/${goal.id}/import`, values, org.cookie);
      expect(response.status, values.intent).toBe(409);
      const html = await response.text();
      expect(html, values.intent).toContain(IMPORT_ARCHIVED);
      expect(html, values.intent).not.toContain(IMPORT_RACE.replace(/'/g, "&#x27;"));
    }
    expect(await rows("SELECT undone_at FROM entry_imports WHERE id = ?", importId)).toEqual([{ undone_at: null }]);

    // A member's activity files, before and after an admin moves the end into the future (no longer "ended").
    const activity = {
      intent: "save",
      rows: "1",
      "include-0": "on",
      "name-0": "walk.gpx",
      "hash-0": "c".repeat(64),
      "day-0": lastDay,
      "amount-0": "3",
      "sport-0": "walking",
      "seconds-0": "1800",
    };
    const refusedWith = async (response: Response, what: string) => {
      expect(response.status, what).toBe(409);
      expect(await response.text(), what).toContain(LOG_REFUSALS.archived);
    };
    await refusedWith(await post(`/goals/${goal.id}/activity`, activity, ada.cookie), "activity files");
    await env.DB.prepare(`UPDATE goals SET "end" = ? WHERE id = ?`).bind(dayFromToday(5), goal.id).run();
    await refusedWith(
      await post(`/goals/${goal.id}/activity`, { ...activity, "day-0": dayFromToday(0) }, ada.cookie),
      "activity files, reopened",
    );
    await refusedWith(await logEntry(goal.id, ada.cookie, { amount: "3" }), "log, reopened");

    expect(await entriesInD1(goal.id)).toHaveLength(0);
    expect(await kept(goal.id)).toEqual(keptBefore);
    expect(await fileOf(goal.id)).toEqual(fileBefore);
    expect(await audit()).toEqual(auditBefore);
  });

  it("pages through a large challenge's entries and finds its work through indexes", async () => {
    const goal = await insertMeasuredGoal({ start: dayFromToday(-200), end: dayFromToday(-100) });
    const n = 5003;
    await env.DB.prepare(
      `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ?)
       INSERT INTO progress_entries (id, goal_id, user_id, amount, day, idempotency_key, created_at, updated_at)
       SELECT 'e' || x, ?, 'u' || (x % 40), 100 + x % 7, date(?, '+' || (x % 100) || ' days'), 'k' || x, 1000000 + x / 3, 1000000 + x / 3 FROM c`,
    )
      .bind(n, goal.id, dayFromToday(-200))
      .run();
    const sum = (await rows("SELECT sum(amount) AS s FROM progress_entries WHERE goal_id = ?", goal.id))[0].s;
    const result = await archiveEndedGoals(env, db);
    expect(result.archived).toContain(goal.id);
    const file = await fileOf(goal.id);
    expect(file!.entries).toHaveLength(n);
    expect(new Set(file!.entries.map((e) => e.id)).size).toBe(n);
    expect(file!.entries.reduce((s, e) => s + e.amount, 0)).toBe(sum);
    expect(await entriesInD1(goal.id)).toHaveLength(0);

    // Every statement of the job walks an index: the queue, the keyset page and the bounded delete.
    const cutoff = addDays(dayFromToday(0), -ARCHIVE_AFTER_DAYS);
    const statements = [
      ...archiveQueueQueries(db, cutoff).map((q) => q.toSQL()),
      {
        sql: `SELECT rowid, id FROM progress_entries WHERE goal_id = ? AND (created_at, rowid) > (?, ?) ORDER BY created_at, rowid LIMIT 5000`,
        params: [goal.id, 0, 0],
      },
      { sql: "SELECT rowid FROM progress_entries WHERE goal_id = ? LIMIT 5000", params: [goal.id] },
    ];
    for (const s of statements) {
      const plan = await rows(`EXPLAIN QUERY PLAN ${s.sql}`, ...s.params);
      const details = plan.map((p) => String(p.detail));
      expect(details.join("\n"), s.sql).not.toMatch(/\bSCAN (progress_entries|goals|entry_archives)\b(?! USING)/);
      expect(details.join("\n"), s.sql).not.toMatch(/TEMP B-TREE/);
    }
  });

  it("the member's data export, summary and the organiser's entries list read the archive too", async () => {
    const { goal, org, ada } = await endedChallenge();
    const exported = async () =>
      (await (await get("/profile/data.json", ada.cookie)).json<{ entries: unknown[] }>()).entries;
    const summary = async () => {
      const html = await (await get(`/goals/${goal.id}/summary`, ada.cookie)).text();
      return html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    };
    const listed = async (query = "") => {
      const html = await (await get(`/goals/${goal.id}/entries${query}`, org.cookie)).text();
      return {
        rows: [...html.matchAll(/<tr[\s>][\s\S]*?<\/tr>/g)]
          .map((m) => m[0].replace(/<td[^>]*>(?:(?!<\/td>)[\s\S])*remove-entry[\s\S]*?<\/td>/, ""))
          .map((row) => row.replace(/<th[^>]*>Remove<\/th>/, "")),
        archived: html.includes('data-testid="archived-notice"'),
      };
    };
    const before = {
      exported: await exported(),
      summary: await summary(),
      list: await listed(),
      byAmount: await listed("?sort=amount"),
      ada: await listed(`?member=${ada.id}`),
    };
    expect(before.exported).toHaveLength(4);
    expect(before.summary).toContain("15\u00a0km");
    expect(before.list.rows.join("")).toContain("Canal path");
    expect(before.list.archived).toBe(false);

    await cronNow();
    expect(await entriesInD1(goal.id)).toHaveLength(0);
    expect(await exported()).toEqual(before.exported);
    expect(await summary()).toEqual(before.summary);
    for (const [key, query] of [
      ["list", ""],
      ["byAmount", "?sort=amount"],
      ["ada", `?member=${ada.id}`],
    ] as const) {
      const after = await listed(query);
      expect(after.rows, key).toEqual(before[key].rows);
      expect(after.archived).toBe(true);
    }
  });

  it("an account erased after its challenge was archived: its name and notes leave the screen now, the file next run", async () => {
    const { goal, ada, bo } = await endedChallenge();
    await cronNow();
    const latest = async () => (await screen(goal.id, bo.cookie)).sections["latest-entries"]!;
    expect(await latest()).toContain("Last day");
    expect((await post("/profile/delete", { confirm: ada.email, current: "password123" }, ada.cookie)).status).toBe(
      302,
    );
    const [erasure] = await rows("SELECT user_id, anonymous_id FROM archive_erasures WHERE goal_id = ?", goal.id);
    expect(erasure.user_id).toBe(ada.id);
    // Read now: the file still names her, the reader applies the erasure.
    expect(await latest()).not.toContain("Last day");
    expect(await latest()).toContain("Deleted member");
    expect(await latest()).toContain("Hills");

    await cronNow();
    expect(await rows("SELECT 1 FROM archive_erasures")).toEqual([]);
    const file = (await fileOf(goal.id))!.entries;
    expect(file.filter((e) => e.user_id === ada.id)).toEqual([]);
    const hers = file.filter((e) => e.user_id === erasure.anonymous_id);
    expect(hers).toHaveLength(4);
    expect(hers.every((e) => e.note === null)).toBe(true);
    expect(file.filter((e) => e.user_id === bo.id).map((e) => e.note)).toEqual(["Hills", null]);
    expect(await latest()).not.toContain("Last day");
  });
});
