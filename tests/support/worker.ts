/**
 * The built worker (vitest.config's `main`), for handlers SELF cannot call (`scheduled`, `queue`): the same
 * module instance SELF runs. Build first (`remix build`), as for every integration test.
 */
// The build may or may not exist when this is type-checked, so neither an error nor its absence is certain.
// eslint-disable-next-line @typescript-eslint/ban-ts-comment
// @ts-ignore: build output, no type declarations
import built from "../../build/index.js";
import type { OutboundMessage } from "#app/server/outbound-queue.server";

export const worker = built as Required<Pick<ExportedHandler<Env, OutboundMessage>, "fetch" | "scheduled" | "queue">>;
