/**
 * The goal screen's entry forms (ADR 140, 145): log, edit, delete my own entries; the goal's organisation
 * removes an abusive one. Bad input is a field message and a 400; a refusal (not a member, completed,
 * ended, someone else's entry) a message and a 4xx; nothing is written in either case. Success goes
 * back to the goal screen (the form is on it, with and without JavaScript).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import * as z from "zod";
import type { Viewer } from "#app/features/goals/goals";
import { FLASH } from "#app/lib/flash";
import { formatQuantity, LOG_FORM_ID, LOG_REFUSALS } from "#app/features/progress/progress";
import { entryFormOf, entrySchemas } from "#app/features/progress/progress.schema";
import { today } from "#app/platform/session/clock.server";
import { appUrl } from "#app/platform/http/env.server";
import { formDone, formErrorsAt } from "#app/platform/http/form-answer.server";
import { redirectWithFlash, redirectWithFlashAt } from "#app/platform/session/flash.server";
import {
  announceMilestone,
  pledgeTotalsQuery,
  supportGoalQuery,
  toSupportGoal,
} from "#app/features/fundraising/fundraising.server";
import { earnedMessage } from "#app/features/badges/badges";
import { settleBadges } from "#app/features/badges/badges.server";
import { tellChangedSettlements } from "#app/features/sponsors/settle-up.server";
import { amountForSport } from "#app/features/activity/sport-factors.server";
import { SPORT_TOO_SMALL } from "#app/features/activity/sport-factors";
import { deleteEntry, editEntry, loadEntryGoal, logEntry, removeEntry, type EntryGoal } from "./progress-writes.server";

// For the goal screen's action, which tells the entry forms from its own.
export { isEntryForm } from "#app/features/progress/progress.schema";

/** Which entry form answers (entry-answer.ts, ADR 309), beside its reply or its notice. */
const entryOf = (which: ReturnType<typeof entryFormOf>) => ({
  // The form it was treated as (a broken intent still shows its fields' errors on that form).
  entry: { intent: which.form, entryId: which.entryId },
});

/** A form refused before its fields are read (no schema to read them by): nothing typed to show again. */
export const unreadForm = (formData = new FormData()) => parseWithZod(formData, { schema: z.object({}) });

export async function progressAction(
  request: Request,
  context: AppLoadContext,
  viewer: Viewer,
  /** The goal's id, or the goal when the route has loaded it already (one D1 read less). */
  goalOrId: string | EntryGoal,
  formData: FormData,
  /** Where success lands (the organiser's entries page keeps its place); default: the goal screen. */
  back?: string,
  /** Answer success in place with a message (the quick log, ADR 220) instead of a redirect and a flash. */
  inPlace?: { message: (amount: string, cause: string) => string },
) {
  const day = today(request, context.cloudflare.env);
  const which = entryFormOf(formData);
  const goal = typeof goalOrId === "string" ? await loadEntryGoal(context, goalOrId, viewer.id) : goalOrId;
  if (!goal) throw redirect("/404");
  const goalId = goal.id;
  if (!goal.unit)
    return formErrorsAt("progress", unreadForm(), 409, { formErrors: [LOG_REFUSALS["not-measured"]] }, entryOf(which));
  const schemas = entrySchemas({ unit: goal.unit, start: goal.start, end: goal.end, today: day });
  const submission = parseWithZod(formData, { schema: schemas[which.form] });
  if (submission.status !== "success") return formErrorsAt("progress", submission, 400, undefined, entryOf(which));
  const value = submission.value;
  // A typed entry that names its sport counts as the organiser set for it (docs/product.md).
  if (value.intent === "log-entry") {
    const counted = await amountForSport(context, goal.id, value);
    if (counted === null)
      return formErrorsAt("progress", submission, 400, { fieldErrors: { amount: [SPORT_TOO_SMALL] } }, entryOf(which));
    value.amount = counted;
  }
  const result =
    value.intent === "log-entry"
      ? await logEntry(context, goal, viewer, { ...value, note: value.note ?? null }, day)
      : value.intent === "edit-entry"
        ? await editEntry(context, goal, viewer, value.entryId, { ...value, note: value.note ?? null }, day)
        : value.intent === "delete-entry"
          ? await deleteEntry(context, goal, viewer, value.entryId, day)
          : await removeEntry(context, goal, viewer, value.entryId);
  if (!result.ok)
    return formErrorsAt(
      "progress",
      submission,
      result.status,
      result.field ? { fieldErrors: { [result.field]: [result.message] } } : { formErrors: [result.message] },
      entryOf(which),
    );
  // Badges (ADR 271): recomputed from the member's entries; new ones told once, lost ones taken back.
  const earned = await settleBadges(context, goal, result.userId ?? viewer.id, day);
  // An entry the organiser removes after settle-up may change what a supporter owes: they are told (ADR 242).
  if (result.changed && value.intent === "remove-entry") await tellChangedSettlements(context, goalId);
  // Per-unit pledges grow with progress: a milestone (50/90/100% of the target) may be crossed now.
  if (result.changed && (value.intent === "log-entry" || value.intent === "edit-entry"))
    await announceProgressMilestone(context, goalId, appUrl(request, context.cloudflare.env));
  // The home's log form always answers in place, with its own words (ADR 220).
  if (inPlace && value.intent === "log-entry")
    return formDone(
      inPlace.message(formatQuantity(value.amount, goal.unit), goal.cause) + earnedMessage(earned),
      entryOf(which),
    );
  const message =
    value.intent === "log-entry"
      ? FLASH.progressLogged(formatQuantity(value.amount, goal.unit))
      : value.intent === "edit-entry"
        ? FLASH.entryUpdated
        : value.intent === "delete-entry"
          ? FLASH.entryDeleted
          : FLASH.entryRemoved;
  const told = value.intent === "remove-entry" ? "" : earnedMessage(earned);
  // With JavaScript the goal screen's forms are answered in place (ADR 252, 253): an edit, delete or
  // removal is told in a toast, a log under the log form's Save (ADR 224).
  if (which.toast) return formDone(message + told, entryOf(which));
  // Back to the goal screen as it was: with all my entries listed when I was editing an older one.
  const all = new URL(request.url).searchParams.get("entries") === "all" ? "?entries=all" : "";
  const env = context.cloudflare.env;
  // Without JavaScript: back to the changed item (#fragment), the message beside it (ADR 252); a log
  // back to the log form at the top of the goal screen, the message under its Save (ADR 224).
  if (!back) {
    const at =
      value.intent === "log-entry"
        ? LOG_FORM_ID
        : value.intent === "edit-entry"
          ? `entry-${value.entryId}`
          : value.intent === "delete-entry"
            ? "my-entries"
            : "latest";
    throw await redirectWithFlashAt(env, `/active/${goalId}${all}`, message + told, at);
  }
  throw await redirectWithFlash(env, back ?? `/active/${goalId}${all}#progress`, message + told);
}

/** After progress is logged: the pledged total (per-unit pledges included) may cross a milestone. */
async function announceProgressMilestone(context: AppLoadContext, goalId: string, origin: string) {
  const [goalRows, totalRows] = await context.db.batch([
    supportGoalQuery(context, goalId, null),
    pledgeTotalsQuery(context, goalId),
  ]);
  const goal = toSupportGoal(goalRows[0]);
  if (!goal?.targetAmount || !goal.charityName) return;
  await announceMilestone(context, goal, Number(totalRows[0]?.pledged ?? 0), origin);
}
