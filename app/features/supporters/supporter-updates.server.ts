/**
 * Milestone updates to supporters (ADR 244): when a challenge's pledges cross 50, 90 or 100% of its
 * target, every supporter who asked for updates (and has an address, and has not stopped the mail) gets
 * one mail with their own link. Called only by the writer that won the milestone's conditional update,
 * so each supporter hears of each milestone once.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, isNotNull } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { pledges } from "#drizzle/schema";
import { deliverLater, outboxInsert, outboxRow } from "#app/features/mail/mail.server";
import { formatAmount } from "#app/features/fundraising/fundraising";
import { supporterPath } from "./supporter-path.server";
import { milestoneUpdateMail } from "./supporter-mail";

/** More supporters asking for updates than any real challenge has; the read stays bounded. */
export const UPDATES_LIMIT = 1_000;

export async function tellSupportersOfMilestone(
  context: AppLoadContext,
  goal: { id: string; cause: string; charityName: string; currency: string; targetAmount: number },
  milestone: number,
  pledged: number,
  origin: string,
) {
  const rows = await context.db
    .select({ id: pledges.id, name: pledges.name, email: pledges.email })
    .from(pledges)
    .where(
      and(
        eq(pledges.goalId, goal.id),
        eq(pledges.updates, true),
        isNotNull(pledges.email),
        eq(pledges.mailStopped, false),
      ),
    )
    .limit(UPDATES_LIMIT);
  if (rows.length === 0) return 0;
  const env = context.cloudflare.env;
  const amounts = {
    pledged: formatAmount(pledged, goal.currency),
    target: formatAmount(goal.targetAmount, goal.currency),
  };
  const mails = await Promise.all(
    rows.map(async (r) =>
      outboxRow(context, {
        to: r.email!,
        ...milestoneUpdateMail({ name: r.name, cause: goal.cause, charityName: goal.charityName }, milestone, amounts),
        kind: "pledge-milestone",
        link: `${origin}${await supporterPath(env, r.id)}`,
      }),
    ),
  );
  await context.db.batch(
    mails.map((m) => outboxInsert(context, m)) as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]],
  );
  deliverLater(
    context,
    mails.map((m) => ({ id: m.id! })),
  );
  return mails.length;
}
