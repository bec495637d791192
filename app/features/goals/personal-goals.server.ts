/**
 * A member's own goals (ADR 183): visibility "friends", owned by the member who starts it (goals.org_id
 * holds the owner), who joins it in the same batch. Seen and joinable by the owner's friends and by
 * whoever opens its signed invite link; never suggested to anyone else.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, count, eq, gt } from "drizzle-orm";
import type { IsoDate } from "#app/lib/dates";
import { newId } from "#app/lib/ids";
import type { Viewer } from "#app/features/goals/goals";
import { PERSONAL_GOALS_PER_DAY } from "#app/features/goals/personal-goal.schema";
import { goals, userGoals } from "#drizzle/schema";
import { recountActiveGoals } from "./goals.server";
import { publish } from "#app/features/live/live.server";

export interface NewPersonalGoal {
  cause: string;
  start: IsoDate;
  end: IsoDate;
  unit: string | null;
  unitTarget: number | null;
  groupTarget: number | null;
}

/** Has the member started as many personal goals in the last 24 hours as a day allows? */
export async function personalGoalLimitReached(context: AppLoadContext, viewer: Viewer): Promise<boolean> {
  const since = new Date(Date.now() - 86_400_000);
  const [row] = await context.db
    .select({ n: count() })
    .from(goals)
    .where(and(eq(goals.orgId, viewer.id), eq(goals.visibility, "friends"), gt(goals.createdAt, since)));
  return (row?.n ?? 0) >= PERSONAL_GOALS_PER_DAY;
}

/** Creates the goal and makes its creator its first member, in one batch. Returns its id. */
export async function createPersonalGoal(
  context: AppLoadContext,
  viewer: Viewer,
  input: NewPersonalGoal,
): Promise<string> {
  const id = newId();
  const { db } = context;
  await db.batch([
    db.insert(goals).values({ id, ...input, visibility: "friends", demo: false, icon: null, orgId: viewer.id }),
    db.insert(userGoals).values({ userId: viewer.id, goalId: id }),
    recountActiveGoals(context, viewer.id),
  ]);
  // Not "goals": nobody else's lists change until a friend looks (friends' suggestions read on load).
  publish(context, [`goal:${id}`, `user:${viewer.id}`, "admin"]);
  return id;
}
