/**
 * Early-access requests (SPEC: five required fields): validated, throttled, stored, then forwarded to
 * the marketing CRM by crm.server.ts when CRM_FORM_URL is set.
 */
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { parseWithZod } from "@conform-to/zod/v4";
import { newId } from "#app/lib/ids";
import { earlyAccessSchema, type EarlyAccessRequest } from "#app/lib/schemas/early-access";
import { earlyAccessRequests } from "#drizzle/schema";
import { FLASH } from "#app/lib/flash";
import { redirectWithFlash } from "./flash.server";
import { forwardPending } from "./crm.server";
import { checkHoneypot } from "./honeypot.server";
import { countersFor, hit, LIMITS, TOO_MANY_REQUESTS } from "./rate-limit.server";
import { readFormData } from "./form-data.server";

/** The /signup action in 'request' mode: validate, throttle, store, then thank the visitor. */
export async function requestEarlyAccess(request: Request, context: AppLoadContext) {
  const formData = await readFormData(request);
  checkHoneypot(context, formData);
  const submission = parseWithZod(formData, { schema: earlyAccessSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const counters = countersFor(
    request,
    { email: LIMITS.earlyAccessEmail, address: LIMITS.earlyAccessAddress },
    submission.value.email,
  );
  if (await hit(context.db, counters)) {
    return data(submission.reply({ fieldErrors: { email: [TOO_MANY_REQUESTS] } }), { status: 429 });
  }
  await submitEarlyAccessRequest(context, submission.value);
  // Post/redirect/get: a reload does not send the request twice.
  throw await redirectWithFlash(context.cloudflare.env, "/signup", FLASH.requested, "requested");
}

/** Stores the request, then forwards it (and any earlier pending ones) after the response. */
export async function submitEarlyAccessRequest(context: AppLoadContext, request: EarlyAccessRequest) {
  const id = newId();
  await context.db.insert(earlyAccessRequests).values({
    id,
    nameFirst: request.name_first,
    nameLast: request.name_last,
    locationCity: request.location_city,
    locationState: request.location_state,
    email: request.email,
  });
  const { env, ctx } = context.cloudflare;
  if (env.CRM_FORM_URL) ctx.waitUntil(forwardPending(context.db, env.CRM_FORM_URL));
  return id;
}
