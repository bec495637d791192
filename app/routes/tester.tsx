import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { HoneypotProvider } from "#app/components/Honeypot";
import { AuthLayout } from "#app/features/auth/AuthLayout";
import { SignupForm } from "#app/features/auth/SignupForm";
import { originFrom, pageMeta } from "#app/lib/meta";
import { honeypotInputProps } from "#app/platform/http/honeypot.server";
import { signUp } from "#app/features/auth/signup.server";
import authStyles from "#app/styles/auth.css";
import { stylesheet } from "#app/lib/stylesheet";

export const links: LinksFunction = () => [stylesheet(authStyles)];

/** SPEC: the sign-up form without the early-access wrapper. */
export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Sign Up",
    description:
      "Create your Goals with Friends account: set goals with friends, track progress together and raise money for charity.",
    path: "/tester",
    origin: originFrom(matches),
  });

export async function loader({ context }: LoaderFunctionArgs) {
  return { honeypot: await honeypotInputProps(context) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return signUp(request, context);
}

export default function TesterRoute() {
  const { honeypot } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <AuthLayout>
      <h1>Get Started</h1>
      <HoneypotProvider {...honeypot}>
        <SignupForm lastResult={lastResult} />
      </HoneypotProvider>
      <p>
        Already have an account? <Link to="/signin">Sign In</Link>
      </p>
    </AuthLayout>
  );
}
