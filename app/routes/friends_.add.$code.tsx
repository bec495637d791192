import {
  data,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthLayout } from "#app/features/auth/AuthLayout";
import { SubmitButton } from "#app/components/forms";
import { FLASH } from "#app/lib/flash";
import { redirectWithFlash } from "#app/platform/session/flash.server";
import { acceptFriendLink, inviterOf } from "#app/features/social/friends.server";
import { getOptionalUser, requireUser } from "#app/platform/session/session.server";
import authStyles from "#app/styles/auth.css";
import { screenMeta } from "#app/lib/meta";
import { formRefused } from "#app/platform/http/form-answer.server";
import { stylesheet } from "#app/lib/stylesheet";

export const links: LinksFunction = () => [stylesheet(authStyles)];

export const meta: MetaFunction = () => screenMeta("Become friends", { noindex: true });

const GONE = "This link no longer works. Ask your friend for a new one.";

/** A member's personal invite link (ADR 182): accept with one button; signed out, sign in or up first. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await getOptionalUser(request, context);
  const inviter = await inviterOf(context, params.code ?? "", viewer?.id ?? null);
  if (!inviter) return data({ state: "gone" as const, name: null, path: null }, { status: 404 });
  const name = `${inviter.first} ${inviter.last}`;
  const path = new URL(request.url).pathname;
  if (!viewer) return { state: "signed-out" as const, name, path };
  if (inviter.id === viewer.id) return { state: "own" as const, name, path };
  return { state: inviter.alreadyFriends ? ("friends" as const) : ("invited" as const), name, path };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const viewer = await requireUser(request, context);
  const result = await acceptFriendLink(context, params.code ?? "", viewer);
  if (!result.ok) return formRefused(result.reason, 400);
  throw await redirectWithFlash(context.cloudflare.env, "/friends", FLASH.friendsNow(result.inviter.first));
}

export default function AcceptFriendRoute() {
  const { state, name, path } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (state === "gone" || result?.error) {
    return (
      <AuthLayout>
        <h1>Link not working</h1>
        <p role="alert">{result?.error ?? GONE}</p>
        <div className="auth__links">
          <Link to="/main">Go to your goals</Link>
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout>
      <h1>Become friends</h1>
      {state === "signed-out" ? (
        <>
          <p>
            <strong>{name}</strong> invited you to be friends on Goals with Friends. Sign in or sign up, then open this
            link again to accept.
          </p>
          <div className="auth__links">
            <Link to={`/signin?redirectTo=${encodeURIComponent(path!)}`}>Sign In</Link>
            <Link to={`/signup?redirectTo=${encodeURIComponent(path!)}`}>Sign Up</Link>
          </div>
        </>
      ) : state === "own" ? (
        <>
          <p>This is your own invite link: share it with a friend.</p>
          <div className="auth__links">
            <Link to="/friends">Your friends</Link>
          </div>
        </>
      ) : state === "friends" ? (
        <>
          <p>
            You and <strong>{name}</strong> are already friends.
          </p>
          <div className="auth__links">
            <Link to="/friends">Your friends</Link>
          </div>
        </>
      ) : (
        <>
          <p>
            <strong>{name}</strong> invited you to be friends: you will see each other&rsquo;s goals and activity.
          </p>
          <Form method="post" className="form">
            <SubmitButton>Accept</SubmitButton>
          </Form>
        </>
      )}
    </AuthLayout>
  );
}
