/**
 * House rule: a screen's loaders make at most 2 D1 round trips in all (the session lookup is one).
 * Each screen is fetched as a document and as a single-fetch `.data` navigation; add new screens to
 * SCREENS as they land. Counting works through tests/support/d1.ts (ADR 050).
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { countD1RoundTrips, describeRoundTrips, screenRoundTrips, writes } from "../support/d1";
import { insertGoal } from "../support/goals";
import { post, signUpUser } from "../support/http";
import { signedInUser } from "../support/factories";
import { insertMeasuredGoal, logEntry } from "../support/progress";

describe("the round-trip counter itself", () => {
  it("counts a statement, a batch and a drizzle-free exec as one round trip each", async () => {
    const { roundTrips } = await countD1RoundTrips(async () => {
      await env.DB.prepare("SELECT 1").first();
      await env.DB.batch([env.DB.prepare("SELECT 1"), env.DB.prepare("SELECT 2")]);
      await env.DB.prepare("SELECT 3").all();
    });
    expect(roundTrips.map((t) => t.kind)).toEqual(["first", "batch", "all"]);
    expect(roundTrips[1]!.sql).toEqual(["SELECT 1", "SELECT 2"]);
  });
});

type Screen = { path: string; signedIn: boolean; status: number; max: number };

const SCREENS: Screen[] = [
  { path: "/", signedIn: false, status: 200, max: 2 },
  { path: "/marketing", signedIn: false, status: 200, max: 2 },
  { path: "/signin", signedIn: false, status: 200, max: 2 },
  { path: "/tester", signedIn: false, status: 200, max: 2 },
  { path: "/main", signedIn: true, status: 200, max: 2 },
  { path: "/marketing", signedIn: true, status: 200, max: 2 },
];

describe("D1 round trips per screen", () => {
  for (const screen of SCREENS) {
    for (const variant of ["document", "data"] as const) {
      const label = `${screen.path} (${screen.signedIn ? "signed in" : "signed out"}, ${variant})`;
      it(`${label} makes at most ${screen.max}`, async () => {
        const cookie = screen.signedIn ? (await signedInUser()).cookie : undefined;
        const path = variant === "data" ? dataPath(screen.path) : screen.path;
        const { status, count, roundTrips } = await screenRoundTrips(path, cookie);
        expect(status, label).toBe(screen.status);
        expect(count, `${label}:\n${describeRoundTrips(roundTrips)}`).toBeLessThanOrEqual(screen.max);
      });
    }
  }

  it("the goal screens, the bar, completed goals, notifications and the discussion read the session and everything they show in ONE round trip (ADR 057)", async () => {
    const { cookie } = await signedInUser();
    const goal = await insertGoal();
    await post(`/join/${goal.id}`, {}, cookie);
    for (const path of [
      "/main",
      "/main?suggested=all", // every suggestion ("Show more", ADR 191)
      `/active/${goal.id}`,
      "/main.data",
      `/active/${goal.id}.data`,
      "/bar",
      "/completedgoals",
      "/bar.data",
      "/notifications",
      `/goals/${goal.id}/discussion`, // the goal, its talk and the visit (ADR 290)
      `/goals/${goal.id}/discussion.data`,
    ]) {
      const { status, count, roundTrips } = await screenRoundTrips(path, cookie);
      expect(status, path).toBe(200);
      expect(count, `${path}:\n${describeRoundTrips(roundTrips)}`).toBe(1);
      // A plain view only reads, so D1 may answer it from a read replica (ADR 200, 210).
      expect(roundTrips.filter(writes), path).toEqual([]);
    }
    // A forged session cookie still goes to /.
    const { status, count } = await screenRoundTrips("/main", cookie.replace(/__session=[^;]*/, "__session=bogus"));
    expect(status).toBe(302);
    expect(count).toBeLessThanOrEqual(1);
  });

  it("a measured goal's screen (totals, leaderboard, my entries, streak, the group's latest) is still ONE round trip", async () => {
    const { cookie } = await signUpUser();
    const goal = await insertMeasuredGoal();
    await post(`/join/${goal.id}`, {}, cookie);
    expect((await logEntry(goal.id, cookie, { amount: "3.5" })).status).toBe(302);
    const visitor = await signUpUser();
    for (const [path, who] of [
      [`/active/${goal.id}`, cookie],
      [`/active/${goal.id}.data`, cookie],
      [`/join/${goal.id}`, visitor.cookie],
    ] as const) {
      const { status, count, roundTrips } = await screenRoundTrips(path, who);
      expect(status, path).toBe(200);
      expect(count, `${path}:\n${describeRoundTrips(roundTrips)}`).toBe(1);
      expect(
        roundTrips[0]!.sql.some((q) => /from "progress_totals"/.test(q)),
        path,
      ).toBe(true);
    }
  });

  it("a signed-in screen reads the session once, however many loaders ask", async () => {
    const { cookie } = await signedInUser();
    const { roundTrips } = await screenRoundTrips("/main", cookie);
    const sessionReads = roundTrips.filter((t) => t.sql.some((s) => /from "sessions"/i.test(s)));
    expect(sessionReads.length).toBe(1);
  });
});

/** The single-fetch URL Remix's client uses for a navigation (`/` becomes `/_root.data`). */
function dataPath(path: string) {
  return path === "/" ? "/_root.data" : `${path}.data`;
}
