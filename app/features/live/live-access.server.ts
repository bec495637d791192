/** Who may hear which live topics: the I/O half (the rules are `canHear` in app/features/live/topics). */
import { inArray, sql } from "drizzle-orm";
import { canHear, goalIdOf, type GoalAccess, type Listener, type Topic } from "#app/features/live/topics";
import { friendships, goals, userGoals } from "#drizzle/schema";
import type { Database } from "#app/platform/db/db.server";

/** The topics this listener may not hear (empty: all allowed). At most one D1 query. */
export async function forbiddenTopics(db: Database, listener: Listener | null, topics: Topic[]): Promise<Topic[]> {
  const goalIds = topics.map(goalIdOf).filter((id): id is string => id !== null);
  const access = new Map<string, GoalAccess>();
  if (listener && goalIds.length > 0) {
    const rows = await db
      .select({
        id: goals.id,
        visibility: goals.visibility,
        orgId: goals.orgId,
        isParticipant: sql<number>`exists (select 1 from ${userGoals} where ${userGoals.goalId} = ${goals.id} and ${userGoals.userId} = ${listener.id})`,
        isFriendOfOwner: sql<number>`exists (select 1 from ${friendships} where ${friendships.userId} = ${listener.id} and ${friendships.friendId} = ${goals.orgId})`,
      })
      .from(goals)
      .where(inArray(goals.id, goalIds));
    for (const row of rows)
      access.set(row.id, {
        ...row,
        isParticipant: Boolean(row.isParticipant),
        isFriendOfOwner: Boolean(row.isFriendOfOwner),
      });
  }
  return topics.filter((topic) => {
    const goalId = goalIdOf(topic);
    return !canHear(listener, topic, goalId ? access.get(goalId) : undefined);
  });
}
