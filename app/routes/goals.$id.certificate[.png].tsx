import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { certificateResponse } from "#app/features/summary/certificate.server";
import { requireUser } from "#app/platform/session/session.server";

/** The member's end-of-challenge certificate, a 1200x630 PNG (ADR 274): their own, once the goal has ended. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return certificateResponse(request, context, params.id!, user);
}
