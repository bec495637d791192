/**
 * One-click unsubscribe for supporters (ADR 245, RFC 8058): every mail to a supporter carries
 * List-Unsubscribe with their own pledge link and List-Unsubscribe-Post; a mail client's POST there,
 * without a cookie or an Origin, stops the mail about that pledge only. A forged link changes nothing.
 */
import { createExecutionContext, createScheduledController, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { worker } from "../support/worker";
import { postForm, uniqueEmail } from "../support/http";
import { insertMeasuredGoal } from "../support/progress";
import { dayFromToday } from "../support/factories";

const DAY = 86_400_000;

async function cron(daysOn: number) {
  const ctx = createExecutionContext();
  await worker.scheduled(
    createScheduledController({ scheduledTime: Date.now() + daysOn * DAY, cron: "*/15 * * * *" }),
    env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
}

/** Each mail to an address as /dev/mail shows it (it stands in for the inbox): kind, headers, link. */
async function inbox(email: string) {
  const response = await SELF.fetch(`http://localhost/dev/mail?to=${encodeURIComponent(email)}`);
  const html = (await response.text()).replace(/<!-- -->/g, "");
  const unescape = (s: string) => s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
  return [...html.matchAll(/<article[\s\S]*?<\/article>/g)].map(([article]) => ({
    kind: article.match(/ · ([a-z-]+) · /)?.[1] ?? "",
    listUnsubscribe: unescape(article.match(/List-Unsubscribe: <code>([^<]*)<\/code>/)?.[1] ?? ""),
    listUnsubscribePost: article.match(/List-Unsubscribe-Post: <code>([^<]*)<\/code>/)?.[1] ?? "",
    link: article.match(/http:\/\/localhost\/pledge\/[A-Za-z0-9._-]+/)?.[0] ?? "",
  }));
}

const oneClick = (url: string) =>
  SELF.fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
    redirect: "manual",
  });

const mailStopped = async (email: string) =>
  (await env.DB.prepare("SELECT mail_stopped FROM pledges WHERE email = ?").bind(email).first<number>("mail_stopped"))!;

describe("supporter mail: one-click unsubscribe", () => {
  it("every supporter mail names the supporter's own link; its one-click POST stops that pledge's mail only", async () => {
    // The challenge runs until today; the cron the day after settles it up.
    const goal = await insertMeasuredGoal({ start: dayFromToday(-5), end: dayFromToday(0) });
    await env.DB.prepare(
      "UPDATE goals SET charity_name = 'Shelter', charity_url = 'https://shelter.example.org/donate', target_amount = 100000, currency = 'GBP' WHERE id = ?",
    )
      .bind(goal.id)
      .run();
    const quiet = uniqueEmail("quiet");
    const keen = uniqueEmail("keen");
    for (const [i, email] of [quiet, keen].entries()) {
      const response = await postForm(
        `/give/${goal.id}`,
        { name: "Supporter", amount: "10", email },
        { ip: `198.51.100.${90 + i}` },
      );
      expect(response.status).toBe(302);
    }

    // The receipt: the headers point at the supporter's own pledge link, the one in the text.
    const [receipt] = await inbox(quiet);
    expect(receipt!.kind).toBe("pledge-receipt");
    expect(receipt!.link).toMatch(/^http:\/\/localhost\/pledge\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(receipt!.listUnsubscribe).toBe(`<${receipt!.link}>`);
    expect(receipt!.listUnsubscribePost).toBe("List-Unsubscribe=One-Click");

    // A forged link: 404, nothing stops.
    const forged = receipt!.link.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect((await oneClick(forged)).status).toBe(404);
    expect(await mailStopped(quiet)).toBe(0);

    // The mail client's POST: no cookie, no Origin, no intent. Answered in place (no redirect to follow).
    const answer = await oneClick(receipt!.link);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Location")).toBeNull();
    expect(answer.headers.get("Cache-Control")).toContain("no-store");
    expect(await mailStopped(quiet)).toBe(1);
    expect(await mailStopped(keen)).toBe(0);
    // Sent again (clients retry), it is still fine.
    expect((await oneClick(receipt!.link)).status).toBe(200);

    // The day after the end: the settle-up goes to the other supporter only, with its own one-click link.
    await cron(1);
    expect((await inbox(quiet)).map((m) => m.kind)).toEqual(["pledge-receipt"]);
    const [settle, keenReceipt] = await inbox(keen);
    expect(settle!.kind).toBe("pledge-settle-up");
    expect(settle!.link).toBe(keenReceipt!.link);
    expect(settle!.listUnsubscribe).toBe(`<${keenReceipt!.link}>`);
    expect(settle!.listUnsubscribePost).toBe("List-Unsubscribe=One-Click");
  });
});
