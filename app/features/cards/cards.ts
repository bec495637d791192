/**
 * Shareable cards, the pure rules (ADR 272): what a sponsor link's card says, and the file names it is
 * served under. Every word is decided here; the card Worker only draws it.
 */
import type { CardFormat, CardSpec } from "#app/lib/card-spec";
import { percentOfTarget } from "#app/features/progress/progress";

/** The card files of a sponsor link: /sponsor/{token}/card.png (1200x630) and /square.png (1080x1080). */
export const CARD_FILES: Record<string, CardFormat> = { "card.png": "wide", "square.png": "square" };
export const cardPath = (sponsorPath: string, format: CardFormat) =>
  `${sponsorPath}/${format === "wide" ? "card.png" : "square.png"}`;

export interface CardFacts {
  cause: string;
  /** The member's display name, or null for a team's or the whole challenge's card. */
  memberName: string | null;
  /** A team's card (ADR 275): "Team Hill Harriers". */
  teamName?: string | null;
  progress: { total: number; totalText: string; target: number | null; targetText: string | null } | null;
  badge: string | null;
  charityName: string | null;
  pledgedText: string | null;
  link: string;
}

export function cardSpec(facts: CardFacts, format: CardFormat): CardSpec {
  const { progress } = facts;
  const percent = progress?.target ? Math.min(100, percentOfTarget(progress.total, progress.target) ?? 0) : null;
  return {
    format,
    kicker: `Sponsor ${facts.memberName ?? facts.teamName ?? "our challenge"}`,
    title: facts.cause,
    figure: progress?.totalText ?? facts.pledgedText ?? "Just started",
    figureNote: progress?.targetText ? `of ${progress.targetText}` : null,
    percent,
    badge: facts.badge,
    charity: facts.charityName
      ? `Raising for ${facts.charityName}${facts.pledgedText ? ` · ${facts.pledgedText} pledged to the challenge` : ""}`
      : null,
    link: facts.link,
    linkLabel: facts.memberName ? "Sponsor me" : "Sponsor us",
  };
}

/** The one badge a card shows: the highest target step, else the longest streak, else the first entry. */
export function cardBadge(badges: readonly { key: string; label: string }[]): string | null {
  const pick = (prefix: string) => badges.filter((b) => b.key.startsWith(prefix)).at(-1);
  return (pick("target-") ?? pick("streak-") ?? pick("first-entry"))?.label ?? null;
}

/** Open Graph and Twitter tags that make a link unfurl as its wide card (absolute URL). */
export function cardMeta(title: string, description: string, image: string) {
  return [
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: `${title}: ${description}` },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}
