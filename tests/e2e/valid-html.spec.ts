/**
 * Every page a visitor and a member can reach is valid HTML by the Nu HTML checker, as the server sends
 * it (ADR 122). Pages are fetched raw, not read back from the DOM: a browser silently repairs what the
 * checker reports (scripts after </html>, a form inside a span). A member with some history (goals
 * joined and completed, a message, a cheer, a friend) sees the states a fresh account never shows, and
 * forms are checked with their error messages too.
 */
import type { APIRequestContext } from "@playwright/test";
import { createUser, expect, test } from "./fixtures";
import { htmlErrors, type Page } from "./html-check";

interface Visit {
  path: string;
  status: number;
  /** A form posted as a browser without JavaScript does: the page that comes back is checked. */
  form?: Record<string, string>;
  label?: string;
}

/** The honeypot fields a real browser sends with a public form (the page's own encrypted timestamp). */
async function withHoneypot(request: APIRequestContext, path: string, form: Record<string, string>) {
  const html = await (await request.get(path)).text();
  const validFrom = html.match(/name="from__confirm"[^>]*value="([^"]+)"/)?.[1];
  expect(validFrom, `the honeypot on ${path}`).toBeTruthy();
  return { ...form, name__confirm: "", from__confirm: validFrom! };
}

async function fetchPages(request: APIRequestContext, baseURL: string, visits: Visit[]): Promise<Page[]> {
  const pages: Page[] = [];
  for (const visit of visits) {
    const response = visit.form
      ? await request.post(visit.path, { form: visit.form, headers: { Origin: baseURL }, maxRedirects: 0 })
      : await request.get(visit.path, { maxRedirects: 0 });
    const name = `${visit.form ? "POST" : "GET"} ${visit.path}${visit.label ? ` (${visit.label})` : ""}`;
    expect(response.status(), name).toBe(visit.status);
    expect(response.headers()["content-type"], name).toContain("text/html");
    pages.push({ name, html: await response.text() });
  }
  return pages;
}

async function post(request: APIRequestContext, baseURL: string, path: string, form: Record<string, string>) {
  const response = await request.post(path, { form, headers: { Origin: baseURL }, maxRedirects: 0 });
  expect(response.status(), `POST ${path}`).toBe(302);
}

test("every page a visitor can reach is valid HTML", async ({ request, baseURL }) => {
  test.slow(); // one Java start for the checker, on a shared machine
  const pages = await fetchPages(request, baseURL!, [
    { path: "/", status: 200 },
    { path: "/marketing", status: 200 },
    { path: "/signin", status: 200 },
    { path: "/signin?redirectTo=%2Fmain", status: 200 },
    { path: "/signup", status: 200 },
    { path: "/tester", status: 200 },
    { path: "/passwordreset", status: 200 },
    { path: "/passwordreset/not-a-real-token", status: 410 },
    { path: "/invite/not-a-real-token", status: 404 },
    { path: "/give/goal-running", status: 200 },
    // A shared /join/{id} link's preview, and the same page for a goal a visitor may not see (ADR 262).
    { path: "/join/goal-reading", status: 200 },
    { path: "/join/goal-private", status: 200 },
    { path: "/give/goal-private", status: 403 },
    { path: "/friends/add/not-a-real-code", status: 404 },
    { path: "/no-such-page", status: 404 },
    {
      path: "/signin",
      status: 400,
      label: "wrong password",
      form: await withHoneypot(request, "/signin", { email: "nobody@example.com", password: "wrong-password" }),
    },
    {
      path: "/signup",
      status: 400,
      label: "empty form",
      form: await withHoneypot(request, "/signup", { first: "", last: "", email: "", password: "" }),
    },
    {
      path: "/passwordreset",
      status: 400,
      label: "not an e-mail",
      form: await withHoneypot(request, "/passwordreset", { email: "not-an-email" }),
    },
    { path: "/signin", status: 400, label: "a bot filled the honeypot", form: { email: "a@example.com" } },
  ]);
  expect(htmlErrors(pages)).toEqual([]);
});

test("every page a member can reach is valid HTML", async ({ page, request, baseURL }) => {
  test.slow(); // a little history to build, then one Java start for the checker
  const base = baseURL!;
  const member = await createUser(page.request, { join: ["goal-running", "goal-challenge", "goal-reading"] });
  await createUser(request, { first: "Frida", join: ["goal-running"] }); // signs `request` in as the friend

  // History: a message, a cheer from a friend (a notification), a completed goal, a friendship.
  await post(page.request, base, "/goals/goal-running/discussion", { intent: "post", body: "Morning walk done!" });
  await post(request, base, "/goals/goal-running/cheer", { memberId: member.id, returnTo: "/active/goal-running" });
  await post(page.request, base, "/active/goal-reading", { intent: "complete" });
  const friendsPage = await (await page.request.get("/friends")).text();
  const link = friendsPage.match(/\/friends\/add\/[\w-]+/)?.[0];
  expect(link, "the member's friend link on /friends").toBeTruthy();
  const accept = await fetchPages(request, base, [{ path: link!, status: 200, label: "a friend's link" }]);
  await post(request, base, link!, {});

  const pages = await fetchPages(page.request, base, [
    { path: "/main", status: 200 },
    { path: "/bar", status: 200 },
    { path: "/active/goal-running", status: 200 },
    { path: "/active/goal-challenge", status: 200 },
    { path: "/join/goal-future", status: 200 },
    { path: "/completedgoals", status: 200 },
    // Find a goal (ADR 263): every page it draws, the list, nothing found, and a search refused.
    { path: "/goals/find", status: 200 },
    { path: "/goals/find?q=walk", status: 200, label: "goals found" },
    { path: "/goals/find?q=zz-no-such-goal", status: 200, label: "nothing found" },
    { path: `/goals/find?q=${"a".repeat(200)}`, status: 400, label: "a search too long" },
    { path: "/friends", status: 200 },
    { path: "/notifications", status: 200 },
    { path: "/profile", status: 200 },
    { path: "/profile/email", status: 200 },
    { path: "/profile/password", status: 200 },
    { path: "/profile/delete", status: 200 },
    { path: "/profile/notifications", status: 200 },
    { path: "/profile/notifications", status: 400, label: "a switch left out", form: { cheer: "on" } },
    { path: "/profile/push", status: 200 },
    {
      path: "/profile/push",
      status: 400,
      label: "an hour that is not one",
      form: { reminderHour: "25", cheers: "on" },
    },
    { path: `/unsubscribe/cheer:nobody.${"x".repeat(43)}`, status: 404, label: "a broken unsubscribe link" },
    { path: "/goals/goal-running/discussion", status: 200 },
    { path: "/goals/goal-running/share", status: 200 },
    { path: "/goals/new", status: 200 },
    { path: "/give/goal-challenge", status: 200 },
    { path: `/give/goal-challenge?member=${member.id}`, status: 200 },
    { path: "/challenges", status: 403 },
    { path: "/no-such-page", status: 404 },
    { path: "/profile", status: 400, label: "empty name", form: { first: "", last: "", color: "#6b7280" } },
    { path: "/goals/goal-running/discussion", status: 400, label: "empty message", form: { intent: "post", body: "" } },
    { path: "/goals/goal-challenge/sponsor", status: 200 },
    { path: "/goals/goal-challenge/teams/seed-team-hill", status: 200 },
  ]);

  // The member's sponsor link (ADR 240) and a supporter's own pledge link (ADR 241), as a supporter gets
  // them: the form, the form refused, the pledge's own page, and links that do not work.
  const kit = await (await page.request.get("/goals/goal-challenge/sponsor")).text();
  const sponsor = kit.match(/\/sponsor\/goal-challenge\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/)?.[0];
  expect(sponsor, "the member's sponsor link on their kit page").toBeTruthy();
  // A team's sponsor link (ADR 275), from its team page.
  const teamPage = await (await page.request.get("/goals/goal-challenge/teams/seed-team-hill")).text();
  const teamSponsor = teamPage.match(/\/sponsor\/goal-challenge\.team\.seed-team-hill\.[A-Za-z0-9_-]+/)?.[0];
  expect(teamSponsor, "the team's sponsor link on its team page").toBeTruthy();
  const pledgeForm = async (fields: Record<string, string>) => {
    const html = await (await request.get(sponsor!)).text();
    const key = html.match(/name="key" value="([^"]+)"/)?.[1];
    expect(key, "the pledge form's key").toBeTruthy();
    return withHoneypot(request, sponsor!, { kind: "fixed", key: key!, ...fields });
  };
  // The form and the form refused come first: once pledged, the link's next page is the thank-you.
  const sponsorPages = await fetchPages(request, base, [
    { path: sponsor!, status: 200, label: "a member's sponsor link" },
    { path: teamSponsor!, status: 200, label: "a team's sponsor link" },
    {
      path: sponsor!,
      status: 400,
      label: "a pledge without a name or an amount",
      form: await pledgeForm({ name: "", amount: "" }),
    },
  ]);
  const pledged = await request.post(sponsor!, {
    form: await pledgeForm({ name: "Uncle Raj Venkataraman-Smythe", amount: "15", email: "raj@example.com" }),
    headers: { Origin: base },
    maxRedirects: 0,
  });
  expect(pledged.status(), "a pledge on the sponsor link").toBe(302);
  const own = new URL(pledged.headers()["location"]!, base);
  expect(own.pathname).toMatch(/^\/pledge\//);
  const supporter = await fetchPages(request, base, [
    { path: own.pathname + own.search, status: 200, label: "the supporter's own link, thanked" },
    { path: own.pathname, status: 200, label: "the supporter's own link" },
    { path: `/sponsor/goal-challenge.nobody.${"x".repeat(43)}`, status: 404, label: "a broken sponsor link" },
    { path: `/pledge/nothing.${"x".repeat(43)}`, status: 404, label: "a broken pledge link" },
  ]);
  expect(htmlErrors([...accept, ...pages, ...sponsorPages, ...supporter])).toEqual([]);
});
