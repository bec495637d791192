import { describe, expect, it } from "vitest";
import { csvCell, csvDocument, csvResponse, neutraliseFormulas } from "#app/lib/csv";

describe("the one CSV writer", () => {
  it("quotes every cell, doubles quotes, keeps commas and newlines inside the cell", () => {
    expect(csvCell('Say "hi"')).toBe('"Say ""hi"""');
    expect(csvCell("Leeds")).toBe('"Leeds"');
    expect(csvCell("d,e")).toBe('"d,e"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(undefined)).toBe('""');
  });

  it("writes numbers and booleans as they are (a number cannot be a formula)", () => {
    expect(csvCell(3)).toBe('"3"');
    expect(csvCell(-2)).toBe('"-2"');
    expect(csvCell(true)).toBe('"true"');
  });

  it("defuses a formula sign at the start of the cell", () => {
    for (const sign of ["=", "+", "-", "@", "\t", "\r"]) expect(neutraliseFormulas(`${sign}1+1`)).toBe(`'${sign}1+1`);
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });

  it("defuses full-width formula signs too", () => {
    for (const sign of ["\uFF1D", "\uFF0B", "\uFF0D", "\uFF20"])
      expect(neutraliseFormulas(`${sign}cmd`)).toBe(`'${sign}cmd`);
  });

  it("defuses a formula at the start of every , or ; part, after blanks", () => {
    expect(neutraliseFormulas("Smith;=cmd()")).toBe("Smith;'=cmd()");
    expect(neutraliseFormulas("Smith, =cmd()")).toBe("Smith, '=cmd()");
    expect(neutraliseFormulas("a;b,+c;\uFF1Dd")).toBe("a;b,'+c;'\uFF1Dd");
    expect(neutraliseFormulas("a\uFF1B-1")).toBe("a\uFF1B'-1");
    expect(neutraliseFormulas("line\n@SUM(A1)")).toBe("line\n'@SUM(A1)");
  });

  it("leaves signs inside a part alone", () => {
    expect(neutraliseFormulas("Smith-Jones")).toBe("Smith-Jones");
    expect(neutraliseFormulas("a+b=c")).toBe("a+b=c");
    expect(neutraliseFormulas("me@example.com")).toBe("me@example.com");
    expect(neutraliseFormulas("Zoë 山田 🙂")).toBe("Zoë 山田 🙂");
  });

  it("defuses every part of a long hostile cell", () => {
    expect(neutraliseFormulas(";=".repeat(100_000))).toBe(";'=".repeat(100_000));
  });

  it("writes a whole file with a byte-order mark and CRLF line ends", () => {
    expect(
      csvDocument([
        ["First name", "Total"],
        ["=Ann", 3],
      ]),
    ).toBe('\uFEFF"First name","Total"\r\n"\'=Ann","3"\r\n');
  });

  it("serves a download that nobody else may cache, with a safe file name", async () => {
    const response = csvResponse([["a"]], 'bad"name\r\n.csv');
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="bad-name--.csv"');
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.text()).toBe('\uFEFF"a"\r\n');
  });
});
