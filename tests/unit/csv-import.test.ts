/** The CSV import's reading and checks, pure (docs/product.md "Activity files", ADR 261). */
import { describe, expect, it } from "vitest";
import {
  checkImport,
  importDay,
  IMPORT_PROBLEMS,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  readImportCsv,
} from "#app/features/imports/csv-import";
import { dailyCapMessage } from "#app/features/progress/progress";

const lines = (text: string) => {
  const read = readImportCsv(text);
  if (!read.ok) throw new Error(read.message);
  return read.lines;
};

describe("reading the CSV", () => {
  it("skips a header, blank lines and a spreadsheet's empty trailing cells; reads quotes and CRLF", () => {
    const read = lines(
      '\uFEFFE-mail,Day,Amount\r\n\r\n"ann@example.com","2026-11-20","5,5"\r\nbob@example.com,2026-11-21,3,,\r\n',
    );
    expect(read).toEqual([
      { line: 3, email: "ann@example.com", day: "2026-11-20", amount: "5,5", shape: false },
      { line: 4, email: "bob@example.com", day: "2026-11-21", amount: "3", shape: false },
    ]);
  });

  it("refuses an empty, binary, oversized or overlong file with its reason", () => {
    expect(readImportCsv(" \n\n")).toEqual({ ok: false, message: IMPORT_PROBLEMS.empty });
    expect(readImportCsv("PK\u0003\u0004\u0000\u0000")).toEqual({ ok: false, message: IMPORT_PROBLEMS.notText });
    expect(readImportCsv("a".repeat(MAX_IMPORT_BYTES + 1))).toEqual({ ok: false, message: IMPORT_PROBLEMS.tooBig });
    const many = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => `m${i}@example.com,2026-11-20,1`).join("\n");
    expect(readImportCsv(many)).toEqual({ ok: false, message: IMPORT_PROBLEMS.tooMany });
  });

  it("days: year-month-day only (03/04 could be March or April); impossible dates are none", () => {
    expect(importDay("2026-11-20")).toBe("2026-11-20");
    expect(importDay("03/04/2026")).toBeNull();
    expect(importDay("2026-02-31")).toBeNull();
    expect(importDay("x".repeat(5000))).toBeNull();
  });
});

describe("checking the lines", () => {
  const goal = { unit: "km", start: "2026-11-01", end: "2026-11-30" };
  const members = new Map([["ann@example.com", { userId: "u1", name: "Ann Runner" }]]);

  it("each line's problems; the day's cap counts what the member has and the lines above", () => {
    const rows = checkImport(
      lines(
        [
          "ANN@example.com,2026-11-20,300",
          "ann@example.com,2026-11-20,150",
          "ann@example.com,2026-11-20,1",
          "ann@example.com,2026-10-31,1",
          "ann@example.com,2026-11-21,-2",
          "zed@example.com,2026-11-21,2",
          "ann@example.com",
        ].join("\n"),
      ),
      goal,
      members,
      new Map([["u1 2026-11-20", 5_000]]),
      "2026-11-25",
    );
    expect(rows.map((r) => r.errors)).toEqual([
      [],
      [],
      [dailyCapMessage("km", "2026-11-20", "2026-11-25")],
      ["That day is before the goal started"],
      ["Enter an amount more than zero"],
      [IMPORT_PROBLEMS.member],
      [IMPORT_PROBLEMS.columns, IMPORT_PROBLEMS.day, "Enter a number, like 5 or 5.25"],
    ]);
    expect(rows[0]).toMatchObject({ member: { userId: "u1" }, isoDay: "2026-11-20", amount: 30_000 });
  });
});
