import {
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GoalErrorBoundary } from "#app/features/goals/GoalForbidden";
import { canManageGoal } from "#app/features/fundraising/fundraising";
import { formatQuantity, unitOf } from "#app/features/progress/progress";
import { loadEntryGoal } from "#app/features/progress/progress-writes.server";
import { formatMonthDay } from "#app/lib/dates";
import { newId } from "#app/lib/ids";
import { today as goalToday } from "#app/platform/session/clock.server";
import { redirectWithFlash } from "#app/platform/session/flash.server";
import { requireUser } from "#app/platform/session/session.server";
import { readUploadForm } from "#app/platform/http/uploads.server";
import { forbidden, notFound } from "#app/platform/http/http-errors.server";
import {
  IMPORT_ARCHIVED,
  IMPORT_PROBLEMS,
  importTotal,
  MAX_IMPORT_BYTES,
  readImportCsv,
} from "#app/features/imports/csv-import";
import {
  checkImportLines,
  importMade,
  recentImports,
  undoImport,
  writeImport,
} from "#app/features/imports/csv-import.server";
import { ImportForm, ImportPreview, PastImports, type PreviewRow } from "#app/features/imports/CsvImport";
import memberStyles from "#app/styles/member.css";
import progressStyles from "#app/styles/progress.css";
import { screenMeta } from "#app/lib/meta";
import { IMPORT_FORMS } from "#app/features/imports/csv-import.schema";
import { formRefused, formStep } from "#app/platform/http/form-answer.server";
import { readFormData } from "#app/platform/http/form-data.server";
import { parseIntentForm } from "#app/platform/http/intent-form.server";
import { stylesheet } from "#app/lib/stylesheet";

export const links: LinksFunction = () => [stylesheet(memberStyles), stylesheet(progressStyles)];

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  screenMeta(`Import entries${data ? `: ${data.goal.cause}` : ""}`, {
    description: "Import members' entries from a CSV file: preview, then import in one go.",
  });

/** The goal's organisation and admins only (403 for everyone else); a missing goal is a 404. */
async function requireOrganiser(request: Request, context: LoaderFunctionArgs["context"], id: string) {
  const user = await requireUser(request, context);
  const goal = await loadEntryGoal(context, id, user.id);
  if (!goal) throw notFound();
  if (!canManageGoal(goal, user)) throw forbidden();
  return { user, goal, day: goalToday(request, context.cloudflare.env) };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { goal, day } = await requireOrganiser(request, context, params.id!);
  const imports = await recentImports(context, goal.id);
  const unit = goal.unit;
  return {
    goal: { id: goal.id, cause: goal.cause, unitLabel: unit ? unitOf(unit).label : null, archived: !!goal.archived },
    imports: imports.map((i) => ({
      id: i.id,
      when: formatMonthDay(new Date(i.createdAt).toISOString().slice(0, 10), day),
      rows: i.rows,
      total: unit ? formatQuantity(i.total, unit) : String(i.total / 100),
      by: i.byFirst ? `${i.byFirst} ${i.byLast ?? ""}`.trim() : null,
      undone: !!i.undoneAt,
    })),
  };
}

/** What a refused form shows beside its line (formRefused, ADR 309): the form, the pasted lines back in it. */
const backToForm = (pasted = "") => ({ stage: "form" as const, pasted: pasted.slice(0, MAX_IMPORT_BYTES) });

/** The CSV of the form: the file chosen, else the pasted lines; null when there is neither. */
async function csvOf(form: { file?: File; csv?: string }): Promise<{ text: string } | { problem: string } | null> {
  if (form.file && form.file.size > 0) {
    // The size before reading a byte of it.
    if (form.file.size > MAX_IMPORT_BYTES) return { problem: IMPORT_PROBLEMS.tooBig };
    return { text: new TextDecoder().decode(await form.file.arrayBuffer()) };
  }
  return form.csv !== undefined && form.csv.trim() !== "" ? { text: form.csv } : null;
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { user, goal, day } = await requireOrganiser(request, context, params.id!);
  if (!goal.unit)
    return formRefused("This goal does not track progress: there is nothing to import into.", 409, backToForm());
  // Its entries are in a file and its totals final (ADR 303): no import, and no undo of an earlier one.
  if (goal.archived) return formRefused(IMPORT_ARCHIVED, 409, backToForm());
  const unit = goal.unit;
  const multipart = (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data");
  const body = multipart ? await readUploadForm(request, context) : await readFormData(request);
  if (!body) return formRefused(IMPORT_PROBLEMS.tooBig, 413, backToForm());
  const { intent, submission } = parseIntentForm(body, IMPORT_FORMS);

  if (intent === "undo-import") {
    if (submission.status !== "success")
      return formRefused("That import is not one of this goal's.", 400, backToForm());
    const { importId, confirm } = submission.value;
    if (confirm !== "yes") return formStep({ stage: "confirm-undo" as const, importId });
    const undone = await undoImport(context, goal, user.id, importId, day);
    throw await redirectWithFlash(
      context.cloudflare.env,
      `/goals/${goal.id}/import`,
      undone ? "The import is undone: its entries are off the members' totals." : "That import was undone already.",
    );
  }
  if (intent === null) return formRefused("Choose a CSV file, then Preview.", 400, backToForm());
  if (submission.status !== "success")
    return intent === "import"
      ? formRefused("Preview the file again, then import.", 400, backToForm())
      : formRefused(IMPORT_PROBLEMS.none, 400, backToForm());
  const form = submission.value;
  const importId = form.intent === "import" ? form.importId : null;
  // The Import button sent twice: the first import stands, told again, nothing more written.
  if (importId && (await importMade(context, goal.id, importId)))
    throw await redirectWithFlash(
      context.cloudflare.env,
      `/goals/${goal.id}/import`,
      "That import was made already: nothing more was added.",
    );

  const pasted = form.csv ?? "";
  const csv = await csvOf(form);
  if (csv === null) return formRefused(IMPORT_PROBLEMS.none, 400, backToForm());
  if ("problem" in csv) return formRefused(csv.problem, 400, backToForm(pasted));
  const text = csv.text;
  const read = readImportCsv(text);
  if (!read.ok) return formRefused(read.message, 400, backToForm(pasted));
  const rows = await checkImportLines(context, { ...goal, unit }, read.lines, day);
  const bad = rows.filter((r) => r.errors.length > 0).length;
  if (importId && !bad) {
    const written = await writeImport(context, { ...goal, unit }, user.id, importId, rows, day);
    if (!written.ok) return formRefused(written.message, 409, backToForm());
    throw await redirectWithFlash(
      context.cloudflare.env,
      `/goals/${goal.id}/import`,
      written.again
        ? "That import was made already: nothing more was added."
        : `Imported ${written.rows} ${written.rows === 1 ? "entry" : "entries"} (${formatQuantity(written.total, unit)}) for ${written.members} ${written.members === 1 ? "member" : "members"}.`,
    );
  }
  const preview = {
    stage: "preview" as const,
    rows: rows.map((r): PreviewRow => ({
      line: r.line,
      email: r.email,
      member: r.member?.name ?? null,
      day: r.isoDay ? formatMonthDay(r.isoDay, day) : r.day,
      amount: r.amountText,
      errors: r.errors,
    })),
    csv: text,
    importId: newId(),
    total: formatQuantity(importTotal(rows), unit),
  };
  // Lines with problems: nothing is written, and the answer says the input was refused, the rows beside it.
  return bad
    ? formRefused(`Nothing was imported: ${bad} of ${rows.length} lines need fixing (below).`, 400, preview)
    : formStep({ ...preview, error: null });
}

export default function ImportEntriesRoute() {
  const { goal, imports } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <main className="member-page">
      <p>
        <Link to={`/goals/${goal.id}/entries`}>Back to the entries of {goal.cause}</Link>
      </p>
      <h1>Import entries</h1>
      {goal.archived ? (
        <p className="notice" data-testid="archived-notice">
          {IMPORT_ARCHIVED}
        </p>
      ) : goal.unitLabel ? (
        <>
          <p>
            For results kept on paper or in a spreadsheet: members&apos; entries in {goal.unitLabel}, checked as if each
            member had logged them (the goal&apos;s days, the most a day can hold). Nothing is saved until you confirm
            the preview, and an import can be undone as a whole.
          </p>
          <ImportForm
            problem={result?.stage === "form" || result?.stage === "preview" ? result.error : null}
            pasted={result?.stage === "form" ? result.pasted : ""}
          />
          {result?.stage === "preview" ? (
            <ImportPreview
              rows={result.rows}
              csv={result.csv}
              importId={result.importId}
              total={result.total}
              unitLabel={goal.unitLabel}
            />
          ) : null}
          <PastImports imports={imports} confirm={result?.stage === "confirm-undo" ? result.importId : null} />
        </>
      ) : (
        <p className="notice">This goal does not track progress: there is nothing to import into.</p>
      )}
    </main>
  );
}

export const ErrorBoundary = GoalErrorBoundary;
