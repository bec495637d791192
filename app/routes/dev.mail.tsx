import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { desc, eq } from "drizzle-orm";
import { mailOutbox } from "#drizzle/schema";
import { requireDevelopment } from "#app/platform/http/env.server";
import { listUnsubscribeHeaders, outboxLink, outboxText } from "#app/features/mail/mail.server";
import devStyles from "#app/styles/dev.css";
import { screenMeta } from "#app/lib/meta";
import { stylesheet } from "#app/lib/stylesheet";

export const links: LinksFunction = () => [stylesheet(devStyles)];

/**
 * Development only: the mail outbox, newest first (optionally ?to=address), with each message's state.
 * Production answers 404.
 */
export const meta: MetaFunction = () => screenMeta("Mail Outbox (development)", { noindex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireDevelopment(context);
  const to = new URL(request.url).searchParams.get("to")?.trim().toLowerCase();
  const query = context.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(50);
  const mails = await (to ? query.where(eq(mailOutbox.to, to)) : query);
  return {
    to: to ?? "",
    // The sealed links put back (ADR 103): this screen stands in for the recipient's inbox.
    mails: await Promise.all(
      mails.map(async ({ linkSealed, ...m }) => ({
        ...m,
        text: await outboxText(context.cloudflare.env, { text: m.text, linkSealed }),
        // What the provider gets besides the text: the one-click unsubscribe headers (ADR 187).
        headers: listUnsubscribeHeaders(m.kind, await outboxLink(context.cloudflare.env, { linkSealed })) ?? {},
        createdAt: m.createdAt.toISOString(),
      })),
    ),
  };
}

/**
 * Where a message is on its way out (ADR 125): queued (recorded; on the outbound queue when a provider is
 * configured), sent, retrying after n failed attempts, or dead (the queue gave up on it).
 */
function mailState(mail: { status: string; attempts: number }): string {
  if (mail.status === "retrying") return `retrying (attempt ${mail.attempts} failed)`;
  if (mail.status === "dead") return `dead (after ${mail.attempts} attempts)`;
  return mail.status;
}

const URL_PATTERN = /(https?:\/\/[^\s]+)/g;

/** Mail text with its links clickable, so a reset link can be followed from here. */
function MailText({ text }: { text: string }) {
  return (
    <pre className="dev-mail__text">
      {text.split(URL_PATTERN).map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part}>
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </pre>
  );
}

export default function DevMailRoute() {
  const { to, mails } = useLoaderData<typeof loader>();
  return (
    <main className="page">
      <h1>Mail outbox</h1>
      <p>Every e-mail the app sends, as recorded in development. Nothing here leaves this machine.</p>
      <form method="get" className="dev-mail__filter">
        <div className="field">
          <label htmlFor="to">Recipient</label>
          <input id="to" name="to" type="email" defaultValue={to} />
        </div>
        <button type="submit" className="button">
          Filter
        </button>
      </form>
      {mails.length === 0 ? <p>No mail yet.</p> : null}
      {mails.map((mail) => (
        <article key={mail.id} className="card dev-mail__item" aria-label={`${mail.subject} to ${mail.to}`}>
          <h2>{mail.subject}</h2>
          <p className="dev-mail__meta">
            To <strong>{mail.to}</strong> · {mail.kind} · <span className="dev-mail__state">{mailState(mail)}</span> ·{" "}
            <time dateTime={mail.createdAt}>{mail.createdAt}</time>
          </p>
          {mail.error && mail.status !== "sent" ? <p className="dev-mail__error">Last error: {mail.error}</p> : null}
          {Object.entries(mail.headers).map(([name, value]) => (
            <p key={name} className="dev-mail__meta">
              {name}: <code>{value}</code>
            </p>
          ))}
          <MailText text={mail.text} />
        </article>
      ))}
    </main>
  );
}
