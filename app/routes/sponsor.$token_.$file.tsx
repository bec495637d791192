import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CARD_FILES } from "#app/features/cards/cards";
import { sponsorCardResponse } from "#app/features/cards/cards.server";
import { notFound } from "#app/platform/http/http-errors.server";

/** A sponsor link's shareable card (ADR 272): /sponsor/{token}/card.png (1200x630) or /square.png (1080x1080). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const format = Object.hasOwn(CARD_FILES, params.file ?? "") ? CARD_FILES[params.file!] : undefined;
  if (!format) throw notFound();
  return sponsorCardResponse(request, context, params.token ?? "", format);
}
