import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { MarketingPage } from "#app/features/marketing/MarketingPage";
import { MARKETING_DESCRIPTION, MARKETING_TITLE } from "#app/features/marketing/marketing";
import { originFrom, pageMeta } from "#app/lib/meta";
import marketingStyles from "#app/styles/marketing.css";
import { stylesheet } from "#app/lib/stylesheet";

/** /marketing shows to everyone; logged-out visitors get it from the edge cache (page-cache.server.ts). */
export const links: LinksFunction = () => [stylesheet(marketingStyles)];

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: MARKETING_TITLE,
    description: MARKETING_DESCRIPTION,
    path: "/marketing",
    origin: originFrom(matches),
  });

export const handle = { hydrate: false };

export default function Marketing() {
  return <MarketingPage />;
}
