import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { serveImage } from "#app/platform/http/uploads.server";

/** Profile pictures and goal icons from R2, with their stored content type and long-lived caching. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return serveImage(request, context.cloudflare.env, params["*"] ?? "");
}
