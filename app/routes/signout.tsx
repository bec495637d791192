import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { FLASH } from "#app/lib/flash";
import { withFlash } from "#app/platform/session/flash.server";
import { logout } from "#app/platform/session/session.server";

/** Sign Out: ends the session and goes to /signin (SPEC). Only POST changes anything. */
export async function action({ request, context }: ActionFunctionArgs) {
  return withFlash(await logout(request, context, "/signin"), context.cloudflare.env, FLASH.signedOut);
}

export async function loader(_: LoaderFunctionArgs) {
  return redirect("/main");
}
