import { signedToken } from "#app/features/goals/invites.server";

/** The path of a pledge's supporter link (ADR 241): `/pledge/{pledgeId}.{HMAC}` under the "supporter" label. */
export async function supporterPath(env: Env, pledgeId: string) {
  return `/pledge/${await signedToken(env, "supporter", pledgeId)}`;
}
