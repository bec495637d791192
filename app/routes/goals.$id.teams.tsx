import { getFormProps } from "@conform-to/react";
import {
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Field, SubmitButton } from "#app/components/forms";
import { useConformForm } from "#app/components/hooks/useConformForm";
import { GoalErrorBoundary } from "#app/features/goals/GoalForbidden";
import type { LiveHandle } from "#app/features/live/useLiveUpdates";
import { TeamSettingsFields } from "#app/features/teams/TeamSettingsFields";
import { TeamsSection } from "#app/features/teams/TeamsSection";
import { TEAM_FLASH, teamReturnTo } from "#app/features/teams/teams";
import {
  createTeamSchema,
  TEAMS_PAGE_FORMS,
  teamSettingsColumns,
  teamSettingsSchema,
} from "#app/features/teams/teams.schema";
import { loadTeamGoal, seesTeams, teamQueries, toTeamsView } from "#app/features/teams/teams.server";
import { createTeam, deleteTeam, joinTeam, leaveTeam, saveTeamSettings } from "#app/features/teams/team-writes.server";
import { canManageGoal } from "#app/features/fundraising/fundraising";
import { formErrorsAt, formRefused } from "#app/platform/http/form-answer.server";
import { forbidden, notFound } from "#app/platform/http/http-errors.server";
import { firstError, readIntentForm } from "#app/platform/http/intent-form.server";
import { redirectWithFlash } from "#app/platform/session/flash.server";
import { requireUser } from "#app/platform/session/session.server";
import memberStyles from "#app/styles/member.css";
import progressStyles from "#app/styles/progress.css";
import teamsStyles from "#app/styles/teams.css";
import { screenMeta } from "#app/lib/meta";
import { stylesheet } from "#app/lib/stylesheet";

export const links: LinksFunction = () => [
  stylesheet(teamsStyles),
  stylesheet(memberStyles),
  stylesheet(progressStyles),
];

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  screenMeta(`Teams${data ? `: ${data.goal.cause}` : ""}`, {
    description: "The goal's teams: their board, starting one, and the organiser's settings.",
  });

export const handle: LiveHandle<typeof loader> = { live: (data, params) => [data && `goal:${params.id}`] };

async function goalFor(request: Request, context: LoaderFunctionArgs["context"], id: string) {
  const user = await requireUser(request, context);
  const goal = await loadTeamGoal(context, id, user.id);
  if (!goal) throw notFound();
  if (!seesTeams(goal, user)) throw forbidden();
  return { user, goal };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user, goal } = await goalFor(request, context, params.id!);
  const rows = await context.db.batch(teamQueries(context, goal.id, user.id));
  const settings = goal.settings;
  return {
    goal: { id: goal.id, cause: goal.cause },
    manager: canManageGoal(goal, user),
    view: toTeamsView(rows, goal, user),
    settings: {
      teams: settings?.enabled ? "on" : "",
      teamsMembersCreate: settings?.membersCreate ? "on" : "",
      teamCap: settings?.cap ? String(settings.cap) : "",
      teamRanking: settings?.ranking ?? "total",
    },
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { user, goal } = await goalFor(request, context, params.id!);
  const { env } = context.cloudflare;
  const form = await readIntentForm(request, TEAMS_PAGE_FORMS);
  switch (form.intent) {
    case "settings": {
      if (!canManageGoal(goal, user)) throw forbidden();
      const { submission } = form;
      if (submission.status !== "success") return formErrorsAt("settings", submission, 400);
      await saveTeamSettings(context, goal, teamSettingsColumns(submission.value));
      throw await redirectWithFlash(env, `/goals/${goal.id}/teams`, TEAM_FLASH.settings);
    }
    case "create": {
      const { submission } = form;
      if (submission.status !== "success") return formErrorsAt("create", submission, 400);
      const result = await createTeam(context, goal, user, submission.value.name);
      if (!result.ok) {
        const errors =
          result.reason === "name-taken"
            ? { fieldErrors: { name: [result.message] } }
            : { formErrors: [result.message] };
        return formErrorsAt("create", submission, result.status, errors);
      }
      throw await redirectWithFlash(env, `/goals/${goal.id}/teams/${result.id}`, TEAM_FLASH.created(result.name));
    }
    case "leave": {
      const { submission } = form;
      if (submission.status !== "success") return formRefused("Unknown action.", 400);
      const result = await leaveTeam(context, goal, user);
      if (!result.ok) return formRefused(result.message, result.status);
      throw await redirectWithFlash(
        env,
        teamReturnTo(submission.value.returnTo, goal.id),
        TEAM_FLASH.left(result.name),
      );
    }
    case "join":
    case "delete": {
      const { submission } = form;
      if (submission.status !== "success") return formRefused(firstError(submission, "Choose a team."), 400);
      const { value } = submission;
      const result =
        value.intent === "join"
          ? await joinTeam(context, goal, user, value.teamId)
          : await deleteTeam(context, goal, user, value.teamId);
      if (!result.ok) return formRefused(result.message, result.status);
      throw await redirectWithFlash(
        env,
        value.intent === "join" ? teamReturnTo(value.returnTo, goal.id) : `/goals/${goal.id}/teams`,
        value.intent === "join" ? TEAM_FLASH.joined(result.name) : TEAM_FLASH.deleted(result.name),
      );
    }
    default:
      return formRefused("Unknown action.", 400);
  }
}

export default function TeamsRoute() {
  const { goal, manager, view, settings } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [settingsForm, settingsFields] = useConformForm(teamSettingsSchema, {
    id: "team-settings",
    lastResult: result && "settings" in result ? result.settings : undefined,
    defaultValue: settings,
  });
  const [createForm, createFields] = useConformForm(createTeamSchema, {
    id: "create-team",
    lastResult: result && "create" in result ? result.create : undefined,
  });
  return (
    <main className="member-page">
      <p>
        <Link to={`/active/${goal.id}`}>Back to {goal.cause}</Link>
      </p>
      <h1>Teams</h1>
      {result && "error" in result ? (
        <p className="form-error" role="alert">
          {result.error}
        </p>
      ) : null}
      {view ? <TeamsSection view={view} /> : <p className="notice">This goal has no teams yet.</p>}
      {view && (view.canCreate || manager) ? (
        <Form method="post" className="form card" {...getFormProps(createForm)}>
          <h2>{manager ? "Add a team" : "Start a team"}</h2>
          <input type="hidden" name="intent" value="create" />
          <Field field={createFields.name} label="Team name" maxLength={40} />
          {createForm.errors?.length ? (
            <p className="form-error" role="alert" id={createForm.errorId}>
              {createForm.errors.join(", ")}
            </p>
          ) : null}
          <div className="form-actions">
            <SubmitButton>{manager ? "Add team" : "Start team"}</SubmitButton>
          </div>
        </Form>
      ) : null}
      {manager ? (
        <Form method="post" className="form card" {...getFormProps(settingsForm)}>
          <input type="hidden" name="intent" value="settings" />
          <TeamSettingsFields fields={settingsFields} />
          <div className="form-actions">
            <SubmitButton>Save team settings</SubmitButton>
          </div>
        </Form>
      ) : null}
    </main>
  );
}

export const ErrorBoundary = GoalErrorBoundary;
