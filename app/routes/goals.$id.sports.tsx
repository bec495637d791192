import {
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { SubmitButton } from "#app/components/SubmitButton";
import { GoalErrorBoundary } from "#app/features/goals/GoalForbidden";
import { canManageGoal } from "#app/features/fundraising/fundraising";
import { unitOf } from "#app/features/progress/progress";
import { redirectWithFlash } from "#app/platform/session/flash.server";
import { requireUser } from "#app/platform/session/session.server";
import { forbidden, notFound } from "#app/platform/http/http-errors.server";
import { SPORT_LABELS, SPORTS, type Sport } from "#app/features/activity/activity";
import { loadActivityGoal } from "#app/features/activity/activity.server";
import { saveSportFactors } from "#app/features/activity/sport-factors.server";
import memberStyles from "#app/styles/member.css";
import { screenMeta } from "#app/lib/meta";
import { factorsOf, SPORT_FACTORS_FORM, sportFactorsSchema } from "#app/features/activity/activity.schema";
import { readIntentForm, unknownIntent } from "#app/platform/http/intent-form.server";
import { formErrors } from "#app/platform/http/form-answer.server";
import { stylesheet } from "#app/lib/stylesheet";
import { withUnit } from "#app/lib/unit-text";

export const links: LinksFunction = () => [stylesheet(memberStyles)];

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  screenMeta(`How sports count${data ? `: ${data.goal.cause}` : ""}`, {
    description: "Set how much each sport counts towards a goal.",
  });

/** The goal's organisation and admins only (403 for everyone else); a missing goal is a 404. */
async function requireOrganiser(request: Request, context: LoaderFunctionArgs["context"], id: string) {
  const user = await requireUser(request, context);
  const goal = await loadActivityGoal(context, id, user.id);
  if (!goal) throw notFound();
  if (!canManageGoal(goal, user)) throw forbidden();
  return goal;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const goal = await requireOrganiser(request, context, params.id!);
  return {
    goal: { id: goal.id, cause: goal.cause, unitLabel: goal.unit ? unitOf(goal.unit).label : null },
    values: Object.fromEntries(SPORTS.map((s) => [s, goal.factors[s] !== undefined ? String(goal.factors[s]) : ""])),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const goal = await requireOrganiser(request, context, params.id!);
  const form = await readIntentForm(request, SPORT_FACTORS_FORM);
  if (!form.intent) return unknownIntent(form, sportFactorsSchema);
  if (form.submission.status !== "success") return formErrors(form.submission, 400);
  await saveSportFactors(context, goal.id, factorsOf(form.submission.value));
  throw await redirectWithFlash(context.cloudflare.env, `/goals/${goal.id}/sports`, "How sports count is saved.");
}

export default function SportFactorsRoute() {
  const { goal, values } = useLoaderData<typeof loader>();
  // The refused form's messages: a sport's under `factor-<sport>`, the form's own under "" (conform's reply).
  const errors = useActionData<typeof action>()?.error ?? {};
  const problem = (key: string) => errors[key]?.[0];
  const unit = (goal.unitLabel ?? "unit").replace(/s$/, "");
  return (
    <main className="member-page">
      <p>
        <Link to={`/active/${goal.id}`}>Back to {goal.cause}</Link>
      </p>
      <h1>How sports count</h1>
      <p>
        Members see these beside their activity files, and they apply to every entry that names its sport: with 0.25 for
        cycling, a 20 {unit} ride counts as {withUnit(5, goal.unitLabel ?? "units")}. Leave a sport blank to count it as
        it is.
      </p>
      <Form method="post" className="form card">
        <input type="hidden" name="intent" value="sport-factors" />
        {problem("") ? (
          <p className="form-error" role="alert">
            {problem("")}
          </p>
        ) : null}
        {SPORTS.map((sport: Sport) => (
          <div className="field" key={sport}>
            <label htmlFor={`factor-${sport}`}>
              1 {unit} of {SPORT_LABELS[sport].toLowerCase()} counts as
              <span className="field__tag">Optional</span>
            </label>
            <input
              id={`factor-${sport}`}
              name={`factor-${sport}`}
              inputMode="decimal"
              defaultValue={values[sport]}
              placeholder="1"
              aria-invalid={problem(`factor-${sport}`) ? true : undefined}
              aria-describedby={problem(`factor-${sport}`) ? `factor-${sport}-error` : undefined}
            />
            {problem(`factor-${sport}`) ? (
              <p className="field__error" id={`factor-${sport}-error`}>
                {problem(`factor-${sport}`)}
              </p>
            ) : null}
          </div>
        ))}
        <div className="form-actions">
          <SubmitButton>Save</SubmitButton>
        </div>
      </Form>
    </main>
  );
}

export const ErrorBoundary = GoalErrorBoundary;
