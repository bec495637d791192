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

/**
 * What each early-access mode does to /signup, in the words shown on /admin/access, and what the admin
 * is told after switching to it. Invitations (an admin's, or a challenge invite) open sign-up in every
 * mode (ADR 163).
 */
export const EARLY_ACCESS_EFFECTS: Record<EarlyAccessMode, { label: string; effect: string; changed: string }> = {
  closed: {
    label: "Closed",
    effect:
      "Sign Up shows 'Currently Closed'. Only people holding an invitation from you or a challenge invite link can create an account.",
    changed:
      "Early access is now closed: Sign Up shows 'Currently Closed'. People holding an invitation or a challenge invite link can still sign up.",
  },
  request: {
    label: "Request",
    effect:
      "Sign Up shows the early-access request form. Requests appear below; invite someone to e-mail them a sign-up link.",
    changed:
      "Early access is now by request: Sign Up shows the request form, and new requests appear below for you to invite.",
  },
  open: {
    label: "Open",
    effect: "Anyone can sign up at /signup.",
    changed: "Early access is now open: anyone can create an account at /signup.",
  },
};

export const USERS_PER_PAGE = 20;
/** How the admin users list can be ordered. */
export const USER_SORTS = ["newest", "oldest", "name"] as const;
export type UserSort = (typeof USER_SORTS)[number];
export const USER_SORT_LABELS: Record<UserSort, string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  name: "Name (A to Z)",
};
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

/** An audit entry as the log shows it. */
export interface AuditEntryText {
  action: string;
  target: string | null;
  detail: string | null;
}

const MODE_NAMES: Record<string, string> = { closed: "Closed", request: "Request", open: "Open" };

/**
 * The audit log's "What" in words ("Changed early access to Closed"), not the stored code; an action
 * this list does not know yet shows its code, so nothing is ever hidden.
 */
export function auditActionText({ action, target, detail }: AuditEntryText): string {
  const who = target ?? "";
  switch (action) {
    case "access.mode": {
      const mode = detail?.replace(/^mode /, "") ?? "";
      return `Changed early access to ${MODE_NAMES[mode] ?? mode}`;
    }
    case "access.invite":
      return `Invited ${who} to sign up`;
    case "access.support-email":
      return "Changed the support e-mail";
    case "account.delete":
      return "A member deleted their account";
    case "communication.send":
      return `Sent a message to ${who || "members"}`;
    case "goal.edit":
      return `Edited the goal ${who}`;
    case "progress.remove":
      return `Removed a progress entry in ${who}`;
    case "user.add":
      return `Added the user ${who}`;
    case "user.change":
      return `Changed the user ${who}`;
    default:
      return action;
  }
}

/**
 * The admin users list's address parameters, leaving out defaults so links stay short: a page link,
 * the filter form and the manage forms all keep the same search.
 */
export function userSearchParams(search: {
  q: string;
  type: string;
  status: string;
  sort: string;
  page?: number;
}): Record<string, string> {
  const params: Record<string, string> = {};
  if (search.q) params.q = search.q;
  if (search.type !== "all") params.type = search.type;
  if (search.status !== "all") params.status = search.status;
  if (search.sort !== "newest") params.sort = search.sort;
  if (search.page && search.page > 1) params.page = String(search.page);
  return params;
}
