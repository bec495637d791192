/**
 * Changing the e-mail address (ADR 180): the member asks with their current password, a
 * single-use link goes to the NEW address (only its hash is stored, in password_resets with purpose
 * "email-change"), and opening it moves the account over and tells the OLD address. The screen answers
 * the same whether or not the new address already has an account: that address gets a mail saying so
 * instead of a link, so nobody learns from this screen who is a member.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { passwordResets, previousEmails, sessions, users } from "#drizzle/schema";
import { voidOpenLinks } from "#app/features/auth/password-reset.server";
import { hashToken, randomToken } from "#app/platform/session/crypto.server";
import { appUrl } from "#app/platform/http/env.server";
import { deliverLater, LINK_PLACEHOLDER, outboxInsert, outboxRow, sendMail } from "#app/features/mail/mail.server";
import { checkCurrentPassword, TOO_MANY_TRIES, type AccountResult } from "./account.server";
import { countersFor, hit, LIMITS } from "#app/platform/session/rate-limit.server";
import { findUserByEmail } from "./users.server";
import { newId } from "#app/lib/ids";
import { publish } from "#app/features/live/live.server";

export const EMAIL_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** Asks for the change: checks the password, then mails the new address (a link, or a "taken" notice). */
export async function requestEmailChange(
  request: Request,
  context: AppLoadContext,
  user: { id: string; email: string; first: string },
  input: { email: string; current: string },
  messages: { wrongPassword: string; sameEmail: string },
): Promise<AccountResult> {
  if (input.email === user.email) return { ok: false, field: "email", message: messages.sameEmail, status: 400 };
  const refused = await checkCurrentPassword(request, context, user, input.current, messages.wrongPassword);
  if (refused) return refused;
  if (await hit(context.db, countersFor(request, { email: LIMITS.emailChange }, user.email))) {
    return { ok: false, field: "email", message: TOO_MANY_TRIES, status: 429 };
  }
  const taken = await findUserByEmail(context.db, input.email);
  const id = newId();
  if (taken) {
    const mail = {
      id,
      to: input.email,
      kind: "email-change",
      subject: "Someone tried to move a Goals with Friends account to this address",
      text: [
        "Someone asked to change the e-mail of a Goals with Friends account to this address, but this address",
        "already has an account, so nothing was changed. If it was you, sign in with this address instead.",
      ].join("\n"),
    };
    await outboxInsert(context, mail, id);
    deliverLater(context, [mail]);
    return { ok: true };
  }
  const token = randomToken();
  const link = `${appUrl(request, context.cloudflare.env)}/profile/email/${token}`;
  const mail = {
    id,
    to: input.email,
    kind: "email-change",
    subject: "Confirm your new Goals with Friends e-mail address",
    text: [
      `Hello ${user.first},`,
      "",
      `To use this address for your Goals with Friends account, open this link: ${LINK_PLACEHOLDER}`,
      "",
      "The link works once and expires in 24 hours. If you did not ask for this, ignore this e-mail.",
    ].join("\n"),
    link,
  };
  const row = await outboxRow(context, mail, id);
  await context.db.batch([
    // One open change at a time: a newer request voids the older links.
    context.db
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.userId, user.id),
          eq(passwordResets.purpose, "email-change"),
          isNull(passwordResets.usedAt),
        ),
      ),
    context.db.insert(passwordResets).values({
      tokenHash: await hashToken(token),
      userId: user.id,
      email: input.email,
      purpose: "email-change",
      expiresAt: new Date(Date.now() + EMAIL_LINK_TTL_MS),
    }),
    outboxInsert(context, row),
  ]);
  deliverLater(context, [mail]);
  return { ok: true };
}

const isWellFormed = (token: string) => token.length >= 20 && token.length <= 100 && /^[A-Za-z0-9_-]+$/.test(token);

/** The open link's new address and its account's current one, or null when the link is not usable. */
export async function findEmailChange(context: AppLoadContext, token: string) {
  if (!isWellFormed(token)) return null;
  const [row] = await context.db
    .select({ newEmail: passwordResets.email, oldEmail: users.email, userId: users.id, status: users.status })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, await hashToken(token)),
        eq(passwordResets.purpose, "email-change"),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
      ),
    )
    .limit(1);
  if (!row || !row.newEmail || row.status === "suspended") return null;
  return row as typeof row & { newEmail: string };
}

export type ConfirmResult = { ok: true; userId: string } | { ok: false; reason: "expired" | "taken" };

/**
 * Spends the link and moves the account to the new address in one batch, ending the account's other
 * sessions and voiding its other open links in the same batch; tells the old address.
 */
export async function confirmEmailChange(
  context: AppLoadContext,
  token: string,
  /** The confirming browser's session: kept when it is the account's own; every other one ends. */
  keepSessionId: string | null,
): Promise<ConfirmResult> {
  const change = await findEmailChange(context, token);
  if (!change) return { ok: false, reason: "expired" };
  const tokenHash = await hashToken(token);
  const moved = sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${change.userId} AND ${users.email} = ${change.newEmail})`;
  const mail = {
    to: change.oldEmail,
    kind: "email-changed",
    subject: "Your Goals with Friends e-mail address was changed",
    text: [
      `The e-mail address of your Goals with Friends account is now ${change.newEmail}.`,
      "If this was not you, contact support at once: reply to this e-mail.",
    ].join("\n"),
  };
  try {
    const [spent] = await context.db.batch([
      context.db
        .update(passwordResets)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt)))
        .returning({ tokenHash: passwordResets.tokenHash }),
      // Only when the link was spent just now (changes() of the statement before): a second click
      // racing the first changes nothing.
      context.db
        .update(users)
        .set({ email: change.newEmail })
        .where(and(eq(users.id, change.userId), eq(users.email, change.oldEmail), sql`changes() > 0`)),
      // The old address is remembered while the account lives, so deleting it finds the old address
      // wherever it was left (ADR 219).
      context.db
        .insert(previousEmails)
        .select(sql`SELECT ${change.userId}, ${change.oldEmail}, unixepoch() * 1000 WHERE ${moved}`)
        .onConflictDoNothing(),
      // Once the account has moved (ADR 216): every other session ends, every other open link is void.
      context.db
        .delete(sessions)
        .where(
          and(eq(sessions.userId, change.userId), keepSessionId ? ne(sessions.id, keepSessionId) : undefined, moved),
        ),
      voidOpenLinks(context, change.userId, moved),
    ]);
    if (spent.length === 0) return { ok: false, reason: "expired" };
  } catch (error) {
    // The unique index on users.email: the address got an account since the link was sent.
    if (String((error as Error).message).includes("UNIQUE")) return { ok: false, reason: "taken" };
    throw error;
  }
  await sendMail(context, mail);
  publish(context, [`user:${change.userId}`]);
  return { ok: true, userId: change.userId };
}
