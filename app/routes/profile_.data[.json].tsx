import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { exportAccountData } from "#app/features/account/account-export.server";
import { requireUser } from "#app/platform/session/session.server";

/** /profile/data.json: everything we keep about the member, as a file to save (ADR 180). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const body = JSON.stringify(await exportAccountData(context, user.id), null, 2);
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": 'attachment; filename="goals-with-friends-my-data.json"',
      "Cache-Control": "no-store",
    },
  });
}
