import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthLayout } from "#app/features/auth/AuthLayout";
import { PasswordField, SubmitButton } from "#app/components/forms";
import { originFrom, pageMeta } from "#app/lib/meta";
import { LINK_COPY, LINK_EXPIRED } from "#app/features/auth/password-links";
import { newPasswordSchema } from "#app/features/auth/auth.schema";
import { findLinkForScreen, spendPasswordResetLink } from "#app/features/auth/password-reset.server";
import { createUserSession } from "#app/platform/session/session.server";
import { withFlash } from "#app/platform/session/flash.server";
import { FLASH } from "#app/lib/flash";
import { readFormData } from "#app/platform/http/form-data.server";
import authStyles from "#app/styles/auth.css";
import { useConformForm } from "#app/components/hooks/useConformForm";
import { formErrors } from "#app/platform/http/form-answer.server";
import { stylesheet } from "#app/lib/stylesheet";

export const links: LinksFunction = () => [stylesheet(authStyles)];

/**
 * The link from the reset e-mail, or from the e-mail an admin's add-user sends: choose a password, then
 * you are signed in on /main. The copy follows the kind of link (app/features/auth/password-links.ts).
 */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...pageMeta({
    title: data?.valid ? LINK_COPY[data.kind].heading : "Link Expired",
    description: "Choose a new password for your Goals with Friends account.",
    origin: originFrom(matches),
  }),
  // The token is a secret: keep the page out of search engines.
  { name: "robots", content: "noindex" },
];

const NO_STORE = { "Cache-Control": "no-store" };

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

export async function loader({ params, context }: LoaderFunctionArgs) {
  const { kind, email } = await findLinkForScreen(context, params.token ?? "");
  if (!email) return data({ valid: false as const, email: null, kind }, { status: 410, headers: NO_STORE });
  return data({ valid: true as const, email, kind }, { headers: NO_STORE });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: newPasswordSchema });
  if (submission.status !== "success") {
    return formErrors(submission, 400, { hideFields: ["password"] }, NO_STORE);
  }
  const userId = await spendPasswordResetLink(context, params.token ?? "", submission.value.password);
  if (!userId) {
    return formErrors(submission, 410, { formErrors: [LINK_EXPIRED], hideFields: ["password"] }, NO_STORE);
  }
  throw await withFlash(
    await createUserSession(request, context, userId, "/main"),
    context.cloudflare.env,
    FLASH.passwordChanged,
  );
}

export default function SetNewPasswordRoute() {
  const { valid, email, kind } = useLoaderData<typeof loader>();
  const copy = LINK_COPY[kind];
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useConformForm(newPasswordSchema, { id: "new-password", lastResult });
  if (!valid || form.errors?.includes(LINK_EXPIRED)) {
    return (
      <AuthLayout>
        <h1>Link Expired</h1>
        <p role="alert">{`${LINK_EXPIRED} ${copy.lifetime}`}</p>
        <div className="auth__links">
          <Link to="/passwordreset">Send a new link</Link>
          <Link to="/signin">Sign In</Link>
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout>
      <h1>{copy.heading}</h1>
      <p>
        For <strong>{email}</strong>. {copy.intro}
      </p>
      <Form method="post" className="form" {...getFormProps(form)}>
        <input type="email" name="username" autoComplete="username" value={email ?? ""} readOnly hidden />
        <PasswordField field={fields.password} label={copy.passwordLabel} autoComplete="new-password" />
        <SubmitButton>Save Password</SubmitButton>
      </Form>
    </AuthLayout>
  );
}
