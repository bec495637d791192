/**
 * All mail goes through here. Every message is recorded in `mail_outbox` (the record of what went to
 * whom), readable in development at /dev/mail. When an HTTP e-mail provider is configured (MAIL_API_URL,
 * MAIL_API_KEY, MAIL_FROM) the message's id goes on the outbound queue (outbound-queue.server.ts, ADR 125),
 * whose consumer POSTs it with retries and backoff; its state (queued, sent, retrying, dead) is on the
 * row. Without a provider a message stays queued in the outbox.
 *
 * No working link token rests in the outbox (ADR 103): a message's `link` is stored sealed (AES-GCM
 * under a key from SESSION_SECRET, mail-seal.server.ts) with a placeholder in the text, put back only
 * when the message is delivered (`deliverOutboxMail`) or shown at /dev/mail; a sent message loses the
 * sealed link, and the cron sweeps old mail (housekeeping.server.ts).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, ne } from "drizzle-orm";
import { newId } from "#app/lib/ids";
import { oneLine } from "#app/lib/text-scan";
import { mailOutbox } from "#drizzle/schema";
import type { Database } from "#app/platform/db/db.server";
import { sessionSecrets } from "#app/platform/http/env.server";
import { sealLink, unsealLink } from "./mail-seal.server";
import { enqueueOutbound } from "./outbound-queue.server";

/** A provider that has not answered by then counts as a failed attempt (retried later). */
const PROVIDER_TIMEOUT_MS = 10_000;

/** Where a message's sealed link goes in its text. */
export const LINK_PLACEHOLDER = "{{link}}";

export interface Mail {
  to: string;
  subject: string;
  /** The text; with a `link`, LINK_PLACEHOLDER marks where it goes. */
  text: string;
  html?: string;
  kind: string;
  communicationId?: string;
  /** A link carrying a working token (reset, set-password, invitation): never stored in the clear. */
  link?: string;
}

export type OutboxRow = typeof mailOutbox.$inferInsert;

/** The outbox row of a message, its link sealed. */
export async function outboxRow(context: AppLoadContext, mail: Mail, id = newId()): Promise<OutboxRow> {
  const { link, ...rest } = mail;
  const secret = sessionSecrets(context.cloudflare.env)[0];
  if (link && !secret) throw new Error("SESSION_SECRET is not set: a mailed link cannot be sealed");
  const linkSealed = link ? await sealLink(secret!, link) : null;
  return { id, ...rest, linkSealed, status: "queued" };
}

/**
 * The insert of a message without a link, or of a row from `outboxRow`, for callers that batch it with
 * other writes. (Synchronous on purpose: a drizzle query returned from an async function would run
 * there and then.) A message with a `link` must go through `outboxRow`, which seals it.
 */
export function outboxInsert(context: AppLoadContext, mail: Mail | OutboxRow, id?: string) {
  if ("link" in mail && mail.link) throw new Error("a mail with a link goes through outboxRow (sealed)");
  const { link: _link, ...row } = mail as Mail & OutboxRow;
  // A subject is one line, whatever went into it (a name, a cause): a line break would start a header.
  return context.db
    .insert(mailOutbox)
    .values({ status: "queued", ...row, subject: oneLine(row.subject), id: id ?? row.id ?? newId() });
}

/** Records the message and, outside development, hands it to the provider after the response. */
export async function sendMail(context: AppLoadContext, mail: Mail): Promise<string> {
  const id = newId();
  await outboxInsert(context, await outboxRow(context, mail, id));
  deliverLater(context, [{ id }]);
  return id;
}

/** A stored message's text with its link put back (null link: it was sent, swept or cannot be opened). */
export async function outboxText(env: Env, row: { text: string; linkSealed: string | null }): Promise<string> {
  if (!row.text.includes(LINK_PLACEHOLDER)) return row.text;
  const link = row.linkSealed ? await unsealLink(sessionSecrets(env), row.linkSealed) : null;
  return row.text.split(LINK_PLACEHOLDER).join(link ?? "[link removed]");
}

/** Notification mail (ADR 187): its sealed link is the one-click unsubscribe link. */
export const NOTICE_KIND_PREFIX = "notice-";

/**
 * Mail to a supporter about their pledge (receipt, milestones, settle-up, reminders, a changed amount):
 * its sealed link is the supporter's own pledge link, whose one-click POST stops that pledge's mail (ADR 245).
 */
export const SUPPORTER_KIND_PREFIX = "pledge-";

/** RFC 2369 / RFC 8058 headers of a notification or supporter mail, from its link (none for other mail). */
export function listUnsubscribeHeaders(kind: string, link: string | null): Record<string, string> | undefined {
  const oneClick = kind.startsWith(NOTICE_KIND_PREFIX) || kind.startsWith(SUPPORTER_KIND_PREFIX);
  if (!oneClick || !link) return undefined;
  return { "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** A stored message's link opened (null: none, sent, swept or not ours). */
export async function outboxLink(env: Env, row: { linkSealed: string | null }): Promise<string | null> {
  return row.linkSealed ? unsealLink(sessionSecrets(env), row.linkSealed) : null;
}

/** Puts recorded messages on the outbound queue after the response (no provider configured: no-op). */
export function deliverLater(context: AppLoadContext, mails: { id: string }[]) {
  const { env, ctx } = context.cloudflare;
  if (!env.MAIL_API_URL || mails.length === 0) return;
  ctx.waitUntil(
    enqueueOutbound(
      env,
      mails.map((m) => ({ type: "mail", id: m.id })),
    ),
  );
}

/**
 * Delivers one stored message: the one way mail leaves (the outbound queue's consumer calls it with the
 * id and the attempt number). Reads the row, puts its link back, POSTs it to the provider (with a
 * timeout, and the id as idempotency key), then marks it sent and drops the sealed link. On failure it
 * records the attempt (status retrying) and answers "failed" so the queue tries again. A message
 * already sent is not sent again (a queue may deliver a message twice).
 */
export async function deliverOutboxMail(
  db: Database,
  env: Env,
  id: string,
  attempt = 1,
): Promise<"sent" | "failed" | "skipped"> {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.id, id), ne(mailOutbox.status, "sent")))
    .limit(1);
  if (!mail || !env.MAIL_API_URL) return "skipped";
  try {
    const text = await outboxText(env, mail);
    if (text.includes("[link removed]")) throw new Error("the link could not be opened");
    const response = await fetch(env.MAIL_API_URL, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Authorization: `Bearer ${env.MAIL_API_KEY ?? ""}`,
        "Idempotency-Key": mail.id,
      },
      body: JSON.stringify({
        from: env.MAIL_FROM,
        to: mail.to,
        subject: oneLine(mail.subject),
        text,
        html: mail.html,
        headers: listUnsubscribeHeaders(mail.kind, await outboxLink(env, mail)),
      }),
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    // The body is not needed, but an unread one holds the connection.
    await response.body?.cancel().catch(() => {});
    if (!response.ok) throw new Error(`provider answered ${response.status}`);
    await db
      .update(mailOutbox)
      .set({ status: "sent", attempts: attempt, sentAt: new Date(), linkSealed: null, error: null })
      .where(eq(mailOutbox.id, mail.id));
    return "sent";
  } catch (error) {
    await db
      .update(mailOutbox)
      .set({ status: "retrying", attempts: attempt, error: errorText(error) })
      .where(and(eq(mailOutbox.id, mail.id), ne(mailOutbox.status, "sent")));
    return "failed";
  }
}

/**
 * A message the queue gave up on (its retry budget spent, ADR 125): marked dead, and its sealed link
 * dropped, since nothing will send it any more.
 */
export async function markMailDead(db: Database, id: string) {
  await db
    .update(mailOutbox)
    .set({ status: "dead", linkSealed: null })
    .where(and(eq(mailOutbox.id, id), ne(mailOutbox.status, "sent")));
}

const errorText = (error: unknown) =>
  (error instanceof Error
    ? `${error.name === "TimeoutError" ? "timed out: " : ""}${error.message}`
    : String(error)
  ).slice(0, 500);
