/**
 * What every page's root route loads: the signed-in member for the header, the address the page is
 * served at, the goal clock's today and the flash of the action that led here. Its own module, so the
 * browser's root route imports one empty module instead of five shared ones (ADR 126).
 */
import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { RootData } from "#app/root";
import { today } from "#app/platform/session/clock.server";
import { appUrl } from "#app/platform/http/env.server";
import { readFlash } from "#app/platform/session/flash.server";
import { getOptionalUser } from "#app/platform/session/session.server";

export async function rootData({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const [user, { flash, clear }] = await Promise.all([getOptionalUser(request, context), readFlash(request, env)]);
  return data<RootData>(
    {
      user: user && {
        id: user.id,
        first: user.first,
        color: user.color,
        img: user.img,
        type: user.type,
        unread: Number(user.unread ?? 0),
      },
      origin: appUrl(request, env),
      // The goal clock's today (/dev/date in development): dates outside its year show the year.
      today: today(request, env),
      // The outcome of the action that led here, shown once (ADR 160): the cookie is cleared with it.
      flash,
    },
    clear ? { headers: { "Set-Cookie": clear, "Cache-Control": "private, no-store" } } : undefined,
  );
}
