import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { logout } from "#app/server/session.server";

/** Sign Out: ends the session and goes to /signin (SPEC). Only POST changes anything. */
export async function action({ request, context }: ActionFunctionArgs) {
  return logout(request, context, "/signin");
}

export async function loader(_: LoaderFunctionArgs) {
  return redirect("/main");
}
