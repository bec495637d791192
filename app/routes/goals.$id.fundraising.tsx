import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Field, SelectField, SubmitButton } from "#app/components/forms";
import { GoalErrorBoundary } from "#app/features/goals/GoalForbidden";
import { InviteLink } from "#app/features/goals/InviteLink";
import { Totaliser } from "#app/features/fundraising/Totaliser";
import { amountInputValue, CURRENCIES, DEFAULT_CURRENCY, NO_FEES_LINE } from "#app/features/fundraising/fundraising";
import { fundraisingActionSchema, fundraisingSettingsSchema } from "#app/features/fundraising/fundraising.schema";
import { appUrl } from "#app/platform/http/env.server";
import { FLASH } from "#app/lib/flash";
import { redirectWithFlash } from "#app/platform/session/flash.server";
import { loadFundraising, saveFundraising } from "#app/features/fundraising/fundraising.server";
import { inviteToken, revokeInvites } from "#app/features/goals/invites.server";
import { requireUser } from "#app/platform/session/session.server";
import fundraisingStyles from "#app/styles/fundraising.css";
import type { LiveHandle } from "#app/features/live/useLiveUpdates";
import { today } from "#app/platform/session/clock.server";
import goalsStyles from "#app/styles/goals.css";
import tableStyles from "#app/styles/table.css";
import { forbidden, notFound } from "#app/platform/http/http-errors.server";
import { useConformForm } from "#app/components/hooks/useConformForm";
import { readFormData } from "#app/platform/http/form-data.server";
import { SponsorLinksAdmin } from "#app/features/sponsors/SponsorLinksAdmin";
import { isSponsorForm, sponsorAdminAction, sponsorAdminView } from "#app/features/sponsors/sponsor-admin.server";
import { Reconciliation } from "#app/features/sponsors/Reconciliation";
import { isReconcileForm, reconcileAction, reconcileView, stateFilter } from "#app/features/sponsors/reconcile.server";
import { screenMeta } from "#app/lib/meta";
import { formErrors } from "#app/platform/http/form-answer.server";
import { stylesheet } from "#app/lib/stylesheet";

export const links: LinksFunction = () => [
  stylesheet(goalsStyles),
  stylesheet(fundraisingStyles),
  stylesheet(tableStyles),
];

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  screenMeta(`Fundraising${data ? `: ${data.goal.cause}` : ""}`, {
    description: "Set up fundraising, share the invite link and follow the pledges.",
  });

/** The owning org and admins only; everyone else gets 403. */
async function requireManager(request: Request, context: LoaderFunctionArgs["context"], id: string) {
  const user = await requireUser(request, context);
  // Every pledge is the reconciliation's read; this one needs the totals and the totaliser's latest five.
  const page = await loadFundraising(context, id, user, 5, today(request, context.cloudflare.env));
  if (!page) throw notFound();
  if (!page.manager) throw forbidden();
  return page;
}

export const handle: LiveHandle<typeof loader> = { live: (data, params) => [data && `goal:${params.id}`] };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { goal, fundraiser } = await requireManager(request, context, params.id!);
  const filter = stateFilter(new URL(request.url).searchParams.get("state"));
  const origin = appUrl(request, context.cloudflare.env);
  return {
    goal: { id: goal.id, cause: goal.cause, visibility: goal.visibility },
    fundraiser,
    settings: {
      charityName: goal.charityName ?? "",
      charityUrl: goal.charityUrl ?? "",
      target: goal.targetAmount ? amountInputValue(goal.targetAmount) : "",
      currency: goal.currency ?? DEFAULT_CURRENCY,
    },
    inviteUrl: `${origin}/invite/${await inviteToken(context.cloudflare.env, goal.id, goal.inviteNonce)}`,
    giveUrl: `${origin}/give/${goal.id}`,
    sponsor: await sponsorAdminView(request, context, goal.id),
    pledges: fundraiser ? await reconcileView(context, goal, filter, today(request, context.cloudflare.env)) : null,
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { goal } = await requireManager(request, context, params.id!);
  const formData = await readFormData(request);
  if (isSponsorForm(formData)) return sponsorAdminAction(context, goal.id, formData);
  if (isReconcileForm(formData)) return reconcileAction(context, goal.id, formData);
  const submission = parseWithZod(formData, { schema: fundraisingActionSchema });
  if (submission.status !== "success") return formErrors(submission, 400);
  const input = submission.value;
  if (input.intent === "save") {
    await saveFundraising(context, goal.id, input);
    throw await redirectWithFlash(context.cloudflare.env, `/goals/${goal.id}/fundraising`, FLASH.fundraisingSaved);
  }
  await revokeInvites(context, goal.id);
  throw await redirectWithFlash(context.cloudflare.env, `/goals/${goal.id}/fundraising#invite`, FLASH.inviteRevoked);
}

export default function FundraisingSettingsRoute() {
  const { goal, fundraiser, settings, inviteUrl, giveUrl, sponsor, pledges } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  // Each form reads only its own answer: a refused "confirm" must not show on the settings form.
  const answered = (result?.initialValue as { intent?: unknown } | undefined)?.intent;
  const elsewhere =
    answered === "confirm-many" ||
    answered === "paid" ||
    answered === "revoke-team-sponsor-link" ||
    answered === "revoke-member-sponsor-link";
  const lastResult = elsewhere ? undefined : result;
  const pledgesError =
    answered === "confirm-many" || answered === "paid" ? Object.values(result?.error ?? {}).flat()[0] : undefined;
  const teamError = answered === "revoke-team-sponsor-link" ? Object.values(result?.error ?? {}).flat()[0] : undefined;
  const memberError =
    answered === "revoke-member-sponsor-link" ? Object.values(result?.error ?? {}).flat()[0] : undefined;
  const [form, fields] = useConformForm(fundraisingSettingsSchema, {
    id: "fundraising",
    lastResult,
    defaultValue: settings,
  });
  return (
    <main className="page fundraising-page">
      <p>
        <Link to={`/active/${goal.id}`} className="back-link">
          Back to {goal.cause}
        </Link>
      </p>
      <h1>Fundraising for {goal.cause}</h1>
      <p className="no-fees">{NO_FEES_LINE}</p>
      <div className="give__grid">
        <section className="card" aria-labelledby="settings-title">
          <h2 id="settings-title">Charity and target</h2>
          <Form method="post" className="form" {...getFormProps(form)}>
            <input type="hidden" name="intent" value="save" />
            <Field field={fields.charityName} label="Charity name" />
            <Field
              field={fields.charityUrl}
              label="Charity's donation page"
              type="url"
              hint="The charity's own https:// page where supporters pay."
            />
            <Field field={fields.target} label="Target amount" inputMode="decimal" />
            <SelectField
              field={fields.currency}
              label="Currency"
              options={CURRENCIES.map((c) => ({ value: c, label: c }))}
            />
            <SubmitButton pendingText="Saving...">Save fundraising</SubmitButton>
          </Form>
        </section>
        {fundraiser ? (
          <Totaliser fundraiser={fundraiser} />
        ) : (
          <p className="notice">Set a charity and target to start taking pledges.</p>
        )}
      </div>
      <InviteLink inviteUrl={inviteUrl} giveUrl={goal.visibility === "public" ? giveUrl : null} />
      <SponsorLinksAdmin
        cause={goal.cause}
        view={sponsor}
        teamError={teamError ?? null}
        memberError={memberError ?? null}
      />
      <section className="card" aria-labelledby="export-title">
        <h2 id="export-title">Participants</h2>
        <p>Download everyone&apos;s progress (joined, completed, pledged) as a spreadsheet.</p>
        <a className="button button--secondary" href={`/goals/${goal.id}/participants.csv`} download>
          Download participants (CSV)
        </a>
      </section>
      {fundraiser && pledges ? (
        <Reconciliation
          view={pledges}
          goalId={goal.id}
          raisedText={fundraiser.paidText}
          saidPaidText={fundraiser.saidPaidText}
          csvHref={`/goals/${goal.id}/pledges.csv`}
          error={pledgesError ?? null}
        />
      ) : null}
    </main>
  );
}

export const ErrorBoundary = GoalErrorBoundary;
