import type { MetaFunction } from "@remix-run/cloudflare";
import { MarketingPage } from "#app/components/MarketingPage";

export const meta: MetaFunction = () => [
  { title: "Goals with Friends: achieve goals with friends" },
  { name: "description", content: "Set goals with friends, track progress together and raise money for charity." },
];

export const handle = { hydrate: false };

export default function Marketing() {
  return <MarketingPage />;
}
