/**
 * Activity files on the server (ADR 260): the goal with its sport factors, a no-JavaScript upload read
 * here (GPX and TCX, bounded), and the confirmed rows saved through the progress write path in one batch.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import type { IsoDate } from "#app/lib/dates";
import { newId } from "#app/lib/ids";
import type { Viewer } from "#app/features/goals/goals";
import { loadEntryGoal, logEntries, type EntryGoal } from "#app/features/progress/progress-writes.server";
import { goalSportFactors } from "#drizzle/schema";
import { fileHash, isSport, MAX_FILES, MAX_SERVER_FILE_BYTES, MAX_SERVER_REQUEST_BYTES } from "./activity";
import {
  dropRepeats,
  fileResult,
  TOO_MANY_FILES,
  type ActivityGoal,
  type FileResult,
  type SavedRow,
} from "./activity-files";
import type { DayZone } from "./local-day";
import { readActivityFile } from "./read-file";
import type { SportFactors } from "./proposal";

export type LoadedActivityGoal = EntryGoal & { factors: SportFactors };

/** The goal as entries are checked against it, and its organiser's sport factors. */
export async function loadActivityGoal(
  context: AppLoadContext,
  goalId: string,
  viewerId: string,
): Promise<LoadedActivityGoal | null> {
  const [goal, factorRows] = await Promise.all([
    loadEntryGoal(context, goalId, viewerId),
    context.db
      .select({ sport: goalSportFactors.sport, factor: goalSportFactors.factor })
      .from(goalSportFactors)
      .where(eq(goalSportFactors.goalId, goalId)),
  ]);
  if (!goal) return null;
  const factors: SportFactors = {};
  for (const row of factorRows) if (isSport(row.sport)) factors[row.sport] = row.factor / 100;
  return { ...goal, factors };
}

export const activityGoalOf = (goal: LoadedActivityGoal): ActivityGoal => ({
  unit: goal.unit!,
  start: goal.start,
  end: goal.end,
  factors: goal.factors,
});

export const TOO_MUCH_AT_ONCE = "Without JavaScript, up to 2 MB of files can be read at once: choose fewer files.";

export const NO_FILES = "Choose one or more GPX, TCX or FIT files.";

/** The files of a no-JavaScript upload (READ_FILES_FORM), read here; nothing of them is kept. */
export async function readUploadedFiles(
  files: File[],
  goal: ActivityGoal,
  zone: DayZone,
  today: IsoDate,
): Promise<{ results: FileResult[]; problem: string | null }> {
  if (files.length === 0) return { results: [], problem: NO_FILES };
  const total = files.reduce((sum, f) => sum + f.size, 0);
  if (total > MAX_SERVER_REQUEST_BYTES) return { results: [], problem: TOO_MUCH_AT_ONCE };
  const results: FileResult[] = [];
  for (const [i, file] of files.entries()) {
    if (i >= MAX_FILES) {
      results.push({ name: file.name, ok: false, message: TOO_MANY_FILES });
      continue;
    }
    const bytes = file.size <= MAX_SERVER_FILE_BYTES ? new Uint8Array(await file.arrayBuffer()) : null;
    const read = bytes
      ? readActivityFile(bytes, null, MAX_SERVER_FILE_BYTES)
      : ({ ok: false, problem: "too-big-for-server" } as const);
    const hash = read.ok && bytes ? await fileHash(bytes) : "";
    results.push(fileResult({ name: file.name, hash, read }, goal, zone, today));
  }
  return { results: dropRepeats(results), problem: null };
}

/** The confirmed rows as entries, in one batch; each row's outcome says whether it went in, and why not. */
export function saveActivityRows(
  context: AppLoadContext,
  goal: EntryGoal,
  viewer: Viewer,
  rows: SavedRow[],
  today: IsoDate,
) {
  return logEntries(
    context,
    goal,
    viewer,
    rows.map((row) => ({
      id: newId(),
      amount: row.amount,
      day: row.day,
      note: null,
      // A double submit of the same rows is the same file again: refused by either unique index.
      idempotencyKey: `file:${goal.id}:${row.hash}`,
      sport: row.sport,
      movingSeconds: row.movingSeconds,
      fileHash: row.hash,
    })),
    today,
  );
}
