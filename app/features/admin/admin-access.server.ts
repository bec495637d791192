/**
 * Admin access: the early-access mode, the support e-mail, and the early-access requests (list, CSV,
 * invite). An invitation is a single-use 'invite' link to /signup?invite=TOKEN that lets its holder
 * sign up whatever the mode (ADR 163; app/features/auth/signup-access.server.ts).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { desc, eq, getTableColumns, sql } from "drizzle-orm";
import { isoDay } from "#app/features/admin/admin";
import type { CsvValue } from "#app/lib/csv";
import { newId } from "#app/lib/ids";
import { earlyAccessRequests, settings, type EarlyAccessMode } from "#drizzle/schema";
import { auditEntry } from "./audit.server";
import { newLink } from "./admin-links.server";
import { appUrl } from "#app/platform/http/env.server";
import { deliverLater, LINK_PLACEHOLDER, outboxInsert, outboxRow, type Mail } from "#app/features/mail/mail.server";
import type { SessionUser } from "#app/platform/session/session.server";

export const REQUESTS_SHOWN = 100;

const FALLBACK_SETTINGS = { earlyAccess: "open" as EarlyAccessMode, supportEmail: "support@goalswithfriends.app" };

/** Whether a request's address already has an account (it signed up some other way meanwhile). */
// Spelled out: drizzle leaves columns unqualified in a one-table select, and both tables have "email".
const hasAccount = sql<number>`exists (select 1 from "users" as u where u."email" = "early_access_requests"."email")`;

/** The settings, the newest requests and how many there are, in one round trip. */
export async function accessScreen(context: AppLoadContext) {
  const db = context.db;
  const [[current], requests, [total]] = await db.batch([
    db
      .select({ earlyAccess: settings.earlyAccess, supportEmail: settings.supportEmail })
      .from(settings)
      .where(eq(settings.id, 1))
      .limit(1),
    db
      .select({ ...getTableColumns(earlyAccessRequests), hasAccount: hasAccount.mapWith(Boolean) })
      .from(earlyAccessRequests)
      .orderBy(desc(earlyAccessRequests.createdAt))
      .limit(REQUESTS_SHOWN),
    db.select({ n: sql<number>`count(*)` }).from(earlyAccessRequests),
  ]);
  return { settings: current ?? FALLBACK_SETTINGS, requests, total: total?.n ?? 0 };
}

export async function setEarlyAccessMode(context: AppLoadContext, actor: SessionUser, mode: EarlyAccessMode) {
  await context.db.batch([
    context.db.update(settings).set({ earlyAccess: mode, updatedAt: new Date() }).where(eq(settings.id, 1)),
    auditEntry(context, actor.id, { action: "access.mode", target: "early access", detail: `mode ${mode}` }),
  ]);
}

export async function setSupportEmail(context: AppLoadContext, actor: SessionUser, supportEmail: string) {
  await context.db.batch([
    context.db.update(settings).set({ supportEmail, updatedAt: new Date() }).where(eq(settings.id, 1)),
    auditEntry(context, actor.id, { action: "access.support-email", target: "support e-mail", detail: supportEmail }),
  ]);
}

/**
 * E-mails the person behind a request a single-use sign-up link (7 days), or says why not: the request is
 * gone (404), or its address already has an account (409: they sign in).
 */
export async function inviteRequester(
  context: AppLoadContext,
  request: Request,
  actor: SessionUser,
  requestId: string,
): Promise<{ ok: true; email: string } | { ok: false; status: 404 | 409; message: string }> {
  const db = context.db;
  const [row] = await db
    .select({ ...getTableColumns(earlyAccessRequests), hasAccount: hasAccount.mapWith(Boolean) })
    .from(earlyAccessRequests)
    .where(eq(earlyAccessRequests.id, requestId))
    .limit(1);
  if (!row) return { ok: false, status: 404, message: "That request no longer exists." };
  // A member needs no invitation: they sign in.
  if (row.hasAccount)
    return {
      ok: false,
      status: 409,
      message: `${row.email} already has an account: nothing to invite. They can sign in.`,
    };
  const link = await newLink(context, "invite", { email: row.email });
  const url = `${appUrl(request, context.cloudflare.env)}/signup?invite=${link.token}`;
  const mail: Mail = {
    to: row.email,
    subject: "Your early access to Goals with Friends",
    text:
      `Hi ${row.nameFirst},\n\nYou asked for early access to Goals with Friends, and your place is ready.\n\n` +
      `Create your account here:\n${LINK_PLACEHOLDER}\n\nThe link works once and expires in 7 days.\n`,
    kind: "invite",
    link: url,
  };
  const mailId = newId();
  await db.batch([
    link.insert,
    db.update(earlyAccessRequests).set({ invitedAt: new Date() }).where(eq(earlyAccessRequests.id, requestId)),
    outboxInsert(context, await outboxRow(context, mail, mailId)),
    auditEntry(context, actor.id, { action: "access.invite", target: row.email }),
  ]);
  deliverLater(context, [{ id: mailId }]);
  return { ok: true, email: row.email };
}

/** Every request as CSV rows (oldest first), for the admin's spreadsheet or CRM import. */
export async function requestsCsvRows(context: AppLoadContext): Promise<CsvValue[][]> {
  const rows = await context.db.select().from(earlyAccessRequests).orderBy(earlyAccessRequests.createdAt);
  return [
    ["First name", "Last name", "City", "State", "Email", "Requested", "Invited"],
    ...rows.map((r) => [
      r.nameFirst,
      r.nameLast,
      r.locationCity,
      r.locationState,
      r.email,
      isoDay(r.createdAt),
      r.invitedAt ? isoDay(r.invitedAt) : "",
    ]),
  ];
}
