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
import { TEAM_FLASH, teamLabel } from "#app/features/teams/teams";
import { renameTeamSchema, TEAM_PAGE_FORMS } from "#app/features/teams/teams.schema";
import { loadTeamGoal, seesTeams, teamPage } from "#app/features/teams/teams.server";
import { canManageGoal } from "#app/features/fundraising/fundraising";
import { removeFromTeam, renameTeam, setCaptain } from "#app/features/teams/team-writes.server";
import { formErrorsAt, formRefused } from "#app/platform/http/form-answer.server";
import { forbidden, notFound } from "#app/platform/http/http-errors.server";
import { firstError, readIntentForm } from "#app/platform/http/intent-form.server";
import { redirectWithFlash, redirectWithFlashAt } from "#app/platform/session/flash.server";
import { cardMeta } from "#app/features/cards/cards";
import { teamCardUrls } from "#app/features/cards/cards.server";
import { qrCode } from "#app/lib/qr";
import { revokeTeamSponsorLink } from "#app/features/sponsors/sponsor-links.server";
import { singular } from "#app/features/sponsors/sponsors";
import { unitOf } from "#app/features/progress/progress";
import { TEAM_SPONSOR_ID, TeamSponsor } from "#app/features/teams/TeamSponsor";
import fundraisingStyles from "#app/styles/fundraising.css";
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
  stylesheet(fundraisingStyles),
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...screenMeta(data ? `${data.team.name}: ${data.goal.cause}` : "Team", {
    description: "A team of the goal: its members and their progress.",
  }),
  // The team's card (ADR 275): the image this page and the team's sponsor link unfurl as.
  ...(data?.sponsor?.open ? cardMeta(`Sponsor ${teamLabel(data.team.name)}`, data.goal.cause, data.sponsor.wide) : []),
];

export const handle: LiveHandle<typeof loader> = { live: (data, params) => [data && `goal:${params.id}`] };

async function goalFor(request: Request, context: LoaderFunctionArgs["context"], id: string) {
  const user = await requireUser(request, context);
  const goal = await loadTeamGoal(context, id, user.id);
  if (!goal?.settings?.enabled) throw notFound();
  if (!seesTeams(goal, user)) throw forbidden();
  return { user, goal };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user, goal } = await goalFor(request, context, params.id!);
  const found = await teamPage(context, goal, params.teamId!, user);
  if (!found) throw notFound();
  // The team's sponsor link and cards from the two reads above: no third round trip (ADR 275).
  const urls = await teamCardUrls(request, context, goal, found.team);
  const sponsor = { ...urls, qr: qrCode(urls.link) };
  return { ...found.page, sponsor, unit: goal.unit ? singular(unitOf(goal.unit).label) : null };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { user, goal } = await goalFor(request, context, params.id!);
  const form = await readIntentForm(request, TEAM_PAGE_FORMS);
  const here = `/goals/${goal.id}/teams/${params.teamId}`;
  const { env } = context.cloudflare;
  switch (form.intent) {
    case "rename": {
      const { submission } = form;
      if (submission.status !== "success") return formErrorsAt("rename", submission, 400);
      const result = await renameTeam(context, goal, user, params.teamId!, submission.value.name);
      if (!result.ok) {
        if (result.status === 404) throw notFound();
        return formErrorsAt("rename", submission, result.status, { fieldErrors: { name: [result.message] } });
      }
      throw await redirectWithFlash(env, here, TEAM_FLASH.renamed(result.name));
    }
    case "revoke-sponsor-link": {
      // The organiser's only (ADR 275), as revoking a member's sponsor link is (ADR 240).
      if (!canManageGoal(goal, user))
        return formRefused("Only the organiser can replace the team's sponsor link.", 403);
      if (!(await revokeTeamSponsorLink(context, goal.id, params.teamId!))) throw notFound();
      throw await redirectWithFlashAt(
        env,
        here,
        "The team has a new sponsor link: the old one no longer works.",
        TEAM_SPONSOR_ID,
      );
    }
    case "remove":
    case "captain": {
      const { submission } = form;
      if (submission.status !== "success") return formRefused(firstError(submission, "Choose a member."), 400);
      const { intent, memberId } = submission.value;
      const write = intent === "remove" ? removeFromTeam : setCaptain;
      const result = await write(context, goal, user, params.teamId!, memberId);
      if (!result.ok) {
        if (result.status === 404) throw notFound();
        return formRefused(result.message, result.status);
      }
      throw await redirectWithFlash(
        env,
        here,
        intent === "remove" ? TEAM_FLASH.removed(result.name) : TEAM_FLASH.captain(result.name),
      );
    }
    default:
      return formRefused("Unknown action.", 400);
  }
}

export default function TeamRoute() {
  const { goal, team, members, canRun, manager, measured, sponsor, unit } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [renameForm, renameFields] = useConformForm(renameTeamSchema, {
    id: "rename-team",
    lastResult: result && "rename" in result ? result.rename : undefined,
    defaultValue: { name: team.name },
  });
  return (
    <main className="member-page team-page">
      <p>
        <Link to={`/active/${goal.id}`}>Back to {goal.cause}</Link> ·{" "}
        <Link to={`/goals/${goal.id}/teams`}>All teams</Link>
      </p>
      <h1>{team.name}</h1>
      <p className="member-page__lead" data-testid="team-summary">
        {measured ? `${team.totalText} in all, ${team.averageText} per member. ` : null}
        Rank {team.rank} of {team.of} teams{goal.ranking === "average" ? " by average per member" : " by total"}.
      </p>
      {result && "error" in result ? (
        <p className="form-error" role="alert">
          {result.error}
        </p>
      ) : null}
      <section className="card" aria-labelledby="team-members-title">
        <h2 id="team-members-title">Members</h2>
        {members.length ? (
          <ol className="leaderboard" aria-labelledby="team-members-title" data-testid="team-members">
            {members.map((m, i) => (
              <li key={m.id} className={m.me ? "leaderboard__row leaderboard__row--me" : "leaderboard__row"}>
                <span className="leaderboard__rank">{i + 1}</span>
                <span className="leaderboard__dot" style={{ background: m.color ?? undefined }} aria-hidden="true" />
                <span className="leaderboard__name">
                  {m.name}
                  {m.me ? " (you)" : ""}
                  {m.captain ? <span className="team-board__members"> captain</span> : null}
                </span>
                {measured ? <span className="leaderboard__total">{m.totalText}</span> : null}
                {manager && !m.captain ? (
                  <Form method="post" className="team-board__join">
                    <input type="hidden" name="intent" value="captain" />
                    <input type="hidden" name="memberId" value={m.id} />
                    <button type="submit" className="link-button">
                      Make captain<span className="visually-hidden"> {m.name}</span>
                    </button>
                  </Form>
                ) : null}
                {canRun && !m.me ? (
                  <Form method="post" className="team-board__join">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="memberId" value={m.id} />
                    <button type="submit" className="link-button">
                      Remove<span className="visually-hidden"> {m.name} from the team</span>
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ol>
        ) : (
          <p className="measure__empty">Nobody in this team yet.</p>
        )}
      </section>
      {sponsor ? (
        <TeamSponsor cause={goal.cause} teamName={teamLabel(team.name)} unit={unit} view={sponsor} manager={manager} />
      ) : null}
      {canRun ? (
        <Form method="post" className="form card" {...getFormProps(renameForm)}>
          <h2>Rename the team</h2>
          <input type="hidden" name="intent" value="rename" />
          <Field field={renameFields.name} label="Team name" maxLength={40} />
          <div className="form-actions">
            <SubmitButton>Rename</SubmitButton>
          </div>
        </Form>
      ) : null}
      {manager ? (
        <Form method="post" action={`/goals/${goal.id}/teams`} className="form card">
          <h2>Delete the team</h2>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="teamId" value={team.id} />
          <div className="field field--checkbox">
            <input type="checkbox" id="confirm-delete" name="confirm" value="yes" required />
            <label htmlFor="confirm-delete">Yes, delete {team.name}: its members will pick another team</label>
          </div>
          <div className="form-actions">
            <button type="submit" className="button button--danger">
              Delete team
            </button>
          </div>
        </Form>
      ) : null}
    </main>
  );
}

export const ErrorBoundary = GoalErrorBoundary;
