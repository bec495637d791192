import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { get, post, setType, sseReader, userId } from "../support/http";
import { signedInUser } from "../support/factories";

const open: Array<{ cancel: () => unknown }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.cancel()));
});

async function listen(topics: string, cookie?: string) {
  const response = await get(`/events?topics=${encodeURIComponent(topics)}`, cookie);
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
  const stream = sseReader(response);
  open.push(stream);
  const ready = await stream.next();
  expect(ready?.event).toBe("ready");
  return stream;
}

const publish = (topics: string) => post("/dev/live", { intent: "publish", topics });
const hubStats = async (instance: string) =>
  (await env.HUB.get(env.HUB.idFromName(instance)).fetch("https://hub/stats")).json<{ subscribers: number }>();

let goalCounter = 0;
async function insertGoal(visibility: "public" | "private", orgId: string | null = null) {
  const id = `live-goal-${Date.now()}-${++goalCounter}`;
  await env.DB.prepare(
    "INSERT INTO goals (id, cause, start, \"end\", visibility, org_id) VALUES (?, 'Test cause', '2026-01-01', '2027-01-01', ?, ?)",
  )
    .bind(id, visibility, orgId)
    .run();
  return id;
}

describe("the /events stream: who may hear what", () => {
  it("lets a visitor hear the settings only", async () => {
    await listen("settings");
    expect((await get("/events?topics=goals")).status).toBe(401);
    expect((await get("/events?topics=settings,admin")).status).toBe(401);
  });

  it("refuses malformed or unknown topics with a 400", async () => {
    expect((await get("/events")).status).toBe(400);
    expect((await get("/events?topics=goals,everything")).status).toBe(400);
  });

  it("lets a member hear lists, public goals and their own topic, nobody else's", async () => {
    const { cookie, email } = await signedInUser();
    const me = await userId(email);
    const goal = await insertGoal("public");
    await listen(`goals,user:${me},goal:${goal}`, cookie);
    expect((await get("/events?topics=user:someone-else", cookie)).status).toBe(403);
    expect((await get("/events?topics=admin", cookie)).status).toBe(403);
    expect((await get("/events?topics=goal:no-such-goal", cookie)).status).toBe(403);
  });

  it("keeps a private goal's topic to its org, its participants and admins", async () => {
    const orgUser = await signedInUser();
    await setType(orgUser.email, "org");
    const goal = await insertGoal("private", await userId(orgUser.email));
    const outsider = await signedInUser();
    const participant = await signedInUser();
    await env.DB.prepare("INSERT INTO user_goals (user_id, goal_id) VALUES (?, ?)")
      .bind(await userId(participant.email), goal)
      .run();
    const admin = await signedInUser();
    await setType(admin.email, "admin");

    expect((await get(`/events?topics=goal:${goal}`, outsider.cookie)).status).toBe(403);
    await listen(`goal:${goal}`, orgUser.cookie);
    await listen(`goal:${goal}`, participant.cookie);
    await listen(`goal:${goal},admin`, admin.cookie);
  });
});

describe("fan-out", () => {
  it("delivers a change to the subscribers of that topic only, once each, across hub instances", async () => {
    const { cookie } = await signedInUser();
    const [a, b] = [await insertGoal("public"), await insertGoal("public")];
    const onA = await listen(`goal:${a},goals`, cookie);
    const onB = await listen(`goal:${b}`, cookie);

    await publish(`goal:${a},goals`);
    const change = await onA.next();
    expect(change).toMatchObject({ event: "change" });
    // Merged from two instances, the subscriber hears both topics, and each exactly once.
    const topics = [...change!.data.topics];
    const second = await onA.next(300).catch(() => null);
    if (second) topics.push(...second.data.topics);
    expect(topics.sort()).toEqual([`goal:${a}`, "goals"]);

    await publish(`goal:${b}`);
    expect(await onB.next()).toMatchObject({ event: "change", data: { topics: [`goal:${b}`] } });
    await expect(onA.next(300)).rejects.toThrow(/no server-sent event/);
  });

  it("a real join reaches the goal's listeners and the admin lists, not every member's goal lists", async () => {
    const watcher = await signedInUser();
    const admin = await signedInUser();
    await setType(admin.email, "admin");
    const goal = await insertGoal("public");
    const onGoal = await listen(`goal:${goal}`, watcher.cookie);
    const onLists = await listen("goals", watcher.cookie);
    const onAdmin = await listen("admin", admin.cookie);

    const joiner = await signedInUser();
    const joined = await post(`/join/${goal}`, { intent: "join" }, joiner.cookie);
    expect(joined.headers.get("Location")).toBe(`/active/${goal}`);
    expect(await onGoal.next()).toMatchObject({ event: "change", data: { topics: [`goal:${goal}`] } });
    expect(await onAdmin.next()).toMatchObject({ event: "change", data: { topics: ["admin"] } });
    await expect(onLists.next(300)).rejects.toThrow(/no server-sent event/);
  });

  it("drops a subscriber whose stream is gone", async () => {
    const { cookie } = await signedInUser();
    const goal = await insertGoal("public");
    const stream = await listen(`goal:${goal}`, cookie);
    expect((await hubStats(`goal:${goal}`)).subscribers).toBe(1);
    await stream.cancel();
    await publish(`goal:${goal}`);
    await expect.poll(async () => (await hubStats(`goal:${goal}`)).subscribers, { timeout: 2_000 }).toBe(0);
  });

  it("sends a heartbeat comment, and the heartbeat prunes a subscriber that left without a word", async () => {
    const { cookie } = await signedInUser();
    const goal = await insertGoal("public");
    const response = await get(`/events?topics=goal:${goal}`, cookie);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (!text.includes(": ping\n\n")) text += decoder.decode((await reader.read()).value, { stream: true });
    expect(text).toMatch(/^retry: \d+\nevent: ready\n/);
    expect((await hubStats(`goal:${goal}`)).subscribers).toBe(1);
    await reader.cancel();
    // No publish: only the heartbeat can find out.
    await expect.poll(async () => (await hubStats(`goal:${goal}`)).subscribers, { timeout: 2_000 }).toBe(0);
  });

  it("ends the streams when the hub restarts, and a reconnect hears new changes", async () => {
    const { cookie } = await signedInUser();
    const goal = await insertGoal("public");
    const stream = await listen(`goal:${goal},goals`, cookie);
    expect((await post("/dev/live", { intent: "restart", topics: `goal:${goal}` })).status).toBe(200);
    // The merged stream ends (or errors) rather than half-listening.
    await expect(
      stream.next(3_000).then(
        (e) => e?.event ?? "ended",
        () => "ended",
      ),
    ).resolves.toBe("ended");

    const again = await listen(`goal:${goal},goals`, cookie);
    await publish(`goal:${goal}`);
    expect(await again.next()).toMatchObject({ event: "change", data: { topics: [`goal:${goal}`] } });
  });
});
