/** Generated bad input on the member forms: the table and runner are in tests/support/bad-input-forms.ts. */
import { beforeAll, describe, it } from "vitest";
import { casesOf, FORMS, ID_ROUTES, runIdRoute, runRow, setUpFixtures } from "../support/bad-input-forms";

beforeAll(setUpFixtures, 60_000);

describe.each(FORMS.filter((row) => row.group === "member"))("bad input: $name", (row) => {
  it(
    `refuses ${casesOf(row)} of ${row.cases} generated malformed submissions with a 4xx and writes nothing`,
    async () => void (await runRow(row)),
    600_000,
  );
});

describe("bad input: ids in the URL", () => {
  it.each(ID_ROUTES)(
    "$name refuses unknown and malformed ids with a 4xx or the 404 page, changing nothing",
    (route) => runIdRoute(route).then(() => {}),
    60_000,
  );
});
