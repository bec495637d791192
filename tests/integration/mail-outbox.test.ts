/**
 * No working link token rests in the mail outbox (ADR 103): links are sealed beside a
 * placeholder, put back at delivery (and at /dev/mail), dropped once sent; the cron sweeps old mail.
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createDb } from "#app/platform/db/db.server";
import { deliverOutboxMail } from "#app/features/mail/mail.server";
import { get, post, postForm, setType, signUpUser, uniqueEmail } from "../support/http";
import { latestLinkPath, mailedTo } from "../support/mail";
import { worker } from "../support/worker";

const DAY = 86_400_000;
const rowsTo = (email: string) =>
  env.DB.prepare('SELECT * FROM mail_outbox WHERE "to" = ?').bind(email.toLowerCase()).all<Record<string, unknown>>();

/** Every column of every outbox row to the address, as one string: a token must appear nowhere in it. */
const storedFor = async (email: string) => JSON.stringify((await rowsTo(email)).results);
const tokenOf = (path: string) => path.match(/(?:passwordreset\/|invite=)([A-Za-z0-9_-]{20,})/)![1]!;

afterEach(() => vi.restoreAllMocks());

describe("the mail outbox keeps no usable link", () => {
  it("reset, set-password and invitation mails store no token, yet the inbox (/dev/mail) gets a working link", async () => {
    const member = await signUpUser();
    await postForm("/passwordreset", { email: member.email });
    const reset = await latestLinkPath(member.email, "reset");
    expect(await storedFor(member.email)).not.toContain(tokenOf(reset));
    expect((await rowsTo(member.email)).results[0]!.text).toContain("{{link}}");
    expect((await get(reset)).status).toBe(200);

    const admin = await signUpUser({ first: "Adele" });
    await setType(admin.email, "admin");
    const added = uniqueEmail("added");
    await post("/admin/users/add-user", { first: "Nia", last: "New", email: added, type: "admin" }, admin.cookie);
    const setPassword = await latestLinkPath(added, "set-password");
    expect(await storedFor(added)).not.toContain(tokenOf(setPassword));

    const requester = uniqueEmail("requester");
    const id = `req${Date.now()}`;
    await env.DB.prepare(
      "INSERT INTO early_access_requests (id, name_first, name_last, location_city, location_state, email) VALUES (?, 'Rae', 'Quest', 'Leeds', 'Yorks', ?)",
    )
      .bind(id, requester)
      .run();
    await post("/admin/access", { intent: "invite", requestId: id }, admin.cookie);
    const invite = await latestLinkPath(requester, "invite");
    expect(await storedFor(requester)).not.toContain(tokenOf(invite));
  });

  it("delivery puts the link back for the provider, then drops the sealed link: the row holds nothing usable", async () => {
    const member = await signUpUser();
    await postForm("/passwordreset", { email: member.email });
    const link = await latestLinkPath(member.email, "reset");
    const [row] = (await rowsTo(member.email)).results;
    const sent: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
      sent.push(String(init?.body));
      return new Response("ok");
    });
    const outcome = await deliverOutboxMail(
      createDb(env.DB),
      { ...env, MAIL_API_URL: "https://mail.example/send" } as Env,
      String(row!.id),
    );
    expect(outcome).toBe("sent");
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!).text).toContain(link);
    const [after] = (await rowsTo(member.email)).results;
    expect(after).toMatchObject({ status: "sent", link_sealed: null });
    expect(JSON.stringify(after)).not.toContain(tokenOf(link));
    // The developer's view of a sent message no longer has the link either.
    expect((await mailedTo(member.email))[0]!.text).toContain("[link removed]");
  });

  it("the cron deletes mail older than 30 days and drops sealed links older than 7 days, keeping the rest", async () => {
    const member = await signUpUser();
    await postForm("/passwordreset", { email: member.email });
    const now = Date.now();
    const tag = uniqueEmail("outbox");
    const insert = (id: string, ageDays: number, sealed: string | null) =>
      env.DB.prepare(
        "INSERT INTO mail_outbox (id, \"to\", subject, text, kind, status, link_sealed, created_at) VALUES (?, ?, 's', 't {{link}}', 'reset', 'queued', ?, ?)",
      ).bind(`${id}-${tag}`, tag, sealed, now - ageDays * DAY);
    await env.DB.batch([insert("old", 31, null), insert("stale", 8, "x.y"), insert("fresh", 1, "x.y")]);

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: new Date(now), cron: "*/15 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);

    const rows = (await rowsTo(tag)).results;
    const byId = Object.fromEntries(rows.map((r) => [String(r.id).split("-")[0], r]));
    expect(byId.old).toBeUndefined();
    expect(byId.stale).toMatchObject({ link_sealed: null });
    expect(byId.fresh).toMatchObject({ link_sealed: "x.y" });
    // The member's fresh reset mail keeps its working link.
    expect((await mailedTo(member.email))[0]!.text).toMatch(/passwordreset\/[A-Za-z0-9_-]{20,}/);
  });
});
