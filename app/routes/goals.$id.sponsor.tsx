import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { GoalErrorBoundary } from "#app/features/goals/GoalForbidden";
import { SponsorKit } from "#app/features/sponsors/SponsorKit";
import { memberSponsorFacts, sponsorPath } from "#app/features/sponsors/sponsor-links.server";
import { qrCode } from "#app/lib/qr";
import { singular } from "#app/features/sponsors/sponsors";
import { unitOf } from "#app/features/progress/progress";
import { appUrl } from "#app/platform/http/env.server";
import { forbidden, notFound } from "#app/platform/http/http-errors.server";
import { requireUser } from "#app/platform/session/session.server";
import fundraisingStyles from "#app/styles/fundraising.css";
import { screenMeta } from "#app/lib/meta";
import { stylesheet } from "#app/lib/stylesheet";

export const links: LinksFunction = () => [stylesheet(fundraisingStyles)];

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  screenMeta(`Get sponsored${data ? `: ${data.goal.cause}` : ""}`);

/** A member's own sponsor link (ADR 240), with its QR code and the share sheet. Members of the goal only. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const { goal, member } = await memberSponsorFacts(context, params.id!, user.id);
  if (!goal) throw notFound();
  if (!member) throw forbidden();
  const url = `${appUrl(request, context.cloudflare.env)}${await sponsorPath(context.cloudflare.env, goal, member)}`;
  const unit = goal.unit ? singular(unitOf(goal.unit).label) : null;
  return {
    goal: { id: goal.id, cause: goal.cause, charityName: goal.charityName, sponsoring: goal.sponsoring, unit },
    url,
    qr: qrCode(url),
    name: `${user.first} ${user.last}`,
  };
}

export default function GetSponsoredRoute() {
  const { goal, url, qr, name } = useLoaderData<typeof loader>();
  const cause = goal.charityName ? ` for ${goal.charityName}` : "";
  return (
    <main className="page fundraising-page">
      <p>
        <Link to={`/active/${goal.id}`}>Back to {goal.cause}</Link>
      </p>
      <h1>Get sponsored</h1>
      <section className="card" aria-labelledby="kit-title">
        <h2 id="kit-title">Your sponsor link</h2>
        {!goal.charityName ? (
          <p className="notice">The organiser has not set up fundraising for this challenge yet.</p>
        ) : null}
        {!goal.sponsoring ? (
          <p className="notice" role="status">
            The organiser has paused sponsoring: your link shows that it is not taking pledges until they switch it on.
          </p>
        ) : null}
        <p>
          Anyone with this link can sponsor you{cause}
          {goal.unit ? `, with a fixed amount or per ${goal.unit} you log` : ""}, even without an account. It shows your
          name, the challenge, your progress and its supporters; never the other members, the discussion or
          anyone&apos;s e-mail address.
        </p>
        <SponsorKit
          id="sponsor-url"
          url={url}
          qr={qr}
          label="Your sponsor link"
          shareTitle={`Sponsor ${name}`}
          shareText={`Sponsor me in ${goal.cause}${cause}`}
        />
      </section>
    </main>
  );
}

export const ErrorBoundary = GoalErrorBoundary;
