import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { PasswordField, SubmitButton } from "#app/components/forms";
import { FLASH } from "#app/lib/flash";
import { changePasswordSchema, WRONG_PASSWORD } from "#app/features/account/account.schema";
import { changePassword } from "#app/features/account/account.server";
import { redirectWithFlash } from "#app/platform/session/flash.server";
import { readFormData } from "#app/platform/http/form-data.server";
import { currentSessionId, requireUser } from "#app/platform/session/session.server";
import memberStyles from "#app/styles/member.css";
import { useConformForm } from "#app/components/hooks/useConformForm";
import { screenMeta } from "#app/lib/meta";
import { formErrors } from "#app/platform/http/form-answer.server";
import { stylesheet } from "#app/lib/stylesheet";

export const links: LinksFunction = () => [stylesheet(memberStyles)];

export const meta: MetaFunction = () =>
  screenMeta("Change password", { description: "Change the password of your Goals with Friends account." });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return { email: user.email };
}

/** A new password needs the current one; every other device is signed out (ADR 180). */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: changePasswordSchema });
  if (submission.status !== "success") {
    return formErrors(submission, 400, { hideFields: ["current", "password"] });
  }
  const result = await changePassword(
    request,
    context,
    user,
    { ...submission.value, keepSessionId: await currentSessionId(request, context) },
    WRONG_PASSWORD,
  );
  if (!result.ok) {
    return formErrors(submission, result.status, {
      fieldErrors: { [result.field]: [result.message] },
      hideFields: ["current", "password"],
    });
  }
  throw await redirectWithFlash(context.cloudflare.env, "/profile", FLASH.passwordChangedHere);
}

export default function ChangePasswordRoute() {
  const { email } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useConformForm(changePasswordSchema, { id: "change-password", lastResult });
  return (
    <main className="member-page">
      <h1>Change password</h1>
      <p className="member-page__lead">Every other device signed in to your account will be signed out.</p>
      <Form method="post" className="form card" {...getFormProps(form)}>
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField field={fields.current} label="Current password" autoComplete="current-password" />
        <PasswordField field={fields.password} label="New password" autoComplete="new-password" />
        <div className="form-actions">
          <SubmitButton>Change password</SubmitButton>
          <Link to="/profile">Back to profile</Link>
        </div>
      </Form>
    </main>
  );
}
