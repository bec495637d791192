/**
 * A member's notification e-mail switches (ADR 187) and the one-click unsubscribe link every
 * such mail carries. The link is `/unsubscribe/{topic}:{userId}.{HMAC}`, signed like invite links
 * (invites.server.ts) under its own key label: it works signed out, turns off one topic, and forging
 * one for another member or topic needs SESSION_SECRET.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq, sql } from "drizzle-orm";
import { emailChoices, isEmailTopic, type EmailTopic } from "#app/features/notifications/notification-email";
import { emailPreferences, users } from "#drizzle/schema";
import type { Database } from "#app/platform/db/db.server";
import { signedToken, verifiedPayload } from "#app/features/goals/invites.server";

/** The member's switches, stored choices over the defaults. */
export async function emailChoicesOf(context: AppLoadContext, userId: string) {
  const rows = await context.db
    .select({ topic: emailPreferences.topic, enabled: emailPreferences.enabled })
    .from(emailPreferences)
    .where(eq(emailPreferences.userId, userId));
  return emailChoices(Object.fromEntries(rows.map((r) => [r.topic, r.enabled])));
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

/** The one-click unsubscribe address of a topic for a member. */
export async function unsubscribeUrl(env: Env, origin: string, userId: string, topic: EmailTopic): Promise<string> {
  return `${origin}/unsubscribe/${await signedToken(env, "unsubscribe", `${topic}:${userId}`)}`;
}

export interface UnsubscribeTarget {
  userId: string;
  topic: EmailTopic;
  email: string;
  enabled: boolean;
}

/** Whom and what a link unsubscribes, or null for a forged, malformed or dead (account gone) link. */
export async function unsubscribeTarget(context: AppLoadContext, token: string): Promise<UnsubscribeTarget | null> {
  if (token.length > 200) return null;
  const payload = await verifiedPayload(context.cloudflare.env, "unsubscribe", token);
  const [topic, userId] = payload?.split(":") ?? [];
  if (!topic || !userId || !isEmailTopic(topic)) return null;
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
  const stored = row.enabled === null ? {} : { [topic]: !!row.enabled };
  return { userId, topic, email: row.email, enabled: emailChoices(stored)[topic] };
}

export async function unsubscribe(context: AppLoadContext, target: UnsubscribeTarget) {
  await context.db.batch([setEmailChoices(context.db, target.userId, { [target.topic]: false })[0]!]);
}
