/**
 * POST /dev/live (development only; 404 in production): a lever for tests, the bench and manual checks.
 *   intent=publish&topics=a,b   publishes as a committed write would; answers {delivered}
 *   intent=restart&topics=a,b   resets the hub instances carrying those topics (every stream drops)
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { parseTopics } from "#app/features/live/topics";
import { requireDevelopment } from "#app/platform/http/env.server";
import { publishNow, restartHubs } from "#app/features/live/live.server";
import { notFound } from "#app/platform/http/http-errors.server";

export async function loader() {
  throw notFound();
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireDevelopment(context);
  const form = await request.formData();
  const topics = parseTopics(String(form.get("topics") ?? ""));
  if (!topics) return Response.json({ error: "topics" }, { status: 400 });
  const env = context.cloudflare.env;
  switch (form.get("intent")) {
    case "publish":
      return Response.json({ delivered: await publishNow(env, topics) });
    case "restart":
      await restartHubs(env, topics);
      return Response.json({ restarted: true });
    default:
      return Response.json({ error: "intent" }, { status: 400 });
  }
}
