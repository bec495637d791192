import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { FLASH } from "#app/lib/flash";
import { isPushEndpoint } from "#app/features/push/push";
import { forgetOnSignOut } from "#app/features/push/push.server";
import { readFormData } from "#app/platform/http/form-data.server";
import { withFlash } from "#app/platform/session/flash.server";
import { logout } from "#app/platform/session/session.server";

/**
 * Sign Out: ends the session and goes to /signin (SPEC). Only POST changes anything. The page's script
 * sends this device's push address (pushEndpoint): it is forgotten with the session, in one batch
 * (ADR 284). Signing out is never refused: an address that is not a push service's is ignored.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const endpoint = (await readFormData(request)).get("pushEndpoint");
  const device = typeof endpoint === "string" && isPushEndpoint(endpoint) ? endpoint : null;
  const response = await logout(request, context, "/signin", (sessionId) =>
    device ? [forgetOnSignOut(context, sessionId, device)] : [],
  );
  return withFlash(response, context.cloudflare.env, FLASH.signedOut);
}

export async function loader(_: LoaderFunctionArgs) {
  return redirect("/main");
}
