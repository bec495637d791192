import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
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
import { createTeamSchema, teamId, teamSettingsColumns, teamSettingsSchema } from "#app/features/teams/teams.schema";
import { loadTeamGoal, seesTeams, teamQueries, toTeamsView } from "#app/features/teams/teams.server";
import { createTeam, deleteTeam, joinTeam, leaveTeam, saveTeamSettings } from "#app/features/teams/team-writes.server";
import { canManageGoal } from "#app/features/fundraising/fundraising";
import { forbidden, notFound } from "#app/platform/http/http-errors.server";
import { redirectWithFlash } from "#app/platform/session/flash.server";
import { requireUser } from "#app/platform/session/session.server";
import memberStyles from "#app/styles/member.css";
import progressStyles from "#app/styles/progress.css";
import teamsStyles from "#app/styles/teams.css";
import { screenMeta } from "#app/lib/meta";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: teamsStyles },
  { rel: "stylesheet", href: memberStyles },
  { rel: "stylesheet", href: progressStyles },
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
  const formData = await request.formData();
  const intent = formData.get("intent");
  const back = teamReturnTo(formData.get("returnTo"), goal.id);
  if (intent === "settings") {
    if (!canManageGoal(goal, user)) throw forbidden();
    const submission = parseWithZod(formData, { schema: teamSettingsSchema });
    if (submission.status !== "success") return data({ settings: submission.reply() }, { status: 400 });
    await saveTeamSettings(context, goal, teamSettingsColumns(submission.value));
    throw await redirectWithFlash(env, `/goals/${goal.id}/teams`, TEAM_FLASH.settings);
  }
  if (intent === "create") {
    const submission = parseWithZod(formData, { schema: createTeamSchema });
    if (submission.status !== "success") return data({ create: submission.reply() }, { status: 400 });
    const result = await createTeam(context, goal, user, submission.value.name);
    if (!result.ok) {
      const reply = submission.reply(
        result.reason === "name-taken" ? { fieldErrors: { name: [result.message] } } : { formErrors: [result.message] },
      );
      return data({ create: reply }, { status: result.status });
    }
    throw await redirectWithFlash(env, `/goals/${goal.id}/teams/${result.id}`, TEAM_FLASH.created(result.name));
  }
  if (intent === "leave") {
    const mine = toTeamsView(await context.db.batch(teamQueries(context, goal.id, user.id)), goal, user);
    const team = mine?.teams.find((t) => t.mine);
    if (!team) return data({ error: "You are not in a team of this goal." }, { status: 409 });
    await leaveTeam(context, goal, user);
    throw await redirectWithFlash(env, back, TEAM_FLASH.left(team.name));
  }
  if (intent === "join" || intent === "delete") {
    const id = teamId.safeParse(formData.get("teamId"));
    if (!id.success) return data({ error: "Choose a team." }, { status: 400 });
    if (intent === "delete" && formData.get("confirm") !== "yes")
      return data({ error: "Tick the box to confirm the team's deletion." }, { status: 400 });
    const result =
      intent === "join" ? await joinTeam(context, goal, user, id.data) : await deleteTeam(context, goal, user, id.data);
    if (!result.ok) return data({ error: result.message }, { status: result.status });
    throw await redirectWithFlash(
      env,
      intent === "join" ? back : `/goals/${goal.id}/teams`,
      intent === "join" ? TEAM_FLASH.joined(result.name) : TEAM_FLASH.deleted(result.name),
    );
  }
  return data({ error: "Unknown action." }, { status: 400 });
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
