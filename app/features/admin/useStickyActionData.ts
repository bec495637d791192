import { useActionData, useLocation } from "@remix-run/react";
import { useState } from "react";

/**
 * useActionData, but kept while the page stays at the same location. A revalidation (live updates
 * revalidate the page whenever anyone changes something) clears Remix's action data, which would wipe
 * a success notice, a preview or field errors from under the admin's eyes. A navigation (including
 * the redirect after a send) still clears it.
 */
export function useStickyActionData<T>() {
  const data = useActionData<T>();
  const { key } = useLocation();
  const [sticky, setSticky] = useState({ data, key });
  if (data !== undefined && (data !== sticky.data || key !== sticky.key)) setSticky({ data, key });
  if (data !== undefined) return data;
  return sticky.key === key ? sticky.data : undefined;
}
