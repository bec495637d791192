import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { AppHeader } from "#app/components/AppHeader";
import { PageScroll, SettlingScroll } from "#app/components/PageScroll";
import { FlashMessage } from "#app/components/FlashMessage";
import { NOT_FOUND_DESCRIPTION } from "#app/components/NotFound";
import { pageMeta } from "#app/lib/meta";
import { statusPage } from "#app/components/StatusPages";
import type { LiveHandle } from "#app/features/live/useLiveUpdates";
import { useNonce } from "#app/components/Nonce";
import { InstallTags } from "#app/features/offline/InstallTags";
import { lazySection } from "#app/components/LazySection";
import type { Flash } from "#app/lib/flash";
import type { UserType } from "#app/features/goals/goals";
import { shipsNoScripts } from "#app/lib/scripts";
import { rootData } from "#app/platform/session/root-data.server";
import appStyles from "#app/styles/app.css";
import { stylesheet } from "#app/lib/stylesheet";

// The live updates and the connection's notice draw nothing at first: their code loads after the page's
// first scripts (ADR 237). The offline queue travels in the same chunk as its notice (ADR 229, amended).
const services = () => import("#app/components/PageServices");
const LiveUpdates = lazySection(() => services().then((m) => m.LiveUpdates));
const OfflineStatus = lazySection(() => services().then((m) => m.OfflineStatus));

export const links: LinksFunction = () => [
  stylesheet(appStyles),
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction<typeof loader> = ({ error, data }) =>
  // A thrown 404 renders the page-not-found screen here, so it gets that screen's title too.
  isRouteErrorResponse(error) && error.status === 404
    ? pageMeta({ title: "Page not found", description: NOT_FOUND_DESCRIPTION, origin: data?.origin })
    : pageMeta({
        title: "Goals with Friends",
        description: "Achieve goals with friends: set goals together, cheer each other on and raise money for charity.",
        origin: data?.origin,
      });

export async function loader(args: LoaderFunctionArgs) {
  return rootData(args);
}

// The header shows the user's name, colour and picture: follow their own changes live.
export const handle: LiveHandle<() => RootData> = {
  live: (data) => (data?.user ? [`user:${data.user.id}`] : []),
};

export interface RootData {
  user: { id: string; first: string; color: string; img: string | null; type: UserType; unread: number } | null;
  origin: string;
  today: string;
  flash: Flash | null;
}

export type RootUser = NonNullable<RootData["user"]>;

export function useOptionalUser(): RootUser | null {
  return useRouteLoaderData<typeof loader>("root")?.user ?? null;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const matches = useMatches();
  // A route can opt out of client JavaScript entirely (the marketing page needs none).
  const hydrate = !shipsNoScripts(matches.map((m) => m.handle));
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <InstallTags />
        <Meta />
        <Links />
        {hydrate ? <SettlingScroll nonce={nonce} /> : null}
      </head>
      <body>
        {data?.user ? <AppHeader user={data.user} /> : null}
        <FlashMessage />
        {children}
        {hydrate ? (
          <>
            <PageScroll />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  const user = useOptionalUser();
  return (
    <>
      <LiveUpdates />
      <OfflineStatus account={user?.id ?? null} />
      <Outlet />
    </>
  );
}

/** The one error boundary: a handler per status (STATUS_PAGES: 404, 403, 429), else the 5xx page (ADR 277). */
export function ErrorBoundary() {
  const error = useRouteError();
  // In the browser, for the developer's console; on the server the one reporter has logged it already.
  if (typeof document !== "undefined" && !isRouteErrorResponse(error)) console.error(error);
  return statusPage(error);
}
