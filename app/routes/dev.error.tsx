import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireDevelopment } from "#app/platform/http/env.server";

/**
 * Development only: a loader that fails on purpose, to see an unexpected error go through the one
 * reporter (report.server.ts) with its request id; with `?in=render` the page's render throws instead,
 * and throws a non-Error (as a third-party component may); with `?status=` that status is thrown.
 * Production answers 404.
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  requireDevelopment(context);
  const url = new URL(request.url);
  // `?status=403|404|429|503`: that status thrown, to see the one boundary's page for it (ADR 277).
  const status = Number(url.searchParams.get("status"));
  if ([403, 404, 429, 503].includes(status)) throw new Response(null, { status });
  if (url.searchParams.get("in") === "render") return { failIn: "render" as const };
  throw new Error("A loader failed on purpose (/dev/error)");
}

export default function DevError() {
  const { failIn } = useLoaderData<typeof loader>();

  if (failIn === "render") throw { failed: "A render failed on purpose (/dev/error?in=render)" };
  return null;
}
