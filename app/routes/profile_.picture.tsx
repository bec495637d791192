import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { FLASH } from "#app/lib/flash";
import { removePicture } from "#app/features/account/account.server";
import { redirectWithFlash } from "#app/platform/session/flash.server";
import { requireUser } from "#app/platform/session/session.server";

/** "Remove picture" on /profile posts here; there is nothing to show on its own. */
export async function loader() {
  return redirect("/profile");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  await removePicture(context, user);
  return redirectWithFlash(context.cloudflare.env, "/profile", FLASH.pictureRemoved);
}
