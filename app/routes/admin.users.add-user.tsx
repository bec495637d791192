import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link } from "@remix-run/react";
import { Field, SelectField, SubmitButton } from "#app/components/forms";
import { TYPE_LABELS, USER_TYPES } from "#app/features/admin/admin";
import { addUserSchema } from "#app/features/admin/admin.schema";
import { addUser } from "#app/features/admin/admin-users.server";
import { publish } from "#app/features/live/live.server";
import { requireRole } from "#app/platform/session/session.server";
import { useStickyActionData } from "#app/features/admin/useStickyActionData";
import { useConformForm } from "#app/components/hooks/useConformForm";
import { screenMeta } from "#app/lib/meta";
import { readFormData } from "#app/platform/http/form-data.server";
import { formDone, formErrorsAt } from "#app/platform/http/form-answer.server";

export const meta: MetaFunction = () => screenMeta("Add User", { section: "Admin" });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requireRole(request, context, "admin");
  const submission = parseWithZod(await readFormData(request), { schema: addUserSchema });
  if (submission.status !== "success") return formErrorsAt("result", submission, 400);
  const added = await addUser(context, request, actor, submission.value);
  if (!added.ok)
    return formErrorsAt("result", submission, 409, {
      fieldErrors: { email: ["An account with this email already exists."] },
    });
  publish(context, ["admin"]);
  return formDone(`Added ${added.email}. We e-mailed them a link to set their password.`, {
    added: added.email,
    result: submission.reply({ resetForm: true }),
  });
}

/** What the action answers: the form's reply, and once a user is added, the notice and their address. */
type AddUserAnswer = { result: SubmissionResult<string[]>; notice?: string; added?: string };

const TYPE_OPTIONS = USER_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }));

export default function AddUserRoute() {
  const actionData = useStickyActionData<AddUserAnswer>();
  const [form, fields] = useConformForm(addUserSchema, {
    id: "add-user",
    lastResult: actionData?.result,
    defaultValue: { type: "user" },
  });
  return (
    <main className="admin-main">
      <header className="admin-main__header">
        <h1>Add user</h1>
      </header>
      <p className="admin-lead">
        The new user gets an e-mail with a link to choose their password. The link works once and expires in 7 days.
      </p>
      {actionData?.added ? (
        <p className="notice" role="status">
          {actionData.notice}{" "}
          <Link to={`/admin/users?q=${encodeURIComponent(actionData.added)}`}>See them in Users</Link>
        </p>
      ) : null}
      <div className="admin-card">
        <Form method="post" className="admin-form" {...getFormProps(form)}>
          <div className="admin-form__row">
            <Field field={fields.first} label="First name" autoComplete="off" />
            <Field field={fields.last} label="Last name" autoComplete="off" />
          </div>
          <Field field={fields.email} label="Email" type="email" autoComplete="off" />
          <SelectField
            field={fields.type}
            label="Type"
            options={TYPE_OPTIONS}
            hint="Organisations and admins can create goals; only admins see these screens."
          />
          <div className="admin-form__actions">
            <SubmitButton>Add user</SubmitButton>
          </div>
        </Form>
      </div>
    </main>
  );
}
