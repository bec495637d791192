import { getFormProps } from "@conform-to/react";
import {
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { SubmitButton } from "#app/components/forms";
import { GoalErrorBoundary } from "#app/features/goals/GoalForbidden";
import { MeasureFields } from "#app/features/progress/MeasureFields";
import { FLASH } from "#app/lib/flash";
import { quantityInputValue, unitOf } from "#app/features/progress/progress";
import { editMeasureSchema, measureColumns, measureFormValues } from "#app/features/progress/progress.schema";
import { redirectWithFlash } from "#app/platform/session/flash.server";
import { loadMeasure, saveMeasure } from "#app/features/progress/measure.server";
import { requireUser } from "#app/platform/session/session.server";
import memberStyles from "#app/styles/member.css";
import type { LiveHandle } from "#app/features/live/useLiveUpdates";
import { forbidden, notFound } from "#app/platform/http/http-errors.server";
import { useConformForm } from "#app/components/hooks/useConformForm";
import { screenMeta } from "#app/lib/meta";
import { formErrors } from "#app/platform/http/form-answer.server";
import { readIntentForm, unknownIntent } from "#app/platform/http/intent-form.server";
import { stylesheet } from "#app/lib/stylesheet";

export const links: LinksFunction = () => [stylesheet(memberStyles)];

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  screenMeta(`Progress measure${data ? `: ${data.goal.cause}` : ""}`, {
    description: "Set the unit and targets members log progress against.",
  });

export const handle: LiveHandle<typeof loader> = { live: (data, params) => [data && `goal:${params.id}`] };

/** The owning org and admins only (403 for everyone else); a missing goal is a 404. */
async function requireManager(request: Request, context: LoaderFunctionArgs["context"], id: string) {
  const user = await requireUser(request, context);
  const goal = await loadMeasure(context, id, user, request);
  if (!goal) throw notFound();
  if (!goal.manager) throw forbidden();
  return goal;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const goal = await requireManager(request, context, params.id!);
  return {
    goal: { id: goal.id, cause: goal.cause },
    locked: goal.hasEntries && goal.unit ? { label: unitOf(goal.unit).label, ...measureFormValues(goal.unit) } : null,
    values: {
      ...measureFormValues(goal.unit),
      unitTarget: goal.unitTarget ? quantityInputValue(goal.unitTarget) : "",
      groupTarget: goal.groupTarget ? quantityInputValue(goal.groupTarget) : "",
    },
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const goal = await requireManager(request, context, params.id!);
  const form = await readIntentForm(request, { measure: editMeasureSchema });
  if (!form.intent) return unknownIntent(form, editMeasureSchema);
  const { submission } = form;
  if (submission.status !== "success") return formErrors(submission, 400);
  const saved = await saveMeasure(context, goal, measureColumns(submission.value));
  if (!saved)
    return formErrors(submission, 409, {
      fieldErrors: { unit: ["The unit cannot change once members have logged progress"] },
    });
  throw await redirectWithFlash(context.cloudflare.env, `/goals/${goal.id}/measure`, FLASH.measureSaved);
}

export default function MeasureRoute() {
  const { goal, locked, values } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useConformForm(editMeasureSchema, { id: "measure", lastResult, defaultValue: values });
  return (
    <main className="member-page">
      <p>
        <Link to={`/active/${goal.id}`} className="back-link">
          Back to {goal.cause}
        </Link>
      </p>
      <h1>Progress measure</h1>
      <p>
        <Link to={`/goals/${goal.id}/sports`}>How sports count</Link>: walking, cycling, swimming... each can count for
        more or less of the unit.
      </p>
      <Form method="post" className="form card" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="measure" />
        <MeasureFields fields={fields} unitLocked={locked} />
        <div className="form-actions">
          <SubmitButton>Save measure</SubmitButton>
        </div>
      </Form>
    </main>
  );
}

export const ErrorBoundary = GoalErrorBoundary;
