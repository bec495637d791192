/**
 * Sessions: a signed, HttpOnly, SameSite=Lax cookie carries only a random session id; the row in
 * `sessions` is the truth, so sign-out and password changes end sessions on the server too.
 * Guards throw (a redirect or a 403) so loaders and actions only handle the happy path.
 */
import { createCookieSessionStorage, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, gt, ne } from "drizzle-orm";
import { newId } from "#app/lib/ids";
import { sessions, settings, users, type User, type UserType } from "#drizzle/schema";
import { FLASH } from "#app/lib/flash";
import { withFlash } from "./flash.server";
import { DEFAULT_SUPPORT_EMAIL } from "#app/platform/db/settings.server";
import { unreadCountColumn } from "#app/features/notifications/notifications.server";
import { signedOutRedirect } from "#app/platform/http/return-to.server";
import { SESSION_DAYS, sessionCookieOptions } from "./session-cookie.server";
import { forbidden } from "#app/platform/http/http-errors.server";
import { runTemplate } from "#app/platform/db/statement-template.server";
import { userFromScreen, type Viewer } from "./viewer.server";
import type { Statement } from "#app/platform/db/batch.server";

const storages = new Map<string, ReturnType<typeof createCookieSessionStorage<{ sessionId: string }>>>();

export function sessionStorage(env: Env) {
  if (!env.SESSION_SECRET) throw new Error("SESSION_SECRET is not set (see .dev.vars.example)");
  const cookie = sessionCookieOptions(env);
  const key = `${cookie.secure}:${cookie.secrets.join("\n")}`;
  let storage = storages.get(key);
  if (!storage) storages.set(key, (storage = createCookieSessionStorage<{ sessionId: string }>({ cookie })));
  return storage;
}

export type SessionUser = Omit<User, "passwordHash" | "homeSeenAt" | "homePrevSeenAt"> & { unread: number };

/** This request's viewer (the load context's, viewer.server.ts): read at most once per request. */
const viewerOf = (context: AppLoadContext): Viewer => context.viewer;

/** The signed-in user, or null. One D1 round trip, shared by every loader of the same request. */
export function getOptionalUser(request: Request, context: AppLoadContext): Promise<SessionUser | null> {
  const viewer = viewerOf(context);
  return (viewer.user ??= loadUser(request, context, viewer));
}

/** The id of the user this request already read, if it read one (for the request log; no extra query). */
export async function signedInUserId(context: AppLoadContext): Promise<string | null> {
  const user = await viewerOf(context).user?.catch(() => null);
  return user?.id ?? null;
}

/** The browser's session; a forged or mangled cookie reads as no session, never as an error. */
async function readSession(storage: ReturnType<typeof sessionStorage>, request: Request) {
  try {
    return await storage.getSession(request.headers.get("Cookie"));
  } catch {
    return storage.getSession();
  }
}

function sessionIdOf(request: Request, context: AppLoadContext, viewer = viewerOf(context)): Promise<string | null> {
  return (viewer.sessionId ??= readSession(sessionStorage(context.cloudflare.env), request).then(
    (s) => s.get("sessionId") ?? null,
  ));
}

const sessionUserColumns = {
  id: users.id,
  first: users.first,
  last: users.last,
  email: users.email,
  color: users.color,
  img: users.img,
  type: users.type,
  status: users.status,
  activegoals: users.activegoals,
  createdAt: users.createdAt,
  // The header's bell (ADR 181): read with the session, so it costs no round trip of its own.
  unread: unreadCountColumn,
};

/**
 * What makes a session row live: its id, not expired, and its user not suspended. A suspended user has
 * no session, whatever created it (sign-in, a reset or set-password link, a row left from before the
 * suspension): the status is read on every request, here, not only where sessions are made.
 */
export function liveSession(sessionId: string, now: Date) {
  return and(eq(sessions.id, sessionId), gt(sessions.expiresAt, now), ne(users.status, "suspended"));
}

/** The statement reading the user of a live session (one row or none); a screen's batch carries it too. */
export function sessionUserQuery(context: AppLoadContext, sessionId: string, now = new Date()) {
  return context.db
    .select(sessionUserColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(liveSession(sessionId, now))
    .limit(1);
}

async function loadUser(request: Request, context: AppLoadContext, viewer: Viewer): Promise<SessionUser | null> {
  const sessionId = await sessionIdOf(request, context, viewer);
  if (!sessionId) return null;
  // A screen's loader started in the same tick reads the user in its own batch: wait for that (ADR 290).
  const fromScreen = userFromScreen(viewer);
  if (fromScreen) return fromScreen;
  // Built once per isolate, then only bound (ADR 209).
  const { session } = await runTemplate(context, "session-user", { sessionId, now: new Date() }, (v) => ({
    session: [sessionUserQuery(context, v.sessionId, v.now)] as const,
  }));
  return session[0][0] ?? null;
}

/**
 * SPEC's redirect to / for a visitor without a live session (the page asked for is remembered for after
 * sign-in, ADR 163). A browser whose session ended because the account is suspended is told so, with
 * the support address, instead of being bounced without a word (ADR 100, 171). That costs one read, only
 * on this path and only when the browser still carries a session cookie.
 */
export async function signedOut(request: Request, context: AppLoadContext): Promise<Response> {
  const env = context.cloudflare.env;
  const response = await signedOutRedirect(request, env);
  const sessionId = await sessionIdOf(request, context);
  if (!sessionId) return response;
  const [suspended, [current]] = await context.db.batch([
    context.db
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, sessionId), eq(users.status, "suspended")))
      .limit(1),
    context.db.select({ supportEmail: settings.supportEmail }).from(settings).where(eq(settings.id, 1)).limit(1),
  ]);
  if (!suspended.length) return response;
  return withFlash(response, env, FLASH.suspended(current?.supportEmail ?? DEFAULT_SUPPORT_EMAIL));
}

/** Guard for logged-in routes: a logged-out visitor goes to / (SPEC section 2). */
export async function requireUser(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await getOptionalUser(request, context);
  if (!user) throw await signedOut(request, context);
  return user;
}

/** Guard for guest-only routes (/signin, /): a logged-in user goes to /main. */
export async function requireAnonymous(request: Request, context: AppLoadContext) {
  const user = await getOptionalUser(request, context);
  if (user) throw redirect("/main");
}

/** Guard for role-restricted routes: anyone else gets the friendly 403 page. */
export async function requireRole(
  request: Request,
  context: AppLoadContext,
  ...types: UserType[]
): Promise<SessionUser> {
  const user = await requireUser(request, context);
  if (!types.includes(user.type)) {
    throw forbidden();
  }
  return user;
}

/**
 * Starts a fresh session (a new id each sign-in, so a planted cookie is useless) and redirects.
 * Any session the browser carried before is ended.
 */
export async function createUserSession(
  request: Request,
  context: AppLoadContext,
  userId: string,
  redirectTo = "/main",
): Promise<Response> {
  const storage = sessionStorage(context.cloudflare.env);
  const previous = await readSession(storage, request);
  const previousId = previous.get("sessionId");
  const id = newId();
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 24 * 60 * 60 * 1000);
  const insert = context.db.insert(sessions).values({ id, userId, expiresAt });
  if (previousId) await context.db.batch([context.db.delete(sessions).where(eq(sessions.id, previousId)), insert]);
  else await insert;
  const session = await storage.getSession();
  session.set("sessionId", id);
  return redirect(redirectTo, { headers: { "Set-Cookie": await storage.commitSession(session) } });
}

/** Ends this session on the server and in the browser, then goes to /signin (SPEC: Sign Out). */
export async function logout(
  request: Request,
  context: AppLoadContext,
  redirectTo = "/signin",
  /** What else goes with this session, written in its batch before it ends (the device's push, ADR 284). */
  withSession: (sessionId: string) => Statement[] = () => [],
) {
  const storage = sessionStorage(context.cloudflare.env);
  const session = await readSession(storage, request);
  const sessionId = session.get("sessionId");
  if (sessionId) {
    const end = context.db.delete(sessions).where(eq(sessions.id, sessionId));
    // The others first: they may read the session (whose device this is) before it ends.
    const [first, ...rest] = withSession(sessionId);
    await (first ? context.db.batch([first, ...rest, end]) : end);
  }
  return redirect(redirectTo, { headers: { "Set-Cookie": await storage.destroySession(session) } });
}

/** The id of the browser's own session (null without one): to keep it when ending the others. */
export function currentSessionId(request: Request, context: AppLoadContext): Promise<string | null> {
  return sessionIdOf(request, context);
}

/** The statement that ends every session of a user but one (a password change keeps the changer's). */
export function endOtherSessions(context: AppLoadContext, userId: string, keepId: string | null) {
  return context.db
    .delete(sessions)
    .where(keepId ? and(eq(sessions.userId, userId), ne(sessions.id, keepId)) : eq(sessions.userId, userId));
}

/** Statements that end every session of a user (password change, reset); run them in a batch. */
export function endAllSessions(context: AppLoadContext, userId: string) {
  return context.db.delete(sessions).where(eq(sessions.userId, userId));
}
