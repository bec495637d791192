/**
 * The words of the mail a supporter gets about their pledge (ADR 241, 242): the receipt, the settle-up
 * with the final amount, the reminders, and the notice that a removed entry changed it. Pure; every
 * message carries the supporter's own link (LINK_PLACEHOLDER, sealed in the outbox) and the way to stop.
 */
import { formatAmount, NO_FEES_LINE } from "#app/features/fundraising/fundraising";
import { formatMonthDay, type IsoDate } from "#app/lib/dates";
import { singular } from "#app/features/sponsors/sponsors";
import { perUnitRate } from "#app/lib/unit-text";

export interface PledgeFacts {
  name: string;
  /** Minor units (a fixed pledge). */
  amount: number;
  perUnit: number | null;
  maxAmount: number | null;
  /** The member a pledge per unit follows, or null for the whole group. */
  memberName: string | null;
  currency: string;
  unitLabel: string | null;
  cause: string;
  charityName: string;
  charityUrl: string;
  end: IsoDate | null;
}

const LINK = "{{link}}";

/** '£25', or '£0.50 per km Priya Tester logs, up to £20'. */
export function pledgeTerms(p: PledgeFacts): string {
  const money = (minor: number) => formatAmount(minor, p.currency);
  if (p.perUnit === null) return money(p.amount);
  const who = p.memberName ? `${p.memberName} logs` : "the group logs";
  return `${perUnitRate(money(p.perUnit), singular(p.unitLabel ?? "unit"))} ${who}${p.maxAmount ? `, up to ${money(p.maxAmount)}` : ""}`;
}

const footer = () =>
  [
    `Your pledge's private page (see it, say you've paid, or stop these e-mails): ${LINK}`,
    `We use this address only for this pledge. ${NO_FEES_LINE}`,
  ].join("\n\n");

/** The receipt; `valueNow` (minor units) when the page that took the pledge knew the progress. */
export function receiptMail(p: PledgeFacts, valueNow: number | null, today?: IsoDate) {
  const body =
    p.perUnit === null
      ? [
          `Please pay it on ${p.charityName}'s own page: ${p.charityUrl}`,
          `Then tap "I've paid" on your pledge's page, so the organiser knows.`,
        ]
      : [
          `Everything ${p.memberName ?? "the group"} logged before you pledged counts too: ${valueNow === null ? "your pledge's page shows what it is worth today" : `it is worth ${formatAmount(valueNow, p.currency)} today`}.`,
          `When the challenge ends${p.end ? ` (${formatMonthDay(p.end, today)})` : ""}, we e-mail you the final amount and where to pay it. Until then you can change the maximum or cancel on your pledge's page.`,
        ];
  return {
    subject: `Your pledge to ${p.charityName} for ${p.cause}`,
    text: [`Thank you, ${p.name}.`, `Your pledge: ${pledgeTerms(p)}.`, ...body, footer()].join("\n\n") + "\n",
  };
}

export interface SettleFacts extends PledgeFacts {
  /** What the pledge is worth (minor units): its final amount. */
  value: number;
  /** What a per-unit pledge followed: '87 km', by the member or the group. */
  progressText: string | null;
}

const payLines = (p: SettleFacts) => [
  `Please pay it on ${p.charityName}'s own page: ${p.charityUrl}`,
  `Then tap "I've paid" on your pledge's page, so the organiser knows and we stop reminding you.`,
];

/** 'Priya Tester logged 87 km: your pledge is £43.50' (or the fixed amount). */
function finalLine(p: SettleFacts) {
  const money = formatAmount(p.value, p.currency);
  if (p.perUnit === null) return `Your pledge is ${money}.`;
  return `${p.memberName ?? "The group"} logged ${p.progressText ?? "their total"}: your pledge (${pledgeTerms(p)}) comes to ${money}.`;
}

/** When the goal ends: the final amount and where to pay it. */
export function settleUpMail(p: SettleFacts) {
  return {
    subject: `${p.cause} has ended: your pledge is ${formatAmount(p.value, p.currency)}`,
    text: [`Hello ${p.name},`, `${p.cause} has ended. ${finalLine(p)}`, ...payLines(p), footer()].join("\n\n") + "\n",
  };
}

/** 3 and 10 days after settle-up while nobody has said the pledge is paid. */
export function reminderMail(p: SettleFacts, which: 1 | 2) {
  return {
    subject: `Reminder: your ${formatAmount(p.value, p.currency)} pledge to ${p.charityName}`,
    text:
      [
        `Hello ${p.name},`,
        `${which === 2 ? "A last reminder: " : ""}${finalLine(p)} We have not heard that it is paid yet.`,
        ...payLines(p),
        footer(),
      ].join("\n\n") + "\n",
  };
}

/** An entry removed after settle-up changed what the pledge is worth. */
export function changedMail(p: SettleFacts, was: number) {
  return {
    subject: `Your pledge to ${p.charityName} is now ${formatAmount(p.value, p.currency)}`,
    text:
      [
        `Hello ${p.name},`,
        `The organiser of ${p.cause} removed an entry, so ${p.memberName ?? "the group"} now has ${p.progressText ?? "less logged"}: your pledge comes to ${formatAmount(p.value, p.currency)}, not ${formatAmount(was, p.currency)}.`,
        `If you have already paid the old amount, nothing more is needed; otherwise pay the new amount on ${p.charityName}'s own page: ${p.charityUrl}`,
        footer(),
      ].join("\n\n") + "\n",
  };
}

/** 50, 90 or 100% of the challenge's target pledged, to a supporter who asked for updates (ADR 244). */
export function milestoneUpdateMail(
  p: { name: string; cause: string; charityName: string },
  milestone: number,
  amounts: { pledged: string; target: string },
) {
  const reached = milestone >= 100 ? "has reached its target" : `is ${milestone}% of the way to its target`;
  return {
    subject: `${p.cause} ${milestone >= 100 ? "reached its target" : `is at ${milestone}% of its target`}`,
    text:
      [
        `Hello ${p.name},`,
        `${p.cause} ${reached}: ${amounts.pledged} pledged of ${amounts.target} for ${p.charityName}. Thank you for being part of it.`,
        `You asked for these updates when you pledged; there are at most three (50%, 90% and 100%).`,
        footer(),
      ].join("\n\n") + "\n",
  };
}
