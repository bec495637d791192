/** Generated bad input on the admin forms: the table and runner are in tests/support/bad-input-forms.ts. */
import { beforeAll, describe, it } from "vitest";
import { casesOf, FORMS, runRow, setUpFixtures } from "../support/bad-input-forms";

beforeAll(setUpFixtures, 60_000);

describe.each(FORMS.filter((row) => row.group === "admin"))("bad input: $name", (row) => {
  it(
    `refuses ${casesOf(row)} of ${row.cases} generated malformed submissions with a 4xx and writes nothing`,
    async () => void (await runRow(row)),
    600_000,
  );
});
