/**
 * The end of a challenge, the I/O (ADR 274). When a measured goal has ended by the goal clock, the cron
 * tells each member once (a bell line, event key "ended:{goal}") and then mails each their summary under
 * the "summary" switch, a bounded number a run. The summary screen and the certificate read the same
 * facts in one batch: computed from entries and pledges when asked, never stored.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, gte, isNull, lt, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { goals, mailOutbox, notifications, pledges, progressTotals, userGoals, users } from "#drizzle/schema";
import { addDays, isExpired, type IsoDate } from "#app/lib/dates";
import { newId } from "#app/lib/ids";
import { rowValues } from "#app/platform/db/insert-select.server";
import { publishNow, type Topic } from "#app/features/live/live.server";
import { deliverLater, outboxRow } from "#app/features/mail/mail.server";
import { emailChoicesColumn, keepsTopicOn, topicMail } from "#app/features/notifications/notification-mail.server";
import { exactBadgeRows, memberBadges, myBadgeEntriesQuery } from "#app/features/badges/badges.server";
import { archivedEntries, badgeEntriesOf } from "#app/features/archive/archive-read.server";
import { cardBadge } from "#app/features/cards/cards";
import { pledgeValue } from "#app/features/fundraising/fundraising.server";
import { myStandingQuery, rankedAhead } from "#app/features/progress/progress.server";
import { SUMMARY_WITHIN_DAYS, summaryMail, type SummaryFacts } from "./summary";

/** Members told, and summaries mailed, per cron run at most: the next run (15 minutes on) takes the rest. */
const TOLD_PER_RUN = 500;
const MAILED_PER_RUN = 100;

/** The outer goal's id, named in full: drizzle leaves a one-table select's columns unqualified. */
const GOAL_ID = sql.raw(`"goals"."id"`);

const participantsOf = (goalId: AnyColumn | SQL) =>
  sql<number>`(select count(*) from ${progressTotals} as pt where pt.goal_id = ${goalId})`;
const groupTotalOf = (goalId: AnyColumn | SQL) =>
  sql<number>`(select coalesce(sum(pt.total), 0) from ${progressTotals} as pt where pt.goal_id = ${goalId})`;
const pledgedOf = (goalId: AnyColumn | SQL) =>
  sql<number>`(select coalesce(sum(${pledgeValue}), 0) from ${pledges} where ${pledges.goalId} = ${goalId})`;
const paidOf = (goalId: AnyColumn | SQL) =>
  sql<number>`(select coalesce(sum(case when ${pledges.paid} then ${pledgeValue} else 0 end), 0) from ${pledges} where ${pledges.goalId} = ${goalId})`;

const summaryGoalColumns = {
  cause: goals.cause,
  end: goals.end,
  unit: goals.unit,
  unitTarget: goals.unitTarget,
  charityName: goals.charityName,
  currency: goals.currency,
  targetAmount: goals.targetAmount,
};

/** The summary's facts from one row of the goal's columns and its group figures, the member and their entries. */
function factsOf(
  goal: {
    cause: string;
    end: string | null;
    unit: string | null;
    unitTarget: number | null;
    charityName: string | null;
    currency: string | null;
    targetAmount: number | null;
    participants: number;
    groupTotal: number;
    pledged: number;
    paid: number;
  },
  member: { name: string; total: number | null; ahead: number | null },
  entries: Awaited<ReturnType<typeof myBadgeEntriesQuery>>,
): SummaryFacts {
  const unit = goal.unit ?? "units";
  const badges = memberBadges(entries, { unit, unitTarget: goal.unitTarget });
  const total = Number(member.total ?? 0);
  return {
    cause: goal.cause,
    end: goal.end ?? "",
    unit,
    unitTarget: goal.unitTarget,
    memberName: member.name,
    total,
    rank: total > 0 && member.ahead !== null ? Number(member.ahead) + 1 : null,
    participants: Number(goal.participants),
    groupTotal: Number(goal.groupTotal),
    raised:
      goal.charityName && goal.currency && goal.targetAmount
        ? {
            charityName: goal.charityName,
            currency: goal.currency,
            pledged: Number(goal.pledged),
            paid: Number(goal.paid),
          }
        : null,
    badges: badges.map((b) => b.label),
    topBadge: cardBadge(badges),
  };
}

export type SummaryView =
  | { state: "ended"; goalId: string; facts: SummaryFacts }
  | { state: "running"; goalId: string; cause: string; end: string | null };

/**
 * A member's summary of a measured goal (one batch), or null when the viewer has no place in it (not a
 * member and no progress: the goal is as good as missing to them).
 */
export async function loadSummary(
  context: AppLoadContext,
  goalId: string,
  viewer: { id: string; first: string; last: string },
  today: IsoDate,
): Promise<SummaryView | null> {
  const [goalRows, standingRows, entryRows] = await context.db.batch([
    context.db
      .select({
        ...summaryGoalColumns,
        archivedAt: goals.archivedAt,
        participants: participantsOf(GOAL_ID),
        groupTotal: groupTotalOf(GOAL_ID),
        pledged: pledgedOf(GOAL_ID),
        paid: paidOf(GOAL_ID),
        member: sql<number>`exists(select 1 from ${userGoals} where ${userGoals.goalId} = ${GOAL_ID} and ${userGoals.userId} = ${viewer.id})`,
      })
      .from(goals)
      .where(eq(goals.id, goalId))
      .limit(1),
    myStandingQuery(context, goalId, viewer.id),
    myBadgeEntriesQuery(context, goalId, viewer.id),
  ]);
  const goal = goalRows[0];
  // An archived challenge's entries are in its file (ADR 303); the badges are worked out from them.
  // In D1, a member past the entries read gets exact badges from one row a day (ADR 288).
  const entries = goal?.archivedAt
    ? badgeEntriesOf(await archivedEntries(context, goalId), viewer.id)
    : await exactBadgeRows(context, goalId, viewer.id, entryRows);
  const standing = standingRows[0];
  if (!goal || !goal.unit || (!Number(goal.member) && !standing)) return null;
  if (!isExpired(goal.end, today)) return { state: "running", goalId, cause: goal.cause, end: goal.end };
  return {
    state: "ended",
    goalId,
    facts: factsOf(
      goal,
      { name: `${viewer.first} ${viewer.last}`, total: standing?.total ?? 0, ahead: standing?.ahead ?? null },
      entries,
    ),
  };
}

/** Goals that ended (by the goal clock) within SUMMARY_WITHIN_DAYS days before today. */
const endedLately = (today: IsoDate) =>
  and(lt(goals.end, today), gte(goals.end, addDays(today, -SUMMARY_WITHIN_DAYS)), eq(goals.demo, false));

/** The cron: every member of a measured goal that has ended hears it once, in the bell. */
export async function tellEnded(context: AppLoadContext, today: IsoDate): Promise<number> {
  const eventKey = sql`'ended:' || ${goals.id}`;
  const told = await context.db
    .insert(notifications)
    .select(
      sql`SELECT ${rowValues(notifications, {
        id: sql`lower(hex(randomblob(16)))`,
        userId: userGoals.userId,
        kind: "challenge-ended",
        goalId: goals.id,
        actorId: null,
        eventKey,
      })}
        FROM ${goals} JOIN ${userGoals} ON ${userGoals.goalId} = ${goals.id}
        WHERE ${endedLately(today)} AND ${goals.unit} IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM ${notifications} AS n WHERE n.user_id = ${userGoals.userId} AND n.event_key = ${eventKey})
        LIMIT ${TOLD_PER_RUN}`,
    )
    .onConflictDoNothing()
    .returning({ userId: notifications.userId });
  if (told.length) await publishNow(context.cloudflare.env, [...new Set(told.map((r): Topic => `user:${r.userId}`))]);
  return told.length;
}

/**
 * The cron, after tellEnded: each told member's summary by mail (if their "summary" switch is on and they
 * are not suspended), then the line is marked dealt with. The mark and the mail are one batch per member,
 * the mail inserted only when the mark changed the row, so two runs at once never mail twice.
 */
export async function mailSummaries(context: AppLoadContext, today: IsoDate): Promise<number> {
  const env = context.cloudflare.env;
  const rows = await context.db
    .select({
      id: notifications.id,
      goalId: goals.id,
      userId: users.id,
      email: users.email,
      first: users.first,
      last: users.last,
      status: users.status,
      choices: emailChoicesColumn,
      ...summaryGoalColumns,
      total: progressTotals.total,
      ahead: sql<number | null>`${rankedAhead}`,
      participants: participantsOf(GOAL_ID),
      groupTotal: groupTotalOf(GOAL_ID),
      pledged: pledgedOf(GOAL_ID),
      paid: paidOf(GOAL_ID),
    })
    .from(goals)
    .innerJoin(notifications, and(eq(notifications.goalId, goals.id), eq(notifications.kind, "challenge-ended")))
    .innerJoin(users, eq(users.id, notifications.userId))
    .leftJoin(progressTotals, and(eq(progressTotals.goalId, goals.id), eq(progressTotals.userId, users.id)))
    .where(and(endedLately(today), isNull(notifications.emailedAt)))
    .limit(MAILED_PER_RUN);
  if (rows.length === 0) return 0;
  const wanted = rows.filter((r) => r.status !== "suspended" && keepsTopicOn("summary", r.choices));
  const entries = wanted.length
    ? await context.db.batch(
        wanted.map((r) => myBadgeEntriesQuery(context, r.goalId, r.userId)) as [
          ReturnType<typeof myBadgeEntriesQuery>,
          ...ReturnType<typeof myBadgeEntriesQuery>[],
        ],
      )
    : [];
  const origin = env.APP_URL || "http://localhost";
  const statements: BatchItem<"sqlite">[] = [];
  const ids: { id: string }[] = [];
  const mark = (id: string) =>
    context.db
      .update(notifications)
      .set({ emailedAt: new Date() })
      .where(and(eq(notifications.id, id), isNull(notifications.emailedAt)));
  for (const r of rows) {
    const i = wanted.indexOf(r);
    statements.push(mark(r.id));
    if (i < 0) continue;
    // No progress row: total null, and factsOf gives no rank to a total of 0 whatever `ahead` says.
    const facts = factsOf(r, { name: `${r.first} ${r.last}`, total: r.total, ahead: r.ahead }, entries[i]!);
    const mail = await topicMail(env, { id: r.userId, email: r.email }, "summary", {
      ...summaryMail(facts, `${origin}/goals/${r.goalId}/summary`),
      kind: "challenge-summary",
    });
    const id = newId();
    const row = await outboxRow(context, mail, id);
    statements.push(
      context.db.insert(mailOutbox).select(sql`SELECT ${rowValues(mailOutbox, row)} WHERE changes() = 1`),
    );
    ids.push({ id });
  }
  await context.db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  deliverLater(context, ids);
  return ids.length;
}
