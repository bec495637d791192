import { env, runInDurableObject, SELF } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import type { Hub } from "#app/features/live/hub.server";
import { STREAM_LIMITS } from "#app/features/live/stream-limits";
import { instanceFor } from "#app/features/live/topics";
import { BASE, get, post, sseReader } from "../support/http";
import { signedInUser } from "../support/factories";

const open: Array<{ cancel: () => unknown }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.cancel()));
});

/** Opens /events from a client address (CF-Connecting-IP), optionally signed in. */
async function connect(topics: string, options: { ip?: string; cookie?: string } = {}) {
  const headers: Record<string, string> = {};
  if (options.ip) headers["CF-Connecting-IP"] = options.ip;
  if (options.cookie) headers.Cookie = options.cookie;
  const response = await SELF.fetch(`${BASE}/events?topics=${encodeURIComponent(topics)}`, { headers });
  if (response.ok) {
    const stream = sseReader(response);
    open.push(stream);
    expect((await stream.next())?.event).toBe("ready");
    return { response, stream };
  }
  return { response, stream: null };
}

const hub = (instance: string) => env.HUB.get(env.HUB.idFromName(instance)) as unknown as DurableObjectStub<Hub>;

let goalCounter = 0;
async function insertGoal(visibility: "public" | "private") {
  const id = `caps-goal-${Date.now()}-${++goalCounter}`;
  await env.DB.prepare(
    "INSERT INTO goals (id, cause, start, \"end\", visibility) VALUES (?, 'Capped cause', '2026-01-01', '2027-01-01', ?)",
  )
    .bind(id, visibility)
    .run();
  return id;
}

/** True when the stream ends (or errors) within 3 s, whatever events come first; false if it stays open. */
async function ends(stream: { next: (ms?: number) => Promise<unknown> }) {
  const deadline = Date.now() + 3_000;
  while (Date.now() < deadline) {
    try {
      if ((await stream.next(deadline - Date.now())) === null) return true;
    } catch (error) {
      return !/no server-sent event/.test((error as Error).message);
    }
  }
  return false;
}

describe("live-update streams have caps and a lifetime", () => {
  it("one client address gets its streams up to the cap, then a 429 with Retry-After; other addresses go on", async () => {
    const ip = `203.0.113.${10 + (Date.now() % 200)}`;
    for (let i = 0; i < STREAM_LIMITS.perAddress; i++) {
      expect((await connect("settings", { ip })).response.status, `stream ${i + 1}`).toBe(200);
    }
    const refused = (await connect("settings", { ip })).response;
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("30");
    expect(await refused.text()).toContain("Too many live-update connections");
    expect((await connect("settings", { ip: "198.51.100.77" })).response.status).toBe(200);
    // Closing one makes room again.
    await open.shift()!.cancel();
    await expect
      .poll(
        async () => {
          const { response } = await connect("settings", { ip });
          return response.status;
        },
        { timeout: 3_000 },
      )
      .toBe(200);
  });

  it("one signed-in member gets their streams up to the cap, from any address, then a 429", async () => {
    const { cookie } = await signedInUser();
    for (let i = 0; i < STREAM_LIMITS.perMember; i++) {
      const ip = `192.0.2.${i + 1}`;
      expect((await connect("goals", { cookie, ip })).response.status, `stream ${i + 1}`).toBe(200);
    }
    const refused = (await connect("goals", { cookie, ip: "192.0.2.200" })).response;
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("30");
    await refused.body?.cancel();
    // Another member is not affected.
    expect((await connect("goals", { cookie: (await signedInUser()).cookie })).response.status).toBe(200);
  });

  it("closes a stream once it has lived its maximum age; the browser's reconnect is served", async () => {
    const { cookie, id } = await signedInUser();
    const { stream } = await connect("goals", { cookie });
    // The member's site-wide stream lives on their shard (ADR 202).
    const closed = await runInDurableObject(hub(instanceFor(`user:${id}`)), (instance: Hub) =>
      instance.closeExpired(Date.now() + STREAM_LIMITS.maxAgeMs + 1),
    );
    expect(closed).toBeGreaterThan(0);
    expect(await ends(stream!)).toBe(true);
    expect((await connect("goals", { cookie })).response.status).toBe(200);
  });

  it("a member's streams end when an admin changes their role, and the reconnect is checked again", async () => {
    const admin = await signedInUser({ type: "admin" });
    const demoted = await signedInUser({ type: "admin" });
    const secret = await insertGoal("private");
    const { stream } = await connect(`goal:${secret},admin`, { cookie: demoted.cookie });

    const change = await post(
      "/admin/users",
      { intent: "change-user", userId: demoted.id, type: "user", status: "active" },
      admin.cookie,
    );
    expect(change.status).toBe(200);
    expect(await ends(stream!)).toBe(true);
    const again = await get(`/events?topics=${encodeURIComponent(`goal:${secret}`)}`, demoted.cookie);
    expect(again.status).toBe(403);
    await again.body?.cancel();
  });

  it("a goal's streams end when it turns private, and only those who may still hear it get back in", async () => {
    const admin = await signedInUser({ type: "admin" });
    const watcher = await signedInUser();
    const goal = await insertGoal("public");
    const { stream } = await connect(`goal:${goal}`, { cookie: watcher.cookie });

    const edit = await post(
      `/admin/goals/${goal}`,
      { cause: "Capped cause", start: "2026-01-01", end: "2027-01-01", visibility: "private" },
      admin.cookie,
    );
    expect(edit.status).toBe(200);
    expect(await ends(stream!)).toBe(true);
    const again = await get(`/events?topics=goal:${goal}`, watcher.cookie);
    expect(again.status).toBe(403);
    await again.body?.cancel();
    expect((await connect(`goal:${goal}`, { cookie: admin.cookie })).response.status).toBe(200);
  });
});
