import { newId } from "#app/lib/ids";
import {
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { HoneypotProvider } from "#app/components/Honeypot";
import { GoalErrorBoundary } from "#app/features/goals/GoalForbidden";
import { PledgeForm } from "#app/features/fundraising/PledgeForm";
import { Totaliser } from "#app/features/fundraising/Totaliser";
import { useFlash } from "#app/components/FlashMessage";
import { Logo } from "#app/components/Logo";
import { formatDateRange, isExpired } from "#app/lib/dates";
import { today } from "#app/platform/session/clock.server";
import { canSupport, NO_FEES_LINE } from "#app/features/fundraising/fundraising";
import { unitOf } from "#app/features/progress/progress";
import { honeypotInputProps } from "#app/platform/http/honeypot.server";
import { loadFundraising } from "#app/features/fundraising/fundraising.server";
import { takePledge } from "#app/features/sponsors/take-pledge.server";
import { giveEstimates } from "#app/features/sponsors/team-pledge.server";
import { PledgeThanks } from "#app/features/sponsors/PledgeThanks";
import { getOptionalUser } from "#app/platform/session/session.server";
import fundraisingStyles from "#app/styles/fundraising.css";
import sponsorsStyles from "#app/styles/sponsors.css";
import type { LiveHandle } from "#app/features/live/useLiveUpdates";
import { forbidden, notFound } from "#app/platform/http/http-errors.server";
import { screenMeta } from "#app/lib/meta";
import { stylesheet } from "#app/lib/stylesheet";

export const links: LinksFunction = () => [stylesheet(fundraisingStyles), stylesheet(sponsorsStyles)];

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  screenMeta(data ? `Support ${data.goal.cause}` : "Support a goal", {
    description: data?.fundraiser
      ? `Pledge support for ${data.fundraiser.charityName}. ${NO_FEES_LINE}`
      : "Pledge support for a goal.",
  });

/** Public for a public goal (anyone with the link, signed in or not); a private goal's only for its members. */
async function loadGivePage(
  request: Request,
  context: LoaderFunctionArgs["context"],
  id: string,
  memberId?: string | null,
) {
  const user = await getOptionalUser(request, context);
  const page = await loadFundraising(
    context,
    id,
    user,
    50,
    today(request, context.cloudflare.env),
    memberId?.slice(0, 64),
  );
  if (!page) throw notFound();
  if (!canSupport(page.goal, user, page.goal.isMember)) throw forbidden();
  return { ...page, user };
}

// Live (ADR 043): the totaliser moves as others pledge. Visitors cannot hear goal topics, so only members.
export const handle: LiveHandle<typeof loader> = { live: (data, params) => [data?.signedIn && `goal:${params.id}`] };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const sponsored = new URL(request.url).searchParams.get("member");
  const { goal, fundraiser, user, member } = await loadGivePage(request, context, params.id!, sponsored);
  const day = today(request, context.cloudflare.env);
  const unit = goal.unit && !isExpired(goal.end, day) ? unitOf(goal.unit).label : null;
  // A pledge that names no member may back one of the challenge's teams (ADR 246); the estimate follows
  // the member, the whole group or the team picked (ADR 267).
  const estimates = fundraiser
    ? await giveEstimates(context, goal, member?.id ?? null, !member)
    : { estimate: null, teams: [] };
  return {
    goal: {
      id: goal.id,
      cause: goal.cause,
      dates: formatDateRange(goal.start, goal.end, today(request, context.cloudflare.env)),
    },
    // Per-unit sponsorship (ADR 142): the goal's unit, and the member a sponsor link names.
    // No pledge per unit once the goal has ended (nothing is left to log).
    unit,
    member,
    teams: estimates.teams,
    estimate:
      unit && fundraiser && estimates.estimate
        ? { ...estimates.estimate, memberName: member?.name ?? null, unitLabel: unit, currency: fundraiser.currency }
        : null,
    fundraiser,
    signedIn: !!user,
    defaultName: user ? `${user.first} ${user.last}` : "",
    defaultEmail: user?.email ?? "",
    honeypot: await honeypotInputProps(context),
    // The pledge form's idempotency key (ADR 218).
    pledgeKey: newId(),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  // A public form anyone with the link can post (its guards and brakes in takePledge, ADR 074, 278).
  const day = today(request, context.cloudflare.env);
  return takePledge(request, context, async (memberId) => {
    const { goal, fundraiser, user, member } = await loadGivePage(request, context, params.id!, memberId);
    return {
      goal,
      raising: !!fundraiser,
      member,
      user,
      ended: isExpired(goal.end, day),
      backTo: `/give/${goal.id}`,
      today: day,
    };
  });
}

export default function GiveRoute() {
  const { goal, fundraiser, signedIn, defaultName, defaultEmail, honeypot, unit, member, pledgeKey, teams, estimate } =
    useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  // Right after a pledge (a flash, ADR 160), the form makes way for the hand-off to the charity.
  const thanks = useFlash()?.kind === "pledged";
  return (
    <main className="page fundraising-page give">
      {signedIn ? (
        <p>
          <Link to={`/active/${goal.id}`} className="back-link">
            Back to the goal
          </Link>
        </p>
      ) : (
        <Link to="/marketing" className="give__logo" aria-label="Goals with Friends: about the product">
          <Logo />
        </Link>
      )}
      <header className="give__head">
        <h1>{goal.cause}</h1>
        {goal.dates ? <p className="give__dates">{goal.dates}</p> : null}
      </header>
      {!fundraiser ? (
        <p className="notice">This goal is not raising money yet. Check back soon.</p>
      ) : (
        <div className="give__grid">
          <Totaliser fundraiser={fundraiser} showSupporters={10} />
          <section className="card give__form" aria-labelledby="pledge-title">
            {thanks ? (
              <PledgeThanks
                charityName={fundraiser.charityName}
                charityUrl={fundraiser.charityUrl}
                againHref={`/give/${goal.id}`}
              />
            ) : (
              <>
                <h2 id="pledge-title">Pledge support</h2>
                <HoneypotProvider {...honeypot}>
                  <PledgeForm
                    lastResult={lastResult}
                    currency={fundraiser.currency}
                    charityName={fundraiser.charityName}
                    defaultName={defaultName}
                    defaultEmail={defaultEmail}
                    unit={unit}
                    member={member}
                    teams={teams}
                    estimate={estimate}
                    pledgeKey={pledgeKey}
                  />
                </HoneypotProvider>
              </>
            )}
          </section>
        </div>
      )}
    </main>
  );
}

export const ErrorBoundary = GoalErrorBoundary;
