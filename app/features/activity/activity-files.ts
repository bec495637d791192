/**
 * A batch of files to proposed entries, the same in the browser and the Worker (ADR 260): each file is
 * read, summarised and checked against the goal's days; a refused file gets its own message and the
 * others go on. Then the save form's rows back to entries. Pure, no I/O but the file bytes given.
 */
import { entryDayProblem, formatQuantity, amountProblem, parseQuantity } from "#app/features/progress/progress";
import type { IsoDate } from "#app/lib/dates";
import { formatMonthDay } from "#app/lib/dates";
import { FILE_PROBLEMS, isSport, MAX_FILES, type ProposedEntry, type ReadResult, type Sport } from "./activity";
import type { SaveRowFields } from "./activity.schema";
import type { DayZone } from "./local-day";
import { propose, type SportFactors } from "./proposal";

export interface ActivityGoal {
  unit: string;
  start: IsoDate | null;
  end: IsoDate | null;
  factors: SportFactors;
}

export type FileResult = { name: string } & ({ ok: true; entry: ProposedEntry } | { ok: false; message: string });

export const TOO_MANY_FILES = `Only ${MAX_FILES} files can be read at once: add this one in the next batch.`;
export const SAME_FILE_TWICE = "This file is in the list twice: it is read once.";
export const ALREADY_LOGGED = "Already logged: this file is in your entries for this goal. Nothing was saved again.";

/** One read file's outcome in this goal: a proposed entry, or why not. */
export function fileResult(
  file: { name: string; hash: string; read: ReadResult },
  goal: ActivityGoal,
  zone: DayZone,
  today: IsoDate,
): FileResult {
  const name = shortName(file.name);
  if (!file.read.ok) return { name, ok: false, message: FILE_PROBLEMS[file.read.problem] };
  const proposal = propose(file.read.summary, { name, hash: file.hash }, goal, zone);
  if (!proposal.ok) return { name, ok: false, message: proposal.message };
  const dayProblem = entryDayProblem(proposal.entry.day, goal, today);
  if (dayProblem)
    return {
      name,
      ok: false,
      message: `This activity is on ${formatMonthDay(proposal.entry.day)}: ${lower(dayProblem)}.`,
    };
  const cap = amountProblem(formatPlain(proposal.entry.amount), goal.unit);
  if (cap)
    return {
      name,
      ok: false,
      message: `${cap}: ${formatQuantity(proposal.entry.amount, goal.unit)} is too much for one entry.`,
    };
  return { name, ok: true, entry: proposal.entry };
}

/** Marks the second copy of a file in one batch. */
export function dropRepeats(results: FileResult[]): FileResult[] {
  const seen = new Set<string>();
  return results.map((r) => {
    if (!r.ok) return r;
    if (seen.has(r.entry.hash)) return { name: r.name, ok: false, message: SAME_FILE_TWICE };
    seen.add(r.entry.hash);
    return r;
  });
}

const lower = (s: string) => s[0]!.toLowerCase() + s.slice(1);
export const formatPlain = (hundredths: number) => (hundredths / 100).toFixed(2).replace(/\.00$/, "");

/** A file name as it is shown back (never stored): its last path part, at most 80 characters. */
export function shortName(name: string): string {
  const last = name.slice(-200).split(/[\\/]/).pop() ?? "";
  const clean = last.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return (clean.length > 80 ? `${clean.slice(0, 77)}...` : clean) || "Unnamed file";
}

/** What the save form posts for one row. */
export interface SavedRow {
  index: number;
  name: string;
  hash: string;
  day: IsoDate;
  amount: number;
  sport: Sport | null;
  movingSeconds: number;
}

export type RowError = { index: number; name: string; field: "day" | "amount" | "row"; message: string };

const HASH = /^[0-9a-f]{64}$/;
const MAX_MOVING_SECONDS = 7 * 86_400;

/**
 * The ticked rows of the save form, checked as a typed entry is (amount, day), plus the file's hash and
 * moving time. Rows not ticked are left out; a broken row is an error on that row and saves nothing.
 */
export function readSaveForm(
  sentRows: SaveRowFields[],
  goal: ActivityGoal,
  today: IsoDate,
): { rows: SavedRow[]; errors: RowError[] } {
  const rows: SavedRow[] = [];
  const errors: RowError[] = [];
  for (const [index, sent] of sentRows.entries()) {
    const field = (name: keyof SaveRowFields) => sent[name];
    if (field("include") !== "on") continue;
    const name = shortName(field("name"));
    const hash = field("hash");
    if (hash.length !== 64 || !HASH.test(hash)) {
      errors.push({ index, name, field: "row", message: "Read this file again: its details were lost." });
      continue;
    }
    const amountText = field("amount").trim();
    const amountError =
      amountText === "" ? "Enter an amount, or untick this file" : amountProblem(amountText, goal.unit);
    if (amountError) errors.push({ index, name, field: "amount", message: amountError });
    const day = field("day").trim();
    const dayError = day === "" ? "Enter the day" : entryDayProblem(day, goal, today);
    if (dayError) errors.push({ index, name, field: "day", message: dayError });
    if (amountError || dayError) continue;
    const sport = field("sport");
    const seconds = Number(field("seconds"));
    rows.push({
      index,
      name,
      hash,
      day,
      amount: (parseQuantity(amountText) as { ok: true; value: number }).value,
      sport: isSport(sport) ? sport : null,
      movingSeconds: Number.isInteger(seconds) && seconds >= 0 && seconds <= MAX_MOVING_SECONDS ? seconds : 0,
    });
  }
  return { rows, errors };
}

/** "1 h 05 min", "42 min": a moving time as a member reads it. */
export function formatDuration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`;
}

/** One row of the save form as the screen shows it (from a read file, or echoed back from a post). */
export interface RowView {
  name: string;
  hash: string;
  day: string;
  amount: string;
  sport: string;
  seconds: number;
  include: boolean;
}

export const rowViewOf = (entry: ProposedEntry): RowView => ({
  name: entry.name,
  hash: entry.hash,
  day: entry.day,
  amount: formatPlain(entry.amount),
  sport: entry.sport ?? "",
  seconds: entry.movingSeconds,
  include: true,
});

/** The save form's rows as posted (to show them again with their errors). */
export function rowViewsFromForm(sentRows: SaveRowFields[]): RowView[] {
  return sentRows.map((sent) => {
    const text = (name: keyof SaveRowFields, max: number) => sent[name].slice(0, max);
    return {
      name: shortName(text("name", 200)),
      hash: text("hash", 64),
      day: text("day", 10),
      amount: text("amount", 32),
      sport: isSport(text("sport", 16)) ? text("sport", 16) : "",
      seconds: Number(text("seconds", 8)) || 0,
      include: text("include", 2) === "on",
    };
  });
}
