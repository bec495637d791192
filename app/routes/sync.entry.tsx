import { type ActionFunctionArgs } from "@remix-run/cloudflare";
import { syncEntry } from "#app/features/offline/sync-entry.server";
import { getOptionalUser } from "#app/platform/session/session.server";
import { readFormData } from "#app/platform/http/form-data.server";

/** POST /sync/entry: an entry queued offline, sent when the connection returns (ADR 227). JSON only. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await getOptionalUser(request, context);
  // Signed out: the queue keeps the entry until its member signs in again.
  if (!user) return Response.json({ outcome: "signed-out" }, { status: 401, headers: { "Cache-Control": "no-store" } });
  const { status, body } = await syncEntry(request, context, user, await readFormData(request));
  const headers: HeadersInit = { "Cache-Control": "no-store" };
  if (body.outcome === "later") headers["Retry-After"] = String(body.retryAfter);
  return Response.json(body, { status, headers });
}

export function loader() {
  return new Response("Not found", { status: 404 });
}
