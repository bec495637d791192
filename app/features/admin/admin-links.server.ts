/**
 * Single-use links that admins e-mail: "set your password" for a user an admin added, and "you are
 * invited" for an early-access request. Only a SHA-256 of the token is stored (password_resets), so a
 * leaked database cannot be turned into working links; the token itself lives only in the e-mail.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, gt, isNull } from "drizzle-orm";
import { LINK_TTL_DAYS } from "#app/features/admin/admin";
import { passwordResets } from "#drizzle/schema";
import { hashToken, randomToken } from "#app/platform/session/crypto.server";

export type LinkPurpose = "set-password" | "invite";

/** A fresh token and the insert that stores its hash; batch the insert with the rest of the write. */
export async function newLink(
  context: AppLoadContext,
  purpose: LinkPurpose,
  target: { userId?: string; email: string },
  now = Date.now(),
) {
  const token = randomToken();
  const insert = context.db.insert(passwordResets).values({
    tokenHash: await hashToken(token),
    userId: target.userId ?? null,
    email: target.email,
    purpose,
    expiresAt: new Date(now + LINK_TTL_DAYS * 86_400_000),
  });
  return { token, insert };
}

/** The unused, unexpired link row for a token and purpose, or undefined. */
export async function findLink(context: AppLoadContext, purpose: LinkPurpose, token: string) {
  if (!token || token.length > 100) return undefined;
  const [row] = await context.db
    .select()
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.tokenHash, await hashToken(token)),
        eq(passwordResets.purpose, purpose),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row;
}

/** Marks a link used; only succeeds once (the usedAt IS NULL condition), so put it first in a batch. */
export function spendLink(context: AppLoadContext, tokenHash: string) {
  return context.db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt)));
}
