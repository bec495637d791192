/**
 * Publishing live updates. Call `publish(context, topics)` AFTER a write has committed; the hub Durable
 * Object fans the event out to the browsers listening on those topics, which revalidate their loaders.
 * Topics: "goals" (any goal list), "goal:{id}", "user:{id}", "settings", "admin".
 * (The live-updates work fills in the hub; until then this is a cheap no-op-safe call.)
 */
import type { AppLoadContext } from "@remix-run/cloudflare";

export type Topic = "goals" | "settings" | "admin" | `goal:${string}` | `user:${string}`;

export function publish(context: AppLoadContext, topics: Topic[]) {
  const hub = context.cloudflare.env.HUB;
  if (!hub || topics.length === 0) return;
  const stub = hub.get(hub.idFromName("site"));
  const body = JSON.stringify({ topics, at: Date.now() });
  context.cloudflare.ctx.waitUntil(
    stub.fetch("https://hub/publish", { method: "POST", body }).then(
      () => undefined,
      (error) => console.error("live publish failed", error),
    ),
  );
}
