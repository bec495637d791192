import { getFormProps } from "@conform-to/react";
import {
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { SubmitButton } from "#app/components/forms";
import { GoalFormFields } from "#app/features/goals/GoalFormFields";
import { ChallengeTemplateFields, FundraisingFields } from "#app/features/fundraising/ChallengeFields";
import { upcomingMonths } from "#app/features/fundraising/fundraising";
import { MeasureFields } from "#app/features/progress/MeasureFields";
import { challengeColumns } from "#app/features/goals/challenge.schema";
import { measureColumns } from "#app/features/progress/progress.schema";
import { TeamSettingsFields } from "#app/features/teams/TeamSettingsFields";
import { createGoalWithTeamsSchema, teamSettingsColumns } from "#app/features/teams/teams.schema";
import { teamSettingsStatement } from "#app/features/teams/team-writes.server";
import { today } from "#app/platform/session/clock.server";
import { FLASH } from "#app/lib/flash";
import { redirectWithFlashAt } from "#app/platform/session/flash.server";
import { createGoal } from "#app/features/goals/goals.server";
import { requireRole } from "#app/platform/session/session.server";
import { deleteImage, storeImage } from "#app/platform/http/uploads.server";
import { readImageForm } from "#app/platform/http/image-form.server";
import fundraisingStyles from "#app/styles/fundraising.css";
import memberStyles from "#app/styles/member.css";
import { useConformForm } from "#app/components/hooks/useConformForm";
import { screenMeta } from "#app/lib/meta";
import { formErrors } from "#app/platform/http/form-answer.server";
import { stylesheet } from "#app/lib/stylesheet";

export const links: LinksFunction = () => [stylesheet(memberStyles), stylesheet(fundraisingStyles)];

export const meta: MetaFunction = () =>
  screenMeta("Create a Goal", { description: "Create a goal for your community or organisation." });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRole(request, context, "admin", "org");
  return {
    canChooseVisibility: user.type === "org",
    canMarkDemo: user.type === "admin",
    // Month challenges and fundraising (ADR 025, 060): this month and the next few.
    months: upcomingMonths(today(request, context.cloudflare.env)),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireRole(request, context, "admin", "org");
  const form = await readImageForm(request, context, {
    schema: createGoalWithTeamsSchema,
    image: "icon",
    check: (value) => ({
      ...(value.visibility === "private" && user.type !== "org"
        ? { visibility: ["Only organisations can create private goals"] }
        : {}),
      ...(value.demo && user.type !== "admin" ? { demo: ["Only admins can create demo goals"] } : {}),
    }),
  });
  if (!form.ok) return formErrors(form.submission, form.status);
  const { value } = form;
  const { cause, visibility, demo } = value;
  const { env } = context.cloudflare;
  const icon = form.image ? await storeImage(env, "goal-icons", form.image) : null;
  let id: string;
  try {
    id = await createGoal(
      context,
      user,
      {
        cause,
        visibility,
        demo,
        icon,
        ...challengeColumns(value),
        ...measureColumns(value),
      },
      (goalId) => (value.teams ? [teamSettingsStatement(context, goalId, teamSettingsColumns(value))] : []),
    );
  } catch (error) {
    await deleteImage(env, icon);
    throw error;
  }
  // Land on the new goal's own screen, at the organiser's tools, with what happened and the next step
  // beside them (ADR 254): not /join as if they were a member (ADR 162), nor a page of one of the tools.
  throw await redirectWithFlashAt(env, `/active/${id}`, FLASH.goalCreatedNext(cause), "organiser-tools");
}

export default function CreateGoalRoute() {
  const { canChooseVisibility, canMarkDemo, months } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useConformForm(createGoalWithTeamsSchema, { id: "create-goal", lastResult });
  return (
    <main className="member-page">
      <h1>Create a Goal</h1>
      <p className="member-page__lead">Set a cause and dates; members will find it in their suggestions.</p>
      <Form method="post" encType="multipart/form-data" className="form card" {...getFormProps(form)}>
        <GoalFormFields fields={fields} canChooseVisibility={canChooseVisibility} canMarkDemo={canMarkDemo} />
        <ChallengeTemplateFields fields={fields} months={months} />
        <MeasureFields fields={fields} />
        <TeamSettingsFields fields={fields} />
        <FundraisingFields fields={fields} />
        <div className="form-actions">
          <SubmitButton>Create goal</SubmitButton>
          <Link to="/main">Cancel</Link>
        </div>
      </Form>
    </main>
  );
}
