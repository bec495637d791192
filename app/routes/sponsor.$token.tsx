import { newId } from "#app/lib/ids";
import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { HoneypotProvider } from "#app/components/Honeypot";
import { useFlash } from "#app/components/FlashMessage";
import { Logo } from "#app/components/Logo";
import { PledgeForm } from "#app/features/fundraising/PledgeForm";
import { Totaliser } from "#app/features/fundraising/Totaliser";
import { PledgeThanks } from "#app/features/sponsors/PledgeThanks";
import { loadSponsorPage } from "#app/features/sponsors/sponsor-page.server";
import { takePledge } from "#app/features/sponsors/take-pledge.server";
import { pledgeTeams } from "#app/features/sponsors/team-pledge.server";
import { appUrl } from "#app/platform/http/env.server";
import { cardMeta, cardPath } from "#app/features/cards/cards";
import { honeypotInputProps } from "#app/platform/http/honeypot.server";
import { answerWithPage } from "#app/platform/http/form-answer.server";
import { today } from "#app/platform/session/clock.server";
import { getOptionalUser } from "#app/platform/session/session.server";
import fundraisingStyles from "#app/styles/fundraising.css";
import sponsorsStyles from "#app/styles/sponsors.css";
import { screenMeta } from "#app/lib/meta";
import { stylesheet } from "#app/lib/stylesheet";

export const links: LinksFunction = () => [stylesheet(fundraisingStyles), stylesheet(sponsorsStyles)];

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const page = data?.page;
  const title =
    page?.state === "open" ? `Sponsor ${(page.member ?? page.team)?.name ?? page.goal.cause}` : "Sponsor link";
  // Unlisted (ADR 240): the link is the permission, so search engines never list it.
  return [
    ...screenMeta(title),
    // The link unfurls in chat apps as its card (ADR 272); the image URL carries the same token.
    ...(page?.state === "open" && data?.card ? cardMeta(title, page.goal.cause, data.card) : []),
    { name: "robots", content: "noindex" },
    // The link never leaves the site as a referrer (same-origin keeps the Origin a no-JS form post needs).
    { name: "referrer", content: "same-origin" },
  ];
};

const NO_STORE = { "Cache-Control": "private, no-store" };
export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

/** A sponsor link: anyone who holds it, signed in or not, whatever the goal's visibility (ADR 240). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { page, target } = await loadSponsorPage(context, params.token ?? "", today(request, context.cloudflare.env));
  const status = page.state === "broken" ? 404 : page.state === "closed" ? 403 : 200;
  // A signed-in supporter's address is offered for the receipt (their own; they may clear it).
  const email = page.state === "open" ? ((await getOptionalUser(request, context))?.email ?? null) : null;
  // The pledge form's idempotency key (ADR 218): the same form sent twice is one pledge.
  const card =
    page.state === "open"
      ? `${appUrl(request, context.cloudflare.env)}${cardPath(`/sponsor/${params.token ?? ""}`, "wide")}`
      : null;
  // The challenge's own link may back one of its teams (ADR 246), its estimate following the team picked
  // (ADR 267); a member's or a team's link backs its own.
  const teams =
    page.state === "open" && target && !page.member && !page.team
      ? await pledgeTeams(context, page.goal.id, target.goal)
      : [];
  return data(
    { page, email, honeypot: await honeypotInputProps(context), pledgeKey: newId(), card, teams },
    { status, headers: NO_STORE },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const day = today(request, context.cloudflare.env);
  const { page, target } = await loadSponsorPage(context, params.token ?? "", day);
  // A link revoked or closed meanwhile: the page says so (the loader runs again).
  if (page.state !== "open" || !target) return answerWithPage(page.state === "broken" ? 404 : 403);
  const user = await getOptionalUser(request, context);
  // The link names what the pledge backs; the form is read and guarded in takePledge (ADR 074, 278).
  return takePledge(request, context, () => ({
    goal: target.goal,
    raising: !!page.fundraiser,
    member: target.member,
    team: target.team,
    user,
    ended: page.goal.ended,
    backTo: new URL(request.url).pathname,
    progress: target.progress,
    today: day,
  }));
}

export default function SponsorRoute() {
  const { page, honeypot, email, pledgeKey, teams } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const thanks = useFlash()?.kind === "pledged";
  const { pathname } = useLocation();
  const backs = page.state === "open" ? (page.member ?? page.team)?.name : null;
  return (
    <main className="page fundraising-page give sponsor-page">
      <Link to="/marketing" className="give__logo" aria-label="Goals with Friends: about the product">
        <Logo />
      </Link>
      {page.state === "broken" ? (
        <>
          <h1>Sponsor link</h1>
          <p className="notice" role="alert">
            This sponsor link does not work any more. Ask the person who shared it for a new one.
          </p>
        </>
      ) : page.state === "closed" ? (
        <>
          <h1>{page.cause}</h1>
          <p className="notice" role="alert">
            The organiser has paused sponsoring for this challenge, so it is not taking pledges just now.
          </p>
        </>
      ) : (
        <>
          <header className="give__head">
            <h1>{`Sponsor ${backs ?? page.goal.cause}`}</h1>
            <p className="give__dates">
              {backs ? <>{page.goal.cause}</> : null}
              {backs && page.goal.dates ? " · " : null}
              {page.goal.dates}
              {page.goal.ended ? " · ended" : null}
            </p>
            {page.progress ? (
              <p className="sponsor-page__progress" data-testid="sponsor-progress">
                {backs ?? "The group"} {page.goal.ended ? "logged" : "has logged"}{" "}
                <strong>{page.progress.totalText}</strong>
                {page.progress.targetText ? ` of a ${page.progress.targetText} target` : ""}.
              </p>
            ) : null}
          </header>
          {!page.fundraiser ? (
            <p className="notice">This challenge is not raising money yet. Check back soon.</p>
          ) : (
            <div className="give__grid">
              <Totaliser fundraiser={page.fundraiser} showSupporters={10} />
              <section className="card give__form" aria-labelledby="pledge-title">
                {thanks ? (
                  <PledgeThanks
                    charityName={page.fundraiser.charityName}
                    charityUrl={page.fundraiser.charityUrl}
                    againHref={pathname}
                  />
                ) : (
                  <>
                    <h2 id="pledge-title">Pledge support</h2>
                    <HoneypotProvider {...honeypot}>
                      <PledgeForm
                        lastResult={lastResult}
                        currency={page.fundraiser.currency}
                        charityName={page.fundraiser.charityName}
                        unit={page.goal.ended ? null : page.unit}
                        member={page.member}
                        team={page.team}
                        teams={teams}
                        pledgeKey={pledgeKey}
                        defaultEmail={email ?? undefined}
                        estimate={
                          page.progress && page.unit
                            ? {
                                memberName: page.member?.name ?? null,
                                teamName: page.team?.name ?? null,
                                unitLabel: page.unit,
                                progress: page.progress.total,
                                progressText: page.progress.totalText,
                                target: page.progress.target,
                                currency: page.fundraiser.currency,
                              }
                            : null
                        }
                      />
                    </HoneypotProvider>
                  </>
                )}
              </section>
            </div>
          )}
        </>
      )}
    </main>
  );
}
