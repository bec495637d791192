/**
 * Single-line fields (ADR 218): names, causes and subjects refuse line breaks and tabs, which would reach
 * mail subjects and bodies as lines (or headers) of their own; and every mail subject is one line, even
 * one built from a name stored before the rule.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { post, uniqueEmail } from "../support/http";
import { dayFromToday, signedInUser } from "../support/factories";

const ONE_LINE = "Keep it on one line: remove line breaks and tabs";
const unescape = (html: string) => html.replace(/<!-- -->/g, "");

describe("single-line fields", () => {
  it("a cause or a name with a line break or a tab is a 400 with the reason on the field, and writes nothing", async () => {
    const ana = await signedInUser({ first: "Ana" });
    for (const cause of ["Walk\nBcc: someone@example.com", "Walk\r\nto Rome", "Walk\tto Rome"]) {
      const response = await post(
        "/goals/new",
        { cause, start: dayFromToday(0), end: dayFromToday(3), unit: "none" },
        ana.cookie,
      );
      expect(response.status, JSON.stringify(cause)).toBe(400);
      expect(unescape(await response.text())).toContain(ONE_LINE);
    }
    const owned = await env.DB.prepare("SELECT count(*) AS n FROM goals WHERE org_id = ?").bind(ana.id).first("n");
    expect(owned).toBe(0);

    const profile = await post(
      "/profile",
      { first: "Ana\nBcc: x@example.com", last: "Walker", color: "#be123c" },
      ana.cookie,
    );
    expect(profile.status).toBe(400);
    expect(unescape(await profile.text())).toContain(ONE_LINE);
    const first = await env.DB.prepare("SELECT first FROM users WHERE id = ?").bind(ana.id).first("first");
    expect(first).toBe("Ana");
  });

  it("a mail subject built from a name stored with a line break is one line", async () => {
    const ana = await signedInUser({ first: "Ana" });
    await env.DB.prepare("UPDATE users SET first = ? WHERE id = ?")
      .bind("Ana\r\nBcc: evil@example.com\t", ana.id)
      .run();
    const to = uniqueEmail("invited");
    expect((await post("/friends", { intent: "invite", email: to }, ana.cookie)).status).toBe(302);
    const mail = await env.DB.prepare('SELECT subject FROM mail_outbox WHERE "to" = ?')
      .bind(to)
      .first<{ subject: string }>();
    expect(mail!.subject).toBe("Ana Bcc: evil@example.com User invited you to Goals with Friends");
    expect(mail!.subject).not.toMatch(/[\r\n\t]/);
  });
});
