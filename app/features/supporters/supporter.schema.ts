/** The supporter's own pledge page's forms (ADR 241): a new maximum, and a cancel that asks first. */
import * as z from "zod";
import { MAX_PLEDGE_MAJOR } from "#app/features/fundraising/fundraising";
import { amount } from "#app/features/fundraising/fundraising.schema";

export const SUPPORTER_INTENTS = ["max", "paid", "cancel", "stop-mail"] as const;
export type SupporterIntent = (typeof SUPPORTER_INTENTS)[number];

export const pledgeMaxSchema = z.object({ max: amount(MAX_PLEDGE_MAJOR, "the maximum") });

export const CANCEL_CONFIRM = "Tick the box to confirm: a cancelled pledge cannot be brought back";
export const cancelPledgeSchema = z.object({
  confirm: z.literal("on", { error: CANCEL_CONFIRM }),
});

/** Where "Pledge again" goes: the pledge page or sponsor link the supporter came from, nothing else. */
export function pledgeAgainPath(value: string | null): string | null {
  if (!value || value.length > 300) return null;
  return /^\/(give|sponsor)\/[A-Za-z0-9._-]+$/.test(value) ? value : null;
}
