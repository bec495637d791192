/**
 * Sessions: a signed, HttpOnly, SameSite=Lax cookie carries only a random session id; the row in
 * `sessions` is the truth, so sign-out and password changes end sessions on the server too.
 * Guards throw (a redirect or a 403) so loaders and actions only handle the happy path.
 */
import { createCookieSessionStorage, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, gt } from "drizzle-orm";
import { newId } from "#app/lib/ids";
import { sessions, users, type User, type UserType } from "#drizzle/schema";
import { SESSION_DAYS, sessionCookieOptions } from "./session-cookie.server";

const storages = new Map<string, ReturnType<typeof createCookieSessionStorage<{ sessionId: string }>>>();

export function sessionStorage(env: Env) {
  if (!env.SESSION_SECRET) throw new Error("SESSION_SECRET is not set (see .dev.vars.example)");
  const cookie = sessionCookieOptions(env);
  const key = `${cookie.secure}:${env.SESSION_SECRET}`;
  let storage = storages.get(key);
  if (!storage) storages.set(key, (storage = createCookieSessionStorage<{ sessionId: string }>({ cookie })));
  return storage;
}

export type SessionUser = Omit<User, "passwordHash">;
const userPromises = new WeakMap<AppLoadContext, Promise<SessionUser | null>>();

/** The signed-in user, or null. One D1 round trip, shared by every loader of the same request. */
export function getOptionalUser(request: Request, context: AppLoadContext): Promise<SessionUser | null> {
  let promise = userPromises.get(context);
  if (!promise) {
    promise = loadUser(request, context);
    userPromises.set(context, promise);
  }
  return promise;
}

/** The browser's session; a forged or mangled cookie reads as no session, never as an error. */
async function readSession(storage: ReturnType<typeof sessionStorage>, request: Request) {
  try {
    return await storage.getSession(request.headers.get("Cookie"));
  } catch {
    return storage.getSession();
  }
}

async function loadUser(request: Request, context: AppLoadContext): Promise<SessionUser | null> {
  const session = await readSession(sessionStorage(context.cloudflare.env), request);
  const sessionId = session.get("sessionId");
  if (!sessionId) return null;
  const [row] = await context.db
    .select({
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
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
}

/** Guard for logged-in routes: a logged-out visitor goes to / (SPEC section 2). */
export async function requireUser(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await getOptionalUser(request, context);
  if (!user) throw redirect("/");
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
    throw new Response("Forbidden", { status: 403, statusText: "Forbidden" });
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
export async function logout(request: Request, context: AppLoadContext, redirectTo = "/signin") {
  const storage = sessionStorage(context.cloudflare.env);
  const session = await readSession(storage, request);
  const sessionId = session.get("sessionId");
  if (sessionId) await context.db.delete(sessions).where(eq(sessions.id, sessionId));
  return redirect(redirectTo, { headers: { "Set-Cookie": await storage.destroySession(session) } });
}

/** Statements that end every session of a user (password change, reset); run them in a batch. */
export function endAllSessions(context: AppLoadContext, userId: string) {
  return context.db.delete(sessions).where(eq(sessions.userId, userId));
}
