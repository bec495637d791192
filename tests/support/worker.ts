/**
 * The built worker (vitest.config's `main`), for handlers SELF cannot call (`scheduled`, `queue`): the same
 * module instance SELF runs. Build first (`remix build`), as for every integration test.
 */
// `#build/worker` is build/index.js for vitest (vitest.config.ts) and built-worker.d.ts for tsc (tsconfig
// paths), so type-checking never infers types from the ~1 MB bundle (that was most of `npm run typecheck`).
import built from "#build/worker";
import type { OutboundMessage } from "#app/features/mail/outbound-queue.server";

export const worker = built as Required<Pick<ExportedHandler<Env, OutboundMessage>, "fetch" | "scheduled" | "queue">>;
