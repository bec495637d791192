import {
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { parseWithZod } from "@conform-to/zod/v4";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { GoalErrorBoundary } from "#app/features/goals/GoalForbidden";
import { formatQuantity, logRefusal, LOG_REFUSALS, unitOf } from "#app/features/progress/progress";
import { FLASH } from "#app/lib/flash";
import { today as goalToday } from "#app/platform/session/clock.server";
import { redirectWithFlash } from "#app/platform/session/flash.server";
import { requireUser } from "#app/platform/session/session.server";
import { readUploadForm } from "#app/platform/http/uploads.server";
import { notFound } from "#app/platform/http/http-errors.server";
import { isSport, type Sport } from "#app/features/activity/activity";
import {
  ALREADY_LOGGED,
  readSaveForm,
  rowViewsFromForm,
  type FileResult,
  type RowError,
  type RowView,
} from "#app/features/activity/activity-files";
import {
  activityGoalOf,
  loadActivityGoal,
  NO_FILES,
  readUploadedFiles,
  saveActivityRows,
  TOO_MUCH_AT_ONCE,
} from "#app/features/activity/activity.server";
import { earnedMessage } from "#app/features/badges/badges";
import { settleBadges } from "#app/features/badges/badges.server";
import {
  PrivacyNote,
  ProposedEntries,
  RefusedFiles,
  SaveOutcome,
  SportFactorsNote,
  splitResults,
  UploadForm,
  type Refused,
} from "#app/features/activity/ActivityUpload";
import memberStyles from "#app/styles/member.css";
import progressStyles from "#app/styles/progress.css";
import { screenMeta } from "#app/lib/meta";
import { READ_FILES_FORM, SAVE_ACTIVITIES_FORM } from "#app/features/activity/activity.schema";
import { formRefused, formStep } from "#app/platform/http/form-answer.server";
import { readIntentForm } from "#app/platform/http/intent-form.server";
import { stylesheet } from "#app/lib/stylesheet";

export const links: LinksFunction = () => [stylesheet(memberStyles), stylesheet(progressStyles)];

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  screenMeta(`Add activity files${data ? `: ${data.goal.cause}` : ""}`, {
    description: "Log walks, runs and rides from your watch or phone app's GPX, TCX or FIT files.",
  });

async function goalFor(request: Request, context: LoaderFunctionArgs["context"], id: string) {
  const user = await requireUser(request, context);
  const goal = await loadActivityGoal(context, id, user.id);
  if (!goal) throw notFound();
  const day = goalToday(request, context.cloudflare.env);
  const refusal = goal.unit ? logRefusal(goal, goal.membership, day) : "not-measured";
  return { user, goal, day, refusal: refusal ? LOG_REFUSALS[refusal] : null };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { goal, day, refusal } = await goalFor(request, context, params.id!);
  return {
    goal: { id: goal.id, cause: goal.cause, unitLabel: goal.unit ? unitOf(goal.unit).label : "" },
    activityGoal: goal.unit ? activityGoalOf(goal) : null,
    factors: Object.entries(goal.factors).filter(([s]) => isSport(s)) as [Sport, number][],
    today: day,
    refusal,
  };
}

/**
 * The stages the page shows again after a post (ADR 309): files read (with those refused), the save form
 * with each row's problem, what was saved. A refusal's line is formRefused's `error`.
 */
const readStage = (rows: RowView[] = [], refused: Refused[] = []) => ({ stage: "read" as const, rows, refused });
const saveStage = (rows: RowView[], errors: RowError[] = []) => ({ stage: "save" as const, rows, errors });

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { user, goal, day, refusal } = await goalFor(request, context, params.id!);
  const multipart = (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data");
  if (refusal) return formRefused(refusal, 409, readStage());
  const activityGoal = activityGoalOf(goal);
  if (multipart) {
    // No JavaScript: the files themselves, read here and dropped (ADR 260).
    const form = await readUploadForm(request, context);
    if (!form) return formRefused(TOO_MUCH_AT_ONCE, 413, readStage());
    const sent = parseWithZod(form, { schema: READ_FILES_FORM });
    if (sent.status !== "success") return formRefused(NO_FILES, 400, readStage());
    const { files, tz } = sent.value;
    const { results, problem } = await readUploadedFiles(files, activityGoal, tz ? { timeZone: tz } : null, day);
    const { rows, refused } = splitResults(results);
    return problem
      ? formRefused(problem, 400, readStage(rows, refused))
      : formStep({ ...readStage(rows, refused), error: null });
  }
  const { intent, submission } = await readIntentForm(request, SAVE_ACTIVITIES_FORM);
  if (!intent || submission.status !== "success") return formRefused("Choose your files again.", 400, readStage());
  const read = readSaveForm(submission.value.rows, activityGoal, day);
  const rows = rowViewsFromForm(submission.value.rows);
  // Each row with a problem says it beside the row: the refusal has no line of its own.
  if (read.errors.length > 0) return formRefused(null, 400, saveStage(rows, read.errors));
  if (read.rows.length === 0) return formRefused("Tick at least one file to save, or cancel.", 400, saveStage(rows));
  const result = await saveActivityRows(context, goal, user, read.rows, day);
  if (!result.ok) return formRefused(result.message, result.status, saveStage(rows));
  const unit = goal.unit!;
  const saved = read.rows.filter((_, i) => result.outcomes[i]!.written);
  const total = saved.reduce((sum, r) => sum + r.amount, 0);
  // Entries from files earn badges as typed ones do (ADR 271).
  const earned = saved.length ? earnedMessage(await settleBadges(context, goal, user.id, day)) : "";
  if (saved.length === read.rows.length)
    throw await redirectWithFlash(
      context.cloudflare.env,
      `/active/${goal.id}#progress`,
      FLASH.activitySaved(saved.length, formatQuantity(total, unit)) + earned,
    );
  const outcome = {
    stage: "saved" as const,
    saved: saved.map((r) => ({ name: r.name, text: formatQuantity(r.amount, unit), day: r.day })),
    earned: earned.trim(),
    already: read.rows.flatMap((r, i): Refused[] => {
      const outcome = result.outcomes[i]!;
      return outcome.written ? [] : [{ name: r.name, message: outcome.already ? ALREADY_LOGGED : outcome.message }];
    }),
  };
  // None saved (each file says why beside its name): refused, with no line of its own.
  return saved.length === 0 ? formRefused(null, 409, outcome) : formStep({ ...outcome, error: null });
}

export default function ActivityFilesRoute() {
  const { goal, activityGoal, factors, today, refusal } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // Files read in the browser (JavaScript on); the server's reading otherwise.
  const [read, setRead] = useState<{ rows: RowView[]; refused: Refused[]; n: number } | null>(null);
  useEffect(() => setRead(null), [actionData]);
  const fromServer =
    actionData && actionData.stage !== "saved"
      ? { rows: actionData.rows, refused: "refused" in actionData ? actionData.refused : [] }
      : null;
  const shown = read ?? fromServer;
  const errors = actionData?.stage === "save" ? actionData.errors : [];
  const problem = actionData && actionData.stage !== "saved" ? actionData.error : null;
  return (
    <main className="member-page activity">
      <p>
        <Link to={`/active/${goal.id}#progress`}>Back to {goal.cause}</Link>
      </p>
      <h1>Add activity files</h1>
      {refusal || !activityGoal ? (
        <p className="notice">{refusal}</p>
      ) : actionData?.stage === "saved" ? (
        <SaveOutcome
          saved={actionData.saved}
          already={actionData.already}
          earned={actionData.earned}
          goalId={goal.id}
        />
      ) : (
        <>
          <PrivacyNote />
          <SportFactorsNote factors={factors} unitLabel={goal.unitLabel} />
          <UploadForm
            goal={activityGoal}
            today={today}
            problem={read ? null : actionData?.stage === "read" ? problem : null}
            onRead={(results: FileResult[]) => setRead((now) => ({ ...splitResults(results), n: (now?.n ?? 0) + 1 }))}
          />
          {shown ? <RefusedFiles refused={shown.refused} /> : null}
          {actionData?.stage === "save" && problem && !read ? (
            <p className="form-error" role="alert">
              {problem}
            </p>
          ) : null}
          {shown && shown.rows.length > 0 ? (
            <ProposedEntries
              key={read ? `read-${read.n}` : "server"}
              rows={shown.rows}
              errors={read ? [] : errors}
              unitLabel={goal.unitLabel}
              goalId={goal.id}
            />
          ) : null}
        </>
      )}
    </main>
  );
}

export const ErrorBoundary = GoalErrorBoundary;
