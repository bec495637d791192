/**
 * Invite links for a goal (ADR 061): `/invite/{goalId}.{HMAC-SHA256(SESSION_SECRET, goalId:nonce)}`,
 * verified under SESSION_SECRET_PREVIOUS too while a rotation settles (ADR 111).
 * Whoever holds a valid link may join, private or not, with no participant cap. Revoking stores a new
 * nonce, which invalidates every link already shared; nothing else needs to be stored per invite.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, sql } from "drizzle-orm";
import { hasEnded } from "#app/features/goals/goals";
import { newId } from "#app/lib/ids";
import { goals, userGoals, users } from "#drizzle/schema";
import { sessionSecrets } from "#app/platform/http/env.server";
import { publish } from "#app/features/live/live.server";
import { goalColumns } from "./goal-columns.server";

/** Goals made before invites existed have no nonce yet: they sign with this until first revoked. */
const INITIAL_NONCE = "initial";
const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

/**
 * Links signed for another purpose (one-click unsubscribe, ADR 187; sponsor and supporter links, ADR 240,
 * 241) use their own key label.
 */
export type SignedLinkPurpose = "invite" | "unsubscribe" | "sponsor" | "supporter";

function hmacKey(secret: string, purpose: SignedLinkPurpose = "invite") {
  const label = `${purpose}:${secret}`;
  let key = keys.get(label);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(label), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
      "verify",
    ]);
    keys.set(label, key);
  }
  return key;
}

const message = (goalId: string, nonce: string | null) => encoder.encode(`${goalId}:${nonce ?? INITIAL_NONCE}`);

function toBase64Url(bytes: ArrayBuffer) {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]{43}$/.test(text)) return null;
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=");
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

export async function inviteToken(env: Env, goalId: string, nonce: string | null): Promise<string> {
  const signature = await crypto.subtle.sign("HMAC", await hmacKey(env.SESSION_SECRET), message(goalId, nonce));
  return `${goalId}.${toBase64Url(signature)}`;
}

/**
 * Checks a signature under SESSION_SECRET, then SESSION_SECRET_PREVIOUS (ADR 111): a link signed before a
 * rotation keeps working until it is revoked or the previous secret is dropped. Constant-time per key.
 */
async function verifiedUnderAnySecret(env: Env, purpose: SignedLinkPurpose, signature: Uint8Array, data: Uint8Array) {
  for (const secret of sessionSecrets(env)) {
    const key = await hmacKey(secret, purpose);
    if (await crypto.subtle.verify("HMAC", key, signature as BufferSource, data as BufferSource)) return true;
  }
  return false;
}

/** Splits a token into its goal id and signature, or null when it is not even shaped like one. */
export function parseInviteToken(token: string): { goalId: string; signature: Uint8Array } | null {
  const dot = token.lastIndexOf(".");
  if (dot <= 0 || token.length > 200) return null;
  const signature = fromBase64Url(token.slice(dot + 1));
  return signature ? { goalId: token.slice(0, dot), signature } : null;
}

/**
 * `{payload}.{HMAC(message)}` under the purpose's own key, where the signed message may hold more than the
 * payload (a nonce kept in the database, so replacing it revokes the link).
 */
export async function signedLinkToken(env: Env, purpose: SignedLinkPurpose, payload: string, message: string) {
  const signature = await crypto.subtle.sign(
    "HMAC",
    await hmacKey(env.SESSION_SECRET, purpose),
    encoder.encode(message),
  );
  return `${payload}.${toBase64Url(signature)}`;
}

/** Whether a token's signature (from `parseInviteToken`) signs `message` under any current secret. */
export const signsMessage = (env: Env, purpose: SignedLinkPurpose, signature: Uint8Array, message: string) =>
  verifiedUnderAnySecret(env, purpose, signature, encoder.encode(message));

/** `{payload}.{HMAC}` under the purpose's own key: the same scheme as invite links, for other links. */
export async function signedToken(env: Env, purpose: SignedLinkPurpose, payload: string): Promise<string> {
  const signature = await crypto.subtle.sign(
    "HMAC",
    await hmacKey(env.SESSION_SECRET, purpose),
    encoder.encode(payload),
  );
  return `${payload}.${toBase64Url(signature)}`;
}

/** The payload of a token made by `signedToken` for this purpose (constant-time check), or null. */
export async function verifiedPayload(env: Env, purpose: SignedLinkPurpose, token: string): Promise<string | null> {
  const parsed = parseInviteToken(token);
  if (!parsed) return null;
  const valid = await verifiedUnderAnySecret(env, purpose, parsed.signature, encoder.encode(parsed.goalId));
  return valid ? parsed.goalId : null;
}

export interface InviteGoal {
  id: string;
  cause: string;
  start: string | null;
  end: string | null;
  visibility: "public" | "private" | "friends";
  charityName: string | null;
  orgFirst: string | null;
  orgLast: string | null;
  isMember: boolean;
  memberCount: number;
}

/** The goal a token opens (constant-time signature check), or null for a forged, revoked or unknown link. */
export async function goalForInvite(
  context: AppLoadContext,
  token: string,
  viewerId: string | null,
): Promise<InviteGoal | null> {
  const parsed = parseInviteToken(token);
  if (!parsed) return null;
  const [row] = await context.db
    .select({
      ...goalColumns,
      charityName: goals.charityName,
      nonce: goals.inviteNonce,
      orgFirst: users.first,
      orgLast: users.last,
      member: viewerId
        ? sql<number>`exists(select 1 from ${userGoals} where ${userGoals.goalId} = ${goals.id} and ${userGoals.userId} = ${viewerId})`.as(
            "is_member",
          )
        : sql<number>`0`.as("is_member"),
      memberCount: sql<number>`(select count(*) from ${userGoals} where ${userGoals.goalId} = ${goals.id})`,
    })
    .from(goals)
    .leftJoin(users, eq(users.id, goals.orgId))
    .where(eq(goals.id, parsed.goalId))
    .limit(1);
  if (!row) return null;
  const valid = await verifiedUnderAnySecret(
    context.cloudflare.env,
    "invite",
    parsed.signature,
    message(row.id, row.nonce),
  );
  if (!valid) return null;
  const { nonce: _nonce, member, memberCount, ...goal } = row;
  return { ...goal, isMember: !!Number(member), memberCount: Number(memberCount) };
}

export type InviteJoin = { ok: true } | { ok: false; reason: "invalid" | "ended"; message: string };

/** Joins the viewer through an invite: no visibility check (the link is the permission), no cap. */
export async function joinByInvite(
  context: AppLoadContext,
  token: string,
  viewerId: string,
  today: string,
): Promise<InviteJoin> {
  const goal = await goalForInvite(context, token, viewerId);
  if (!goal)
    return {
      ok: false,
      reason: "invalid",
      message: "This invite link is not valid any more. Ask the organiser for a new one.",
    };
  if (goal.isMember) return { ok: true };
  if (hasEnded(goal, today))
    return { ok: false, reason: "ended", message: "This challenge has ended, so it can no longer be joined." };
  await context.db.batch([
    context.db.insert(userGoals).values({ userId: viewerId, goalId: goal.id }).onConflictDoNothing(),
    context.db
      .update(users)
      .set({
        activegoals: sql`(select count(*) from ${userGoals} where ${userGoals.userId} = ${viewerId} and ${userGoals.completed} = 0)`,
      })
      .where(eq(users.id, viewerId)),
  ]);
  publish(context, ["goals", `goal:${goal.id}`, `user:${viewerId}`]);
  return { ok: true };
}

/** Revoke: a new nonce; every link shared so far stops working. Returns the new token. */
export async function revokeInvites(context: AppLoadContext, goalId: string): Promise<string> {
  const nonce = newId();
  await context.db
    .update(goals)
    .set({ inviteNonce: nonce })
    .where(and(eq(goals.id, goalId)));
  return inviteToken(context.cloudflare.env, goalId, nonce);
}
