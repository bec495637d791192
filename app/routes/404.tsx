import { data, type MetaFunction } from "@remix-run/cloudflare";
import { NOT_FOUND_DESCRIPTION, NotFound } from "#app/components/NotFound";
import { originFrom, pageMeta } from "#app/lib/meta";

/** /404 (where missing goals are sent): SPEC's page-not-found screen with a real 404 status. */
export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: "Page not found", description: NOT_FOUND_DESCRIPTION, origin: originFrom(matches) });

export function loader() {
  return data(null, { status: 404, headers: { "Cache-Control": "no-store" } });
}

export default function NotFoundRoute() {
  return <NotFound />;
}
