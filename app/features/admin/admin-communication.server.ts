/**
 * Admin communication: a message to everyone or to one type of user, queued through the mail outbox in
 * chunks (D1 binds at most 100 parameters per statement), with a `communications` row and the outbox
 * rows' communication_id as the record of what went to whom.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { rowsPerInsert } from "#app/platform/db/batch.server";
import { AUDIENCE_LABELS, communicationText, type Audience } from "#app/features/admin/admin";
import { chunk } from "#app/lib/arrays";
import { newId } from "#app/lib/ids";
import { communications, mailOutbox, users } from "#drizzle/schema";
import { auditEntry } from "./audit.server";
import { sha256Hex } from "#app/platform/session/crypto.server";
import { deliverLater, type Mail } from "#app/features/mail/mail.server";
import type { SessionUser } from "#app/platform/session/session.server";
import { getSettings } from "#app/platform/db/settings.server";

const ROWS_PER_INSERT = rowsPerInsert(mailOutbox);

const audienceWhere = (audience: Audience) =>
  and(ne(users.status, "suspended"), audience === "all" ? undefined : eq(users.type, audience));

export interface Draft {
  audience: Audience;
  subject: string;
  body: string;
}

/**
 * The fingerprint of what a preview showed: audience, subject and message. The send carries it back and
 * goes out only for that same draft, so a preview of "Admins" can never mail everyone (ADR 164). It
 * proves sameness, not authorship: the sender is an admin already. The head count is left out: people
 * joining between preview and send are still the audience that was previewed.
 */
export async function previewDigest(draft: Draft): Promise<string> {
  const text = JSON.stringify([draft.audience, draft.subject, draft.body]);
  return sha256Hex(text);
}

/** How many people a draft would reach, the text the sender's own copy would read, and its digest. */
export async function previewCommunication(context: AppLoadContext, actor: SessionUser, draft: Draft) {
  const db = context.db;
  const [[recipients], settings] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)` })
      .from(users)
      .where(audienceWhere(draft.audience)),
    getSettings(db),
  ]);
  return {
    audience: AUDIENCE_LABELS[draft.audience],
    recipients: recipients?.n ?? 0,
    subject: draft.subject,
    text: communicationText(actor.first, draft.body, settings.supportEmail),
    digest: await previewDigest(draft),
  };
}

export type SendOutcome =
  | { sent: { id: string; recipients: number } }
  | { refused: "nobody" }
  | { refused: "not-previewed" | "changed"; preview: Awaited<ReturnType<typeof previewCommunication>> };

/**
 * Queues one e-mail per recipient, records the communication and audits it, all in one batch, when the
 * draft is exactly what was previewed (`previewed`: the preview's digest). When it is not, nothing goes
 * out and the answer holds the draft's preview, for the admin to check and send that.
 */
export async function sendCommunication(
  context: AppLoadContext,
  actor: SessionUser,
  draft: Draft,
  previewed: string | undefined,
): Promise<SendOutcome> {
  const db = context.db;
  if (!previewed) return { refused: "not-previewed", preview: await previewCommunication(context, actor, draft) };
  if (previewed !== (await previewDigest(draft)))
    return { refused: "changed", preview: await previewCommunication(context, actor, draft) };
  const [people, settings] = await Promise.all([
    db.select({ first: users.first, email: users.email }).from(users).where(audienceWhere(draft.audience)),
    getSettings(db),
  ]);
  if (people.length === 0) return { refused: "nobody" };
  const communicationId = newId();
  const mails: (Mail & { id: string })[] = people.map((p) => ({
    id: newId(),
    to: p.email,
    subject: draft.subject,
    text: communicationText(p.first, draft.body, settings.supportEmail),
    kind: "communication",
    communicationId,
  }));
  await db.batch([
    db.insert(communications).values({ id: communicationId, actorId: actor.id, ...draft, recipients: people.length }),
    auditEntry(context, actor.id, {
      action: "communication.send",
      target: AUDIENCE_LABELS[draft.audience],
      detail: `“${draft.subject}” to ${people.length} ${people.length === 1 ? "person" : "people"}`,
    }),
    ...chunk(mails, ROWS_PER_INSERT).map((rows) => db.insert(mailOutbox).values(rows)),
  ]);
  deliverLater(context, mails);
  return { sent: { id: communicationId, recipients: people.length } };
}

/** Recent communications, and (when `viewId` is given) who one of them went to, in one round trip. */
export async function communicationHistory(context: AppLoadContext, viewId: string | null) {
  const db = context.db;
  const history = db
    .select({
      id: communications.id,
      audience: communications.audience,
      subject: communications.subject,
      recipients: communications.recipients,
      createdAt: communications.createdAt,
      senderFirst: users.first,
      senderLast: users.last,
    })
    .from(communications)
    .leftJoin(users, eq(users.id, communications.actorId))
    .orderBy(desc(communications.createdAt))
    .limit(20);
  const sent = db
    .select({ to: mailOutbox.to, status: mailOutbox.status })
    .from(mailOutbox)
    .where(eq(mailOutbox.communicationId, viewId ?? ""))
    .orderBy(mailOutbox.to)
    .limit(500);
  const [rows, recipients] = await db.batch([history, sent]);
  return { history: rows, recipients: viewId ? recipients : [] };
}
