/**
 * GET /events?topics=goals,goal:abc — the live-updates stream (server-sent events) for one page.
 * Checks the session and that this listener may hear every topic asked for, then connects the
 * browser to the hub instance(s) carrying them (ADR 040-042).
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseTopics } from "#app/features/live/topics";
import { forbiddenTopics } from "#app/features/live/live-access.server";
import { subscribe } from "#app/features/live/live.server";
import { clientAddress } from "#app/platform/session/rate-limit.server";
import { getOptionalUser } from "#app/platform/session/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const topics = parseTopics(new URL(request.url).searchParams.get("topics"));
  if (!topics) return new Response("Ask for 1 to 16 known topics: ?topics=goals,goal:{id}", { status: 400 });
  const user = await getOptionalUser(request, context);
  const forbidden = await forbiddenTopics(context.db, user && { id: user.id, type: user.type }, topics);
  if (forbidden.length > 0) {
    return new Response(`Not allowed: ${forbidden.join(",")}`, { status: user ? 403 : 401 });
  }
  return subscribe(context.cloudflare.env, topics, { address: clientAddress(request), member: user?.id ?? null });
}

/**
 * POST /events does nothing: the live hook submits to it with a fetcher so that Remix revalidates the
 * page's loaders while keeping its action data (ADR 043). Nothing is read or written.
 */
export async function action() {
  return null;
}
