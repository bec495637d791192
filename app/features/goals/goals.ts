/**
 * The goal rules of SPEC section 4, as pure functions over plain rows (DESIGN "Rules ... in one place").
 * The queries in app/features/goals/goals.server.ts fetch what these need; these decide.
 */
import { isExpired, type IsoDate } from "#app/lib/dates";

export type UserType = "admin" | "org" | "user";

export interface Viewer {
  id: string;
  type: UserType;
}

/**
 * public: suggested to everyone; private: an org's, suggested only to it; friends: a member's personal
 * goal, seen and joinable by its creator (orgId holds the owner) and their friends (ADR 183).
 */
export type GoalVisibility = "public" | "private" | "friends";

export interface GoalFacts {
  id: string;
  end: IsoDate | null;
  demo: boolean;
  visibility: GoalVisibility;
  orgId: string | null;
  /** The viewer is a friend of the goal's owner (read with the goal, for the viewer asking). */
  friendOfOwner?: boolean | number | null;
}

export interface Membership {
  goalId: string;
  completed: boolean;
  joinedAt: Date | number;
}

export const canCreateGoals = (viewer: Pick<Viewer, "type">) => viewer.type === "admin" || viewer.type === "org";

/** SPEC: the end date has passed once the days since it are 1 or more (a goal is open on its end day). */
export const hasEnded = (goal: Pick<GoalFacts, "end">, today: IsoDate) => isExpired(goal.end, today);

/**
 * Who may see (and so join) a goal they are not in: private goals only the org that owns them, friends
 * goals only their creator and the creator's friends (invitees join by a signed link, and members see
 * goals they are in), demo goals only admins (they exist to demonstrate the product, never as suggestions).
 */
export function isVisibleTo(goal: GoalFacts, viewer: Viewer): boolean {
  if (goal.visibility === "private" && !(viewer.type === "org" && goal.orgId === viewer.id)) return false;
  if (goal.visibility === "friends" && !isOwnerOrFriend(goal, viewer)) return false;
  if (goal.demo && viewer.type !== "admin") return false;
  return true;
}

/**
 * What a signed-out visitor may see of a goal (its /join/{id} preview, ADR 262): a public goal that is
 * not a demo, as anyone signed in could; of any other goal, nothing, not even that it exists.
 */
export const isVisibleToVisitor = (goal: Pick<GoalFacts, "visibility" | "demo">) =>
  goal.visibility === "public" && !goal.demo;

/** A friends goal's circle: its creator and the people the creator is friends with. */
export const isOwnerOrFriend = (goal: Pick<GoalFacts, "orgId" | "friendOfOwner">, viewer: Pick<Viewer, "id">) =>
  (!!goal.orgId && goal.orgId === viewer.id) || !!goal.friendOfOwner;

/** SPEC: not joined, end date not passed, demo never, private only to the owning org. */
export function isSuggested(goal: GoalFacts, viewer: Viewer, joinedGoalIds: ReadonlySet<string>, today: IsoDate) {
  return !joinedGoalIds.has(goal.id) && !goal.demo && !hasEnded(goal, today) && isVisibleTo(goal, viewer);
}

export function suggestedGoals<G extends GoalFacts & { end: IsoDate | null; cause: string }>(
  goals: readonly G[],
  viewer: Viewer,
  memberships: readonly Membership[],
  today: IsoDate,
): G[] {
  const joined = new Set(memberships.map((m) => m.goalId));
  return goals.filter((g) => isSuggested(g, viewer, joined, today)).sort(byClosingSoonest);
}

/** The Suggested list is a menu, not an archive (ADR 058): at most this many, closing soonest. */
export const SUGGESTION_LIMIT = 50;
/** How many of them the list shows until the member asks for the rest with "Show more" (ADR 191, 315). */
export const SUGGESTIONS_SHOWN = 6;

/** The home shows this many goal cards, the current goal's first, until "Show all N goals" (ADR 315). */
export const HOME_CARDS_SHOWN = 6;

/**
 * The part of the (sorted) suggestions a screen shows (ADR 191): the first SUGGESTIONS_SHOWN and whether
 * there are more, or, once the member asked for all, up to SUGGESTION_LIMIT.
 */
export function suggestionsShown<G>(sorted: readonly G[], all: boolean): { shown: G[]; more: boolean } {
  const count = all ? SUGGESTION_LIMIT : SUGGESTIONS_SHOWN;
  return { shown: sorted.slice(0, count), more: !all && sorted.length > count };
}

/**
 * Closing soonest first (no end date last), then by name: the goals a member can still catch. The
 * database walks its (end, cause) index in this order and stops after the page (ADR 058).
 */
function byClosingSoonest(a: { end: IsoDate | null; cause: string }, b: { end: IsoDate | null; cause: string }) {
  if (a.end !== b.end) {
    if (a.end === null) return 1;
    if (b.end === null) return -1;
    return a.end < b.end ? -1 : 1;
  }
  return a.cause.localeCompare(b.cause);
}

const joinedTime = (m: Membership) => (typeof m.joinedAt === "number" ? m.joinedAt : m.joinedAt.getTime());

/** SPEC: active = in currentusers and not in completedusers, i.e. a membership not completed. */
export const isActive = (membership: Membership | undefined) => !!membership && !membership.completed;

/** The user's active memberships, oldest join first. */
export function activeMemberships<M extends Membership>(memberships: readonly M[]): M[] {
  return memberships
    .filter((m) => !m.completed)
    .sort((a, b) => joinedTime(a) - joinedTime(b) || cmp(a.goalId, b.goalId));
}

/** SPEC: the current goal is the user's first user-goal with completed false (first by joined_at). */
export function currentMembership<M extends Membership>(memberships: readonly M[]): M | null {
  return activeMemberships(memberships)[0] ?? null;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export type JoinRefusal = "already-joined" | "already-completed" | "ended" | "hidden";

export const REFUSAL_MESSAGES: Record<JoinRefusal, string> = {
  "already-joined": "You have already joined this goal.",
  "already-completed": "You have already completed this goal.",
  ended: "This goal has ended, so it can no longer be joined.",
  hidden: "This goal is not open to your account.",
};

/** Why a viewer may not join a goal, or null when they may. */
export function joinRefusal(
  goal: GoalFacts,
  viewer: Viewer,
  membership: Membership | undefined,
  today: IsoDate,
): JoinRefusal | null {
  if (membership) return membership.completed ? "already-completed" : "already-joined";
  if (!isVisibleTo(goal, viewer)) return "hidden";
  if (hasEnded(goal, today)) return "ended";
  return null;
}

/**
 * Who owns a goal a viewer creates on /create: orgs own theirs (a private goal belongs to them); admins'
 * are the site's. A personal goal (/goals/new) always belongs to its creator (ADR 183).
 */
export function goalOwner(viewer: Viewer): string | null {
  return viewer.type === "org" ? viewer.id : null;
}

/**
 * Who may replace a goal's shared invite link (ADR 184): its owner (the org, or the member whose
 * personal goal it is); for an org's private goal, admins too. A public goal shares its own address.
 */
export const canReplaceInviteLink = (goal: Pick<GoalFacts, "visibility" | "orgId">, viewer: Viewer) =>
  goal.visibility !== "public" &&
  ((!!goal.orgId && goal.orgId === viewer.id) || (goal.visibility === "private" && viewer.type === "admin"));
