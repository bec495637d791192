/// <reference types="vite/client" />
/** Generated bad input in the URL (ids), and the size of the whole generated suite. */
import { beforeAll, describe, expect, it } from "vitest";
import {
  ID_ROUTES,
  REFUSED,
  runIdRoute,
  runRefused,
  setUpFixtures,
  TOTAL_CASES,
  type Group,
} from "../support/bad-input-forms";
import { PARTS } from "../support/bad-input-parts";
import { PATHOLOGICAL_PARTS } from "../support/pathological-parts";

beforeAll(setUpFixtures, 60_000);

describe("bad input: ids in the URL", () => {
  it.each(ID_ROUTES)(
    "$name refuses unknown and malformed ids with a 4xx or the 404 page, changing nothing",
    (route) => runIdRoute(route).then(() => {}),
    60_000,
  );
});

describe("bad input: well-formed but not allowed (ADR 140)", () => {
  it.each(REFUSED)("$name is refused with a 4xx, changing nothing", (row) => runRefused(row).then(() => {}), 60_000);
});

describe("bad input: coverage", () => {
  it("the full suite (BAD_INPUT_SCALE=1) sends at least 2,000 malformed submissions over all forms", () => {
    expect(TOTAL_CASES).toBeGreaterThanOrEqual(2_000);
  });

  it("every part file of every group exists, so every row of the form table runs", () => {
    // Lazy: only the file names are read, the files are not run here.
    const files = Object.keys(import.meta.glob("./bad-input-*-[0-9].test.ts")).sort();
    const expected = (Object.keys(PARTS) as Group[])
      .flatMap((group) => Array.from({ length: PARTS[group] }, (_, part) => `./bad-input-${group}-${part}.test.ts`))
      .concat(Array.from({ length: PATHOLOGICAL_PARTS }, (_, part) => `./bad-input-pathological-${part}.test.ts`))
      .sort();
    expect(files).toEqual(expected);
    expect(files.length).toBeGreaterThan(0);
  });
});
