/**
 * All mail goes through here. Every message is recorded in `mail_outbox` (the record of what went to
 * whom). In development it stays there, readable at /dev/mail; in production it is also POSTed to an
 * HTTP e-mail provider configured by secrets (MAIL_API_URL, MAIL_API_KEY, MAIL_FROM).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { newId } from "#app/lib/ids";
import { mailOutbox } from "#drizzle/schema";
import { isDevelopment } from "./env.server";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: string;
  communicationId?: string;
}

/** The insert for one message, for callers that batch it with other writes. */
export function outboxInsert(context: AppLoadContext, mail: Mail, id = newId()) {
  return context.db.insert(mailOutbox).values({ id, ...mail, status: "queued" });
}

/** Records the message and, outside development, hands it to the provider after the response. */
export async function sendMail(context: AppLoadContext, mail: Mail): Promise<string> {
  const id = newId();
  await outboxInsert(context, mail, id);
  deliverLater(context, [{ id, ...mail }]);
  return id;
}

/** Hands queued messages to the provider in the background (no-op in development). */
export function deliverLater(context: AppLoadContext, mails: (Mail & { id: string })[]) {
  const env = context.cloudflare.env;
  if (isDevelopment(env) || !env.MAIL_API_URL) return;
  context.cloudflare.ctx.waitUntil(Promise.all(mails.map((m) => deliver(context, m))));
}

async function deliver(context: AppLoadContext, mail: Mail & { id: string }) {
  const env = context.cloudflare.env;
  try {
    const response = await fetch(env.MAIL_API_URL!, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${env.MAIL_API_KEY ?? ""}` },
      body: JSON.stringify({
        from: env.MAIL_FROM,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      }),
    });
    if (!response.ok) throw new Error(`provider answered ${response.status}`);
    await context.db.update(mailOutbox).set({ status: "sent", sentAt: new Date() }).where(eq(mailOutbox.id, mail.id));
  } catch (error) {
    await context.db
      .update(mailOutbox)
      .set({ status: "failed", error: String((error as Error).message ?? error).slice(0, 500) })
      .where(eq(mailOutbox.id, mail.id));
  }
}
