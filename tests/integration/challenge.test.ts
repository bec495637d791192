/** /create's month-challenge template and optional fundraising (ADR 025, 060). */
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, get, setType } from "../support/http";
import { signedInUser } from "../support/factories";

function multipart(path: string, cookie: string, fields: Record<string, string>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return SELF.fetch(BASE + path, {
    method: "POST",
    body,
    headers: { Cookie: cookie, Origin: BASE, Host: "localhost" },
    redirect: "manual",
  });
}

async function org() {
  const { cookie, email } = await signedInUser();
  await setType(email, "org");
  return cookie;
}

const goalByCause = (cause: string) => env.DB.prepare("SELECT * FROM goals WHERE cause = ?").bind(cause).first<any>();

describe("month challenge on /create", () => {
  it("is offered to orgs with the coming months", async () => {
    const html = await (await get("/create", await org())).text();
    expect(html).toContain("Month challenge");
    expect(html).toContain("Fundraising for a charity");
    expect(html).toContain("No fees. No tips.");
  });

  it("runs from the 1st to the last day of the chosen month (Feb in a leap year), with fundraising", async () => {
    const cookie = await org();
    const cause = `Feb miles ${Date.now()}`;
    const response = await multipart("/create", cookie, {
      cause,
      template: "month",
      month: "2028-02",
      start: "2028-05-01",
      end: "2028-04-01",
      visibility: "private",
      charityName: "Mind",
      charityUrl: "https://mind.example.org/donate",
      target: "1,500",
      currency: "EUR",
    });
    expect(response.status).toBe(302);
    const goal = await goalByCause(cause);
    expect(goal).toMatchObject({
      start: "2028-02-01",
      end: "2028-02-29",
      visibility: "private",
      charity_name: "Mind",
      target_amount: 150000,
      currency: "EUR",
    });
    // The new goal's own screen, at the organiser's tools (ADR 254).
    expect(response.headers.get("Location")).toBe(`/active/${goal.id}#organiser-tools`);
  });

  it("keeps custom dates and no fundraising when those are left alone", async () => {
    const cookie = await org();
    const cause = `Custom ${Date.now()}`;
    expect((await multipart("/create", cookie, { cause, start: "2026-03-02", end: "2026-03-09" })).status).toBe(302);
    expect(await goalByCause(cause)).toMatchObject({
      start: "2026-03-02",
      end: "2026-03-09",
      charity_name: null,
      target_amount: null,
    });
  });

  it("refuses a missing month, half-filled fundraising, unsafe links and absurd targets: 400, nothing created", async () => {
    const cookie = await org();
    const cases: Record<string, string>[] = [
      { template: "month" },
      { template: "month", month: "2026-13" },
      { charityName: "Mind" },
      { charityName: "Mind", charityUrl: "javascript:alert(1)", target: "100" },
      { charityName: "Mind", charityUrl: "https://mind.example.org", target: "-5" },
      { charityName: "Mind", charityUrl: "https://mind.example.org", target: "999999999999" },
      { charityName: "<b>Mind</b>", charityUrl: "https://mind.example.org", target: "5" },
      { charityName: "Mind", charityUrl: "https://mind.example.org", target: "5", currency: "DOGE" },
      { template: "weekly" },
    ];
    for (const fields of cases) {
      const cause = `Refused ${Date.now()} ${Math.random()}`;
      const response = await multipart("/create", cookie, { cause, ...fields });
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(await goalByCause(cause)).toBeNull();
    }
  });
});
