/**
 * Admin rules, pure and isomorphic: who may become what, paging, and the words the admin screens
 * use for types, statuses, audiences and early-access modes.
 */
import type { EarlyAccessMode, UserType } from "#drizzle/schema";

export const USER_TYPES = ["admin", "org", "user"] as const satisfies readonly UserType[];
export const USER_STATUSES = ["new", "active", "suspended"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const AUDIENCES = ["all", "admin", "org", "user"] as const;
export type Audience = (typeof AUDIENCES)[number];
export const EARLY_ACCESS_MODES = ["closed", "request", "open"] as const satisfies readonly EarlyAccessMode[];

export const TYPE_LABELS: Record<UserType, string> = { admin: "Admin", org: "Organisation", user: "Member" };
export const STATUS_LABELS: Record<UserStatus, string> = { new: "New", active: "Active", suspended: "Suspended" };
export const AUDIENCE_LABELS: Record<Audience, string> = {
  all: "Everyone",
  admin: "Admins",
  org: "Organisations",
  user: "Members",
};

/** What each early-access mode does to /signup, in the words shown on /admin/access. */
export const EARLY_ACCESS_EFFECTS: Record<EarlyAccessMode, { label: string; effect: string }> = {
  closed: {
    label: "Closed",
    effect: "Sign Up shows 'Currently Closed'. Nobody can create an account; invited people neither.",
  },
  request: {
    label: "Request",
    effect:
      "Sign Up shows the early-access request form. Requests appear below; people you invite get a link that lets them sign up.",
  },
  open: { label: "Open", effect: "Anyone can sign up at /signup." },
};

export const USERS_PER_PAGE = 20;
export const AUDIT_PER_PAGE = 50;
/** Single-use links e-mailed by admins (set a password, invitation to sign up) last this long. */
export const LINK_TTL_DAYS = 7;

export interface UserChange {
  type: UserType;
  status: UserStatus;
}

/**
 * Why a change may not be made, or null when it may. The site must never be left without an active
 * admin: the last admin cannot demote or suspend themself, and nobody can suspend themself.
 */
export function userChangeProblem(
  actorId: string,
  target: { id: string; type: UserType; status: string },
  change: UserChange,
  activeAdmins: number,
): string | null {
  const isActiveAdmin = target.type === "admin" && target.status !== "suspended";
  const staysActiveAdmin = change.type === "admin" && change.status !== "suspended";
  if (isActiveAdmin && !staysActiveAdmin && activeAdmins <= 1) {
    return "You are the last admin: make someone else an admin first.";
  }
  if (target.id === actorId && change.status === "suspended") return "You cannot suspend your own account.";
  return null;
}

export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The text of a communication as one recipient receives it. */
export function communicationText(first: string, body: string, supportEmail: string): string {
  return `Hi ${first},\n\n${body.trim()}\n\n-- \nGoals with Friends. Questions? Write to ${supportEmail}.\n`;
}

/** 'YYYY-MM-DD' of a timestamp, in UTC (admin tables show full dates). */
export function isoDay(value: Date | number | string): string {
  return new Date(value).toISOString().slice(0, 10);
}

export const GOAL_FILTERS = ["active", "ended", "demo", "all"] as const;
export type GoalFilter = (typeof GOAL_FILTERS)[number];
export const GOAL_FILTER_LABELS: Record<GoalFilter, string> = {
  active: "Active (demo goals hidden)",
  ended: "Ended",
  demo: "Demo",
  all: "All",
};
export const asGoalFilter = (value: string | null): GoalFilter =>
  (GOAL_FILTERS as readonly string[]).includes(value ?? "") ? (value as GoalFilter) : "active";
