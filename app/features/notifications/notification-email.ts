/**
 * Notification e-mail (ADR 187): which topics a member can switch, their defaults, the
 * "you have not visited" reminder rule and the weekly digest's week. Pure: the cron
 * (app/features/notifications/notification-mail.server.ts) reads the facts and asks these functions.
 */
import { addDays, daysBetween, type IsoDate } from "#app/lib/dates";
import type { NotificationKind } from "./notifications";

export type EmailTopic =
  "cheer" | "message" | "friends" | "goal-dates" | "pledges" | "reminder" | "badges" | "summary" | "digest";

export interface EmailTopicInfo {
  topic: EmailTopic;
  label: string;
  /** Mailed unless the member turned it off. A topic missing here, or added later, is off until turned on. */
  onByDefault: boolean;
}

/** The switches of /profile's Notifications section, in the order shown. */
export const EMAIL_TOPICS: readonly EmailTopicInfo[] = [
  { topic: "cheer", label: "Someone cheered you on", onByDefault: true },
  { topic: "message", label: "A message in a goal you are in", onByDefault: true },
  { topic: "friends", label: "A friend request, or a friend accepted yours", onByDefault: true },
  { topic: "goal-dates", label: "A goal you are in starts or ends in 3 days", onByDefault: true },
  { topic: "pledges", label: "A pledge for you or your goal", onByDefault: true },
  { topic: "reminder", label: "A reminder when you have not visited a running goal for 3 days", onByDefault: true },
  { topic: "badges", label: "A badge you earned in a goal", onByDefault: true },
  { topic: "summary", label: "Your summary when a challenge you are in ends", onByDefault: true },
  { topic: "digest", label: "A weekly digest of what happened (Mondays)", onByDefault: false },
];

const TOPIC_NAMES = new Set<string>(EMAIL_TOPICS.map((t) => t.topic));
export const isEmailTopic = (value: string): value is EmailTopic => TOPIC_NAMES.has(value);

/** The switch that decides whether a notification of this kind is mailed. */
export function topicOfKind(kind: NotificationKind): EmailTopic {
  switch (kind) {
    case "cheer":
    case "message":
    case "reminder":
      return kind;
    case "friend-request":
    case "friend-accepted":
      return "friends";
    case "goal-starts":
    case "goal-ends":
      return "goal-dates";
    case "pledge-for-you":
    case "pledge-for-goal":
      return "pledges";
    case "badge":
      return "badges";
    case "challenge-ended":
      return "summary";
  }
}

/** The member's stored choices (only the topics they changed) over the defaults. */
export function emailChoices(stored: Partial<Record<string, boolean>>): Record<EmailTopic, boolean> {
  return Object.fromEntries(EMAIL_TOPICS.map((t) => [t.topic, stored[t.topic] ?? t.onByDefault])) as Record<
    EmailTopic,
    boolean
  >;
}

export function wantsEmail(topic: EmailTopic, stored: Partial<Record<string, boolean>>): boolean {
  return emailChoices(stored)[topic];
}

/** Days without a visit before a member of a running goal is reminded. */
export const REMINDER_AFTER_DAYS = 3;
/** A member hears at most one reminder per goal in this many days. */
export const REMINDER_EVERY_DAYS = 7;

export interface ReminderFacts {
  /** The goal's first and last day; null dates never run. */
  start: IsoDate | null;
  end: IsoDate | null;
  /** The member completed the goal: nothing to remind. */
  completed: boolean;
  /** The day the member joined the goal. */
  joinedOn: IsoDate;
  /**
   * The last day the member opened any screen of this goal (the goal screen, its discussion, entries,
   * share, give or organiser pages, or /main open on it: ADR 190), or null if never.
   */
  lastVisit: IsoDate | null;
  /** The day of the last reminder about this goal, or null. */
  lastReminder: IsoDate | null;
}

/**
 * A reminder is due when the goal runs today, the member is still pursuing it, they have not visited
 * for REMINDER_AFTER_DAYS days (counted from the later of their last visit, the day they joined and
 * the goal's start: nobody is nagged for days before the goal began), and they had no reminder about
 * this goal in the last REMINDER_EVERY_DAYS days.
 */
export function reminderDue(facts: ReminderFacts, today: IsoDate): boolean {
  if (!facts.start || !facts.end || facts.completed) return false;
  if (today < facts.start || today > facts.end) return false;
  const since = [facts.lastVisit ?? facts.joinedOn, facts.joinedOn, facts.start].sort().at(-1)!;
  if (daysBetween(since, today) < REMINDER_AFTER_DAYS) return false;
  return !facts.lastReminder || daysBetween(facts.lastReminder, today) >= REMINDER_EVERY_DAYS;
}

/** The digest goes out on Mondays (UTC), covering the seven days before. */
export function isDigestDay(today: IsoDate): boolean {
  return new Date(`${today}T00:00:00Z`).getUTCDay() === 1;
}

/** The first day the digest of `today` covers. */
export const digestFrom = (today: IsoDate): IsoDate => addDays(today, -7);
