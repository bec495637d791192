/**
 * Password reset: a single-use link that expires in 1 hour. Only the SHA-256 of the token is stored
 * (password_resets), so a leaked table opens nothing. Requesting answers the same for unknown
 * addresses (DESIGN deviation); using a link sets the password, ends every other session of the user
 * and signs them in.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, gt, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { passwordResets, users } from "#drizzle/schema";
import { appUrl } from "#app/platform/http/env.server";
import { deliverLater, LINK_PLACEHOLDER, outboxInsert, outboxRow, type Mail } from "#app/features/mail/mail.server";
import { hashPassword } from "./password.server";
import { LIMITS, resetForUserStatement } from "#app/platform/session/rate-limit.server";
import { endAllSessions } from "#app/platform/session/session.server";
import { findUserByEmail } from "#app/features/account/users.server";
import { newId } from "#app/lib/ids";
import { hashToken, randomToken } from "#app/platform/session/crypto.server";
import { linkKind, type LinkKind } from "#app/features/auth/password-links";

export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
/** Link purposes this screen accepts: resets, and admin-added users choosing their first password. */
const USABLE_PURPOSES = ["reset", "set-password"] as const;

/** A link token looks like this; anything else is refused before touching the database. */
export const isWellFormedToken = (token: string | undefined): token is string =>
  !!token && /^[A-Za-z0-9_-]{20,100}$/.test(token);

export function resetMail(to: string, link: string): Mail {
  return {
    to,
    kind: "reset",
    link,
    subject: "Reset your Goals with Friends password",
    text: [
      "Someone (we hope you) asked to reset the password of your Goals with Friends account.",
      "",
      `Choose a new password here: ${LINK_PLACEHOLDER}`,
      "",
      "The link works once and expires in 1 hour. If you did not ask for it, ignore this e-mail: your password stays as it is.",
    ].join("\n"),
  };
}

/**
 * Stores a reset link and mails it when the address has an account; otherwise only logs (SPEC:
 * 'Your email was not found'). The caller answers the same either way.
 */
export async function requestPasswordReset(request: Request, context: AppLoadContext, email: string) {
  const user = await findUserByEmail(context.db, email);
  if (!user) {
    console.info("password reset: Your email was not found");
    return;
  }
  // A suspended account gets no link (the answer is the same, so the status is not revealed either).
  if (user.status === "suspended") {
    console.info("password reset: refused for a suspended account");
    return;
  }
  const token = randomToken();
  const link = `${appUrl(request, context.cloudflare.env)}/passwordreset/${token}`;
  const mail = { id: newId(), ...resetMail(user.email, link) };
  await context.db.batch([
    context.db.insert(passwordResets).values({
      tokenHash: await hashToken(token),
      userId: user.id,
      email: user.email,
      purpose: "reset",
      expiresAt: new Date(Date.now() + RESET_LINK_TTL_MS),
    }),
    outboxInsert(context, await outboxRow(context, mail, mail.id)),
  ]);
  deliverLater(context, [mail]);
}

/**
 * A link as its screen sees it: its kind, whenever its row is still there (used and expired links are
 * kept a week, housekeeping.server.ts), and the address it is for while it is unused and unexpired.
 */
export async function findLinkForScreen(
  context: AppLoadContext,
  token: string,
): Promise<{ kind: LinkKind; email: string | null }> {
  if (!isWellFormedToken(token)) return { kind: "reset", email: null };
  const [row] = await context.db
    .select({
      purpose: passwordResets.purpose,
      usedAt: passwordResets.usedAt,
      expiresAt: passwordResets.expiresAt,
      email: users.email,
      linkEmail: passwordResets.email,
      status: users.status,
    })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(eq(passwordResets.tokenHash, await hashToken(token)), inArray(passwordResets.purpose, [...USABLE_PURPOSES])),
    )
    .limit(1);
  if (!row) return { kind: "reset", email: null };
  const usableNow =
    row.usedAt === null &&
    row.expiresAt.getTime() > Date.now() &&
    row.status !== "suspended" &&
    (row.linkEmail === null || row.linkEmail === row.email);
  return { kind: linkKind(row.purpose), email: usableNow ? row.email : null };
}

function usable(tokenHash: string) {
  return and(
    eq(passwordResets.tokenHash, tokenHash),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, new Date()),
    inArray(passwordResets.purpose, [...USABLE_PURPOSES]),
    // A suspended account's links open nothing, even one mailed before the suspension.
    sql`NOT EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${passwordResets.userId} AND ${users.status} = 'suspended')`,
    // A link mailed to an address works only while that address is still the account's (ADR 216).
    sql`(${passwordResets.email} IS NULL OR EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${passwordResets.userId} AND ${users.email} = ${passwordResets.email}))`,
  );
}

/**
 * The statement that voids every open link of a user (reset, set-password, e-mail change): run in the
 * batch of a password change, a reset and a confirmed e-mail change (ADR 216). `when`: a condition the
 * batch's earlier statements decide (only if the change really happened).
 */
export function voidOpenLinks(context: AppLoadContext, userId: string, when?: SQL) {
  return context.db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt), when));
}

/**
 * Uses a link: marks it used (atomically, so it works once), sets the password, ends the user's
 * sessions, voids their other open links and lifts their address's sign-in lock. Returns the user id, or null when the link is not usable.
 */
export async function spendPasswordResetLink(context: AppLoadContext, token: string, password: string) {
  if (!isWellFormedToken(token)) return null;
  const passwordHash = await hashPassword(password);
  const now = new Date();
  const [claimed] = await context.db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(usable(await hashToken(token)))
    .returning({ userId: passwordResets.userId });
  const userId = claimed?.userId;
  if (!userId) return null;
  await context.db.batch([
    context.db.update(users).set({ passwordHash }).where(eq(users.id, userId)),
    endAllSessions(context, userId),
    voidOpenLinks(context, userId),
    // Whoever set this password proved they read the mailbox: the address's sign-in lock is lifted.
    resetForUserStatement(context.db, [LIMITS.signinLock, LIMITS.signinFailures], userId),
  ]);
  return userId;
}
