import { getFormProps } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { ActionNotice } from "#app/features/admin/Notice";
import { useStickyActionData } from "#app/features/admin/useStickyActionData";
import { Field, SubmitButton } from "#app/components/forms";
import { Table, type Column } from "#app/components/Table";
import { Timestamp } from "#app/components/Timestamp";
import { EARLY_ACCESS_EFFECTS, EARLY_ACCESS_MODES } from "#app/features/admin/admin";
import { ACCESS_FORMS, supportEmailSchema } from "#app/features/admin/admin.schema";
import {
  accessScreen,
  inviteRequester,
  REQUESTS_SHOWN,
  setEarlyAccessMode,
  setSupportEmail,
} from "#app/features/admin/admin-access.server";
import { publish } from "#app/features/live/live.server";
import { requireRole } from "#app/platform/session/session.server";
import { useConformForm } from "#app/components/hooks/useConformForm";
import { screenMeta } from "#app/lib/meta";
import { readIntentForm } from "#app/platform/http/intent-form.server";
import { formDone, formErrorsAt, formRefused } from "#app/platform/http/form-answer.server";

export const meta: MetaFunction = () => screenMeta("Access", { section: "Admin" });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  return accessScreen(context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requireRole(request, context, "admin");
  const form = await readIntentForm(request, ACCESS_FORMS);
  if (form.intent === "early-access") {
    const { submission } = form;
    if (submission.status !== "success") return formRefused("Choose closed, request or open.", 400);
    await setEarlyAccessMode(context, actor, submission.value.mode);
    publish(context, ["settings", "admin"]);
    return formDone(EARLY_ACCESS_EFFECTS[submission.value.mode].changed);
  }
  if (form.intent === "support-email") {
    const { submission } = form;
    if (submission.status !== "success") return formErrorsAt("support", submission, 400);
    await setSupportEmail(context, actor, submission.value.supportEmail);
    publish(context, ["settings", "admin"]);
    return formDone(`Support e-mail saved: ${submission.value.supportEmail}.`, { support: submission.reply() });
  }
  const submission = form.intent === "invite" ? form.submission : null;
  if (submission?.status !== "success") return formRefused("Unknown action.", 400);
  const invited = await inviteRequester(context, request, actor, submission.value.requestId);
  if (!invited.ok) return formRefused(invited.message, invited.status);
  publish(context, ["admin"]);
  return formDone(
    `Invited ${invited.email}: we e-mailed them a sign-up link. It works once, for 7 days, whatever the early-access mode.`,
  );
}

export default function AccessRoute() {
  const { settings, requests, total } = useLoaderData<typeof loader>();
  const result = useStickyActionData<typeof action>();
  const [supportForm, supportFields] = useConformForm(supportEmailSchema, {
    id: "support-email",
    lastResult: result && "support" in result ? result.support : undefined,
    defaultValue: { supportEmail: settings.supportEmail },
  });
  return (
    <main className="admin-main">
      <header className="admin-main__header">
        <h1>Access</h1>
      </header>
      <ActionNotice result={result} />
      <section className="admin-card" aria-labelledby="mode-heading">
        <h2 id="mode-heading">Early access</h2>
        <Form method="post" className="admin-form">
          <fieldset className="admin-modes">
            <legend>Who can sign up at /signup</legend>
            {EARLY_ACCESS_MODES.map((mode) => (
              <label key={mode} className="admin-mode">
                <input type="radio" name="mode" value={mode} defaultChecked={settings.earlyAccess === mode} />
                <strong>
                  {EARLY_ACCESS_EFFECTS[mode].label}
                  {settings.earlyAccess === mode ? " (current)" : ""}
                </strong>
                <span>{EARLY_ACCESS_EFFECTS[mode].effect}</span>
              </label>
            ))}
          </fieldset>
          <div className="admin-form__actions">
            <SubmitButton name="intent" value="early-access">
              Save early access
            </SubmitButton>
          </div>
        </Form>
      </section>
      <section className="admin-card" aria-labelledby="support-heading">
        <h2 id="support-heading">Support e-mail</h2>
        <Form method="post" className="admin-form" {...getFormProps(supportForm)}>
          <Field
            field={supportFields.supportEmail}
            label="Support e-mail address"
            type="email"
            hint="Shown after repeated failed sign-ins ('Contact Support at ...') and at the foot of every message you send."
          />
          <div className="admin-form__actions">
            <SubmitButton name="intent" value="support-email">
              Save support e-mail
            </SubmitButton>
          </div>
        </Form>
      </section>
      <section className="admin-card" aria-labelledby="requests-heading">
        <header className="admin-main__header">
          <h2 id="requests-heading">Early-access requests</h2>
          <a className="button button--secondary" href="/admin/access/requests.csv" download>
            Export CSV
          </a>
        </header>
        <p className="admin-count">
          {total === 1 ? "1 request" : `${total} requests`}
          {total > REQUESTS_SHOWN ? `; the newest ${REQUESTS_SHOWN} are shown, the CSV has them all` : ""}.
        </p>
        {requests.length === 0 ? null : (
          <Table
            caption="Early-access requests, newest first"
            columns={REQUEST_COLUMNS}
            rows={requests}
            rowKey={(r) => r.id}
          />
        )}
      </section>
    </main>
  );
}

type Request = Awaited<ReturnType<typeof accessScreen>>["requests"][number];

const REQUEST_COLUMNS: Column<Request>[] = [
  { header: "Name", rowHeader: true, cell: (r) => `${r.nameFirst} ${r.nameLast}` },
  { header: "Email", wrap: "wrap-anywhere", cell: (r) => r.email },
  { header: "Location", cell: (r) => `${r.locationCity}, ${r.locationState}` },
  { header: "Requested", wrap: "nowrap", cell: (r) => <Timestamp value={r.createdAt} /> },
  {
    header: "Invite",
    action: true,
    cell: (r) => (r.hasAccount ? <span className="badge">Has an account</span> : <InviteButton request={r} />),
  },
];

function InviteButton({ request: r }: { request: Request }) {
  const navigation = useNavigation();
  const inviting = navigation.formData?.get("requestId") === r.id;
  const name = `${r.nameFirst} ${r.nameLast}`;
  return (
    <>
      <Form method="post">
        <input type="hidden" name="intent" value="invite" />
        <input type="hidden" name="requestId" value={r.id} />
        <button type="submit" className="button button--secondary" aria-disabled={inviting || undefined}>
          {inviting ? "loading..." : r.invitedAt ? "Invite again" : "Invite"}
          <span className="visually-hidden"> {name}</span>
        </button>
      </Form>
      {r.invitedAt ? (
        <span className="admin-invited">
          Invited <Timestamp value={r.invitedAt} />
        </span>
      ) : null}
    </>
  );
}
