/**
 * Calendar dates as the product uses them: 'YYYY-MM-DD' strings meaning a whole UTC day.
 * SPEC section 9: dates show as month/day in UTC; day counts are whole days, inclusive of the start
 * day; a goal is expired once the days since its end date are 1 or more. Pure, no I/O.
 */

/** A calendar date 'YYYY-MM-DD' (UTC). */
export type IsoDate = string;

const MS_PER_DAY = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Days already worked out, by date string: a screen asks for the same few dates hundreds of times (every
 * card's start, end and progress), ~1% of a goal screen's CPU before (docs/benchmarks.md). Bounded.
 */
const known = new Map<string, number | null>();
const KNOWN_MAX = 1024;

/** Days since 1970-01-01 for a valid ISO date, or null for anything else (including 2026-02-30). */
export function dayNumber(value: string | null | undefined): number | null {
  if (typeof value !== "string") return null;
  const hit = known.get(value);
  if (hit !== undefined) return hit;
  const day = parseDay(value);
  if (value.length === 10) {
    if (known.size >= KNOWN_MAX) known.clear();
    known.set(value, day);
  }
  return day;
}

function parseDay(value: string): number | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(y, m - 1, d);
  const back = new Date(ms);
  // Date.UTC rolls 02-30 over into March: a real calendar date survives the round trip.
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) return null;
  return ms / MS_PER_DAY;
}

export function isIsoDate(value: unknown): value is IsoDate {
  return typeof value === "string" && dayNumber(value) !== null;
}

function days(value: IsoDate): number {
  const n = dayNumber(value);
  if (n === null) throw new RangeError(`Not a calendar date: ${value}`);
  return n;
}

/** The UTC calendar day an instant falls on. */
export function toIsoDate(instant: Date): IsoDate {
  return instant.toISOString().slice(0, 10);
}

/** The calendar day `n` days after `date` (before it when negative). */
export function addDays(date: IsoDate, n: number): IsoDate {
  return toIsoDate(new Date((days(date) + n) * 86_400_000));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return days(to) - days(from);
}

/** The number of days a goal runs, counting both its start and end day (same day = 1). */
export function inclusiveDays(start: IsoDate, end: IsoDate): number {
  return daysBetween(start, end) + 1;
}

/**
 * 'M/D' in UTC, e.g. '2/29' (SPEC). Given `today`, a date in another year carries its year, 'M/D/YYYY'
 * ('12/31/2025'), so last year's goals never read as this year's (ADR 169).
 */
export function formatMonthDay(value: IsoDate, today?: IsoDate): string {
  const date = new Date(days(value) * MS_PER_DAY);
  const monthDay = `${date.getUTCMonth() + 1}/${date.getUTCDate()}`;
  return today && value.slice(0, 4) !== today.slice(0, 4) ? `${monthDay}/${date.getUTCFullYear()}` : monthDay;
}

/**
 * 'start - end' as month/day, a one-sided label when only one date is set, or null for neither. Given
 * `today`, each date outside today's year carries its year.
 */
export function formatDateRange(start: IsoDate | null, end: IsoDate | null, today?: IsoDate): string | null {
  if (start && end) return `${formatMonthDay(start, today)} - ${formatMonthDay(end, today)}`;
  if (start) return `From ${formatMonthDay(start, today)}`;
  if (end) return `Until ${formatMonthDay(end, today)}`;
  return null;
}

/** Days since the end date (0 on the end day itself, negative before it). */
export function daysSinceEnd(end: IsoDate, today: IsoDate): number {
  return daysBetween(end, today);
}

/** SPEC: expired when the days since the end date are 1 or more. No end date never expires. */
export function isExpired(end: IsoDate | null, today: IsoDate): boolean {
  return end !== null && daysSinceEnd(end, today) >= 1;
}

export type Progress =
  | { state: "undated" }
  | { state: "upcoming"; totalDays: number; startsIn: number }
  | { state: "running"; day: number; totalDays: number; percent: number; daysLeft: number }
  | { state: "expired"; totalDays: number; percent: 100; daysSinceEnd: number };

/** Where today falls in a goal: day N of M (inclusive of the start day), percent, or expired. */
export function goalProgress(start: IsoDate | null, end: IsoDate | null, today: IsoDate): Progress {
  if (!start || !end) return { state: "undated" };
  const totalDays = Math.max(1, inclusiveDays(start, end));
  if (isExpired(end, today))
    return { state: "expired", totalDays, percent: 100, daysSinceEnd: daysSinceEnd(end, today) };
  const elapsed = daysBetween(start, today);
  if (elapsed < 0) return { state: "upcoming", totalDays, startsIn: -elapsed };
  const day = Math.min(elapsed + 1, totalDays);
  return { state: "running", day, totalDays, percent: Math.round((day / totalDays) * 100), daysLeft: totalDays - day };
}
