/**
 * The one CSV writer: every CSV the app serves goes through `csvResponse` (or `csvDocument`), so every
 * export gets the same defences (ADR 104):
 * - a UTF-8 byte-order mark, so spreadsheets read names in any script correctly;
 * - every cell quoted, quotes doubled, CRLF line ends (RFC 4180);
 * - formula neutralising: a text cell, or any part of it after a `,` or `;` (spreadsheets in many
 *   locales split on ";" when a file is opened or pasted), that starts with a formula sign
 *   (= + - @, tab, CR, or their full-width forms) gets a leading apostrophe, so a hostile name
 *   is shown as text instead of running in the reader's spreadsheet.
 * Numbers and booleans are written as they are: they cannot be a formula.
 */

export type CsvValue = string | number | boolean | null | undefined;

/** Signs that make a spreadsheet read a cell as a formula: ASCII and full-width (U+FF1D, FF0B, FF0D, FF20). */
const FORMULA_SIGNS = new Set(["=", "+", "-", "@", "\t", "\r", "\uFF1D", "\uFF0B", "\uFF0D", "\uFF20"]);
/**
 * Where a spreadsheet may split a cell into parts: comma, semicolon, their full-width forms, and the
 * tab and line ends that split a pasted cell into columns and rows.
 */
const SEPARATORS = new Set([",", ";", "\uFF0C", "\uFF1B", "\t", "\r", "\n"]);
/** Blanks a spreadsheet may trim before it looks at a part's first sign. */
const BLANKS = new Set([" ", "\u00A0", "\u3000"]);

/** Text with an apostrophe before a formula sign at the start of the text and of every `,`/`;` part. */
export function neutraliseFormulas(text: string): string {
  let out = "";
  let atPartStart = true;
  for (const char of text) {
    out += atPartStart && FORMULA_SIGNS.has(char) ? `'${char}` : char;
    if (SEPARATORS.has(char)) atPartStart = true;
    else if (!BLANKS.has(char)) atPartStart = false;
  }
  return out;
}

/** One cell: quoted, quotes doubled; text neutralised. */
export function csvCell(value: CsvValue): string {
  const text =
    value === null || value === undefined ? "" : typeof value === "string" ? neutraliseFormulas(value) : String(value);
  return `"${text.replace(/"/g, '""')}"`;
}

export const csvRow = (cells: readonly CsvValue[]) => cells.map(csvCell).join(",");

/** A whole file: byte-order mark, one CRLF-terminated line per row. */
export function csvDocument(rows: readonly (readonly CsvValue[])[]): string {
  return `\uFEFF${rows.map((row) => `${csvRow(row)}\r\n`).join("")}`;
}

/** A download of `rows` named `filename` (a CSV holds personal data: never cached by anyone else). */
export function csvResponse(rows: readonly (readonly CsvValue[])[], filename: string): Response {
  return new Response(csvDocument(rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, "-")}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
