/**
 * "Find a goal" (ADR 263): past the 50 goals closing soonest that Suggested's "Show more" lists, every
 * goal a member could join is reachable, page by page and by name; the search's wildcards are literal
 * and a search too long is refused with its message, never a 500.
 */
import { describe, expect, it } from "vitest";
import { get } from "../support/http";
import { createUser, dayFromToday, join, signedInUser } from "../support/factories";
import { insertGoal } from "../support/goals";

const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");
const causesIn = (html: string) =>
  [...html.matchAll(/<span class="goal-card__name">([^<]*)<\/span>/g)].map((m) => m[1]);
const nextHref = (html: string) => html.match(/<a [^>]*rel="next"[^>]*>/)?.[0].match(/href="([^"]+)"/)?.[1];

describe("find a goal", () => {
  it("reaches the 51st goal closing soonest, which Show more does not list", async () => {
    const stamp = `Busy ${Date.now()}`;
    // 55 running goals, closing one a day from tomorrow: they are the 55 closing soonest.
    const causes = Array.from({ length: 55 }, (_, i) => `${stamp} ${String(i + 1).padStart(2, "0")}`);
    for (const [i, cause] of causes.entries())
      await insertGoal({ cause, start: dayFromToday(-1), end: dayFromToday(i + 1) });
    const { cookie } = await signedInUser();
    const fiftyFirst = causes[50]!;

    const showMore = await text(await get("/main?suggested=all", cookie));
    expect(showMore).toContain(causes[49]);
    expect(showMore).not.toContain(fiftyFirst);
    // The way there from /main: "Find a goal" under Suggested.
    expect(showMore).toMatch(/<a class="button button--secondary"[^>]* href="\/goals\/find">Find a goal<\/a>/);

    // Page by page, without a search: 20 a page, closing soonest first, a Next page link while there is more.
    let path: string | undefined = "/goals/find";
    const seen: string[] = [];
    for (let pages = 0; path && pages < 10 && !seen.includes(fiftyFirst); pages++) {
      const response = await get(path.replaceAll("&amp;", "&"), cookie);
      expect(response.status).toBe(200);
      const html = await text(response);
      const onPage = causesIn(html);
      expect(onPage.length).toBeLessThanOrEqual(20);
      seen.push(...onPage);
      path = nextHref(html);
    }
    // In order, closing soonest first, none twice: the 51st comes right after the 50th.
    const ours = seen.filter((c) => c!.startsWith(stamp));
    expect(ours).toEqual(causes.slice(0, ours.length));
    expect(ours.length).toBeGreaterThanOrEqual(51);

    // By name: the third page of this search holds the 41st to the 55th.
    const third = await text(await get(`/goals/find?q=${encodeURIComponent(stamp)}&page=3`, cookie));
    expect(causesIn(third)).toEqual(causes.slice(40));
    expect(third).toContain("closing soonest first: 41 to 55.");
    expect(third).toContain(`href="/join/`);
    expect(third).toMatch(/rel="prev"/);
    expect(nextHref(third)).toBeUndefined();
  });

  it("lists only goals the member could join: not joined, not ended, not demo, no other org's private goal", async () => {
    const stamp = `Rule ${Date.now()}`;
    const { cookie, id } = await signedInUser();
    const org = await createUser({ type: "org" });
    const open = await insertGoal({ cause: `${stamp} open` });
    const joined = await insertGoal({ cause: `${stamp} joined` });
    await join(id, joined.id);
    await insertGoal({ cause: `${stamp} ended`, start: dayFromToday(-30), end: dayFromToday(-2) });
    await insertGoal({ cause: `${stamp} demo`, demo: true });
    await insertGoal({ cause: `${stamp} private`, visibility: "private", orgId: org.id });
    const html = await text(await get(`/goals/find?q=${encodeURIComponent(stamp)}`, cookie));
    expect(causesIn(html)).toEqual([open.cause]);
  });

  it("takes % and _ literally, ignores case, and answers a search with nothing in it kindly", async () => {
    const { cookie } = await signedInUser();
    const stamp = `Lit${Date.now()}`;
    await insertGoal({ cause: `${stamp} 100% effort` });
    await insertGoal({ cause: `${stamp} 1000 effort` });
    await insertGoal({ cause: `${stamp} a_b` });
    await insertGoal({ cause: `${stamp} axb` });
    expect(causesIn(await text(await get(`/goals/find?q=${encodeURIComponent(`${stamp} 100%`)}`, cookie)))).toEqual([
      `${stamp} 100% effort`,
    ]);
    expect(causesIn(await text(await get(`/goals/find?q=${encodeURIComponent(`${stamp} A_B`)}`, cookie)))).toEqual([
      `${stamp} a_b`,
    ]);
    const none = await get(`/goals/find?q=${encodeURIComponent(`${stamp} \\%`)}`, cookie);
    expect(none.status).toBe(200);
    expect(await text(none)).toContain(`No goal you could join is named like “${stamp} \\%”.`);
  });

  it("refuses a search too long with its message (400), and reads a bad page as the first", async () => {
    const { cookie } = await signedInUser();
    for (const q of ["x".repeat(41), "😀".repeat(20), "y".repeat(500)]) {
      const response = await get(`/goals/find?q=${encodeURIComponent(q)}`, cookie);
      expect(response.status, `${q.slice(0, 10)}…`).toBe(400);
      const html = await text(response);
      expect(html).toContain('<p class="field__error" id="find-q-error">Search with 40 characters or fewer.</p>');
      expect(html).toContain('aria-invalid="true"');
    }
    for (const page of ["0", "-1", "abc", "99999", "1e3"]) {
      const response = await get(`/goals/find?page=${page}`, cookie);
      expect(response.status, page).toBe(200);
    }
  });

  it("is for members: a visitor goes to /", async () => {
    const response = await get("/goals/find?q=walk");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });
});
