import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { requireUser } from "#app/server/session.server";

export const meta: MetaFunction = () => [
  { title: "Home | Goals with Friends" },
  { name: "description", content: "Your goals and suggested goals." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return { type: user.type };
}

export default function MainRoute() {
  return (
    <main className="page">
      <h1 className="visually-hidden">Your goals</h1>
      <p>Select a goal to get started</p>
    </main>
  );
}
