/**
 * Measured progress (ADR 140), pure: units and their per-entry caps, amounts in hundredths of a unit,
 * which days an entry may be logged for (goal dates and the goal clock), streaks, the leaderboard order
 * (ties: who got there first) and per-unit pledge amounts with their caps. No I/O.
 */
import { MAX_PLEDGE_MINOR } from "#app/features/fundraising/pledge-limits";
import { decimalComma } from "#app/lib/decimal-comma";
import { dayNumber, formatMonthDay, isExpired, isIsoDate, type IsoDate } from "#app/lib/dates";
import { withUnit } from "#app/lib/unit-text";

/** Amounts are stored as integers: hundredths of the unit (5.25 km = 525). */
export const HUNDREDTHS = 100;

export interface UnitPreset {
  key: string;
  /** "km", "steps": what follows a number. */
  label: string;
  /**
   * The most one member's entries for one day may hold together, in whole units: a day's effort,
   * generously (so one entry cannot hold more either). A condition of every entry write.
   */
  cap: number;
  /**
   * Well above a typical day (docs/product.md "Implausible entries"): an entry or a day past this is
   * flagged for the organiser on the entries page, not refused. Null: no figure (custom units).
   */
  plausible: number | null;
}

export const UNIT_PRESETS = [
  { key: "km", label: "km", cap: 500, plausible: 60 },
  { key: "miles", label: "miles", cap: 300, plausible: 40 },
  { key: "steps", label: "steps", cap: 200_000, plausible: 60_000 },
  { key: "minutes", label: "minutes", cap: 1_440, plausible: 600 },
  { key: "hours", label: "hours", cap: 24, plausible: 10 },
  { key: "sessions", label: "sessions", cap: 50, plausible: 6 },
  { key: "pages", label: "pages", cap: 2_000, plausible: 500 },
] as const satisfies readonly UnitPreset[];

export type PresetKey = (typeof UNIT_PRESETS)[number]["key"];
export const PRESET_KEYS = UNIT_PRESETS.map((u) => u.key) as PresetKey[];

/** A custom unit ("laps", "push-ups") may hold up to this much per entry. */
export const CUSTOM_UNIT_CAP = 100_000;
export const MAX_CUSTOM_UNIT = 24;
/** Targets: up to ten million units per member, a billion for the group. */
export const MAX_MEMBER_TARGET = 10_000_000;
export const MAX_GROUP_TARGET = 1_000_000_000;
export { LOG_FORM_ID, MAX_NOTE } from "./log-form";
/** An undated goal takes entries for at most this many days back. */
export const UNDATED_BACKFILL_DAYS = 366;

export function unitOf(unit: string): UnitPreset {
  return UNIT_PRESETS.find((u) => u.key === unit) ?? { key: unit, label: unit, cap: CUSTOM_UNIT_CAP, plausible: null };
}

/** The refusal when an entry would take one day past the unit's daily cap (a caller shows it as is). */
export function dailyCapMessage(unit: string, day: IsoDate, today: IsoDate): string {
  const { cap, label } = unitOf(unit);
  const when = day === today ? "today" : `${formatMonthDay(day, today)}`;
  return `That would take ${when} past ${withUnit(numberFormat.format(cap), label)}, the most a day can hold`;
}

/** Whether an amount (hundredths) is well above a typical day for the unit: flagged, not refused. */
export function isImplausible(hundredths: number, unit: string): boolean {
  const { plausible } = unitOf(unit);
  return plausible !== null && hundredths > plausible * HUNDREDTHS;
}

export const isPresetUnit = (unit: string): unit is PresetKey => (PRESET_KEYS as string[]).includes(unit);

/** A custom unit name: letters, digits, spaces, - ' . only; checked for length before the pattern. */
export function customUnitProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return "Name the unit, like laps or push-ups";
  if (trimmed.length > MAX_CUSTOM_UNIT) return `A unit name must be at most ${MAX_CUSTOM_UNIT} characters`;
  if (!/^[\p{L}\p{N}][\p{L}\p{N} .'-]*$/u.test(trimmed)) return "Use letters, digits, spaces and - ' . only";
  return null;
}

export type QuantityProblem = "format" | "not-positive" | "too-many-decimals";

/**
 * '5', '5.2', '5.25', '10,000', ' 7 ' -> hundredths; a problem for anything else (negative, zero,
 * three decimals, letters, exponents, Infinity). Range checks (the cap) are the caller's.
 */
export function parseQuantity(input: unknown): { ok: true; value: number } | { ok: false; problem: QuantityProblem } {
  if (typeof input !== "string" || input.length > 32) return { ok: false, problem: "format" };
  const cleaned = decimalComma(input.trim().replace(/,(?=\d{3}(\D|$))/g, ""));
  if (/^-\s*\d/.test(cleaned)) return { ok: false, problem: "not-positive" };
  if (/^\d{1,12}\.\d{3,}$/.test(cleaned)) return { ok: false, problem: "too-many-decimals" };
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(cleaned) ?? /^()\.(\d{1,2})$/.exec(cleaned);
  if (!match) return { ok: false, problem: "format" };
  const value = Number(match[1] || "0") * HUNDREDTHS + Number((match[2] ?? "").padEnd(2, "0"));
  if (!Number.isSafeInteger(value)) return { ok: false, problem: "format" };
  if (value <= 0) return { ok: false, problem: "not-positive" };
  return { ok: true, value };
}

const numberFormat = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 2 });

/** 525 -> '5.25'; 1000000 -> '10,000'. Fixed locale so server and browser agree. */
export const formatNumber = (hundredths: number) => numberFormat.format(hundredths / HUNDREDTHS);

/** 525, 'km' -> '5.25 km', joined by a non-breaking space so it stays on one line (ADR 285). */
export const formatQuantity = (hundredths: number, unit: string) =>
  withUnit(formatNumber(hundredths), unitOf(unit).label);

/** The value for an amount input: '5.25', '12'. */
export const quantityInputValue = (hundredths: number) =>
  hundredths % HUNDREDTHS === 0 ? String(hundredths / HUNDREDTHS) : (hundredths / HUNDREDTHS).toFixed(2);

/** The amount message for a field, or null when it is fine for this unit. */
export function amountProblem(input: unknown, unit: string): string | null {
  const parsed = parseQuantity(input);
  if (!parsed.ok) {
    if (parsed.problem === "not-positive") return "Enter an amount more than zero";
    if (parsed.problem === "too-many-decimals") return "Use at most 2 decimal places, like 5.25";
    return "Enter a number, like 5 or 5.25";
  }
  const cap = unitOf(unit).cap;
  if (parsed.value > cap * HUNDREDTHS)
    return `One entry can be at most ${withUnit(numberFormat.format(cap), unitOf(unit).label)}`;
  return null;
}

export interface DatedGoal {
  start: IsoDate | null;
  end: IsoDate | null;
}

/** Why an entry cannot be for this day (the goal's dates, not in the future on the goal clock), or null. */
export function entryDayProblem(day: unknown, goal: DatedGoal, today: IsoDate): string | null {
  if (typeof day !== "string" || day.length > 10 || !isIsoDate(day)) return "Enter a real date";
  if (day > today) return "That day is in the future";
  if (goal.start && day < goal.start) return "That day is before the goal started";
  if (goal.end && day > goal.end) return "That day is after the goal ended";
  if (!goal.start && dayNumber(today)! - dayNumber(day)! > UNDATED_BACKFILL_DAYS) return "That day is too long ago";
  return null;
}

/** The day an entry form offers: today on the goal clock, kept inside the goal's dates. */
export function defaultEntryDay(goal: DatedGoal, today: IsoDate): IsoDate {
  if (goal.end && today > goal.end) return goal.end;
  if (goal.start && today < goal.start) return goal.start;
  return today;
}

export type LogRefusal = "not-measured" | "archived" | "not-a-member" | "completed" | "not-started" | "ended";

export const LOG_REFUSALS: Record<LogRefusal, string> = {
  "not-measured": "This goal does not track progress.",
  archived: "This challenge is archived: its entries are kept in a file and can no longer be added to or changed.",
  "not-a-member": "Join this goal to log progress.",
  completed: "You completed this goal: its entries are final.",
  "not-started": "This goal has not started yet: log progress from its first day.",
  ended: "This goal has ended: its totals are final.",
};

/** Whether the viewer may log, edit or delete entries in this goal today (null: yes). */
export function logRefusal(
  goal: DatedGoal & { unit: string | null; archived?: boolean },
  membership: { completed: boolean } | null,
  today: IsoDate,
): LogRefusal | null {
  if (!goal.unit) return "not-measured";
  // Its entries are in R2 and its totals final (ADR 303), whatever its dates say (an admin may move them).
  if (goal.archived) return "archived";
  if (!membership) return "not-a-member";
  if (membership.completed) return "completed";
  if (goal.start && today < goal.start) return "not-started";
  if (isExpired(goal.end, today)) return "ended";
  return null;
}

/**
 * Consecutive days with an entry, ending today or, while today has none yet, yesterday (a streak is
 * not lost until a whole day passes without an entry). `days` in any order, duplicates allowed.
 */
export function streak(days: readonly IsoDate[], today: IsoDate): number {
  const set = new Set<number>();
  for (const d of days) {
    const n = dayNumber(d);
    if (n !== null) set.add(n);
  }
  const t = dayNumber(today);
  if (t === null) return 0;
  let n = set.has(t) ? t : t - 1;
  let count = 0;
  while (set.has(n)) {
    count++;
    n--;
  }
  return count;
}

export interface Standing {
  userId: string;
  total: number;
  /** When the member reached the current total (ms since epoch). */
  reachedAt: number;
}

/** Leaderboard order: highest total first; equal totals rank by who got there first, then by id. */
export function compareStandings(a: Standing, b: Standing): number {
  return b.total - a.total || a.reachedAt - b.reachedAt || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0);
}

export function ranked<T extends Standing>(rows: readonly T[]): (T & { rank: number })[] {
  return [...rows].sort(compareStandings).map((row, i) => ({ ...row, rank: i + 1 }));
}

/** Whole percent of a target, uncapped (130% when beaten); null without a target. */
export function percentOfTarget(total: number, target: number | null | undefined): number | null {
  if (!target || target <= 0) return null;
  return Math.floor((total / target) * 100);
}

export const reachedTarget = (total: number, target: number | null | undefined) =>
  !!target && target > 0 && total >= target;

/**
 * A per-unit pledge's amount in minor units: `perUnit` minor units per whole unit of `progress`
 * (hundredths), rounded down to the minor unit, never above `max` (when set) nor the fixed-pledge cap.
 */
export function perUnitPledgeAmount(perUnit: number, progress: number, max: number | null | undefined): number {
  if (perUnit <= 0 || progress <= 0) return 0;
  const amount = Math.min(Math.floor((perUnit * progress) / HUNDREDTHS), MAX_PLEDGE_MINOR);
  return max && max > 0 ? Math.min(amount, max) : amount;
}

/** The entry forms on the goal screen, by their `intent`. */
export const ENTRY_INTENTS = ["log-entry", "edit-entry", "delete-entry", "remove-entry"] as const;
export type EntryIntent = (typeof ENTRY_INTENTS)[number];
export const isEntryIntent = (v: unknown): v is EntryIntent =>
  typeof v === "string" && (ENTRY_INTENTS as readonly string[]).includes(v);
