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
import { changeEmailSchema, SAME_EMAIL, WRONG_PASSWORD } from "#app/features/account/account.schema";
import { requestEmailChange } from "#app/features/account/email-change.server";
import { redirectWithFlash } from "#app/platform/session/flash.server";
import { readFormData } from "#app/platform/http/form-data.server";
import { requireUser } from "#app/platform/session/session.server";
import memberStyles from "#app/styles/member.css";
import { useConformForm } from "#app/components/hooks/useConformForm";
import { screenMeta } from "#app/lib/meta";
import { formErrors } from "#app/platform/http/form-answer.server";
import { stylesheet } from "#app/lib/stylesheet";

export const links: LinksFunction = () => [stylesheet(memberStyles)];

export const meta: MetaFunction = () =>
  screenMeta("Change e-mail", { description: "Move your Goals with Friends account to another e-mail address." });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return { email: user.email };
}

/**
 * Sends a confirmation link to the new address; the account moves only when it is opened (ADR 180).
 * The answer is the same whether or not the new address has an account.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: changeEmailSchema });
  if (submission.status !== "success") {
    return formErrors(submission, 400, { hideFields: ["current"] });
  }
  const result = await requestEmailChange(request, context, user, submission.value, {
    wrongPassword: WRONG_PASSWORD,
    sameEmail: SAME_EMAIL,
  });
  if (!result.ok) {
    return formErrors(submission, result.status, {
      fieldErrors: { [result.field]: [result.message] },
      hideFields: ["current"],
    });
  }
  throw await redirectWithFlash(context.cloudflare.env, "/profile", FLASH.emailChangeSent(submission.value.email));
}

export default function ChangeEmailRoute() {
  const { email } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useConformForm(changeEmailSchema, { id: "change-email", lastResult });
  return (
    <main className="member-page">
      <h1>Change e-mail</h1>
      <p className="member-page__lead">
        Now <strong>{email}</strong>. We send a link to the new address; your account moves when you open it, and we
        tell this address.
      </p>
      <Form method="post" className="form card" {...getFormProps(form)}>
        <Field field={fields.email} label="New e-mail address" type="email" autoComplete="email" />
        <PasswordField field={fields.current} label="Current password" autoComplete="current-password" />
        <div className="form-actions">
          <SubmitButton>Send confirmation link</SubmitButton>
          <Link to="/profile">Back to profile</Link>
        </div>
      </Form>
    </main>
  );
}
