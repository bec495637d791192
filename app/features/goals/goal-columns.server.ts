/**
 * The goal columns a screen needs to show a goal and decide who may see or manage it (the GoalSummary
 * of app/features/goals/goals.server.ts), written once. Queries spread it and add what they need beside it:
 * `select({ ...goalColumns, charityName: goals.charityName })`.
 */
import { goals } from "#drizzle/schema";

export const goalColumns = {
  id: goals.id,
  cause: goals.cause,
  start: goals.start,
  end: goals.end,
  icon: goals.icon,
  demo: goals.demo,
  visibility: goals.visibility,
  orgId: goals.orgId,
};
