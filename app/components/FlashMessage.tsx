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
 * The message of the last action, as a polite status (announced by screen readers), rendered by the
 * server too, so it works without JavaScript. Only present while there is a message: an empty status
 * on every page would be one more "status" for every test and screen reader to skip.
 */
export function FlashMessage() {
  const flash = useFlash();
  // A message that belongs beside an item is shown there (FlashBeside), not at the top (ADR 252).
  if (!flash || flash.at) return null;
  return (
    <div className="flash" role="status">
      <p className="flash__message">{flash.message}</p>
    </div>
  );
}

/**
 * The flash message that belongs beside the element `at` (ADR 252): without JavaScript the page returns
 * to the changed item by #fragment, and the message is there, where the member is looking.
 */
export function FlashBeside({ at }: { at: string }) {
  const flash = useFlash();
  if (!flash || flash.at !== at) return null;
  return (
    <p className="flash-beside" role="status">
      {flash.message}
    </p>
  );
}
