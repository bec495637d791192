import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireDevelopment } from "#app/server/env.server";

/**
 * Development only: a loader that fails on purpose, to see an unexpected error go through the one
 * reporter (report.server.ts) with its request id. Production answers 404.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  requireDevelopment(context);
  throw new Error("A loader failed on purpose (/dev/error)");
}

export default function DevError() {
  return null;
}
