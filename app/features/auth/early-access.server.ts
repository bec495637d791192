/**
 * Early-access requests (SPEC: five required fields): validated, throttled, stored, then forwarded to
 * the marketing CRM through the outbound queue (crm.server.ts, ADR 125) when CRM_FORM_URL is set.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { newId } from "#app/lib/ids";
import { earlyAccessSchema, type EarlyAccessRequest } from "#app/features/auth/early-access.schema";
import { eq } from "drizzle-orm";
import { earlyAccessRequests, users } from "#drizzle/schema";
import { FLASH } from "#app/lib/flash";
import { redirectWithFlash } from "#app/platform/session/flash.server";
import { readPublicForm } from "#app/platform/http/public-form.server";
import { LIMITS } from "#app/platform/session/rate-limit.server";
import { forwardLater } from "#app/features/mail/crm.server";

/** The /signup action in 'request' mode: validate, throttle, store, then thank the visitor. */
export async function requestEarlyAccess(request: Request, context: AppLoadContext) {
  const form = await readPublicForm(request, context, {
    schema: earlyAccessSchema,
    throttle: {
      email: LIMITS.earlyAccessEmail,
      address: LIMITS.earlyAccessAddress,
      emailOf: (v) => v.email,
      field: "email",
    },
  });
  if (form.refused) return form.refused;
  const outcome = await submitEarlyAccessRequest(context, form.value);
  const { env } = context.cloudflare;
  // Someone with an account needs no place in the queue: send them where they can get in.
  if (outcome === "member") throw await redirectWithFlash(env, "/signin", FLASH.alreadyMember);
  // Post/redirect/get: a reload does not send the request twice.
  const message = outcome === "updated" ? FLASH.requestUpdated : FLASH.requested;
  throw await redirectWithFlash(env, "/signup", message, "requested");
}

/**
 * Stores the request, one per address: a second request from the same address updates the first
 * (its place in the queue, its invitation and its forwarding stay). An address that already has an
 * account stores nothing. A new request goes on the outbound queue to the CRM (ADR 125) after the response.
 */
export async function submitEarlyAccessRequest(
  context: AppLoadContext,
  request: EarlyAccessRequest,
): Promise<"new" | "updated" | "member"> {
  const { db } = context;
  const [members, existing] = await db.batch([
    db.select({ id: users.id }).from(users).where(eq(users.email, request.email)).limit(1),
    db
      .select({ id: earlyAccessRequests.id })
      .from(earlyAccessRequests)
      .where(eq(earlyAccessRequests.email, request.email))
      .orderBy(earlyAccessRequests.createdAt)
      .limit(1),
  ]);
  if (members.length) return "member";
  const details = {
    nameFirst: request.name_first,
    nameLast: request.name_last,
    locationCity: request.location_city,
    locationState: request.location_state,
  };
  if (existing[0]) {
    await db.update(earlyAccessRequests).set(details).where(eq(earlyAccessRequests.id, existing[0].id));
    return "updated";
  }
  const id = newId();
  await db.insert(earlyAccessRequests).values({ id, ...details, email: request.email });
  forwardLater(context.cloudflare.env, context.cloudflare.ctx, id);
  return "new";
}
