import { useLocation, useRouteLoaderData } from "@remix-run/react";
import { useState } from "react";
import type { Flash } from "#app/lib/flash";
import type { loader as rootLoader } from "#app/root";

/**
 * The flash message of this page (ADR 160). The root loader hands it over once; a later revalidation on
 * the same page (a live update) no longer carries it, so it is kept until the next navigation.
 */
export function useFlash(): Flash | null {
  const fresh = useRouteLoaderData<typeof rootLoader>("root")?.flash ?? null;
  const { key } = useLocation();
  const [kept, setKept] = useState<{ key: string; flash: Flash | null }>({ key, flash: fresh });
  if (fresh && fresh.id !== kept.flash?.id) {
    setKept({ key, flash: fresh });
    return fresh;
  }
  if (!fresh && kept.key !== key && kept.flash) {
    setKept({ key, flash: null });
    return null;
  }
  return kept.flash;
}

/**
 * One polite live region for every page: it is in the document from the start, so screen readers
 * announce a message that arrives after a client-side submission; without JavaScript the server
 * renders the message into it.
 */
export function FlashMessage() {
  const flash = useFlash();
  return (
    <div className={flash ? "flash" : "flash flash--empty"} role="status">
      {flash ? <p className="flash__message">{flash.message}</p> : null}
    </div>
  );
}
