import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useFlash } from "#app/components/FlashMessage";
import { Logo } from "#app/components/Logo";
import { SupporterPledge } from "#app/features/supporters/SupporterPledge";
import { openSupporterLink } from "#app/features/supporters/supporter-link.server";
import { supporterAction, supporterView } from "#app/features/supporters/supporter-page.server";
import { pledgeAgainPath } from "#app/features/supporters/supporter.schema";
import { readFormData } from "#app/platform/http/form-data.server";
import { today } from "#app/platform/session/clock.server";
import fundraisingStyles from "#app/styles/fundraising.css";
import sponsorsStyles from "#app/styles/sponsors.css";
import { screenMeta } from "#app/lib/meta";
import { stylesheet } from "#app/lib/stylesheet";
import { formRefused } from "#app/platform/http/form-answer.server";

export const links: LinksFunction = () => [stylesheet(fundraisingStyles), stylesheet(sponsorsStyles)];

// The link is the permission (ADR 241): never listed, never cached, never sent on as a referrer.
export const meta: MetaFunction = () => [
  ...screenMeta("Your pledge", { noindex: true }),
  // The document's own policy: the link never leaves the site as a referrer (same-origin keeps the
  // Origin header that a form post without JavaScript needs).
  { name: "referrer", content: "same-origin" },
];

const NO_STORE = { "Cache-Control": "private, no-store" };
export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

/** A supporter's own link: their one pledge, signed in or not (ADR 241). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const pledge = await openSupporterLink(context, params.token ?? "");
  const again = pledgeAgainPath(new URL(request.url).searchParams.get("from"));
  if (!pledge) return data({ view: null, again }, { status: 404, headers: NO_STORE });
  return data({ view: supporterView(pledge, today(request, context.cloudflare.env)), again }, { headers: NO_STORE });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const pledge = await openSupporterLink(context, params.token ?? "");
  if (!pledge) return formRefused("There is no pledge at this link.", 404, { intent: null, result: null });
  const url = new URL(request.url);
  return supporterAction(context, pledge, formData, today(request, context.cloudflare.env), url.pathname + url.search);
}

export default function SupporterPledgeRoute() {
  const { view, again } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const flash = useFlash();
  const thanks = flash?.kind === "pledged";
  return (
    <main className="page fundraising-page give supporter-page">
      <Link to="/marketing" className="give__logo" aria-label="Goals with Friends: about the product">
        <Logo />
      </Link>
      <h1>Your pledge</h1>
      {!view ? (
        <p className="notice" role="alert">
          There is no pledge at this link: it was cancelled, or the link is not complete.
        </p>
      ) : (
        <>
          {thanks ? (
            <section className="card give__thanks" role="status" aria-labelledby="thanks-title">
              <h2 id="thanks-title">Thank you for your pledge!</h2>
              {view.can.paid && view.charityUrl ? (
                <p>
                  Now complete your gift on {view.charityName}&apos;s own page (the button below). Every penny goes to
                  them: we never see card details and never take a cut.
                </p>
              ) : (
                <p>Nothing to pay yet: when the challenge ends we tell you the final amount and where to pay it.</p>
              )}
              <p>
                This page is your pledge&apos;s private link: keep it to see what your pledge is worth, change it or say
                you&apos;ve paid.
                {view.hasEmail ? " We have e-mailed it to you too." : ""}
              </p>
              {again ? (
                <p>
                  <Link to={again}>Pledge again</Link>
                </p>
              ) : null}
            </section>
          ) : null}
          <SupporterPledge view={view} reply={reply} />
        </>
      )}
    </main>
  );
}
