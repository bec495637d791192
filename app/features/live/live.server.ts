/**
 * Live updates, the worker's side (ADR 040-042). Call `publish(context, topics)` AFTER a write has
 * committed; the hub Durable Objects fan the event out to the browsers listening on those topics, which
 * revalidate their loaders. Topics: "goals" (any goal list), "goal:{id}", "user:{id}", "settings", "admin".
 * Each goal topic lives on its own hub instance; the site-wide topics are sharded over "site#0..7" (ADR 202).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { byInstance, instanceFor, publishInstances, type Topic } from "#app/features/live/topics";

export type { Topic };

/** Unread events a merged stream may queue for a browser before it is cut off. */
const MERGE_BACKLOG = 32;

const hubStub = (env: Env, instance: string) => env.HUB.get(env.HUB.idFromName(instance));

/** Fans an event out after a committed write. Never blocks or fails the request that wrote. */
export function publish(context: AppLoadContext, topics: Topic[]) {
  const { env, ctx } = context.cloudflare;
  if (!env.HUB || topics.length === 0) return;
  ctx.waitUntil(publishNow(env, topics));
}

/**
 * The same, awaited: one POST per hub instance, in parallel (a broadcast topic reaches every site
 * shard). Resolves to the subscribers reached.
 */
export async function publishNow(env: Env, topics: Topic[], at = Date.now()): Promise<number> {
  const sends = [...publishInstances([...new Set(topics)])].map(async ([instance, group]) => {
    try {
      const response = await hubStub(env, instance).fetch("https://hub/publish", {
        method: "POST",
        body: JSON.stringify({ topics: group, at }),
      });
      return ((await response.json()) as { delivered: number }).delivered;
    } catch (error) {
      console.error("live publish failed", instance, error);
      return 0;
    }
  });
  return (await Promise.all(sends)).reduce((a, b) => a + b, 0);
}

/**
 * One SSE response for topics that may live on several hub instances (ADR 042): a single instance's
 * stream passes straight through; several are merged here, event by event, so a page holds one
 * connection whatever it watches. If any hub's stream ends, the merged stream ends too, and the
 * browser reconnects (and revalidates) rather than half-listening.
 */
export async function subscribe(
  env: Env,
  topics: Topic[],
  listener: { address: string | null; member: string | null } = { address: null, member: null },
): Promise<Response> {
  // A member's site-wide topics ride on their own shard, a visitor's on their address's (ADR 202), so
  // the per-member and per-address caps (ADR 106) count every stream of theirs on one instance.
  const groups = [...byInstance(topics, listener.member ?? listener.address)];
  const who = new URLSearchParams();
  if (listener.address) who.set("address", listener.address);
  if (listener.member) who.set("member", listener.member);
  const responses = await Promise.all(
    groups.map(([instance, group]) =>
      hubStub(env, instance).fetch(`https://hub/subscribe?topics=${encodeURIComponent(group.join(","))}&${who}`),
    ),
  );
  // A hub over its caps answers 429/503 with Retry-After (ADR 106): pass that on, drop the rest.
  const refused = responses.find((r) => !r.ok);
  if (refused) {
    for (const response of responses) if (response !== refused) response.body?.cancel().catch(() => {});
    return refused;
  }
  if (responses.length === 1) return responses[0]!;
  return new Response(mergeEventStreams(responses.map((r) => r.body!)), { headers: responses[0]!.headers });
}

/**
 * Interleaves SSE streams, never splitting an event (events end with a blank line). Each hub opens
 * with a `ready` event; the browser gets one, combined, so it decides once whether it missed anything.
 * A browser that stops reading is cut off (backlog too deep), as the hub does.
 */
function mergeEventStreams(sources: ReadableStream<Uint8Array>[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const readers = sources.map((s) => s.getReader());
  for (const reader of readers) reader.closed.catch(() => {});
  let closed = false;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stopReading = (reason?: unknown) => {
    closed = true;
    for (const reader of readers) reader.cancel(reason).catch(() => {});
  };
  const end = (reason?: unknown) => {
    if (closed) return;
    stopReading(reason);
    try {
      if (reason === undefined) controller.close();
      else controller.error(reason);
    } catch {
      // Already closed or errored by the other side: nothing left to end.
    }
  };
  const emit = (text: string) => {
    if (closed) return;
    if ((controller.desiredSize ?? 0) < -MERGE_BACKLOG) return end(new Error("subscriber is not reading"));
    controller.enqueue(encoder.encode(text));
  };

  const pumps = readers.map((reader) => {
    const decoder = new TextDecoder();
    let buffer = "";
    /** The next complete events in this source (null when it ended). */
    return async (): Promise<string | null> => {
      for (;;) {
        const cut = buffer.lastIndexOf("\n\n");
        if (cut !== -1) {
          const events = buffer.slice(0, cut + 2);
          buffer = buffer.slice(cut + 2);
          return events;
        }
        const { done, value } = await reader.read();
        if (done || closed) return null;
        buffer += decoder.decode(value, { stream: true });
      }
    };
  });

  const run = async () => {
    // The opening `ready` of each hub (a hub writes it, whole, before anything else).
    const openings = await Promise.all(pumps.map((nextEvents) => nextEvents()));
    if (openings.some((o) => o === null)) return end();
    const ready = { topics: [] as string[], since: 0, now: 0 };
    let retry = "";
    let after = "";
    for (const opening of openings as string[]) {
      const cut = opening.indexOf("\n\n");
      const first = opening.slice(0, cut);
      after += opening.slice(cut + 2);
      retry = /^retry: .*$/m.exec(first)?.[0] ?? retry;
      const data = JSON.parse(/^data: (.*)$/m.exec(first)![1]!) as typeof ready;
      ready.topics.push(...data.topics);
      ready.since = Math.max(ready.since, data.since);
      ready.now = Math.max(ready.now, data.now);
    }
    emit(`${retry}\nevent: ready\ndata: ${JSON.stringify(ready)}\n\n${after}`);
    await Promise.all(
      pumps.map(async (nextEvents) => {
        for (let events = await nextEvents(); events !== null; events = await nextEvents()) emit(events);
        end(); // one hub gone: end it all, so the browser reconnects rather than half-listens
      }),
    );
  };

  return new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      run().catch(end);
    },
    cancel(reason) {
      stopReading(reason);
    },
  });
}

/**
 * Closes live streams whose access may have changed, so the browsers reconnect through /events and
 * its checks (ADR 106): a member's streams on the site-wide hub after their role or status changed
 * (every page follows `user:{me}` there, and a merged stream ends when one hub ends it), or every
 * stream of a goal after its visibility changed.
 */
export function revokeStreams(context: AppLoadContext, whose: { member: string } | { goal: string }) {
  const { env, ctx } = context.cloudflare;
  if (!env.HUB) return;
  const [instance, member] =
    "member" in whose
      ? [instanceFor(`user:${whose.member}`), whose.member]
      : [instanceFor(`goal:${whose.goal}`), undefined];
  ctx.waitUntil(
    hubStub(env, instance)
      .fetch("https://hub/revoke", { method: "POST", body: JSON.stringify({ member }) })
      .then((r) => r.body?.cancel())
      .catch((error) => console.error("live revoke failed", instance, error)),
  );
}

/** Resets every hub instance that carries these topics (dev tools and tests only). */
export async function restartHubs(env: Env, topics: Topic[]) {
  await Promise.all(
    [...publishInstances(topics).keys()].map(
      (instance) =>
        hubStub(env, instance)
          .fetch("https://hub/restart", { method: "POST" })
          .catch(() => undefined), // the reset itself breaks the call
    ),
  );
}

/** How many streams a hub instance holds (dev tools and tests). */
export async function hubStats(env: Env, instance: string): Promise<{ subscribers: number; startedAt: number }> {
  return (await hubStub(env, instance).fetch("https://hub/stats")).json();
}
