/**
 * Page metadata: every visitor screen has a title, a description and social preview tags
 * (Open Graph + Twitter card) built the same way.
 */
import type { MetaDescriptor } from "@remix-run/cloudflare";

export const SITE_NAME = "Goals with Friends";
export const SOCIAL_IMAGE = "/social-card.png";

export function pageMeta({
  title,
  description,
  path,
  origin = "",
}: {
  title: string;
  description: string;
  /** The page's canonical path, e.g. "/marketing". */
  path?: string;
  /** The site's origin (root loader data), so shared links carry absolute URLs. */
  origin?: string;
}): MetaDescriptor[] {
  const image = `${origin}${SOCIAL_IMAGE}`;
  return [
    { title },
    { name: "description", content: description },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:image", content: image },
    { property: "og:image:alt", content: "Goals with Friends: achieve goals with friends" },
    ...(path
      ? [
          { property: "og:url", content: `${origin}${path}` },
          { tagName: "link", rel: "canonical", href: `${origin}${path}` },
        ]
      : []),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
}

/** The origin the root loader exposes, read from a meta function's `matches`. */
export function originFrom(matches: readonly { id: string; data?: unknown }[]): string {
  const root = matches.find((m) => m.id === "root")?.data as { origin?: string } | undefined;
  return root?.origin ?? "";
}

/**
 * A signed-in or development screen's metadata: "<title>[ | <section>] | Goals with Friends", its
 * description, and noindex when asked. No social tags: these screens are not shared. The one helper
 * for every title (pageMeta above for the visitor pages that are shared).
 */
export function screenMeta(
  title: string,
  { description, section, noindex }: { description?: string; section?: "Admin"; noindex?: boolean } = {},
): MetaDescriptor[] {
  return [
    { title: [title, section, SITE_NAME].filter(Boolean).join(" | ") },
    ...(description ? [{ name: "description", content: description }] : []),
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}
