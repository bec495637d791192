/**
 * The offline queue's way in (ADR 227): an entry logged on a phone without a connection is sent here
 * when the connection returns, by the page or by the service worker's Background Sync. It is the goal
 * screen's own log (same schema, same refusals, same idempotency key: sent twice, logged once), answered
 * in JSON so a service worker can read the outcome without Remix's data format.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { AppLoadContext } from "@remix-run/cloudflare";
import * as z from "zod";
import { amountForSport } from "#app/features/activity/sport-factors.server";
import { SPORT_TOO_SMALL } from "#app/features/activity/sport-factors";
import { settleBadges } from "#app/features/badges/badges.server";
import { entrySchemas } from "#app/features/progress/progress.schema";
import { LOG_REFUSALS } from "#app/features/progress/progress";
import { loadEntryGoal, logEntry } from "#app/features/progress/progress-writes.server";
import type { SessionUser } from "#app/platform/session/session.server";
import { today } from "#app/platform/session/clock.server";
import { LIMITS } from "#app/platform/session/rate-limit.server";

export type SyncOutcome =
  /** In D1 (now, or already by an earlier send of the same key). */
  | { outcome: "logged" }
  /** The app said no, for good (goal ended, over the day's cap, bad amount): shown to the member. */
  | { outcome: "refused"; message: string }
  /** Queued under another account than the one signed in now: kept on the device, not sent. */
  | { outcome: "other-account" }
  /** Over the member's entry-write limit (ADR 217): kept on the device, sent again after `retryAfter` s. */
  | { outcome: "later"; message: string; retryAfter: number };

/**
 * What the member reads beside an entry the flood limit held back (ADR 238): nothing to do, nothing lost.
 * The window is fixed (10 minutes from its first write), so a retry a minute later costs one count at most.
 */
export const HELD_BACK = `You have saved ${LIMITS.entryWrites.max} entries in 10 minutes: the rest are sent by themselves in a few minutes. Nothing is lost.`;
export const HELD_RETRY_AFTER_S = 60;

const GOAL_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Whose entry it is and for which goal: the signed-in member's own (docs/security.md), a goal's id. */
const syncTargetSchema = (userId: string) =>
  z.object({ account: z.literal(userId), goalId: z.string().max(64).regex(GOAL_ID) });

export async function syncEntry(
  request: Request,
  context: AppLoadContext,
  user: SessionUser,
  form: FormData,
): Promise<{ status: number; body: SyncOutcome }> {
  const target = parseWithZod(form, { schema: syncTargetSchema(user.id) });
  // An entry queued by someone else on this device never lands in this account (docs/security.md).
  if (target.status !== "success" && target.error?.account) return { status: 409, body: { outcome: "other-account" } };
  const refused = (status: number, message: string) => ({ status, body: { outcome: "refused", message } as const });
  if (target.status !== "success") return refused(404, "That goal no longer exists.");
  const goal = await loadEntryGoal(context, target.value.goalId, user.id);
  if (!goal) return refused(404, "That goal no longer exists.");
  if (!goal.unit) return refused(409, LOG_REFUSALS["not-measured"]);
  const day = today(request, context.cloudflare.env);
  const schema = entrySchemas({ unit: goal.unit, start: goal.start, end: goal.end, today: day })["log-entry"];
  const submission = parseWithZod(form, { schema });
  if (submission.status !== "success") {
    const messages = Object.values(submission.reply().error ?? {}).flatMap((m) => m ?? []);
    return refused(400, messages.join(", ") || "That entry could not be read.");
  }
  const value = submission.value;
  // The organiser's factor for the sport it names, as the page's own log applies it (docs/product.md).
  const counted = await amountForSport(context, goal.id, value);
  if (counted === null) return refused(400, SPORT_TOO_SMALL);
  value.amount = counted;
  const result = await logEntry(context, goal, user, { ...value, note: value.note ?? null }, day);
  // Too many writes just now is not a refusal of this entry: it waits on the phone (ADR 238).
  if (!result.ok && result.status === 429)
    return { status: 429, body: { outcome: "later", message: HELD_BACK, retryAfter: HELD_RETRY_AFTER_S } };
  if (!result.ok) return refused(result.status, result.message);
  // Badges (ADR 271) are earned by an entry sent from the phone's queue as by one typed in the page.
  if (result.changed) await settleBadges(context, goal, user.id, day);
  return { status: 200, body: { outcome: "logged" } };
}
