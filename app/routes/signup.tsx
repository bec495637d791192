import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthLayout } from "#app/components/AuthLayout";
import type { LiveHandle } from "#app/live/useLiveUpdates";
import { SignupForm } from "#app/components/SignupForm";
import { getSettings } from "#app/server/settings.server";
import { signUp } from "#app/server/signup.server";

const TITLES = { closed: "Early Access Closed", request: "Request Early Access", open: "Sign Up" } as const;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: TITLES[data?.mode ?? "open"] },
  { name: "description", content: "Join Goals with Friends: set goals together and raise money for charity." },
];

// Visitors may hear "settings": an admin switching early access changes this page live.
export const handle: LiveHandle = { live: () => ["settings"] };

export async function loader({ context }: LoaderFunctionArgs) {
  const { earlyAccess } = await getSettings(context.db);
  return { mode: earlyAccess };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { earlyAccess } = await getSettings(context.db);
  if (earlyAccess !== "open") throw new Response("Sign-up is not open", { status: 403 });
  return signUp(request, context);
}

export default function SignupRoute() {
  const { mode } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  if (mode === "closed") {
    return (
      <AuthLayout>
        <h1>Currently Closed</h1>
        <p>Sorry, early access is currently closed.</p>
        <Link to="/marketing">Back to Goals with Friends</Link>
      </AuthLayout>
    );
  }
  if (mode === "request") {
    return (
      <AuthLayout>
        <h1>Request Early Access</h1>
        <p>Sign up below to be notified when early access opens.</p>
      </AuthLayout>
    );
  }
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
