import type { MetaFunction } from "@remix-run/cloudflare";

/** Every unknown route answers with SPEC's page-not-found screen and a real 404 status. */
export const meta: MetaFunction = () => [
  { title: "Page not found" },
  { name: "description", content: "This page does not exist on Goals with Friends." },
];

export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function CatchAll() {
  return null;
}
