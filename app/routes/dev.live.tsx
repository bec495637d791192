/**
 * POST /dev/live (development only; 404 in production): a lever for tests, the bench and manual checks.
 *   intent=publish&topics=a,b   publishes as a committed write would; answers {delivered}
 *   intent=restart&topics=a,b   resets the hub instances carrying those topics (every stream drops)
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import * as z from "zod";
import { parseTopics } from "#app/features/live/topics";
import { requireDevelopment } from "#app/platform/http/env.server";
import { publishNow, restartHubs } from "#app/features/live/live.server";
import { notFound } from "#app/platform/http/http-errors.server";
import { readFormData } from "#app/platform/http/form-data.server";
import { parseIntentForm } from "#app/platform/http/intent-form.server";

export async function loader() {
  throw notFound();
}

/** The topics a lever acts on, as `a,b` (parseTopics checks each). */
const TOPICS_FORM = z.object({ topics: z.string().default("") });

/** The development hub controls, by intent (ADR 278). */
const DEV_LIVE_FORMS = {
  publish: z.object({ intent: z.literal("publish") }),
  restart: z.object({ intent: z.literal("restart") }),
};

export async function action({ request, context }: ActionFunctionArgs) {
  requireDevelopment(context);
  const form = await readFormData(request);
  const sent = parseWithZod(form, { schema: TOPICS_FORM });
  const topics = sent.status === "success" ? parseTopics(sent.value.topics) : null;
  if (!topics) return Response.json({ error: "topics" }, { status: 400 });
  const env = context.cloudflare.env;
  switch (parseIntentForm(form, DEV_LIVE_FORMS).intent) {
    case "publish":
      return Response.json({ delivered: await publishNow(env, topics) });
    case "restart":
      await restartHubs(env, topics);
      return Response.json({ restarted: true });
    default:
      return Response.json({ error: "intent" }, { status: 400 });
  }
}
