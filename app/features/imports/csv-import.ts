/**
 * The organiser's CSV import of entries (docs/product.md "Activity files"), pure: a club's results kept
 * on paper, typed into a spreadsheet, one row per entry: member e-mail, day, amount. Each row is checked
 * as a member's own entry would be (the goal's days, the unit's cap per entry and per day); any row with
 * a problem stops the whole import, so what is imported is exactly what the preview showed. Lengths are
 * checked before any pattern; d3-dsv reads the CSV (quotes, commas in cells, CRLF).
 */
import { csvParseRows } from "d3-dsv";
import { isIsoDate, type IsoDate } from "#app/lib/dates";
import {
  amountProblem,
  dailyCapMessage,
  entryDayProblem,
  HUNDREDTHS,
  parseQuantity,
  unitOf,
  type DatedGoal,
} from "#app/features/progress/progress";

// The preview carries the rows back in its confirm form, a urlencoded body (at most 128 KB, ADR 105).
export const MAX_IMPORT_BYTES = 50 * 1024;
export const MAX_IMPORT_ROWS = 200;

/** An archived challenge (ADR 303) takes no import: its entries are in a file, its totals final. */
export const IMPORT_ARCHIVED =
  "This challenge is archived: its entries are kept in a file and its totals are final, so nothing can be imported into it or undone.";

export const IMPORT_PROBLEMS = {
  none: "Choose a CSV file, or paste its rows.",
  tooBig: `The file is over 50 KB: import at most ${MAX_IMPORT_ROWS} rows at a time.`,
  empty: "There are no rows in it: one entry a line, as e-mail, day, amount.",
  tooMany: `There are more than ${MAX_IMPORT_ROWS} rows: split them into imports of up to ${MAX_IMPORT_ROWS}.`,
  notText: "This is not a CSV file: save the sheet as CSV (comma separated) and choose that.",
  columns: "Write three columns: e-mail, day, amount",
  member: "No member of this goal has this e-mail",
  day: "Write the day as year-month-day, like 2026-11-27",
} as const;

/** One row as read from the file (1-based line numbers, as a spreadsheet shows them). */
export interface ImportLine {
  line: number;
  email: string;
  day: string;
  amount: string;
  /** The row does not have three cells. */
  shape: boolean;
}

export type ReadCsv = { ok: true; lines: ImportLine[] } | { ok: false; message: string };

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** The CSV's rows; a first row of column names ("email, day, amount") is skipped. */
export function readImportCsv(text: string): ReadCsv {
  if (text.length > MAX_IMPORT_BYTES) return { ok: false, message: IMPORT_PROBLEMS.tooBig };
  // A spreadsheet's byte order mark; NULs mean a binary file (an .xlsx saved under another name).
  const body = text.replace(/^\uFEFF/, "");
  if (body.includes("\u0000")) return { ok: false, message: IMPORT_PROBLEMS.notText };
  const rows = csvParseRows(body);
  const lines: ImportLine[] = [];
  rows.forEach((cells, i) => {
    const trimmed = cells.map((c) => c.trim());
    // Blank rows and the cells a spreadsheet adds past the last column are nothing.
    while (trimmed.length > 3 && trimmed[trimmed.length - 1] === "") trimmed.pop();
    if (trimmed.every((c) => c === "")) return;
    if (i === 0 && /mail/i.test(cut(trimmed[0] ?? "", 40))) return;
    lines.push({
      line: i + 1,
      email: cut(trimmed[0] ?? "", 254),
      day: cut(trimmed[1] ?? "", 32),
      amount: cut(trimmed[2] ?? "", 32),
      shape: trimmed.length !== 3,
    });
  });
  if (lines.length === 0) return { ok: false, message: IMPORT_PROBLEMS.empty };
  if (lines.length > MAX_IMPORT_ROWS) return { ok: false, message: IMPORT_PROBLEMS.tooMany };
  return { ok: true, lines };
}

/**
 * Only 2026-11-27 (year, month, day): 03/04/2026 is March or April depending on who typed it, and a
 * misread day would be imported silently, so the line says how to write it instead.
 */
export function importDay(text: string): IsoDate | null {
  return text.length <= 10 && isIsoDate(text) ? text : null;
}

export interface ImportMember {
  userId: string;
  name: string;
}

/** A row checked: what it will write, or its problems (the row's own, then the day's cap). */
export interface CheckedRow {
  line: number;
  email: string;
  day: string;
  amountText: string;
  member: ImportMember | null;
  isoDay: IsoDate | null;
  amount: number | null;
  errors: string[];
}

export interface ImportGoal extends DatedGoal {
  unit: string;
}

/**
 * Every row against the goal: the member by e-mail (members only, case aside), the day inside the goal,
 * the amount, and the day's cap counting what the member has on that day already (`existing`, keyed
 * "userId day", hundredths) and the rows above it.
 */
export function checkImport(
  lines: ImportLine[],
  goal: ImportGoal,
  members: Map<string, ImportMember>,
  existing: Map<string, number>,
  today: IsoDate,
): CheckedRow[] {
  const cap = unitOf(goal.unit).cap * HUNDREDTHS;
  const running = new Map(existing);
  return lines.map((l) => {
    const errors: string[] = [];
    if (l.shape) errors.push(IMPORT_PROBLEMS.columns);
    const member = members.get(l.email.toLowerCase()) ?? null;
    if (!member) errors.push(IMPORT_PROBLEMS.member);
    const isoDay = importDay(l.day);
    const dayProblem = isoDay ? entryDayProblem(isoDay, goal, today) : IMPORT_PROBLEMS.day;
    if (dayProblem) errors.push(dayProblem);
    const amountError = amountProblem(l.amount, goal.unit);
    if (amountError) errors.push(amountError);
    const parsed = amountError ? null : parseQuantity(l.amount);
    const amount = parsed?.ok ? parsed.value : null;
    if (member && isoDay && !dayProblem && amount !== null) {
      const key = `${member.userId} ${isoDay}`;
      const sum = (running.get(key) ?? 0) + amount;
      if (sum > cap) errors.push(dailyCapMessage(goal.unit, isoDay, today));
      else running.set(key, sum);
    }
    return { line: l.line, email: l.email, day: l.day, amountText: l.amount, member, isoDay, amount, errors };
  });
}

export const importTotal = (rows: CheckedRow[]) => rows.reduce((sum, r) => sum + (r.amount ?? 0), 0);
