/**
 * A member's notification e-mail switches (ADR 187) and the one-click unsubscribe link every such mail
 * carries: `/unsubscribe/{opaque token}` (ADR 234, unsubscribe-token.server.ts). It works signed out,
 * turns off one topic, names neither the member's id nor address, and ends when the address changes.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq, sql } from "drizzle-orm";
import { emailChoices, isEmailTopic, type EmailTopic } from "#app/features/notifications/notification-email";
import { emailPreferences, users } from "#drizzle/schema";
import type { Database } from "#app/platform/db/db.server";
import { verifiedPayload } from "#app/features/goals/invites.server";
import { addressTag, openUnsubscribeToken, unsubscribeToken } from "./unsubscribe-token.server";

/** The member's switches, stored choices over the defaults. */
export function emailChoicesQuery(context: AppLoadContext, userId: string) {
  return context.db
    .select({ topic: emailPreferences.topic, enabled: emailPreferences.enabled })
    .from(emailPreferences)
    .where(eq(emailPreferences.userId, userId));
}

export const toEmailChoices = (rows: Awaited<ReturnType<typeof emailChoicesQuery>>) =>
  emailChoices(Object.fromEntries(rows.map((r) => [r.topic, r.enabled])));

export async function emailChoicesOf(context: AppLoadContext, userId: string) {
  return toEmailChoices(await emailChoicesQuery(context, userId));
}

/** Upserts of the given switches (one statement each; batch them). */
export function setEmailChoices(db: Database, userId: string, choices: Partial<Record<EmailTopic, boolean>>) {
  return Object.entries(choices).map(([topic, enabled]) =>
    db
      .insert(emailPreferences)
      .values({ userId, topic, enabled: !!enabled })
      .onConflictDoUpdate({ target: [emailPreferences.userId, emailPreferences.topic], set: { enabled: !!enabled } }),
  );
}

export async function saveEmailChoices(context: AppLoadContext, userId: string, choices: Record<EmailTopic, boolean>) {
  const [first, ...rest] = setEmailChoices(context.db, userId, choices);
  if (first) await context.db.batch([first, ...rest]);
}

/** The one-click unsubscribe address of a topic for a member, bound to the address the mail goes to. */
export async function unsubscribeUrl(
  env: Env,
  origin: string,
  member: { id: string; email: string },
  topic: EmailTopic,
): Promise<string> {
  return `${origin}/unsubscribe/${await unsubscribeToken(env, topic, member.id, member.email)}`;
}

export interface UnsubscribeTarget {
  userId: string;
  topic: EmailTopic;
  email: string;
  enabled: boolean;
}

/**
 * Whom and what a link unsubscribes; "expired" for a link of ours that no longer works (mailed before
 * the account's address changed, or the old `{topic}:{user id}.{HMAC}` form that named the member);
 * null for a forged, malformed or dead (account gone) link.
 */
export async function unsubscribeTarget(
  context: AppLoadContext,
  token: string,
): Promise<UnsubscribeTarget | "expired" | null> {
  const env = context.cloudflare.env;
  const opened = await openUnsubscribeToken(env, token);
  if (!opened) return token.length <= 200 && (await verifiedPayload(env, "unsubscribe", token)) ? "expired" : null;
  const { topic, userId, tag } = opened;
  if (!isEmailTopic(topic)) return null;
  const [row] = await context.db
    .select({
      email: users.email,
      enabled: sql<
        number | null
      >`(SELECT ${emailPreferences.enabled} FROM ${emailPreferences} WHERE ${emailPreferences.userId} = ${users.id} AND ${emailPreferences.topic} = ${topic})`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  if ((await addressTag(row.email)) !== tag) return "expired";
  const stored = row.enabled === null ? {} : { [topic]: !!row.enabled };
  return { userId, topic, email: row.email, enabled: emailChoices(stored)[topic] };
}

export async function unsubscribe(context: AppLoadContext, target: UnsubscribeTarget) {
  await context.db.batch([setEmailChoices(context.db, target.userId, { [target.topic]: false })[0]!]);
}
