import type { SubmissionResult } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { messageParts, MAX_MESSAGE } from "#app/features/fundraising/fundraising";
import type { DiscussionMessage } from "#app/features/social/discussion.server";

/** Plain text; links become anchors that search engines ignore and that cannot reach back to us. */
function MessageBody({ body }: { body: string }) {
  return (
    <p className="message__body">
      {messageParts(body).map((part, i) =>
        part.kind === "link" ? (
          <a key={i} href={part.href} rel="nofollow ugc noopener noreferrer" target="_blank">
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}

const timeFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
});

/** The goal's messages, oldest first, with delete for your own (or any, for moderators), and the post form. */
export function Discussion({
  goalId,
  messages,
  returnTo,
  lastResult,
}: {
  goalId: string;
  messages: DiscussionMessage[];
  returnTo: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  return (
    <section className="discussion card" aria-labelledby="discussion-title" id="discussion">
      <h2 id="discussion-title">Discussion</h2>
      {messages.length ? (
        <ol className="discussion__list">
          {messages.map((m) => (
            <li key={m.id} className="message">
              <div className="message__meta">
                <span className="message__dot" style={{ background: m.color }} aria-hidden="true" />
                <strong>{m.author}</strong>
                <time dateTime={m.createdAt}>{timeFormat.format(new Date(m.createdAt))} UTC</time>
                {m.canDelete ? <DeleteMessage goalId={goalId} messageId={m.id} returnTo={returnTo} /> : null}
              </div>
              <MessageBody body={m.body} />
            </li>
          ))}
        </ol>
      ) : (
        <p className="discussion__empty">No messages yet. Say hello and cheer the group on.</p>
      )}
      <PostMessage goalId={goalId} returnTo={returnTo} lastResult={lastResult} />
    </section>
  );
}

/**
 * A plain form (no client validation library: this sits on the busiest live screen, and the server's
 * answer is the one that counts). Errors come back from the action as conform's reply.
 */
function PostMessage({
  goalId,
  returnTo,
  lastResult,
}: {
  goalId: string;
  returnTo: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const fetcher = useFetcher<SubmissionResult<string[]>>();
  const formRef = useRef<HTMLFormElement>(null);
  const reply = fetcher.data ?? lastResult;
  const errors = [...(reply?.error?.body ?? []), ...(reply?.error?.[""] ?? [])];
  const posting = fetcher.state !== "idle";
  // A successful post redirects (no data): clear the box for the next message.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data === undefined && formRef.current) formRef.current.reset();
  }, [fetcher.state, fetcher.data]);
  const id = `message-${goalId}`;
  return (
    <fetcher.Form
      method="post"
      action={`/goals/${goalId}/discussion`}
      className="form discussion__form"
      preventScrollReset
      ref={formRef}
    >
      <input type="hidden" name="intent" value="post" />
      <input type="hidden" name="returnTo" value={returnTo} />
      <div className="field">
        <label htmlFor={id}>Write a message</label>
        <p className="field__hint" id={`${id}-hint`}>
          Plain text, up to {MAX_MESSAGE.toLocaleString("en-GB")} characters.
        </p>
        <textarea
          id={id}
          name="body"
          rows={3}
          required
          maxLength={MAX_MESSAGE}
          defaultValue={reply?.initialValue?.body as string | undefined}
          aria-invalid={errors.length ? true : undefined}
          aria-describedby={`${id}-hint${errors.length ? ` ${id}-error` : ""}`}
        />
        {errors.length ? (
          <p className="field__error" id={`${id}-error`} role="alert">
            {errors.join(", ")}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button" aria-disabled={posting || undefined}>
        {posting ? "Posting..." : "Post message"}
      </button>
    </fetcher.Form>
  );
}

function DeleteMessage({ goalId, messageId, returnTo }: { goalId: string; messageId: string; returnTo: string }) {
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post" action={`/goals/${goalId}/discussion`} preventScrollReset className="message__delete">
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="messageId" value={messageId} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button type="submit" className="link-button">
        {fetcher.state !== "idle" ? "Deleting..." : "Delete"}
        <span className="visually-hidden"> message</span>
      </button>
    </fetcher.Form>
  );
}
