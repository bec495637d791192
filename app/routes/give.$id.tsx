import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
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
import { formatDateRange } from "#app/lib/dates";
import { today } from "#app/platform/session/clock.server";
import { canSupport, NO_FEES_LINE } from "#app/features/fundraising/fundraising";
import { unitOf } from "#app/features/progress/progress";
import { givePledgeSchema } from "#app/features/progress/progress.schema";
import { FLASH } from "#app/lib/flash";
import { redirectWithFlash } from "#app/platform/session/flash.server";
import { appUrl } from "#app/platform/http/env.server";
import { readFormData } from "#app/platform/http/form-data.server";
import { loadFundraising, recordPledge } from "#app/features/fundraising/fundraising.server";
import { checkHoneypot, honeypotInputProps } from "#app/platform/http/honeypot.server";
import { countersFor, hit, LIMITS, TOO_MANY_REQUESTS } from "#app/platform/session/rate-limit.server";
import { getOptionalUser } from "#app/platform/session/session.server";
import fundraisingStyles from "#app/styles/fundraising.css";
import type { LiveHandle } from "#app/features/live/useLiveUpdates";
import { forbidden, notFound } from "#app/platform/http/http-errors.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: fundraisingStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `Support ${data.goal.cause}` : "Support a goal"} | Goals with Friends` },
  {
    name: "description",
    content: data?.fundraiser
      ? `Pledge support for ${data.fundraiser.charityName}. ${NO_FEES_LINE}`
      : "Pledge support for a goal.",
  },
];

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
  return {
    goal: {
      id: goal.id,
      cause: goal.cause,
      dates: formatDateRange(goal.start, goal.end, today(request, context.cloudflare.env)),
    },
    // Per-unit sponsorship (ADR 142): the goal's unit, and the member a sponsor link names.
    unit: goal.unit ? unitOf(goal.unit).label : null,
    member,
    fundraiser,
    signedIn: !!user,
    defaultName: user ? `${user.first} ${user.last}` : "",
    honeypot: await honeypotInputProps(context),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  // A public form anyone with the link can post: the honeypot, and a brake per account e-mail and per
  // client address (anonymous pledges have no e-mail; ADR 074).
  const formData = await readFormData(request);
  const memberId = formData.get("memberId");
  const { goal, fundraiser, user, member } = await loadGivePage(
    request,
    context,
    params.id!,
    typeof memberId === "string" && memberId ? memberId : null,
  );
  await checkHoneypot(context, formData);
  const submission = parseWithZod(formData, { schema: givePledgeSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const pledge = submission.value;
  if (pledge.kind === "per-unit" && !goal.unit)
    return data(submission.reply({ fieldErrors: { kind: ["This goal does not track progress: pledge an amount"] } }), {
      status: 400,
    });
  if (pledge.memberId && !member)
    return data(submission.reply({ fieldErrors: { memberId: ["Choose the group or one of its members"] } }), {
      status: 400,
    });
  if (!fundraiser)
    return data(submission.reply({ formErrors: ["This goal is not raising money yet."] }), { status: 409 });
  if (
    await hit(
      context.db,
      countersFor(request, { email: LIMITS.pledgeEmail, address: LIMITS.pledgeAddress }, user?.email),
    )
  ) {
    return data(submission.reply({ formErrors: [TOO_MANY_REQUESTS] }), { status: 429 });
  }
  const perUnit = pledge.kind === "per-unit";
  await recordPledge(
    context,
    goal,
    user?.id ?? null,
    {
      name: pledge.name,
      message: pledge.message,
      anonymous: pledge.anonymous,
      amount: perUnit ? 0 : pledge.amount!,
      perUnit: perUnit ? pledge.perUnit : null,
      memberId: perUnit ? (member?.id ?? null) : null,
      maxAmount: perUnit ? (pledge.max ?? null) : null,
    },
    appUrl(request, context.cloudflare.env),
  );
  throw await redirectWithFlash(context.cloudflare.env, `/give/${goal.id}`, FLASH.pledged, "pledged");
}

export default function GiveRoute() {
  const { goal, fundraiser, signedIn, defaultName, honeypot, unit, member } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  // Right after a pledge (a flash, ADR 160), the form makes way for the hand-off to the charity.
  const thanks = useFlash()?.kind === "pledged";
  return (
    <main className="page fundraising-page give">
      {signedIn ? (
        <p>
          <Link to={`/active/${goal.id}`}>Back to the goal</Link>
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
              <div className="give__thanks" role="status">
                <h2 id="pledge-title">Thank you for your pledge!</h2>
                <p>
                  Now complete your gift on {fundraiser.charityName}&apos;s own page. Every penny goes to them: we never
                  see card details and never take a cut.
                </p>
                <a className="button" href={fundraiser.charityUrl} rel="noopener noreferrer external">
                  Give on {fundraiser.charityName}&apos;s page
                </a>
                <p>
                  <Link to={`/give/${goal.id}`}>Pledge again</Link>
                </p>
              </div>
            ) : (
              <>
                <h2 id="pledge-title">Pledge support</h2>
                <HoneypotProvider {...honeypot}>
                  <PledgeForm
                    lastResult={lastResult}
                    currency={fundraiser.currency}
                    charityName={fundraiser.charityName}
                    defaultName={defaultName}
                    unit={unit}
                    member={member}
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
