/**
 * What the app sends the card renderer (ADR 272): every word and figure already decided and formatted by
 * the app, so the renderer has no rules of its own. Shared by the app (app/features/cards) and the Worker (workers/cards).
 */
export const CARD_FORMATS = {
  wide: { width: 1200, height: 630 },
  square: { width: 1080, height: 1080 },
} as const;
export type CardFormat = keyof typeof CARD_FORMATS;

export interface CardSpec {
  format: CardFormat;
  /** Small line above the title: "Sponsor Priya", "Team Hares", "Certificate". */
  kicker: string;
  /** The challenge's title. */
  title: string;
  /** The figure in large type: "42.5 km". */
  figure: string;
  /** Beside the figure: "of 100 km", "42% of the group's 300 km"; or null. */
  figureNote: string | null;
  /** The bar's share, 0 to 100; null draws no bar. */
  percent: number | null;
  /** A badge's label ("50% of my target"), or null. */
  badge: string | null;
  /** A line about the money: "For Shelter · £120 pledged", or null. */
  charity: string | null;
  /** The link the QR code holds, also printed under it (without the scheme). */
  link: string;
  /** The QR code's caption: "Sponsor me", "Join us". */
  linkLabel: string;
}

const MAX_TEXT = 200;

/** The spec from an untrusted body, or null: lengths are checked before anything else reads the text. */
export function parseCardSpec(value: unknown): CardSpec | null {
  if (!value || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  const text = (x: unknown) => typeof x === "string" && x.length <= MAX_TEXT;
  const optional = (x: unknown) => x === null || text(x);
  if (v.format !== "wide" && v.format !== "square") return null;
  if (![v.kicker, v.title, v.figure, v.link, v.linkLabel].every(text)) return null;
  if (![v.figureNote, v.badge, v.charity].every(optional)) return null;
  if (v.percent !== null && (typeof v.percent !== "number" || !(v.percent >= 0 && v.percent <= 100))) return null;
  return v as unknown as CardSpec;
}
