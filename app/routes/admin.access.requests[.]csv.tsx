import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isoDay } from "#app/lib/admin";
import { requestsCsv } from "#app/server/admin-access.server";
import { requireRole } from "#app/server/session.server";

/** /admin/access/requests.csv: every early-access request as a download (admins only, like the screen). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  return new Response(await requestsCsv(context), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="early-access-requests-${isoDay(Date.now())}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
