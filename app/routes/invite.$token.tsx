import {
  data,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthLayout } from "#app/features/auth/AuthLayout";
import { SignUpOrIn } from "#app/features/auth/SignUpOrIn";
import { SubmitButton } from "#app/components/forms";
import { formatDateRange } from "#app/lib/dates";
import { today } from "#app/platform/session/clock.server";
import { FLASH } from "#app/lib/flash";
import { redirectWithFlash } from "#app/platform/session/flash.server";
import { rememberReturnTo } from "#app/platform/http/return-to.server";
import { goalForInvite, joinByInvite } from "#app/features/goals/invites.server";
import { getOptionalUser, requireUser } from "#app/platform/session/session.server";
import fundraisingStyles from "#app/styles/fundraising.css";
import { screenMeta } from "#app/lib/meta";
import { formRefused } from "#app/platform/http/form-answer.server";
import { stylesheet } from "#app/lib/stylesheet";

export const links: LinksFunction = () => [stylesheet(fundraisingStyles)];

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  screenMeta(data?.goal ? `Join ${data.goal.cause}` : "Invite", {
    description: "You are invited to a challenge on Goals with Friends.",
  });

/** A valid link shows the challenge; a forged or revoked one says so (404), revealing nothing. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request, context);
  const goal = await goalForInvite(context, params.token!, user?.id ?? null);
  if (!goal) return data({ goal: null, signedIn: !!user }, { status: 404 });
  // A signed-out visitor signs in or up first: remember this invite, so they come straight back to it
  // (and so sign-up is open to them whatever the early-access mode: ADR 163).
  const headers = user
    ? undefined
    : { "Set-Cookie": await rememberReturnTo(context.cloudflare.env, `/invite/${params.token}`) };
  return data(
    {
      signedIn: !!user,
      goal: {
        id: goal.id,
        cause: goal.cause,
        dates: formatDateRange(goal.start, goal.end, today(request, context.cloudflare.env)),
        organiser: goal.orgFirst ? `${goal.orgFirst} ${goal.orgLast}` : null,
        charityName: goal.charityName,
        memberCount: goal.memberCount,
        isMember: goal.isMember,
      },
    },
    { headers },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const result = await joinByInvite(context, params.token!, user.id, today(request, context.cloudflare.env));
  if (!result.ok) return formRefused(result.message, result.reason === "invalid" ? 404 : 409);
  const goal = await goalForInvite(context, params.token!, user.id);
  throw await redirectWithFlash(context.cloudflare.env, `/active/${goal!.id}`, FLASH.inviteJoined(goal!.cause));
}

export default function InviteRoute() {
  const { goal, signedIn } = useLoaderData<typeof loader>();
  const error = useActionData<typeof action>()?.error;
  if (!goal) {
    return (
      <AuthLayout>
        <h1>Invite link not valid</h1>
        <p>This invite link is not valid any more. Ask the organiser for a new one.</p>
        <Link to={signedIn ? "/main" : "/"}>Back to Goals with Friends</Link>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout>
      <p className="invite__kicker">You are invited to</p>
      <h1>{goal.cause}</h1>
      <ul className="invite__facts">
        {goal.dates ? <li>{goal.dates}</li> : null}
        {goal.organiser ? <li>Organised by {goal.organiser}</li> : null}
        {goal.charityName ? <li>Raising money for {goal.charityName}</li> : null}
        <li>
          {goal.memberCount} {goal.memberCount === 1 ? "person has" : "people have"} joined
        </li>
      </ul>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {goal.isMember ? (
        <Link className="button" to={`/active/${goal.id}`}>
          You are in: go to the challenge
        </Link>
      ) : signedIn ? (
        <Form method="post">
          <SubmitButton pendingText="Joining...">Join the challenge</SubmitButton>
        </Form>
      ) : (
        <>
          <p>Sign up or sign in first: we will bring you straight back here to join.</p>
          <SignUpOrIn />
        </>
      )}
    </AuthLayout>
  );
}
