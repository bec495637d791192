import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Table, type Column } from "#app/components/Table";
import { formatDateRange } from "#app/lib/dates";
import { useToday } from "#app/components/hooks/useToday";
import { DEFAULT_CURRENCY, formatAmount } from "#app/features/fundraising/fundraising";
import type { LiveHandle } from "#app/features/live/useLiveUpdates";
import { myChallenges, type Challenge } from "#app/features/challenges/challenges.server";
import { today } from "#app/platform/session/clock.server";
import { requireRole } from "#app/platform/session/session.server";
import memberStyles from "#app/styles/member.css";
import tableStyles from "#app/styles/table.css";
import { screenMeta } from "#app/lib/meta";
import { stylesheet } from "#app/lib/stylesheet";

export const links: LinksFunction = () => [stylesheet(memberStyles), stylesheet(tableStyles)];

export const meta: MetaFunction = () =>
  screenMeta("My challenges", { description: "The challenges you run: members, completions, pledges and every tool." });

// Live (ADR 043): joins, completions and pledges move the figures; new goals add rows. An org hears its own
// challenges' topics (the admin topic is for admins only: an org's stream was refused, ADR 255).
export const handle: LiveHandle<typeof loader> = {
  live: (data) =>
    !data || data.isAdmin
      ? ["goals", "admin"]
      : [
          "goals",
          ...[...data.running, ...data.upcoming, ...data.ended]
            .slice(0, LIVE_CHALLENGES)
            .map((c) => `goal:${c.id}` as const),
        ],
};
/** Goal topics a page may add (MAX_TOPICS is 16; the root layout has its own). */
const LIVE_CHALLENGES = 12;

/** Orgs see the challenges they own; admins the site's own goals (ADR 162). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRole(request, context, "admin", "org");
  const groups = await myChallenges(context, user, today(request, context.cloudflare.env));
  return { ...groups, isAdmin: user.type === "admin" };
}

const money = (minor: number, currency: string | null) => formatAmount(minor, currency ?? DEFAULT_CURRENCY);

function columns(isAdmin: boolean, today: string): Column<Challenge>[] {
  return [
    {
      header: "Challenge",
      rowHeader: true,
      cell: (c) => <Link to={`/active/${c.id}`}>{c.cause}</Link>,
    },
    { header: "Dates", wrap: "nowrap", cell: (c) => formatDateRange(c.start, c.end, today) ?? "No Dates Selected" },
    { header: "Members", numeric: true, cell: (c) => c.members },
    { header: "Completed", numeric: true, cell: (c) => c.completed },
    { header: "Pledged", numeric: true, cell: (c) => money(c.pledged, c.currency) },
    { header: "Paid", numeric: true, cell: (c) => money(c.paid, c.currency) },
    {
      header: "Tools",
      cell: (c) => (
        <ul className="tool-links">
          <li>
            <Link to={`/goals/${c.id}/fundraising`}>
              Fundraising<span className="visually-hidden"> for {c.cause}</span>
            </Link>
          </li>
          <li>
            <Link to={`/goals/${c.id}/fundraising#pledges`}>
              Pledges and Mark paid<span className="visually-hidden"> for {c.cause}</span>
            </Link>
          </li>
          <li>
            <a href={`/goals/${c.id}/participants.csv`} download>
              Participants CSV<span className="visually-hidden"> for {c.cause}</span>
            </a>
          </li>
          {c.visibility === "public" && !c.demo ? (
            <li>
              <Link to={`/give/${c.id}`}>
                Give page<span className="visually-hidden"> for {c.cause}</span>
              </Link>
            </li>
          ) : null}
          {isAdmin ? (
            <li>
              <Link to={`/admin/goals/${c.id}`}>
                Edit<span className="visually-hidden"> {c.cause}</span>
              </Link>
            </li>
          ) : null}
        </ul>
      ),
    },
  ];
}

const SECTIONS = [
  { key: "running", title: "Running", empty: "No challenge is running right now." },
  { key: "upcoming", title: "Upcoming", empty: "Nothing scheduled yet." },
  { key: "ended", title: "Ended", empty: "No challenge has ended yet." },
] as const;

export default function MyChallengesRoute() {
  const data = useLoaderData<typeof loader>();
  const cols = columns(data.isAdmin, useToday());
  return (
    <main className="member-page member-page--wide">
      <h1>My challenges</h1>
      <p className="member-page__lead">
        {data.isAdmin
          ? "The site's own goals (every goal is under Admin, Goals)."
          : "The challenges your organisation runs."}{" "}
        Pledged is what supporters promised; paid is what you have marked as received.{" "}
        <Link to="/create">Create a goal</Link>
      </p>
      {SECTIONS.map((s) => (
        <section key={s.key} className="card" aria-labelledby={`challenges-${s.key}`}>
          <h2 id={`challenges-${s.key}`}>
            {s.title} ({data[s.key].length})
          </h2>
          {data[s.key].length ? (
            <Table caption={`${s.title} challenges`} columns={cols} rows={data[s.key]} rowKey={(c) => c.id} />
          ) : (
            <p>{s.empty}</p>
          )}
        </section>
      ))}
    </main>
  );
}
