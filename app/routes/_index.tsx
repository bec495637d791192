import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { MarketingPage } from "#app/components/MarketingPage";
import { requireAnonymous } from "#app/server/session.server";

export const meta: MetaFunction = () => [
  { title: "Goals with Friends: achieve goals with friends" },
  { name: "description", content: "Set goals with friends, track progress together and raise money for charity." },
];

export const handle = { hydrate: false };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request, context);
  return null;
}

export default function Index() {
  return <MarketingPage />;
}
