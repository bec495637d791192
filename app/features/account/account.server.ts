/**
 * The member's own account (ADR 180): change password, remove the picture, delete the account.
 * Changing the e-mail lives in email-change.server.ts, the data download in account-export.server.ts.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, sql } from "drizzle-orm";
import {
  archiveErasures,
  entryArchives,
  messages,
  pledges,
  progressEntries,
  progressTotals,
  userGoals,
  users,
} from "#drizzle/schema";
import { auditEntryIfChanged } from "#app/features/admin/audit.server";
import { publish } from "#app/features/live/live.server";
import { deliverLater, outboxInsert } from "#app/features/mail/mail.server";
import { hashPassword, verifyPassword } from "#app/features/auth/password.server";
import { voidOpenLinks } from "#app/features/auth/password-reset.server";
import { countersFor, hit, LIMITS } from "#app/platform/session/rate-limit.server";
import { endOtherSessions } from "#app/platform/session/session.server";
import { deleteImage } from "#app/platform/http/uploads.server";
import { newId } from "#app/lib/ids";
import { erasureStatements } from "./account-erasure.server";
import type { Topic } from "#app/features/live/topics";

export type AccountResult = { ok: true } | { ok: false; field: string; message: string; status: number };

export const TOO_MANY_TRIES = "Too many tries. Wait 15 minutes, then try again.";

/**
 * Checks the member's current password, counting each try (a stolen session must not become a way to
 * guess the password). Returns an error result, or null when the password is right.
 */
export async function checkCurrentPassword(
  request: Request,
  context: AppLoadContext,
  user: { id: string; email: string },
  current: string,
  wrongMessage: string,
): Promise<AccountResult | null> {
  const throttled = await hit(context.db, countersFor(request, { email: LIMITS.accountPassword }, user.email));
  if (throttled) return { ok: false, field: "current", message: TOO_MANY_TRIES, status: 429 };
  const [row] = await context.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, user.id))
    .limit(1);
  if (!(await verifyPassword(current, row?.passwordHash))) {
    return { ok: false, field: "current", message: wrongMessage, status: 400 };
  }
  return null;
}

/**
 * Sets a new password, ends every other session of the member, voids their open links (reset,
 * set-password, e-mail change) and tells them by e-mail.
 */
export async function changePassword(
  request: Request,
  context: AppLoadContext,
  user: { id: string; email: string; first: string },
  input: { current: string; password: string; keepSessionId: string | null },
  wrongMessage: string,
): Promise<AccountResult> {
  const refused = await checkCurrentPassword(request, context, user, input.current, wrongMessage);
  if (refused) return refused;
  const mail = {
    id: newId(),
    to: user.email,
    kind: "password-changed",
    subject: "Your Goals with Friends password was changed",
    text: [
      `Hello ${user.first},`,
      "",
      "The password of your Goals with Friends account was just changed, and every other device was signed out.",
      "If this was not you, reset your password from the sign-in page at once and contact support.",
    ].join("\n"),
  };
  await context.db.batch([
    context.db
      .update(users)
      .set({ passwordHash: await hashPassword(input.password) })
      .where(eq(users.id, user.id)),
    endOtherSessions(context, user.id, input.keepSessionId),
    // Whoever knew the old password may have asked for links: none of them opens anything now (ADR 216).
    voidOpenLinks(context, user.id),
    outboxInsert(context, mail, mail.id),
  ]);
  deliverLater(context, [mail]);
  return { ok: true };
}

/** Removes the profile picture: the header shows the initial again; the R2 object goes after the response. */
export async function removePicture(context: AppLoadContext, user: { id: string; img: string | null }) {
  if (!user.img) return;
  await context.db.update(users).set({ img: null }).where(eq(users.id, user.id));
  context.cloudflare.ctx.waitUntil(deleteImage(context.cloudflare.env, user.img));
  publish(context, [`user:${user.id}`]);
}

export const LAST_ADMIN = "You are the last admin: make someone else an admin first.";

/**
 * Deletes the account in one batch. Personal data goes (the user row and with it sessions, memberships,
 * cheers and links; every address the account ever had, wherever it was left: account-erasure.server.ts);
 * messages stay, shown as
 * "Deleted member"; pledges stay for the charity's totals, with the pledger's name and message removed.
 * Progress stays too (ADR 188): entries (without their notes), totals and the pledges that sponsor the
 * member move to one fresh anonymous id, so group totals, ranks and pledge values do not change.
 * Every statement carries the same condition, so the last admin's request changes nothing at all.
 */
export async function deleteAccount(
  context: AppLoadContext,
  user: { id: string; email: string; img: string | null },
): Promise<AccountResult> {
  const db = context.db;
  const deletable = sql`EXISTS (SELECT 1 FROM users AS me WHERE me.id = ${user.id} AND (me.type <> 'admin'
    OR EXISTS (SELECT 1 FROM users AS other WHERE other.type = 'admin' AND other.status <> 'suspended' AND other.id <> ${user.id})))`;
  const goalsOfMine = await db
    .select({ goalId: userGoals.goalId })
    .from(userGoals)
    .where(eq(userGoals.userId, user.id));
  const anonymousId = `deleted-${newId()}`;
  const [, , , , , , , , , , , , deleted] = await db.batch([
    // Every address the account had, wherever it was left (ADR 219): before the pledges lose their user.
    ...erasureStatements(context, user.id, deletable),
    db
      .update(pledges)
      .set({ userId: null, name: "Anonymous", message: null, anonymous: true })
      .where(and(eq(pledges.userId, user.id), deletable)),
    db
      .update(pledges)
      .set({ memberId: anonymousId })
      .where(and(eq(pledges.memberId, user.id), deletable)),
    db
      .update(progressEntries)
      .set({ userId: anonymousId, note: null })
      .where(and(eq(progressEntries.userId, user.id), deletable)),
    // Archived challenges' files still name the account and hold its notes (ADR 303): recorded here, before
    // the totals are re-keyed, for readers to apply and the cron to rewrite the files.
    db
      .insert(archiveErasures)
      .select(
        sql`SELECT ${progressTotals.goalId}, ${user.id}, ${anonymousId} FROM ${progressTotals}
          WHERE ${progressTotals.userId} = ${user.id} AND ${deletable}
          AND EXISTS (SELECT 1 FROM ${entryArchives} WHERE ${entryArchives.goalId} = ${progressTotals.goalId} AND ${entryArchives.key} IS NOT NULL)`,
      )
      .onConflictDoNothing(),
    db
      .update(progressTotals)
      .set({ userId: anonymousId })
      .where(and(eq(progressTotals.userId, user.id), deletable)),
    db
      .update(messages)
      .set({ userId: null })
      .where(and(eq(messages.userId, user.id), deletable)),
    db
      .delete(users)
      .where(and(eq(users.id, user.id), deletable))
      .returning({ id: users.id }),
    // The record names no one: the account's id only, which now points nowhere (and no actor row).
    auditEntryIfChanged(context, null, { action: "account.delete", target: user.id }),
  ]);
  if (deleted.length === 0) return { ok: false, field: "confirm", message: LAST_ADMIN, status: 409 };
  if (user.img) context.cloudflare.ctx.waitUntil(deleteImage(context.cloudflare.env, user.img));
  publish(context, ["goals", ...goalsOfMine.map((g): Topic => `goal:${g.goalId}`)]);
  return { ok: true };
}
