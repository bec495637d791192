/** What a notification says and where it leads (ADR 181). Pure: the server stores only facts. */

export type NotificationKind =
  | "cheer"
  | "message"
  | "goal-starts"
  | "goal-ends"
  | "friend-request"
  | "friend-accepted"
  | "pledge-for-you"
  | "pledge-for-goal"
  | "reminder"
  | "badge"
  | "challenge-ended";

export interface NotificationFacts {
  kind: NotificationKind;
  goalId: string | null;
  cause: string | null;
  /** The member who did it; null for the calendar's own events, or when they deleted their account. */
  actor: { first: string; last: string } | null;
  /** How many events the line tells (unread messages of one goal collapse into one line); 1 when absent. */
  count?: number;
}

/** Goals start and end "in 3 days": the cron tells members this many days ahead. */
export const HEADS_UP_DAYS = 3;

/** The page lists this many, newest first. */
export const NOTIFICATION_PAGE = 50;

const someone = (actor: NotificationFacts["actor"]) => (actor ? `${actor.first} ${actor.last}` : "A former member");

const supporter = (actor: NotificationFacts["actor"]) => (actor ? `${actor.first} ${actor.last}` : "A supporter");

export function notificationText(n: NotificationFacts): string {
  const cause = n.cause ?? "a goal";
  switch (n.kind) {
    case "cheer":
      return `${someone(n.actor)} cheered you on in ${cause}.`;
    case "message":
      return (n.count ?? 1) > 1
        ? `${n.count} new messages in ${cause}, the latest from ${someone(n.actor)}.`
        : `${someone(n.actor)} wrote in the discussion of ${cause}.`;
    case "goal-starts":
      return `${cause} starts in ${HEADS_UP_DAYS} days.`;
    case "goal-ends":
      return `${cause} ends in ${HEADS_UP_DAYS} days. Finish strong!`;
    case "friend-request":
      return `${someone(n.actor)} wants to be your friend.`;
    case "friend-accepted":
      return `${someone(n.actor)} accepted your invite: you are friends now.`;
    // A pledge's actor is its signed-in, not anonymous, pledger; anyone else is "A supporter".
    case "pledge-for-you":
      return `${supporter(n.actor)} pledged for you in ${cause}.`;
    case "pledge-for-goal":
      return `${supporter(n.actor)} pledged to ${cause}.`;
    case "reminder":
      return `You have not checked in on ${cause} for a few days. Your group is still going!`;
    // Which badge: the goal screen lists them (ADR 271).
    case "badge":
      return `You earned a new badge in ${cause}.`;
    // The numbers are on the summary screen and in its mail (ADR 274).
    case "challenge-ended":
      return `${cause} has ended: see how you did and get your certificate.`;
  }
}

/** Where the notification takes you: the goal's screen (its discussion for a message). */
export function notificationHref(n: Pick<NotificationFacts, "kind" | "goalId">): string {
  if (n.kind === "friend-request") return "/friends#requests";
  if (n.kind === "friend-accepted") return "/friends";
  if (!n.goalId) return "/main";
  if (n.kind === "badge") return `/active/${n.goalId}#badges`;
  if (n.kind === "challenge-ended") return `/goals/${n.goalId}/summary`;
  return n.kind === "message" ? `/active/${n.goalId}#discussion` : `/active/${n.goalId}`;
}

/** The bell's accessible name: the count in words, so a screen reader hears it. */
export function bellLabel(unread: number): string {
  if (unread === 0) return "Notifications, none unread";
  return `Notifications, ${unread > 99 ? "more than 99" : unread} unread`;
}

/** The badge shows at most "99+". */
export const badgeText = (unread: number) => (unread > 99 ? "99+" : String(unread));
