/**
 * A member's visit to a goal (ADR 190): opening any screen of a goal they are in (the goal screen, its
 * discussion, entries, share, give and organiser pages) records the day on their membership, which the
 * 3-day "you have not visited" reminder reads (app/lib/notification-email.ts). One UPDATE that rides at
 * the end of the screen's own batch, so no screen gains a round trip; it writes only the first time each
 * day (live refreshes of an open screen change nothing) and only the viewer's own row (a non-member's
 * visit matches no row). Only pages the client asked for (GET, HEAD) count: a refused form re-renders
 * its screen through the loaders, and a refused post writes nothing (docs/security.md); a form that
 * succeeds redirects to a page that counts.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, isNull, ne, or, type SQL } from "drizzle-orm";
import type { IsoDate } from "#app/lib/dates";
import { userGoals } from "#drizzle/schema";

/** The statement recording the visit, as a batch group (batch.server.ts); null for a post. */
export function goalVisit(context: AppLoadContext, viewerId: string | SQL, goalId: string | SQL, today: IsoDate) {
  if (context.method !== "GET" && context.method !== "HEAD") return null;
  return [
    context.db
      .update(userGoals)
      .set({ visitedOn: today })
      .where(
        and(
          eq(userGoals.userId, viewerId),
          eq(userGoals.goalId, goalId),
          or(isNull(userGoals.visitedOn), ne(userGoals.visitedOn, today)),
        ),
      ),
  ] as const;
}
