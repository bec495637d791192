/**
 * Goal states in one place (ADR 161, DESIGN "Direction of the second round"): a goal is upcoming,
 * running or ended; a member is pursuing it or has completed it. Every screen derives what it shows and
 * which actions it offers from these, so one screen never says "Expired", "Active" and "Complete" at once.
 */
import { dayNumber, isExpired, type IsoDate } from "#app/lib/dates";

export type GoalPhase = "upcoming" | "running" | "ended";
export type MemberStatus = "pursuing" | "completed";

export const PHASE_LABELS: Record<GoalPhase, string> = { upcoming: "Upcoming", running: "Running", ended: "Ended" };
export const STATUS_LABELS: Record<MemberStatus, string> = { pursuing: "Pursuing", completed: "Completed" };

/**
 * Upcoming before its start day; ended from the day after its end day (SPEC: expired when the days
 * since the end are 1 or more); running in between, and always for a goal without dates.
 */
export function goalPhase(goal: { start: IsoDate | null; end: IsoDate | null }, today: IsoDate): GoalPhase {
  if (isExpired(goal.end, today)) return "ended";
  const start = dayNumber(goal.start);
  const now = dayNumber(today);
  if (start !== null && now !== null && now < start) return "upcoming";
  return "running";
}

export function memberStatus(membership: { completed: boolean } | null | undefined): MemberStatus | null {
  if (!membership) return null;
  return membership.completed ? "completed" : "pursuing";
}

/** What a member may do to their own membership. (Joining is decided by `joinRefusal` in goals.ts.) */
export type MemberAction = "complete" | "undo" | "leave";

/**
 * Pursuing: complete while the goal runs, leave at any time. Completed: undo while the goal runs (a
 * mistaken tap), after that the record stands. Nobody completes a goal before it starts.
 */
export function memberActions(phase: GoalPhase, status: MemberStatus | null): MemberAction[] {
  if (status === "pursuing") return phase === "running" ? ["complete", "leave"] : ["leave"];
  if (status === "completed") return phase === "running" ? ["undo"] : [];
  return [];
}

export type MembershipRefusal = "not-a-member" | "already-completed" | "not-started" | "over" | "not-completed";

export const MEMBERSHIP_REFUSALS: Record<MembershipRefusal, string> = {
  "not-a-member": "You have not joined this goal, so you cannot complete it.",
  "already-completed": "You have already completed this goal.",
  "not-started": "This goal has not started yet, so it cannot be completed. Come back on its first day.",
  over: "This goal has ended, so its results are final.",
  "not-completed": "You have not completed this goal, so there is nothing to undo.",
};

/** Why a member may not take an action now, or null when they may. */
export function membershipRefusal(
  action: MemberAction,
  phase: GoalPhase,
  status: MemberStatus | null,
): MembershipRefusal | null {
  if (!status) return "not-a-member";
  if (memberActions(phase, status).includes(action)) return null;
  if (action === "undo") return status === "pursuing" ? "not-completed" : "over";
  if (status === "completed") return "already-completed";
  return phase === "upcoming" ? "not-started" : "over";
}
