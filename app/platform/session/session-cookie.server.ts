/** The session cookie's attributes, apart from session.server.ts so a unit test can read them. */
import { isDevelopment, sessionSecrets } from "#app/platform/http/env.server";

export const SESSION_DAYS = 30;

export function sessionCookieOptions(env: Env) {
  return {
    name: "__session",
    httpOnly: true,
    sameSite: "lax" as const,
    path: "/",
    // Secure everywhere but local development, which runs on http://localhost.
    secure: !isDevelopment(env),
    // Signed with SESSION_SECRET; SESSION_SECRET_PREVIOUS still accepted while a rotation settles.
    secrets: sessionSecrets(env),
    maxAge: SESSION_DAYS * 24 * 60 * 60,
  };
}
