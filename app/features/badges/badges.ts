/**
 * Milestones and badges (ADR 271), the pure rules: computed from a member's entries every time, never
 * stored, so an entry removed takes back what it earned. Only the fact that a member was told is kept
 * (a bell notification, one per badge).
 */
import { addDays, dayNumber, type IsoDate } from "#app/lib/dates";
import { formatQuantity } from "#app/features/progress/progress";

export const TARGET_STEPS = [25, 50, 75, 100] as const;
export const STREAK_STEPS = [3, 7, 14, 30] as const;

export type BadgeKey =
  | "first-entry"
  | `target-${(typeof TARGET_STEPS)[number]}`
  | `streak-${(typeof STREAK_STEPS)[number]}`
  | "best-day"
  | "team-top-week";

export interface BadgeEntry {
  day: IsoDate;
  /** Hundredths of the unit. */
  amount: number;
  createdAt: number;
}

export interface Badge {
  key: BadgeKey;
  label: string;
  /** What the goal's feed says: "Priya reached 50 km". `{name}` is the member's first name. */
  feed: string;
  /** Told in the bell once; best day moves with every better day and is only listed. */
  told: boolean;
}

/** The longest run of consecutive days (any order, duplicates allowed): month and year ends included. */
export function longestRun(days: readonly IsoDate[]): number {
  const numbers = [...new Set(days.map(dayNumber).filter((n): n is number => n !== null))].sort((a, b) => a - b);
  let best = 0;
  let run = 0;
  numbers.forEach((n, i) => {
    run = i > 0 && numbers[i - 1] === n - 1 ? run + 1 : 1;
    best = Math.max(best, run);
  });
  return best;
}

/** The member's best day: the day with the largest sum (the earliest of equals). */
export function bestDay(entries: readonly BadgeEntry[]): { day: IsoDate; amount: number } | null {
  const byDay = new Map<IsoDate, number>();
  for (const e of entries) byDay.set(e.day, (byDay.get(e.day) ?? 0) + e.amount);
  let best: { day: IsoDate; amount: number } | null = null;
  for (const [day, amount] of [...byDay].sort(([a], [b]) => (a < b ? -1 : 1)))
    if (!best || amount > best.amount) best = { day, amount };
  return best;
}

/** Monday of the week of `day` (the goal clock's days): "this week" for the team's top. */
export function weekStart(day: IsoDate): IsoDate {
  const n = dayNumber(day);
  if (n === null) return day;
  // Day 0 of the epoch (1970-01-01) was a Thursday.
  return addDays(day, -((n + 3) % 7));
}

export interface BadgeFacts {
  unit: string;
  unitTarget: number | null;
  /** The member has the highest total in their team this week (more than anyone else in it). */
  teamTopThisWeek: boolean;
}

/** Every badge the entries earn, in the order they are listed. */
export function earnedBadges(entries: readonly BadgeEntry[], facts: BadgeFacts): Badge[] {
  if (!entries.length) return [];
  const badges: Badge[] = [
    { key: "first-entry", label: "First entry", feed: "{name} logged a first entry", told: true },
  ];
  const total = entries.reduce((sum, e) => sum + e.amount, 0);
  if (facts.unitTarget && facts.unitTarget > 0) {
    for (const step of TARGET_STEPS) {
      const needed = Math.ceil((facts.unitTarget * step) / 100);
      if (total < needed) break;
      const amount = formatQuantity(needed, facts.unit);
      badges.push({
        key: `target-${step}`,
        label: step === 100 ? `Target reached: ${amount}` : `${step}% of my target: ${amount}`,
        feed: `{name} reached ${amount}`,
        told: true,
      });
    }
  }
  const run = longestRun(entries.map((e) => e.day));
  for (const step of STREAK_STEPS) {
    if (run < step) break;
    badges.push({
      key: `streak-${step}`,
      label: `${step}-day streak`,
      feed: `{name} logged ${step} days in a row`,
      told: true,
    });
  }
  const best = bestDay(entries);
  if (best && new Set(entries.map((e) => e.day)).size > 1)
    badges.push({
      key: "best-day",
      label: `Best day: ${formatQuantity(best.amount, facts.unit)} on ${best.day}`,
      feed: `{name} had a best day of ${formatQuantity(best.amount, facts.unit)}`,
      told: false,
    });
  if (facts.teamTopThisWeek)
    badges.push({
      key: "team-top-week",
      label: "Team's top this week",
      feed: "{name} leads their team this week",
      told: true,
    });
  return badges;
}

/** The bell notification's event key for a badge: team's top is told once a week, the rest once ever. */
export function badgeEventKey(goalId: string, key: BadgeKey, today: IsoDate): string {
  return key === "team-top-week" ? `badge:${goalId}:${key}:${weekStart(today)}` : `badge:${goalId}:${key}`;
}

/** The badge a bell event key names (null for any other key). */
export function badgeOfEventKey(eventKey: string): BadgeKey | null {
  const key = eventKey.split(":")[2];
  return key ? (key as BadgeKey) : null;
}

/** The words "You earned: ..." after the entry that earned them. */
export const earnedMessage = (badges: readonly Badge[]) =>
  badges.length ? ` New badge${badges.length > 1 ? "s" : ""}: ${badges.map((b) => b.label).join(", ")}!` : "";

/** The goal feed's line for a badge someone was told about ("Priya reached 50 km"). */
export function feedLine(key: string, name: string, unit: string | null, unitTarget: number | null): string | null {
  const [kind, n] = key.split("-") as [string, string | undefined];
  if (key === "first-entry") return `${name} logged a first entry`;
  if (key === "team-top-week") return `${name} leads their team this week`;
  if (kind === "target" && unit && unitTarget) {
    const step = Number(n);
    return step >= 100
      ? `${name} reached their target of ${formatQuantity(unitTarget, unit)}`
      : `${name} reached ${formatQuantity(Math.ceil((unitTarget * step) / 100), unit)}`;
  }
  if (kind === "streak") return `${name} logged ${Number(n)} days in a row`;
  return null;
}
