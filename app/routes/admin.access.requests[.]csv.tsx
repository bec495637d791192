import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isoDay } from "#app/features/admin/admin";
import { csvResponse } from "#app/lib/csv";
import { requestsCsvRows } from "#app/features/admin/admin-access.server";
import { requireRole } from "#app/platform/session/session.server";

/** /admin/access/requests.csv: every early-access request as a download (admins only, like the screen). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  return csvResponse(await requestsCsvRows(context), `early-access-requests-${isoDay(Date.now())}.csv`);
}
