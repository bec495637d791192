import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { createDevUser, devUserSchema } from "#app/features/admin/dev-users.server";
import { requireDevelopment } from "#app/platform/http/env.server";
import { readFormData } from "#app/platform/http/form-data.server";

/**
 * Development only: POST creates a signed-in user for the e2e fixtures (tests/e2e/fixtures.ts) and
 * answers it as JSON with its session cookie (and sets that cookie). Production answers 404 and writes nothing.
 */
export async function loader({ context }: ActionFunctionArgs) {
  requireDevelopment(context);
  throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireDevelopment(context);
  // `join` repeated for several goals reads as a list (conform's parse).
  const submission = parseWithZod(await readFormData(request), { schema: devUserSchema });
  if (submission.status !== "success") return Response.json({ error: submission.error }, { status: 400 });
  const user = await createDevUser(context, submission.value);
  // Also as Set-Cookie: a Playwright page's own request context then signs its browser in by itself.
  return Response.json(user, {
    headers: { "Cache-Control": "no-store", "Set-Cookie": user.setCookie },
  });
}
