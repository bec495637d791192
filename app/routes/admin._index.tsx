import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireRole } from "#app/platform/session/session.server";

/** /admin itself has no screen: admins land on the users list. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  throw redirect("/admin/users");
}
