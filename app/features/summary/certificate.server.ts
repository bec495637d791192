/**
 * The end-of-challenge certificate (ADR 274): the member's summary drawn as a card by the card Worker
 * (ADR 272) and kept in R2 by its content (ADR 273), so a removed entry is a new certificate. Only the
 * member's own, and only once the goal has ended: anything else answers 404.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { cardResponse } from "#app/features/cards/cards.server";
import { appUrl } from "#app/platform/http/env.server";
import { today } from "#app/platform/session/clock.server";
import { certificateSpec } from "./summary";
import { loadSummary } from "./summary.server";

const HEADERS = {
  "Content-Type": "image/png",
  // The member's own numbers: their browser may keep it a few minutes, no shared cache may.
  "Cache-Control": "private, max-age=300",
  "X-Robots-Tag": "noindex",
};

export async function certificateResponse(
  request: Request,
  context: AppLoadContext,
  goalId: string,
  viewer: { id: string; first: string; last: string },
) {
  const view = await loadSummary(context, goalId, viewer, today(request, context.cloudflare.env));
  if (view?.state !== "ended")
    return new Response("No certificate here.", { status: 404, headers: { "Cache-Control": "no-store" } });
  const spec = certificateSpec(view.facts, appUrl(request, context.cloudflare.env), "wide");
  return cardResponse(context.cloudflare.env, spec, `certificates/${goalId}/${viewer.id}/`, HEADERS);
}
