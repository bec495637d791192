/** Generated bad input on the visitor forms: the table and runner are in tests/support/bad-input-forms.ts. */
import { beforeAll, describe, expect, it } from "vitest";
import { casesOf, FORMS, runRow, setUpFixtures } from "../support/bad-input-forms";

beforeAll(setUpFixtures, 60_000);

describe.each(FORMS.filter((row) => row.group === "visitor"))("bad input: $name", (row) => {
  it(
    `refuses ${casesOf(row)} of ${row.cases} generated malformed submissions with a 4xx and writes nothing`,
    async () => void (await runRow(row)),
    600_000,
  );
});

describe("bad input: coverage", () => {
  it("the full suite (BAD_INPUT_SCALE=1) sends at least 2,000 malformed submissions over all forms", async () => {
    const { TOTAL_CASES } = await import("../support/bad-input-forms");
    expect(TOTAL_CASES).toBeGreaterThanOrEqual(2_000);
  });
});
