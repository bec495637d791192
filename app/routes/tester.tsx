import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData } from "@remix-run/react";
import { AuthLayout } from "#app/components/AuthLayout";
import { SignupForm } from "#app/components/SignupForm";
import { signUp } from "#app/server/signup.server";

/** SPEC: the sign-up form without the early-access wrapper. */
export const meta: MetaFunction = () => [
  { title: "Sign Up" },
  { name: "description", content: "Create your Goals with Friends account." },
];

export async function action({ request, context }: ActionFunctionArgs) {
  return signUp(request, context);
}

export default function TesterRoute() {
  const lastResult = useActionData<typeof action>();
  return (
    <AuthLayout>
      <h1>Get Started</h1>
      <SignupForm lastResult={lastResult} />
      <p>
        Already have an account? <Link to="/signin">Sign In</Link>
      </p>
    </AuthLayout>
  );
}
