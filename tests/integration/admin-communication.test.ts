import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { count, get, post, setType } from "../support/http";
import { signedInUser } from "../support/factories";

async function signUpAdmin() {
  const admin = await signedInUser({ first: "Cora" });
  await setType(admin.email, "admin");
  return admin;
}

type Draft = { audience: string; subject: string; body: string };

/** The digest the preview put in its hidden field, as the browser sends it back with "Send". */
async function previewedDigest(draft: Draft, cookie: string): Promise<string> {
  const html = await (await post("/admin/users/communication", { intent: "preview", ...draft }, cookie)).text();
  const digest = html.match(/name="previewed" value="([0-9a-f]+)"/)?.[1];
  if (!digest) throw new Error("the preview carries no digest");
  return digest;
}

describe("admin communication", () => {
  it("previews without sending anything", async () => {
    const admin = await signUpAdmin();
    const before = await count("mail_outbox");
    const response = await post(
      "/admin/users/communication",
      { intent: "preview", audience: "admin", subject: "Hello admins", body: "Big news" },
      admin.cookie,
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Preview");
    expect(html).toContain("Hi Cora,");
    expect(html).toMatch(/Send to <!-- -->\d+/);
    expect(await count("mail_outbox")).toBe(before);
  });

  it("sends one personal e-mail per active user of the type, in chunks, and records who got it", async () => {
    const admin = await signUpAdmin();
    // More orgs than one chunk of 16, plus a suspended org who must be left out.
    const orgs: string[] = [];
    for (let i = 0; i < 20; i++) {
      const org = await signedInUser({ first: `Org${i}` });
      await setType(org.email, "org");
      orgs.push(org.email);
    }
    const suspended = await signedInUser();
    await setType(suspended.email, "org");
    await env.DB.prepare("UPDATE users SET status = 'suspended' WHERE email = ?").bind(suspended.email).run();
    const { n: expected } = (await env.DB.prepare(
      "SELECT count(*) AS n FROM users WHERE type = 'org' AND status != 'suspended'",
    ).first<{ n: number }>())!;

    const subject = `Org news ${Date.now()}`;
    const draft = { audience: "org", subject, body: "Month of miles starts Monday." };
    const previewed = await previewedDigest(draft, admin.cookie);
    const response = await post("/admin/users/communication", { intent: "send", ...draft, previewed }, admin.cookie);
    expect(response.status).toBe(302);
    const location = response.headers.get("Location")!;
    const id = new URL(location, "http://x").searchParams.get("sent")!;

    const comm = await env.DB.prepare("SELECT * FROM communications WHERE id = ?").bind(id).first<any>();
    // Other test files create orgs concurrently in the same D1, so the count can only grow meanwhile.
    expect(comm).toMatchObject({ audience: "org", subject });
    expect(comm.recipients).toBeGreaterThanOrEqual(expected);
    const { results } = await env.DB.prepare("SELECT * FROM mail_outbox WHERE communication_id = ?")
      .bind(id)
      .all<any>();
    expect(results).toHaveLength(comm.recipients);
    expect(results.map((m) => m.to)).toEqual(expect.arrayContaining(orgs));
    expect(results.map((m) => m.to)).not.toContain(suspended.email);
    const org7 = results.find((m) => m.to === orgs[7])!;
    expect(org7).toMatchObject({ subject, kind: "communication", status: "queued" });
    expect(org7.text).toMatch(/^Hi Org7,\n\nMonth of miles starts Monday\./);

    const page = await (await get(location, admin.cookie)).text();
    expect(page).toContain(subject);
    expect(page).toContain(orgs[0]);
    const audit = await env.DB.prepare("SELECT * FROM audit_log WHERE action = 'communication.send' AND detail LIKE ?")
      .bind(`%${subject}%`)
      .first();
    expect(audit).toBeTruthy();
  });

  it("answers empty fields with field messages and a 400, sending nothing", async () => {
    const admin = await signUpAdmin();
    const before = await count("mail_outbox");
    const response = await post(
      "/admin/users/communication",
      { intent: "send", audience: "everyone", subject: "", body: " " },
      admin.cookie,
    );
    expect(response.status).toBe(400);
    expect((await response.text()).match(/Must have a value/g)?.length).toBeGreaterThanOrEqual(2);
    expect(await count("mail_outbox")).toBe(before);
  });

  it("sends only what was previewed: another audience, subject or message after the preview is refused with a message", async () => {
    const admin = await signUpAdmin();
    const previewedDraft = { audience: "admin", subject: `Admins only ${Date.now()}`, body: "Rota for December." };
    const previewed = await previewedDigest(previewedDraft, admin.cookie);
    const other = `Something else ${Date.now()}`;
    const written = async () => {
      const query = (table: string) =>
        env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE subject IN (?, ?)`)
          .bind(previewedDraft.subject, other)
          .first<{ n: number }>();
      return [(await query("mail_outbox"))!.n, (await query("communications"))!.n];
    };

    for (const changed of [
      { ...previewedDraft, audience: "all" },
      { ...previewedDraft, subject: other },
      { ...previewedDraft, body: "Rota for January." },
    ]) {
      const response = await post(
        "/admin/users/communication",
        { intent: "send", ...changed, previewed },
        admin.cookie,
      );
      expect(response.status, JSON.stringify(changed)).toBe(409);
      const html = await response.text();
      expect(html).toContain("Not sent: the audience, subject or message changed after the preview.");
      // The new preview shows what the form holds now, ready to check and send.
      expect(html).toContain(`Subject</dt><dd>${changed.subject}</dd>`);
    }
    const unpreviewed = await post("/admin/users/communication", { intent: "send", ...previewedDraft }, admin.cookie);
    expect(unpreviewed.status).toBe(409);
    expect(await unpreviewed.text()).toContain("Not sent: preview the message first.");
    expect(await written()).toEqual([0, 0]);

    const sent = await post(
      "/admin/users/communication",
      { intent: "send", ...previewedDraft, previewed },
      admin.cookie,
    );
    expect(sent.status).toBe(302);
    const id = new URL(sent.headers.get("Location")!, "http://x").searchParams.get("sent")!;
    const comm = await env.DB.prepare("SELECT audience, subject FROM communications WHERE id = ?").bind(id).first();
    expect(comm).toEqual({ audience: "admin", subject: previewedDraft.subject });
  });
});
