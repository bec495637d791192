/** Admin: the users list, changing a user's type and status, and adding a user. */
import { redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseWithZod } from "@conform-to/zod/v4";
import { and, asc, desc, eq, isNull, ne, or, sql } from "drizzle-orm";
import {
  pageCount,
  userChangeProblem,
  USERS_PER_PAGE,
  userSearchParams as searchParams,
  type UserChange,
} from "#app/features/admin/admin";
import { userChangeSchema, userSearchSchema, type UserSearch } from "#app/features/admin/admin.schema";
import { newId } from "#app/lib/ids";
import { passwordResets, sessions, users, type UserType } from "#drizzle/schema";
import { auditEntry, auditEntryIfChanged } from "./audit.server";
import { newLink } from "./admin-links.server";
import { appUrl } from "#app/platform/http/env.server";
import { deliverLater, LINK_PLACEHOLDER, outboxInsert, outboxRow, type Mail } from "#app/features/mail/mail.server";
import { publish, revokeStreams } from "#app/features/live/live.server";
import { requireRole, type SessionUser } from "#app/platform/session/session.server";
import { readFormData } from "#app/platform/http/form-data.server";
import { formDone, formRefused } from "#app/platform/http/form-answer.server";
import { findUserByEmail, displayName } from "#app/features/account/users.server";

/**
 * `text` anywhere in the column, ignoring (ASCII) case, with % and _ taken literally. instr, not LIKE:
 * D1 refuses LIKE patterns over 50 bytes, so a search for a whole long e-mail address was a 500.
 */
const contains = (column: unknown, text: string) => sql`instr(lower(${column}), lower(${text})) > 0`;

const ORDER = {
  newest: [desc(users.createdAt), users.email],
  oldest: [asc(users.createdAt), users.email],
  name: [sql`lower(${users.first})`, sql`lower(${users.last})`, users.email],
} as const;

/**
 * One page of users matching the search (name or e-mail, type, status) in the chosen order, and the
 * number that match, in one round trip.
 */
export async function searchUsers(
  context: AppLoadContext,
  search: Pick<UserSearch, "q" | "type" | "status" | "sort">,
  page: number,
  perPage: number,
) {
  const db = context.db;
  const { q } = search;
  const where = and(
    q ? or(contains(users.email, q), contains(sql`${users.first} || ' ' || ${users.last}`, q)) : undefined,
    search.type === "all" ? undefined : eq(users.type, search.type),
    search.status === "all" ? undefined : eq(users.status, search.status),
  );
  const [rows, [total]] = await db.batch([
    db
      .select({
        id: users.id,
        first: users.first,
        last: users.last,
        email: users.email,
        type: users.type,
        status: users.status,
        createdAt: users.createdAt,
        activeGoals: sql<number>`(SELECT count(*) FROM user_goals WHERE user_goals.user_id = ${users.id} AND user_goals.completed = 0)`,
      })
      .from(users)
      .where(where)
      .orderBy(...ORDER[search.sort])
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ n: sql<number>`count(*)` })
      .from(users)
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export type ChangeResult = { ok: true; message: string } | { ok: false; message: string };

/** SQL true when the user is (now, inside the same batch) suspended. */
const isSuspended = (userId: string) =>
  sql`EXISTS (SELECT 1 FROM users WHERE users.id = ${userId} AND users.status = 'suspended')`;

/**
 * Changes a user's type and status. The rule (never leave the site without an active admin) is checked
 * first for a clear message, and again inside the UPDATE itself, so two admins demoting each other at
 * the same moment cannot both succeed.
 */
export async function changeUser(
  context: AppLoadContext,
  actor: SessionUser,
  userId: string,
  change: UserChange,
): Promise<ChangeResult> {
  const db = context.db;
  const activeAdmin = and(eq(users.type, "admin"), ne(users.status, "suspended"));
  const [[target], [admins]] = await db.batch([
    db
      .select({ id: users.id, email: users.email, type: users.type, status: users.status })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1),
    db
      .select({ n: sql<number>`count(*)` })
      .from(users)
      .where(activeAdmin),
  ]);
  if (!target) return { ok: false, message: "That user no longer exists." };
  const problem = userChangeProblem(actor.id, target, change, admins?.n ?? 0);
  if (problem) return { ok: false, message: problem };
  if (target.type === change.type && target.status === change.status) {
    return { ok: true, message: `No changes for ${target.email}.` };
  }
  const staysActiveAdmin = change.type === "admin" && change.status !== "suspended";
  const anotherActiveAdmin = sql`EXISTS (SELECT 1 FROM users AS other WHERE other.type = 'admin' AND other.status <> 'suspended' AND other.id <> ${userId})`;
  const parts = [
    target.type !== change.type ? `type ${target.type} → ${change.type}` : null,
    target.status !== change.status ? `status ${target.status} → ${change.status}` : null,
  ].filter(Boolean);
  const [updated] = await db.batch([
    db
      .update(users)
      .set({ type: change.type, status: change.status })
      .where(and(eq(users.id, userId), staysActiveAdmin ? undefined : anotherActiveAdmin))
      .returning({ id: users.id }),
    auditEntryIfChanged(context, actor.id, { action: "user.change", target: target.email, detail: parts.join("; ") }),
    // A suspended user is signed out everywhere at once, and their open links (reset, set-password) die.
    // The sessions are expired, not deleted: the next request from such a browser can say why it is
    // signed out (session.server.ts); housekeeping deletes expired rows later.
    db
      .update(sessions)
      .set({ expiresAt: new Date(0) })
      .where(and(eq(sessions.userId, userId), isSuspended(userId))),
    db
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt), isSuspended(userId))),
  ]);
  if (updated.length === 0) return { ok: false, message: "You are the last admin: make someone else an admin first." };
  return { ok: true, message: `Saved ${target.email}: ${parts.join(", ")}.` };
}

export interface AddUserInput {
  first: string;
  last: string;
  email: string;
  type: UserType;
}

/**
 * Creates a user with no password and e-mails them a single-use link to set one. The user, the link,
 * the e-mail and the audit entry are written in one batch; an address that has an account is "taken".
 */
export async function addUser(
  context: AppLoadContext,
  request: Request,
  actor: SessionUser,
  input: AddUserInput,
): Promise<{ ok: true; id: string; email: string } | { ok: false; reason: "taken" }> {
  const email = input.email.trim().toLowerCase();
  if (await findUserByEmail(context.db, email)) return { ok: false, reason: "taken" };
  const id = newId();
  const link = await newLink(context, "set-password", { userId: id, email });
  // The password-reset screen also accepts set-password links (they last 7 days, not 1 hour).
  const url = `${appUrl(request, context.cloudflare.env)}/passwordreset/${link.token}`;
  const mail: Mail = {
    to: email,
    subject: "You have been added to Goals with Friends",
    text:
      `Hi ${input.first},\n\n${displayName(actor)} added you to Goals with Friends.\n\n` +
      `Choose your password here to sign in:\n${LINK_PLACEHOLDER}\n\nThe link works once and expires in 7 days.\n`,
    kind: "set-password",
    link: url,
  };
  const mailId = newId();
  const outbox = await outboxRow(context, mail, mailId);
  try {
    await context.db.batch([
      context.db
        .insert(users)
        .values({ id, first: input.first, last: input.last, email, type: input.type, passwordHash: null }),
      link.insert,
      outboxInsert(context, outbox),
      auditEntry(context, actor.id, { action: "user.add", target: email, detail: `type ${input.type}` }),
    ]);
  } catch (error) {
    if (String((error as Error)?.message ?? error).includes("UNIQUE")) return { ok: false, reason: "taken" };
    throw error;
  }
  deliverLater(context, [{ id: mailId }]);
  return { ok: true, id, email };
}

/** The loader and action of /admin/users and /admin/users/manage (one screen at two addresses). */
export async function usersScreenLoader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  const url = new URL(request.url);
  const search = userSearchSchema.parse(Object.fromEntries(url.searchParams));
  const { rows, total } = await searchUsers(context, search, search.page, USERS_PER_PAGE);
  const pages = pageCount(total, USERS_PER_PAGE);
  // Past the last page (?page=999): go to the last page, never "5 users" above "No users match".
  if (search.page > pages)
    throw redirect(`${url.pathname}?${new URLSearchParams(searchParams({ ...search, page: pages }))}`);
  return { ...search, pages, total, users: rows };
}

export async function usersScreenAction({ request, context }: ActionFunctionArgs) {
  const actor = await requireRole(request, context, "admin");
  const submission = parseWithZod(await readFormData(request), { schema: userChangeSchema });
  if (submission.status !== "success") return formRefused("Choose a type and a status from the lists.", 400);
  const { userId, type, status } = submission.value;
  const result = await changeUser(context, actor, userId, { type, status });
  if (result.ok) {
    publish(context, ["admin", `user:${userId}`]);
    // Their role or status changed what they may hear: their streams reconnect and are checked (ADR 106).
    revokeStreams(context, { member: userId });
  }
  return result.ok ? formDone(result.message) : formRefused(result.message, 409);
}
