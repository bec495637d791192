import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Field, SelectField, SubmitButton, TextareaField } from "#app/components/forms";
import { Table, type Column } from "#app/components/Table";
import { Timestamp } from "#app/components/Timestamp";
import { AUDIENCE_LABELS, AUDIENCES, type Audience } from "#app/features/admin/admin";
import { communicationSchema } from "#app/features/admin/admin.schema";
import {
  communicationHistory,
  previewCommunication,
  sendCommunication,
} from "#app/features/admin/admin-communication.server";
import { FLASH } from "#app/lib/flash";
import { redirectWithFlash } from "#app/platform/session/flash.server";
import { publish } from "#app/features/live/live.server";
import { requireRole } from "#app/platform/session/session.server";
import { useStickyActionData } from "#app/features/admin/useStickyActionData";
import { useConformForm } from "#app/components/hooks/useConformForm";
import { screenMeta } from "#app/lib/meta";
import { readFormData } from "#app/platform/http/form-data.server";
import { formErrorsAt, formStep } from "#app/platform/http/form-answer.server";

export const meta: MetaFunction = () => screenMeta("Communication", { section: "Admin" });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  const sent = new URL(request.url).searchParams.get("sent");
  const viewId = sent && /^[0-9a-f]{32}$/.test(sent) ? sent : null;
  const { history, recipients } = await communicationHistory(context, viewId);
  return { history, viewed: history.find((c) => c.id === viewId) ?? null, recipients };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requireRole(request, context, "admin");
  const submission = parseWithZod(await readFormData(request), { schema: communicationSchema });
  if (submission.status !== "success") return formErrorsAt("result", submission, 400);
  const { intent, previewed, ...draft } = submission.value;
  if (intent === "preview") {
    return formStep({ result: submission.reply(), preview: await previewCommunication(context, actor, draft) });
  }
  const outcome = await sendCommunication(context, actor, draft, previewed);
  if ("refused" in outcome) {
    // Nothing went out. Show what the form now holds, so the admin can check it and send that.
    if (outcome.refused === "nobody")
      return formErrorsAt("result", submission, 409, { fieldErrors: { audience: [NOBODY] } });
    return formErrorsAt(
      "result",
      submission,
      409,
      { formErrors: [NOT_AS_PREVIEWED[outcome.refused]] },
      { preview: outcome.preview },
    );
  }
  publish(context, ["admin"]);
  // Post/redirect/get: reloading the page cannot send the message twice.
  throw await redirectWithFlash(
    context.cloudflare.env,
    `/admin/users/communication?sent=${outcome.sent.id}`,
    FLASH.sent(outcome.sent.recipients),
  );
}

/** What the action answers: the form's reply, with the draft's preview when there is one to show. */
type CommunicationAnswer = {
  result: SubmissionResult<string[]>;
  preview?: Awaited<ReturnType<typeof previewCommunication>> | null;
};

const NOBODY = "Nobody to send to: no active users of this type.";
const NOT_AS_PREVIEWED = {
  "not-previewed": "Not sent: preview the message first. It goes out only as previewed.",
  changed:
    "Not sent: the audience, subject or message changed after the preview. Check the new preview below, then send.",
} as const;

const AUDIENCE_OPTIONS = AUDIENCES.map((a) => ({ value: a, label: AUDIENCE_LABELS[a] }));

const HISTORY_COLUMNS: Column<Awaited<ReturnType<typeof communicationHistory>>["history"][number]>[] = [
  { header: "Sent", wrap: "nowrap", cell: (c) => <Timestamp value={c.createdAt} /> },
  { header: "Subject", rowHeader: true, cell: (c) => <Link to={`?sent=${c.id}`}>{c.subject}</Link> },
  { header: "To", cell: (c) => AUDIENCE_LABELS[c.audience as Audience] ?? c.audience },
  { header: "People", numeric: true, cell: (c) => c.recipients },
  { header: "By", cell: (c) => (c.senderFirst ? `${c.senderFirst} ${c.senderLast}` : "Deleted user") },
];

export default function CommunicationRoute() {
  const { history, viewed, recipients } = useLoaderData<typeof loader>();
  const actionData = useStickyActionData<CommunicationAnswer>();
  const preview = actionData?.preview;
  const [form, fields] = useConformForm(communicationSchema, {
    id: "communication",
    lastResult: actionData?.result,
    defaultValue: { audience: "all" },
  });
  return (
    <main className="admin-main">
      <header className="admin-main__header">
        <h1>Communication</h1>
      </header>
      <p className="admin-lead">
        E-mail everyone or one type of user. Preview first; each person's copy greets them by their first name.
        Suspended accounts are left out.
      </p>
      {viewed ? (
        <p className="notice" role="status">
          Sent “{viewed.subject}” to {viewed.recipients} {viewed.recipients === 1 ? "person" : "people"}.
        </p>
      ) : null}
      <div className="admin-card">
        <Form method="post" className="admin-form" {...getFormProps(form)}>
          {form.errors?.length ? (
            <p className="form-error" id={form.errorId} role="alert">
              {form.errors.join(" ")}
            </p>
          ) : null}
          <SelectField field={fields.audience} label="Send to" options={AUDIENCE_OPTIONS} />
          <Field field={fields.subject} label="Subject" autoComplete="off" />
          <TextareaField field={fields.body} label="Message" rows={8} />
          {preview ? (
            <section className="admin-preview" aria-labelledby="preview-heading">
              <h2 id="preview-heading">Preview</h2>
              <dl>
                <dt>To</dt>
                <dd>
                  {preview.audience}: {preview.recipients} {preview.recipients === 1 ? "person" : "people"}
                </dd>
                <dt>Subject</dt>
                <dd>{preview.subject}</dd>
              </dl>
              <pre>{preview.text}</pre>
              {/* The send carries what this preview showed; the server refuses it if anything changed. */}
              <input type="hidden" name="previewed" value={preview.digest} />
            </section>
          ) : null}
          <div className="admin-form__actions">
            <SubmitButton name="intent" value="preview" className={preview ? "button button--secondary" : "button"}>
              {preview ? "Update preview" : "Preview"}
            </SubmitButton>
            {preview && preview.recipients > 0 ? (
              <SubmitButton name="intent" value="send" pendingText="Sending...">
                Send to {preview.recipients} {preview.recipients === 1 ? "person" : "people"}
              </SubmitButton>
            ) : null}
          </div>
        </Form>
      </div>
      <section className="admin-card" aria-labelledby="history-heading">
        <h2 id="history-heading">History</h2>
        {history.length === 0 ? (
          <p className="admin-count">Nothing sent yet.</p>
        ) : (
          <Table caption="Messages sent, newest first" columns={HISTORY_COLUMNS} rows={history} rowKey={(c) => c.id} />
        )}
        {viewed ? (
          <>
            <h3>Who “{viewed.subject}” went to</h3>
            <ul className="admin-recipients">
              {recipients.map((r) => (
                <li key={r.to}>
                  {r.to} <span className="badge">{r.status}</span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
    </main>
  );
}
