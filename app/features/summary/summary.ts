/**
 * The end of a challenge, the pure rules (ADR 274): what each member's summary says (their total and
 * rank, the group's total, what was raised, their badges), the mail that carries it and the certificate
 * card drawn from it. Every word is decided here; the server only reads the facts.
 */
import { formatMonthDay, type IsoDate } from "#app/lib/dates";
import type { CardFormat, CardSpec } from "#app/lib/card-spec";
import { formatQuantity, percentOfTarget } from "#app/features/progress/progress";
import { formatAmount } from "#app/features/fundraising/fundraising";

/** Members hear of an end this many days after it at the latest (a cron that was down catches up). */
export const SUMMARY_WITHIN_DAYS = 7;

export interface SummaryFacts {
  cause: string;
  end: IsoDate;
  unit: string;
  /** The member's own target in hundredths of the unit, or null. */
  unitTarget: number | null;
  memberName: string;
  /** The member's total in hundredths of the unit. */
  total: number;
  /** 1 for the top of the leaderboard; null when the member logged nothing. */
  rank: number | null;
  /** Everyone with progress in the goal (members who left keep their place, as on the leaderboard). */
  participants: number;
  groupTotal: number;
  /** The fundraising, when the goal has one: every pledge's final value and what the organiser marked paid. */
  raised: { charityName: string; currency: string; pledged: number; paid: number } | null;
  /** The badges' labels, in the goal screen's order. */
  badges: string[];
  /** The one badge the certificate shows (the shareable card's pick, cardBadge). */
  topBadge: string | null;
}

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 101st. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th"}`;
}

/** "104.3 miles, 1st of 8" or "Nothing logged this time". */
export function standingLine(f: SummaryFacts): string {
  if (f.rank === null || f.total <= 0) return "You logged nothing this time.";
  return `You logged ${formatQuantity(f.total, f.unit)}: ${ordinal(f.rank)} of ${f.participants}.`;
}

export const groupLine = (f: SummaryFacts) =>
  `Together the group logged ${formatQuantity(f.groupTotal, f.unit)}${
    f.participants > 1 ? ` (${f.participants} members)` : ""
  }.`;

/** "£256.86 pledged to Shelter, £100 of it paid so far", or null without fundraising. */
export function raisedLine(f: SummaryFacts): string | null {
  if (!f.raised) return null;
  const { charityName, currency, pledged, paid } = f.raised;
  if (pledged <= 0) return `Nobody pledged to ${charityName} this time.`;
  const paidPart =
    paid >= pledged ? ", all of it paid" : paid > 0 ? `, ${formatAmount(paid, currency)} of it paid so far` : "";
  return `${formatAmount(pledged, currency)} pledged to ${charityName}${paidPart}.`;
}

export const badgesLine = (f: SummaryFacts) =>
  f.badges.length ? `Badges: ${f.badges.join("; ")}.` : "No badges this time: there is always the next challenge.";

export function summaryMail(f: SummaryFacts, link: string): { subject: string; text: string } {
  const subject = `${f.cause} has ended: your summary`;
  const raised = raisedLine(f);
  return {
    subject: subject.length > 90 ? `${subject.slice(0, 87)}...` : subject,
    text: [
      `${f.cause} ended on ${formatMonthDay(f.end)}. Well done, ${f.memberName.split(" ")[0]}!`,
      "",
      standingLine(f),
      groupLine(f),
      ...(raised ? [raised] : []),
      badgesLine(f),
      "",
      `Your summary and certificate: ${link}`,
    ].join("\n"),
  };
}

/** The certificate (a card of ADR 272's renderer): the member, the goal, their total and standing. */
export function certificateSpec(f: SummaryFacts, link: string, format: CardFormat): CardSpec {
  const percent = f.unitTarget ? Math.min(100, percentOfTarget(f.total, f.unitTarget) ?? 0) : null;
  return {
    format,
    kicker: `Certificate · ${f.memberName}`,
    title: f.cause,
    figure: formatQuantity(f.total, f.unit),
    figureNote:
      f.rank && f.total > 0
        ? `${ordinal(f.rank)} of ${f.participants} · the group ${formatQuantity(f.groupTotal, f.unit)}`
        : `the group ${formatQuantity(f.groupTotal, f.unit)}`,
    percent,
    badge: f.topBadge,
    charity:
      f.raised && f.raised.pledged > 0
        ? `${formatAmount(f.raised.pledged, f.raised.currency)} pledged to ${f.raised.charityName}`
        : null,
    link,
    linkLabel: "Goals with Friends",
  };
}
