/**
 * The site-wide hub is sharded (ADR 202): each member's site-wide streams live on their own
 * shard, visitors spread over all of them, and a publish of a site-wide topic still reaches everyone.
 */
import { env, SELF } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { SITE_SHARDS, siteShard } from "#app/features/live/topics";
import { BASE, post, sseReader } from "../support/http";
import { signedInUser } from "../support/factories";

const open: Array<{ cancel: () => unknown }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.cancel()));
});

async function listen(topics: string, cookie?: string, ip?: string) {
  const headers: Record<string, string> = {};
  if (cookie) headers.Cookie = cookie;
  if (ip) headers["CF-Connecting-IP"] = ip;
  const response = await SELF.fetch(`${BASE}/events?topics=${encodeURIComponent(topics)}`, { headers });
  expect(response.status).toBe(200);
  const stream = sseReader(response);
  open.push(stream);
  expect((await stream.next())?.event).toBe("ready");
  return stream;
}

const subscribersOn = async (instance: string) =>
  (await (await env.HUB.get(env.HUB.idFromName(instance)).fetch("https://hub/stats")).json<{ subscribers: number }>())
    .subscribers;

/** Two members whose ids fall on different shards. */
async function membersOnTwoShards() {
  const first = await signedInUser();
  for (;;) {
    const second = await signedInUser();
    if (siteShard(second.id) !== siteShard(first.id)) return [first, second] as const;
  }
}

describe("sharded site-wide topics", () => {
  it("puts each member's page stream on their own shard, and a list update reaches both", async () => {
    const [a, b] = await membersOnTwoShards();
    const before = {
      a: await subscribersOn(`site#${siteShard(a.id)}`),
      b: await subscribersOn(`site#${siteShard(b.id)}`),
    };
    const streamA = await listen(`goals,user:${a.id}`, a.cookie);
    const streamB = await listen(`goals,user:${b.id}`, b.cookie);
    expect(await subscribersOn(`site#${siteShard(a.id)}`)).toBe(before.a + 1);
    expect(await subscribersOn(`site#${siteShard(b.id)}`)).toBe(before.b + 1);

    expect((await post("/dev/live", { intent: "publish", topics: "goals" })).status).toBe(200);
    expect((await streamA.next())?.event).toBe("change");
    expect((await streamB.next())?.event).toBe("change");
  });

  it("spreads visitors over the shards by address, and a settings change reaches every one of them", async () => {
    const streams = [];
    for (let i = 0; i < 24; i++) streams.push(await listen("settings", undefined, `198.51.100.${i + 1}`));
    const counts = await Promise.all(Array.from({ length: SITE_SHARDS }, (_, k) => subscribersOn(`site#${k}`)));
    expect(counts.filter((n) => n > 0).length).toBeGreaterThan(1);
    expect((await post("/dev/live", { intent: "publish", topics: "settings" })).status).toBe(200);
    for (const stream of streams) expect((await stream.next())?.event).toBe("change");
  });
});
