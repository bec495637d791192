import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData } from "@remix-run/react";
import { AuthLayout } from "#app/components/AuthLayout";
import { Field, PasswordField, SubmitButton } from "#app/components/forms";
import { signinSchema } from "#app/lib/schemas/auth";
import { authenticator, SignInError } from "#app/server/auth.server";
import { createUserSession, requireAnonymous } from "#app/server/session.server";

export const meta: MetaFunction = () => [
  { title: "Sign In" },
  { name: "description", content: "Sign in to Goals with Friends to track your goals with friends." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request, context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request, context);
  // remix-auth consumes the body it is given, so keep our own copy for re-rendering errors.
  const formData = await request.clone().formData();
  const submission = parseWithZod(formData, { schema: signinSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  try {
    const user = await authenticator(context).authenticate("form", request);
    throw await createUserSession(request, context, user.id, "/main");
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof SignInError) {
      return data(submission.reply({ fieldErrors: error.fieldErrors, hideFields: ["password"] }), {
        status: error.status,
      });
    }
    throw error;
  }
}

export default function SigninRoute() {
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "signin",
    lastResult,
    constraint: getZodConstraint(signinSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signinSchema }),
  });
  return (
    <AuthLayout>
      <h1>Sign In</h1>
      <Form method="post" className="form" {...getFormProps(form)}>
        <Field field={fields.email} label="Email" type="email" autoComplete="email" />
        <PasswordField field={fields.password} autoComplete="current-password" />
        <SubmitButton>Login</SubmitButton>
      </Form>
      <div className="auth__links">
        <Link to="/passwordreset">Forgot Password?</Link>
        <Link to="/signup">Sign Up</Link>
      </div>
    </AuthLayout>
  );
}
