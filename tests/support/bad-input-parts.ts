/**
 * The generated bad-input suite, cut into files of a few hundred requests each. Under
 * @cloudflare/vitest-pool-workers every SELF.fetch costs more than the one before it within one test
 * file's instance (the cost grows with the number of requests already sent: measured here 0.2 s per 40
 * requests at first, 40 s per 40 after ~1,000), so one file of 1,000+ requests spent minutes in the
 * harness while the same rows split over fresh files take seconds. A fresh file is a fresh instance.
 * See ADR 203.
 *
 * A group's rows are dealt round-robin over its PARTS files (row i goes to part i % PARTS): a new row
 * lands in an existing file, so no row is ever left out; a group with more rows gets more files by
 * raising its count here and adding the file tests/integration/bad-input-{group}-{part}.test.ts.
 */
import { beforeAll, describe, it } from "vitest";
import { casesOf, FORMS, setUpFixtures, runRow, type Group } from "./bad-input-forms";

export const PARTS: Record<Group, number> = { visitor: 4, member: 4, admin: 4 };

/** The rows of `group` that part `part` runs. */
export const rowsOfPart = (group: Group, part: number) =>
  FORMS.filter((row) => row.group === group).filter((_, i) => i % PARTS[group] === part);

/** Declares the tests of one part file: its rows, each refused case by case. */
export function badInputPart(group: Group, part: number) {
  beforeAll(setUpFixtures, 60_000);
  describe.each(rowsOfPart(group, part))("bad input: $name", (row) => {
    it(
      `refuses ${casesOf(row)} of ${row.cases} generated malformed submissions with a 4xx and writes nothing`,
      async () => void (await runRow(row)),
      600_000,
    );
  });
}
