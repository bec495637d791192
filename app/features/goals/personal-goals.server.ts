/**
 * A member's own goals (ADR 183): visibility "friends", owned by the member who starts it (goals.org_id
 * holds the owner), who joins it in the same batch. Seen and joinable by the owner's friends and by
 * whoever opens its signed invite link; never suggested to anyone else.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { rowValues } from "#app/platform/db/insert-select.server";
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

/**
 * Creates the goal and makes its creator its first member, in one batch, unless the member has started
 * PERSONAL_GOALS_PER_DAY personal goals in the last 24 hours: that limit is a condition of the insert
 * (ADR 218), so double submits and races cannot pass it. Returns the id, or null when over the limit
 * (nothing written).
 */
export async function createPersonalGoal(
  context: AppLoadContext,
  viewer: Viewer,
  input: NewPersonalGoal,
): Promise<string | null> {
  const id = newId();
  const { db } = context;
  const since = Date.now() - 86_400_000;
  const row = rowValues(goals, { id, ...input, visibility: "friends", demo: false, icon: null, orgId: viewer.id });
  const [created] = await db.batch([
    db.insert(goals).select(
      sql`SELECT ${row} WHERE (SELECT count(*) FROM ${goals} WHERE ${goals.orgId} = ${viewer.id}
        AND ${goals.visibility} = 'friends' AND ${goals.createdAt} > ${since}) < ${PERSONAL_GOALS_PER_DAY}`,
    ),
    db
      .insert(userGoals)
      .select(
        sql`SELECT ${rowValues(userGoals, { userId: viewer.id, goalId: id })} WHERE EXISTS (SELECT 1 FROM ${goals} WHERE ${goals.id} = ${id})`,
      ),
    recountActiveGoals(context, viewer.id),
  ]);
  if (!created.meta.changes) return null;
  // Not "goals": nobody else's lists change until a friend looks (friends' suggestions read on load).
  publish(context, [`goal:${id}`, `user:${viewer.id}`, "admin"]);
  return id;
}
