/**
 * Screen reads: a signed-in screen's statements and the session lookup in ONE D1 round trip (ADR 057),
 * through one call, `readScreen`. Cookies and guards stay in session.server.ts; this module only
 * composes a screen's batch and shares its user with the request's viewer (`context.viewer`, ADR 290).
 *
 *   const { user, rows } = await readScreen({
 *     request,
 *     context,
 *     reads: (viewerId) => ({ list: [listNotificationsQuery(context, viewerId)] as const }),
 *     template: { key: "notifications", values: {} },
 *   });
 *   rows.list; // typed by its statements, under the group's name (batch.server.ts)
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq, sql, type SQL } from "drizzle-orm";
import { sessions, users } from "#drizzle/schema";
import { runGroups, type GroupedRows, type Groups } from "#app/platform/db/batch.server";
import { frozenSql } from "#app/platform/db/frozen-sql.server";
import { runTemplate, type TemplateValues } from "#app/platform/db/statement-template.server";
import {
  currentSessionId,
  getOptionalUser,
  liveSession,
  sessionUserQuery,
  signedOut,
  type SessionUser,
} from "./session.server";
import { screenReadStarts } from "./viewer.server";

export interface ScreenRead<T extends Groups, V extends TemplateValues> {
  request: Request;
  context: AppLoadContext;
  /**
   * The screen's statements by group (batch.server.ts). They get the signed-in user's id as SQL (a
   * subquery on the live session), so they are built before the user is known.
   */
  reads: (viewerId: SQL, values: V) => T;
  /**
   * Built once per isolate for `key` (the screen's shape) and only bound to `values` afterwards
   * (ADR 209): `reads` must build from `values` alone, never from anything else that varies per request.
   */
  template?: { key: string; values: V };
}

/** The signed-in user's id as SQL: a subquery on the live session, rendered once (frozen-sql.server.ts). */
function viewerIdSql(context: AppLoadContext, sessionId: string, now: Date): SQL {
  return frozenSql(
    sql`(${context.db
      .select({ id: sessions.userId })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(liveSession(sessionId, now))})`,
  );
}

/**
 * The screen's reads and the session lookup in ONE round trip; like `requireUser`, a visitor without a
 * live session goes to / (SPEC section 2). The root loader's user comes from this batch too.
 *
 * Call it before the loader's first `await` (Remix starts the request's loaders in one tick: the root
 * loader is still verifying the cookie when this runs). Outside production a GET whose user was already
 * read on its own throws here, so a screen that breaks the rule fails every test that opens it; in
 * production it costs one round trip, never a wrong user (ADR 290).
 */
export function readScreen<const T extends Groups, V extends TemplateValues = Record<never, never>>({
  request,
  context,
  reads,
  template,
}: ScreenRead<T, V>): Promise<{ user: SessionUser; rows: GroupedRows<T> }> {
  // From here the request's user comes with this batch (the root loader's call is still waiting for
  // the cookie when this runs); outside production a loader that awaited first is refused.
  const settle = screenReadStarts(context.viewer, {
    strict: context.cloudflare.env.ENVIRONMENT !== "production",
    afterAction: context.method !== request.method,
  });
  // The screen's loader reports a failed batch; nobody else needs to.
  getOptionalUser(request, context).catch(() => {});
  const run = async () => {
    const sessionId = await currentSessionId(request, context);
    if (!sessionId) return null;
    const screen = (v: V & { sessionId: string; now: Date }) => ({
      session: [sessionUserQuery(context, v.sessionId, v.now)] as const,
      ...reads(viewerIdSql(context, v.sessionId, v.now), v),
    });
    const values = { ...(template?.values as V), sessionId, now: new Date() };
    const { session, ...rows } = template
      ? await runTemplate(context, `user:${template.key}`, values, screen)
      : await runGroups(context.db, screen(values));
    return { user: session[0][0] ?? null, rows: rows as GroupedRows<T> };
  };
  const done = run();
  settle(done.then((r) => r?.user ?? null));
  return done.then(async (r) => {
    if (!r?.user) throw await signedOut(request, context);
    return { user: r.user, rows: r.rows };
  });
}
