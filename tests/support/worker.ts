/**
 * The built worker (vitest.config's `main`), for handlers SELF cannot call (`scheduled`): the same
 * module instance SELF runs. Build first (`remix build`), as for every integration test.
 */
// @ts-expect-error: build output, no type declarations
import built from "../../build/index.js";

export const worker = built as Required<Pick<ExportedHandler<Env>, "fetch" | "scheduled">>;
