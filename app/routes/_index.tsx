import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { MarketingPage } from "#app/features/marketing/MarketingPage";
import { MARKETING_DESCRIPTION, MARKETING_TITLE } from "#app/features/marketing/marketing";
import { originFrom, pageMeta } from "#app/lib/meta";
import { requireAnonymous } from "#app/platform/session/session.server";
import marketingStyles from "#app/styles/marketing.css";
import { stylesheet } from "#app/lib/stylesheet";

/** / is the marketing page for logged-out visitors (edge-cached); logged-in users go to /main. */
export const links: LinksFunction = () => [stylesheet(marketingStyles)];

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: MARKETING_TITLE, description: MARKETING_DESCRIPTION, path: "/", origin: originFrom(matches) });

export const handle = { hydrate: false };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request, context);
  return null;
}

export default function Index() {
  return <MarketingPage />;
}
