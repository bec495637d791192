/**
 * The goal screen's progress section (ADR 140) from its statements' results (progress.server.ts):
 * figures formatted for people, and only what the viewer may see (names on the board and the group's
 * entries are for members and the goal's managers; everyone who sees the goal sees the group total).
 */
import type { IsoDate } from "#app/lib/dates";
import { canManageGoal } from "#app/features/fundraising/fundraising";
import type { Viewer } from "#app/features/goals/goals";
import { newId } from "#app/lib/ids";
import {
  defaultEntryDay,
  formatQuantity,
  LOG_REFUSALS,
  logRefusal,
  percentOfTarget,
  quantityInputValue,
  reachedTarget,
  streak,
  unitOf,
} from "#app/features/progress/progress";
import { DEFAULT_COLOR } from "#drizzle/schema";
import {
  LEADERBOARD_SIZE,
  MY_ENTRIES_ALL,
  MY_ENTRIES_SHOWN,
  STREAK_DAYS_READ,
  type ProgressRows,
} from "./progress.server";
import type { StandingView } from "./standing.server";

export interface ProgressEntryView {
  id: string;
  amount: string;
  amountText: string;
  day: IsoDate;
  note: string | null;
}

export interface ProgressView {
  goalId: string;
  /** The viewer's id (their own sponsor link names them). */
  viewerId: string;
  unit: string;
  unitLabel: string;
  cap: number;
  memberTargetText: string | null;
  groupTargetText: string | null;
  group: { total: number; totalText: string; percent: number | null; loggers: number };
  me: {
    total: number;
    totalText: string;
    target: number | null;
    percent: number | null;
    entries: number;
    streak: number;
    rank: number | null;
    reached: boolean;
  } | null;
  board: { rank: number; name: string; color: string; totalText: string; isMe: boolean }[] | null;
  /** My own row when I rank below the top of the board. */
  myRow: { rank: number; totalText: string } | null;
  myEntries: ProgressEntryView[];
  /** All my entries are listed (?entries=all), not only the latest. */
  allEntries: boolean;
  /** Where the entry forms post: the goal screen, keeping ?entries=all so the list stays as it was. */
  formAction: string;
  latest: { id: string; name: string; color: string; amountText: string; day: IsoDate; note: string | null }[] | null;
  canLog: boolean;
  refusal: string | null;
  canRemove: boolean;
  /** The challenge's entries were moved to the archive (ADR 303): listed from it, no longer changed. */
  archived: boolean;
  form: { key: string; day: IsoDate; min: IsoDate | null; max: IsoDate };
  /** Where I stand (ADR 221): on the goal screen only. */
  standing?: { me: StandingView | null; group: StandingView };
}

export interface ProgressGoal {
  id: string;
  start: IsoDate | null;
  end: IsoDate | null;
  orgId: string | null;
  membership: { completed: boolean } | null;
}

/** My entries in the goal, newest day first (the badge group's read, badges.server.ts). */
type MyEntryRow = { id: string; amount: number; day: IsoDate; note: string | null };

export function toProgressView(
  rows: ProgressRows,
  myEntryRows: readonly MyEntryRow[],
  goal: ProgressGoal,
  viewer: Viewer,
  today: IsoDate,
  allEntries = false,
): ProgressView | null {
  const [measureRows, boardRows, latestRows] = rows;
  const measure = measureRows[0];
  const entryRows = myEntryRows.slice(0, allEntries ? MY_ENTRIES_ALL : MY_ENTRIES_SHOWN);
  if (!measure?.unit) return null;
  const unit = measure.unit;
  const fmt = (n: number) => formatQuantity(n, unit);
  const member = !!goal.membership;
  const manager = canManageGoal(goal, viewer);
  const insider = member || manager;
  const groupTotal = Number(measure.groupTotal);
  const logged = measure.myTotal !== null;
  const myTotal = Number(measure.myTotal ?? 0);
  const myRank = logged ? Number(measure.myAhead) + 1 : null;
  const archived = measure.archived !== null;
  const reason = logRefusal({ ...goal, unit, archived }, goal.membership, today);
  // A deleted account's progress stays, without its name (ADR 188).
  const name = (r: { first: string | null; last: string | null }) =>
    r.first === null ? "Deleted member" : `${r.first} ${r.last}`.trim();
  return {
    goalId: goal.id,
    viewerId: viewer.id,
    unit,
    unitLabel: unitOf(unit).label,
    cap: unitOf(unit).cap,
    memberTargetText: measure.unitTarget ? fmt(measure.unitTarget) : null,
    groupTargetText: measure.groupTarget ? fmt(measure.groupTarget) : null,
    group: {
      total: groupTotal,
      totalText: fmt(groupTotal),
      percent: percentOfTarget(groupTotal, measure.groupTarget),
      loggers: Number(measure.loggers),
    },
    me: member
      ? {
          total: myTotal,
          totalText: fmt(myTotal),
          target: measure.unitTarget,
          percent: percentOfTarget(myTotal, measure.unitTarget),
          entries: Number(measure.myEntries ?? 0),
          // The streak's days: at most STREAK_DAYS_READ distinct ones, as its own read took.
          streak: streak([...new Set(myEntryRows.map((r) => r.day))].slice(0, STREAK_DAYS_READ), today),
          rank: myRank,
          reached: reachedTarget(myTotal, measure.unitTarget),
        }
      : null,
    board: insider
      ? boardRows.map((r, i) => ({
          rank: i + 1,
          name: name(r),
          color: r.color ?? DEFAULT_COLOR,
          totalText: fmt(r.total),
          isMe: r.userId === viewer.id,
        }))
      : null,
    myRow: insider && myRank && myRank > LEADERBOARD_SIZE ? { rank: myRank, totalText: fmt(myTotal) } : null,
    myEntries: member
      ? entryRows.map((e) => ({
          id: e.id,
          amount: quantityInputValue(e.amount),
          amountText: fmt(e.amount),
          day: e.day,
          note: e.note,
        }))
      : [],
    allEntries,
    formAction: `/active/${goal.id}${allEntries ? "?entries=all" : ""}`,
    latest: insider
      ? latestRows.map((e) => ({
          id: e.id,
          name: name(e),
          color: e.color ?? DEFAULT_COLOR,
          amountText: fmt(e.amount),
          day: e.day,
          note: e.note,
        }))
      : null,
    canLog: member && !reason,
    refusal: member && reason ? LOG_REFUSALS[reason] : null,
    canRemove: manager && !archived,
    archived,
    form: {
      key: newId(),
      day: defaultEntryDay(goal, today),
      min: goal.start,
      max: goal.end && goal.end < today ? goal.end : today,
    },
  };
}
