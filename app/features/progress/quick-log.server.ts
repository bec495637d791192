/**
 * The quick log (ADR 220): one form at the top of the home that logs today's amount in any of the
 * member's measured goals, picked in the same form. It is the goal screen's log form with the goal as a
 * field: the same schema, idempotency key and write (progress-form.server.ts), answered in place so
 * the member reads the result beside the form, without JavaScript too.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { AppLoadContext } from "@remix-run/cloudflare";
import * as z from "zod";
import type { IsoDate } from "#app/lib/dates";
import { requireUser } from "#app/platform/session/session.server";
import { newId } from "#app/lib/ids";
import type { Sport } from "#app/features/activity/activity";
import { defaultEntryDay, logRefusal, unitOf } from "#app/features/progress/progress";
import { formErrorsAt } from "#app/platform/http/form-answer.server";
import { readFormData } from "#app/platform/http/form-data.server";
import { progressAction, unreadForm } from "./progress-form.server";
import { loadEntryGoal } from "./progress-writes.server";

export const QUICK_LOG_GOAL_ERROR = "Choose one of your goals that tracks progress";

export interface QuickLogGoal {
  id: string;
  cause: string;
  unitLabel: string;
  /** The organiser's factors per sport (docs/product.md "Activity files"); none: every sport counts x1. */
  factors?: [Sport, number][];
  /** The days an entry may be for: the goal's dates, up to today. */
  min: IsoDate | null;
  max: IsoDate;
}

export interface QuickLogData {
  /** A fresh idempotency key for the next entry. */
  key: string;
  today: IsoDate;
  goals: QuickLogGoal[];
}

/**
 * The goals the quick log offers: the member's running measured goals, the home's current goal first,
 * then in the order of the home's cards. Null when there is none (no form then).
 */
export function toQuickLog(
  goals: readonly { id: string; cause: string; start: IsoDate | null; end: IsoDate | null; unit: string | null }[],
  today: IsoDate,
  currentId: string | null | undefined,
  factors?: Map<string, [Sport, number][]>,
): QuickLogData | null {
  const open = goals
    .filter((g) => g.unit && !logRefusal(g, { completed: false }, today))
    .map((g) => ({
      id: g.id,
      cause: g.cause,
      unitLabel: unitOf(g.unit!).label,
      min: g.start,
      max: defaultEntryDay(g, today),
      factors: factors?.get(g.id) ?? [],
    }));
  if (!open.length) return null;
  const first = open.findIndex((g) => g.id === currentId);
  if (first > 0) open.unshift(...open.splice(first, 1));
  return { key: newId(), today, goals: open };
}

const GOAL_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The quick log's own fields: the log form's intent and the goal picked (length first, docs/security.md). */
const quickLogSchema = z.object({ intent: z.literal("log-entry"), goal: z.string().max(64).regex(GOAL_ID) });

/** What was typed, shown again in the refused form: its fields only, each cut to 300 characters. */
function typedBack(payload: Record<string, unknown>) {
  const typed = new FormData();
  for (const k of ["goal", "amount", "day", "note", "sport"])
    typed.set(k, String([payload[k]].flat()[0] ?? "").slice(0, 300));
  return unreadForm(typed);
}
/** The quick log's refusal of the goal picked (ADR 309): under its goal field, the log form's answer. */
const GOAL_REFUSED = { fieldErrors: { goal: [QUICK_LOG_GOAL_ERROR] } };
const LOG_FORM = { entry: { intent: "log-entry", entryId: null } };

/** POST from the quick log: the goal named by the form, then the goal screen's own log. */
export async function quickLogAction(request: Request, context: AppLoadContext) {
  const viewer = await requireUser(request, context);
  const formData = await readFormData(request);
  const picked = parseWithZod(formData, { schema: quickLogSchema });
  if (picked.status !== "success")
    return formErrorsAt("progress", typedBack(picked.payload), 400, GOAL_REFUSED, LOG_FORM);
  const goal = await loadEntryGoal(context, picked.value.goal, viewer.id);
  if (!goal || !goal.unit || !goal.membership)
    return formErrorsAt("progress", typedBack(picked.payload), 400, GOAL_REFUSED, LOG_FORM);
  return progressAction(request, context, viewer, goal, formData, undefined, {
    message: (amount, cause) => `Logged ${amount} in ${cause}.`,
  });
}
