import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Field, PasswordField, SubmitButton } from "#app/components/forms";
import { FLASH } from "#app/lib/flash";
import { deleteAccountSchema, TYPE_YOUR_EMAIL, WRONG_PASSWORD } from "#app/features/account/account.schema";
import { checkCurrentPassword, deleteAccount } from "#app/features/account/account.server";
import { withFlash } from "#app/platform/session/flash.server";
import { readFormData } from "#app/platform/http/form-data.server";
import { logout, requireUser } from "#app/platform/session/session.server";
import memberStyles from "#app/styles/member.css";
import { useConformForm } from "#app/components/hooks/useConformForm";
import { screenMeta } from "#app/lib/meta";
import { formErrors } from "#app/platform/http/form-answer.server";
import { stylesheet } from "#app/lib/stylesheet";

export const links: LinksFunction = () => [stylesheet(memberStyles)];

export const meta: MetaFunction = () =>
  screenMeta("Delete account", { description: "Delete your Goals with Friends account and your personal data." });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return { email: user.email };
}

/**
 * Confirmed by typing one's own e-mail and the current password (counted like every current-password
 * check, ADR 218); the last admin cannot leave the site without an admin (ADR 180).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: deleteAccountSchema });
  if (submission.status !== "success") return formErrors(submission, 400);
  if (submission.value.confirm.toLowerCase() !== user.email) {
    return formErrors(submission, 400, { fieldErrors: { confirm: [TYPE_YOUR_EMAIL] } });
  }
  const refused = await checkCurrentPassword(request, context, user, submission.value.current, WRONG_PASSWORD);
  if (refused && !refused.ok)
    return formErrors(submission, refused.status, { fieldErrors: { [refused.field]: [refused.message] } });
  const result = await deleteAccount(context, user);
  if (!result.ok) {
    return formErrors(submission, result.status, { fieldErrors: { [result.field]: [result.message] } });
  }
  // The session row went with the account; this clears the browser's cookie too.
  throw await withFlash(await logout(request, context, "/"), context.cloudflare.env, FLASH.accountDeleted);
}

export default function DeleteAccountRoute() {
  const { email } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useConformForm(deleteAccountSchema, { id: "delete-account", lastResult });
  return (
    <main className="member-page">
      <h1>Delete account</h1>
      <div className="card">
        <p>Deleting your account cannot be undone. It removes:</p>
        <ul>
          <li>your name, e-mail, picture and password, and every place you are signed in;</li>
          <li>your goals list, cheers and the e-mails we kept for you.</li>
        </ul>
        <p>
          Your messages stay in their discussions as &ldquo;Deleted member&rdquo;, and your pledges stay, without your
          name, so the charities&rsquo; totals do not change.{" "}
          <Link to="/profile/data.json" reloadDocument>
            Download your data
          </Link>{" "}
          first if you want a copy.
        </p>
      </div>
      <Form method="post" className="form card" {...getFormProps(form)}>
        <Field
          field={fields.confirm}
          label={`Type ${email} to confirm`}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          hint="This is the address you sign in with."
        />
        <PasswordField field={fields.current} label="Current password" autoComplete="current-password" />
        <div className="form-actions">
          <SubmitButton className="button button--danger">Delete my account</SubmitButton>
          <Link to="/profile">Keep my account</Link>
        </div>
      </Form>
    </main>
  );
}
