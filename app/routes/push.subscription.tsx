import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { pushSubscriptionSchema } from "#app/features/push/push.schema";
import { isCurvePoint, pushConfigured, subscribe, unsubscribe } from "#app/features/push/push.server";
import { readFormData } from "#app/platform/http/form-data.server";
import { getOptionalUser } from "#app/platform/session/session.server";

const NO_STORE = { "Cache-Control": "no-store" };
const answer = (body: Record<string, unknown>, status = 200) => Response.json(body, { status, headers: NO_STORE });

/**
 * POST /push/subscription (ADR 281): the page's script sends the device's PushSubscription after the
 * member allowed notifications (intent=subscribe), or its endpoint when they turn them off
 * (intent=unsubscribe). A form body, so the request guard's same-origin check applies as to every form
 * (ADR 071). JSON answers; a refusal names the field and writes nothing.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await getOptionalUser(request, context);
  if (!user) return answer({ error: "Sign in to turn on notifications." }, 401);
  const submission = parseWithZod(await readFormData(request), { schema: pushSubscriptionSchema });
  if (submission.status !== "success") {
    const errors = submission.error ?? {};
    const [field, messages] = Object.entries(errors).find(([, m]) => m?.length) ?? ["", ["Try again."]];
    return answer({ error: messages?.[0] ?? "Try again.", field }, 400);
  }
  if (!pushConfigured(context.cloudflare.env))
    return answer({ error: "Notifications are not available on this site yet." }, 503);
  const value = submission.value;
  if (value.intent === "unsubscribe") {
    await unsubscribe(context, user.id, value.endpoint);
    return answer({ subscribed: false });
  }
  if (!(await isCurvePoint(value.p256dh))) return answer({ error: "This is not a device key.", field: "p256dh" }, 400);
  await subscribe(context, user.id, value);
  return answer({ subscribed: true });
}

export function loader() {
  return new Response("Not found", { status: 404 });
}
