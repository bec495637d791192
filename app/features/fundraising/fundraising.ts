/**
 * Fundraising rules, pure: money in minor units per currency, totals, milestones (50/90/100%), the
 * month-challenge dates, who may manage / discuss / pledge, and safe links. No I/O.
 */
import type { IsoDate } from "#app/lib/dates";
import { decimalComma } from "#app/lib/decimal-comma";
import type { GoalFacts, Viewer } from "#app/features/goals/goals";
import { trimEndOf } from "#app/lib/text-scan";

export const CURRENCIES = ["GBP", "EUR", "USD", "CAD", "AUD", "NZD"] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = "GBP";

export { MAX_PLEDGE_MAJOR, MAX_PLEDGE_MINOR } from "./pledge-limits";
export const MAX_TARGET_MAJOR = 100_000_000;
/** Every allowed currency has two minor digits (pence, cents). */
const MINOR_PER_MAJOR = 100;

export const NO_FEES_LINE = "No fees. No tips. 100% goes to the charity through its own page.";

export const isCurrency = (value: unknown): value is Currency =>
  typeof value === "string" && (CURRENCIES as readonly string[]).includes(value);

/**
 * '12', '12.5', '12,5', '£1,250.00', ' 7 ' -> minor units; null for anything else (negative, 3 decimals,
 * letters, exponent notation, empty). The caller applies the range.
 */
export function parseAmount(input: unknown): number | null {
  if (typeof input !== "string" || input.length > 64) return null;
  const cleaned = decimalComma(
    input
      .trim()
      .replace(/^[£€$]\s*/, "")
      .replace(/,(?=\d{3}(\D|$))/g, ""),
  );
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const minor = Number(match[1]) * MINOR_PER_MAJOR + Number((match[2] ?? "").padEnd(2, "0"));
  return Number.isSafeInteger(minor) ? minor : null;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** '£1,250' or '£12.50' (pence only when there are some). Fixed locale so server and browser agree. */
export function formatAmount(minor: number, currency: string): string {
  const whole = minor % MINOR_PER_MAJOR === 0;
  const key = `${currency}:${whole}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat("en-GB", {
      style: "currency",
      currency: isCurrency(currency) ? currency : DEFAULT_CURRENCY,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, format);
  }
  return format.format(minor / MINOR_PER_MAJOR);
}

/** The value for an amount input: '12.50', '1250'. */
export const amountInputValue = (minor: number) =>
  minor % MINOR_PER_MAJOR === 0 ? String(minor / MINOR_PER_MAJOR) : (minor / MINOR_PER_MAJOR).toFixed(2);

export interface PledgeAmount {
  amount: number;
  paid: boolean;
}

export interface Totals {
  raised: number;
  paid: number;
  supporters: number;
  /** Whole percent of the target, uncapped (a target beaten shows 130%); null without a target. */
  percent: number | null;
}

export function totals(pledges: readonly PledgeAmount[], target: number | null): Totals {
  let raised = 0;
  let paid = 0;
  for (const p of pledges) {
    raised += p.amount;
    if (p.paid) paid += p.amount;
  }
  return { raised, paid, supporters: pledges.length, percent: percentOf(raised, target) };
}

export function percentOf(raised: number, target: number | null): number | null {
  if (!target || target <= 0) return null;
  return Math.floor((raised / target) * 100);
}

export const MILESTONES = [50, 90, 100] as const;
export type Milestone = (typeof MILESTONES)[number];

/**
 * The highest milestone reached that has not been announced yet, or null. `notified` is the last one
 * announced (0 for none), so each milestone is announced once even if pledges jump past several.
 */
export function milestoneCrossed(notified: number, raised: number, target: number | null): Milestone | null {
  const percent = percentOf(raised, target);
  if (percent === null) return null;
  let crossed: Milestone | null = null;
  for (const m of MILESTONES) if (percent >= m && m > notified) crossed = m;
  return crossed;
}

export function milestoneMessage(milestone: number, charityName: string): string {
  return milestone >= 100
    ? `Target reached: 100% pledged for ${charityName}!`
    : `${milestone}% of the target pledged for ${charityName}.`;
}

/** 'YYYY-MM' -> the month challenge's first and last day (Feb 29 in leap years); null if not a month. */
export function monthChallengeDates(month: string): { start: IsoDate; end: IsoDate } | null {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return null;
  const year = Number(match[1]);
  const index = Number(match[2]) - 1;
  if (index < 0 || index > 11 || year < 2000 || year > 2100) return null;
  const last = new Date(Date.UTC(year, index + 1, 0)).getUTCDate();
  const mm = String(index + 1).padStart(2, "0");
  return { start: `${year}-${mm}-01`, end: `${year}-${mm}-${String(last).padStart(2, "0")}` };
}

/** The month (YYYY-MM) a day falls in, and the next few months an org could pick. */
export function upcomingMonths(today: IsoDate, count = 6): { value: string; label: string }[] {
  const [y, m] = today.split("-").map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const date = new Date(Date.UTC(y, m - 1 + i, 1));
    const value = date.toISOString().slice(0, 7);
    const label = date.toLocaleDateString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
    return { value, label };
  });
}

/** Only https links are handed to supporters: no javascript:, data: or plain-http donation pages. */
export function isSafeDonationUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && !!url.hostname && url.hostname.includes(".") && !url.username && !url.password;
  } catch {
    return false;
  }
}

type GoalOwnerFacts = Pick<GoalFacts, "orgId" | "visibility" | "demo">;

/** The owning org and admins set up fundraising, see the invite link and moderate. */
export const canManageGoal = (goal: Pick<GoalFacts, "orgId">, viewer: Viewer | null) =>
  !!viewer && (viewer.type === "admin" || (viewer.type === "org" && goal.orgId === viewer.id));

/** Members of the goal, the owning org and admins take part in the discussion and cheers. */
export const canDiscuss = (goal: Pick<GoalFacts, "orgId">, viewer: Viewer | null, isMember: boolean) =>
  !!viewer && (isMember || canManageGoal(goal, viewer));

/**
 * Anyone with the link may see and pledge on a public goal while its sponsoring is on; a private one is
 * for its members (outsiders pledge through a sponsor link, ADR 240).
 */
export const canSupport = (goal: GoalOwnerFacts & { sponsoring?: boolean }, viewer: Viewer | null, isMember: boolean) =>
  (goal.visibility === "public" && !goal.demo && goal.sponsoring !== false) || canDiscuss(goal, viewer, isMember);

export const MAX_MESSAGE = 1000;

export type TextPart = { kind: "text"; text: string } | { kind: "link"; text: string; href: string };

/** Splits a message into text and https/http links, so links render as safe anchors and the rest as text. */
export function messageParts(body: string): TextPart[] {
  const parts: TextPart[] = [];
  const pattern = /\bhttps?:\/\/[^\s<>"']+/gi;
  let last = 0;
  for (const match of body.matchAll(pattern)) {
    // Trailing punctuation belongs to the sentence, not the link.
    const href = trimEndOf(match[0], ".,;:!?)]");
    const index = match.index!;
    if (index > last) parts.push({ kind: "text", text: body.slice(last, index) });
    parts.push({ kind: "link", text: href, href });
    last = index + href.length;
  }
  if (last < body.length) parts.push({ kind: "text", text: body.slice(last) });
  return parts;
}

/** The goal screen lists this many members (the viewer first); "Show all members" lists more (ADR 201, 315). */
export const MEMBERS_SHOWN = 10;

/** Where a discussion or cheer form may send the browser back to: only our own goal screens. */
export function safeReturnTo(value: unknown, goalId: string): string {
  const fallback = `/active/${goalId}`;
  if (typeof value !== "string") return fallback;
  const ok = value === fallback || value === `${fallback}?members=all` || value === `/goals/${goalId}/discussion`;
  return ok ? value : fallback;
}

/** A goal's cause as a file name part for its downloads ('club-month-of-miles'), 'goal' when nothing is left. */
export function goalFileSlug(cause: string): string {
  return (
    cause
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 40) || "goal"
  );
}
