import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { HoneypotProvider } from "#app/components/Honeypot";
import { AuthLayout } from "#app/features/auth/AuthLayout";
import { useFlash } from "#app/components/FlashMessage";
import { EarlyAccessForm } from "#app/features/auth/EarlyAccessForm";
import type { LiveHandle } from "#app/features/live/useLiveUpdates";
import { SignupForm } from "#app/features/auth/SignupForm";
import { originFrom, pageMeta } from "#app/lib/meta";
import { requestEarlyAccess } from "#app/features/auth/early-access.server";
import { signupAccess } from "#app/features/auth/signup-access.server";
import { honeypotInputProps } from "#app/platform/http/honeypot.server";
import { signUp } from "#app/features/auth/signup.server";
import authStyles from "#app/styles/auth.css";
import { stylesheet } from "#app/lib/stylesheet";

export const links: LinksFunction = () => [stylesheet(authStyles)];

const TITLES = { closed: "Early Access Closed", request: "Request Early Access", open: "Sign Up" } as const;
const DESCRIPTIONS = {
  closed: "Goals with Friends is not taking new members right now. Find out what it does while you wait.",
  request:
    "Request early access to Goals with Friends: set goals with friends, track progress together and raise money for charity.",
  open: "Join Goals with Friends: set goals with friends, track progress together and raise money for charity.",
} as const;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const mode = data?.mode ?? "open";
  return pageMeta({
    title: TITLES[mode],
    description: DESCRIPTIONS[mode],
    path: "/signup",
    origin: originFrom(matches),
  });
};

// Visitors may hear "settings": an admin switching early access changes this page live.
export const handle: LiveHandle = { live: () => ["settings"] };

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await signupAccess(request, context);
  const mode = access.kind === "spent-invitation" ? access.mode : access.kind === "open" ? "open" : access.kind;
  return data(
    {
      // What the page shows: the mode's variant, or the sign-up form for an invitation (ADR 163).
      mode: mode === "invitation" || mode === "goal-invite" ? ("open" as const) : mode,
      invitedEmail: access.kind === "invitation" ? access.invitation.email : null,
      invitedTo: access.kind === "goal-invite" ? access.cause : null,
      invited: access.kind === "invitation" || access.kind === "goal-invite",
      honeypot: mode === "closed" ? null : await honeypotInputProps(context),
    },
    // The mode can change at any time: never let a browser or CDN keep this page.
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const access = await signupAccess(request, context);
  switch (access.kind) {
    case "invitation":
      // Claimed in the batch that creates the account, for the invited address only (ADR 102).
      return signUp(request, context, access.invitation);
    case "goal-invite":
    case "open":
      return signUp(request, context);
    case "request":
      return requestEarlyAccess(request, context);
    case "spent-invitation":
      throw new Response("This invitation has expired or has already been used", { status: 403 });
    default:
      throw new Response("Sign-up is not open", { status: 403 });
  }
}

export default function SignupRoute() {
  const { mode, honeypot, invitedEmail, invitedTo, invited } = useLoaderData<typeof loader>();
  // Right after a request (a flash, ADR 160) the thank-you replaces the form.
  const requested = useFlash()?.kind === "requested";
  const lastResult = useActionData<typeof action>();
  if (mode === "closed") {
    return (
      <AuthLayout>
        <h1>Currently Closed</h1>
        <p>Sorry, early access is currently closed.</p>
        <p>We are letting people in a few groups at a time. Take a look at what is coming while you wait.</p>
        <Link to="/marketing" reloadDocument>
          Back to Goals with Friends
        </Link>
      </AuthLayout>
    );
  }
  if (invited) {
    return (
      <AuthLayout>
        <h1>Get Started</h1>
        <p className="notice">
          {invitedTo
            ? `You are invited to ${invitedTo}. Create your account and we will take you back to the invite to join.`
            : "You are invited! Create your account below."}
        </p>
        <HoneypotProvider {...honeypot}>
          <SignupForm lastResult={lastResult} defaultEmail={invitedEmail ?? undefined} />
        </HoneypotProvider>
        <p>
          Already have an account? <Link to="/signin">Sign In</Link>
        </p>
      </AuthLayout>
    );
  }
  if (mode === "request") {
    return (
      <AuthLayout>
        <h1>Request Early Access</h1>
        {requested ? null : (
          <>
            <p>Sign up below to be notified when early access opens.</p>
            <HoneypotProvider {...honeypot}>
              <EarlyAccessForm lastResult={lastResult} />
            </HoneypotProvider>
          </>
        )}
        <p>
          Already have an account? <Link to="/signin">Sign In</Link>
        </p>
      </AuthLayout>
    );
  }
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
