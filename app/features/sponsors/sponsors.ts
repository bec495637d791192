/**
 * Sponsor rules, pure (ADR 240-242): a pledge's payment state, when settle-up and its reminders are due,
 * the estimate a pledge form shows, and the words that say what a pledge means. No I/O.
 */
import { addDays, isExpired, type IsoDate } from "#app/lib/dates";
import { perUnitPledgeAmount } from "#app/features/progress/progress";
import { formatAmount } from "#app/features/fundraising/fundraising";
import { withUnit } from "#app/lib/unit-text";

/** Owed; the supporter says they paid the charity; the organiser confirmed it ("raised" counts only these). */
export const PLEDGE_STATES = ["owed", "said-paid", "confirmed"] as const;
export type PledgeState = (typeof PLEDGE_STATES)[number];

export const STATE_LABELS: Record<PledgeState, string> = {
  owed: "Owed",
  "said-paid": "Supporter says paid",
  confirmed: "Organiser confirmed",
};

export const isPledgeState = (value: unknown): value is PledgeState =>
  typeof value === "string" && (PLEDGE_STATES as readonly string[]).includes(value);

export function pledgeState(p: { paid: boolean; saidPaidAt: Date | number | string | null }): PledgeState {
  if (p.paid) return "confirmed";
  return p.saidPaidAt ? "said-paid" : "owed";
}

/** Reminders go this many days after settle-up while a pledge is neither said paid nor confirmed. */
export const REMINDER_DAYS = [3, 10] as const;

/** The reminder due today (1 or 2), or null: none left, not yet, or nothing owed. */
export function reminderDue(
  pledge: { settledOn: IsoDate | null; reminders: number; paid: boolean; saidPaidAt: unknown },
  today: IsoDate,
): 1 | 2 | null {
  if (!pledge.settledOn || pledge.paid || pledge.saidPaidAt) return null;
  const next = pledge.reminders + 1;
  if (next > REMINDER_DAYS.length) return null;
  return today >= addDays(pledge.settledOn, REMINDER_DAYS[next - 1]!) ? (next as 1 | 2) : null;
}

/** Settle-up is due once the goal has ended by the goal clock (a whole day after its end day). */
export const settleUpDue = (goal: { end: IsoDate | null }, today: IsoDate) => isExpired(goal.end, today);

/** 'km' -> 'km', 'miles' -> 'mile', 'steps' -> 'step'. */
export const singular = (unitLabel: string) => unitLabel.replace(/s$/, "");

/**
 * A suggested rate per unit (minor units) so that reaching the target comes to about 20 in the currency:
 * 1.00 per unit for targets up to 20 units, less for bigger ones, never under 0.01.
 */
export function suggestedRate(targetHundredths: number | null): number {
  if (!targetHundredths || targetHundredths <= 2000) return 100;
  return Math.max(1, Math.floor(2000 / (targetHundredths / 100)));
}

/** What a per-unit pledge comes to at `progress` (hundredths of the unit), capped at its maximum. */
export const pledgeAt = (rate: number, progressHundredths: number, max: number | null) =>
  perUnitPledgeAmount(rate, progressHundredths, max);

export interface EstimateFacts {
  /** Who the pledge follows: a member's display name, or null for a team or the whole group. */
  memberName: string | null;
  /** A team's link (ADR 275): the team the pledge follows ("Team Hill Harriers"). */
  teamName?: string | null;
  unitLabel: string;
  /** Progress so far and the target it aims at, in hundredths of the unit. */
  progress: number;
  target: number | null;
  currency: string;
}

/** 'If Priya reaches her 100 km target: £50' (and what it is worth today), for the form's estimate. */
export function estimateText(facts: EstimateFacts, rate: number | null, max: number | null): string {
  if (!rate || rate <= 0) return `Enter an amount per ${singular(facts.unitLabel)} to see what your pledge comes to.`;
  const money = (minor: number) => formatAmount(minor, facts.currency);
  const who = facts.memberName ?? facts.teamName ?? "the group";
  const now = `${money(pledgeAt(rate, facts.progress, max))} today`;
  if (!facts.target || facts.progress >= facts.target)
    return `Your pledge is worth ${now}, and grows with every ${singular(facts.unitLabel)} ${who} logs up to your maximum.`;
  const target = withUnit(facts.target / 100, facts.unitLabel);
  const reach = facts.memberName ? `reaches their ${target} target` : `reaches its ${target} target`;
  return `If ${who} ${reach}: ${money(pledgeAt(rate, facts.target, max))}. Worth ${now}.`;
}

/** The rule for progress logged before the pledge, in words (docs/product.md). */
export const earlierUnitsRule = (unitLabel: string, memberName: string | null, progressText: string) =>
  `Everything ${memberName ?? "the group"} logged before your pledge counts too (${progressText} so far), up to your maximum.`;

/** Whom a pledge form's pledge backs, in words: its member, its team (ADR 246, 275) or the whole group. */
export const whoItBacks = (memberName: string | null, unitLabel: string, teamName: string | null = null) =>
  memberName
    ? `Your pledge backs ${memberName}: it follows the ${unitLabel} ${memberName} logs, not the rest of the group.`
    : teamName
      ? `Your pledge backs ${teamName}: it follows the ${unitLabel} its members log, whoever is in the team (a member who switches team takes their ${unitLabel} along).`
      : `Your pledge backs the whole group: it follows every ${singular(unitLabel)} any member logs.`;

/**
 * The same rule on a form offering teams, without JavaScript (ADR 299): the page cannot follow the list,
 * so it says what each pick does instead of naming one.
 */
export const whoEitherPickBacks = (unitLabel: string) =>
  `Your pledge backs what you pick in "Your pledge backs": the whole group, following every ${singular(unitLabel)} any member logs, or one team, following the ${unitLabel} its members log, whoever is in the team (a member who switches team takes their ${unitLabel} along). Everything the group or team you pick logged before your pledge counts too, up to your maximum.`;
