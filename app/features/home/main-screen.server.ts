/**
 * The loader behind /main, /active/{id} and /join/{id}: the session and everything on the screen in one
 * batch, which the root loader shares (ADR 057).
 */
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { IsoDate } from "#app/lib/dates";
import {
  canCreateGoals,
  HOME_CARDS_SHOWN,
  isVisibleTo,
  joinRefusal,
  REFUSAL_MESSAGES,
} from "#app/features/goals/goals";
import { today } from "#app/platform/session/clock.server";
import { goalSupportQueries, toGoalSupport } from "#app/features/fundraising/goal-support.server";
import { mainScreenQueries, toMainScreen, type GoalSummary, type SelectedGoal } from "#app/features/goals/goals.server";
import { frozenSql } from "#app/platform/db/frozen-sql.server";
import { currentGoalIdSql, homeClock, homeQueries, toHome } from "./home.server";
import {
  LATEST_SHOWN,
  myChartDays,
  progressQueries,
  standingQueries,
  toProgressRows,
} from "#app/features/progress/progress.server";
import { archivedScreenRows } from "#app/features/archive/archive-read.server";
import { toStanding } from "#app/features/progress/standing.server";
import { toProgressView } from "#app/features/progress/progress-view.server";
import { toQuickLog } from "#app/features/progress/quick-log.server";
import { factorsOfJson } from "#app/features/activity/sport-factors.server";
import { cardColumns, type CardRow } from "./home-cards.server";
import { readScreen } from "#app/platform/session/read-screen.server";
import { goalVisit, homeVisits, recordGoalVisit, recordHomeVisit } from "./visits.server";
import { teamQueries, toTeamsView } from "#app/features/teams/teams.server";
import {
  badgeListColumns,
  badgeQueries,
  exactBadgeRows,
  toBadgeLists,
  toBadgesView,
} from "#app/features/badges/badges.server";
import { homeChallengesQuery, toHomeChallenges } from "#app/features/challenges/challenges.server";

const toNav = ({ id, cause, start, end, icon, visibility }: GoalSummary) => ({
  id,
  cause,
  start,
  end,
  icon,
  visibility,
});

/** The goal panel's fields of the selected goal: what the screen reads, no more (the loader data is in the HTML). */
type PanelGoal = Omit<SelectedGoal, "orgId" | "friendOfOwner" | "membership"> & {
  membership: { completed: boolean; completedAt: Date | null } | null;
};

export type GoalView =
  { kind: "none" } | { kind: "member"; goal: PanelGoal } | { kind: "visitor"; goal: PanelGoal; refusal: string | null };

function panelGoal({ orgId: _o, friendOfOwner: _f, membership, ...goal }: SelectedGoal): PanelGoal {
  return {
    ...goal,
    membership: membership && { completed: membership.completed, completedAt: membership.completedAt },
  };
}

/**
 * `selectedId`: the goal of /active/{id} and /join/{id}. Without it (/main, the home) the screen opens
 * on SPEC's current goal, read in the same batch, with a card per active goal and the feed (ADR 141).
 */
export async function mainScreenData(request: Request, context: AppLoadContext, selectedId?: string) {
  const day = today(request, context.cloudflare.env);
  const home = !selectedId;
  // "Show all members" (ADR 201): the goal screen lists the first members unless asked for all.
  const params = new URL(request.url).searchParams;
  const allMembers = params.get("members") === "all";
  // "Show all my entries" (ADR 145): older entries too, to edit or delete them.
  const allEntries = params.get("entries") === "all";
  // "Show more" (ADR 191, 315): Suggested lists the first 6 unless asked for all.
  const allSuggested = params.get("suggested") === "all";
  // "Show all N goals" (ADR 315): the home's first cards unless asked for all; no read changes.
  const allCards = home && params.get("goals") === "all";
  // The session and the whole screen in one round trip (ADR 057); started before any await. Built once
  // per isolate for each shape of the screen (ADR 209): only these values change between requests.
  const clock = homeClock(day);
  const values = { day, goalId: selectedId ?? "", ...clock };
  const shape = [home ? "home" : "goal", allSuggested, allMembers, allEntries, context.method].join(":");
  const { user, rows } = await readScreen({
    request,
    context,
    reads: (viewerId, v) => {
      // Rendered once: the goal's statements embed it many times (frozen-sql.server.ts).
      const goalId = home ? frozenSql(currentGoalIdSql(viewerId)) : v.goalId;
      return {
        // The home's cards ride on my goals' rows, the goal screen's sport factors on its goal row (ADR 313).
        main: mainScreenQueries(context, viewerId, v.day, goalId, {
          allSuggested,
          cards: cardColumns(home ? v.streakFrom : null),
          goalFactors: !home,
        }),
        support: goalSupportQueries(context, goalId, viewerId, allMembers),
        // Measured progress (ADR 140): the totals (the group's and mine), the leaderboard, the group's latest;
        // the badges' team week and feed ride on the measure row (ADR 308).
        progress: progressQueries(context, goalId, viewerId, (rowGoal) =>
          badgeListColumns(context, rowGoal, viewerId, v.day),
        ),
        // Where I stand (ADR 221): the goal screen's chart (the group's days); the home stays lighter.
        standing: home ? null : standingQueries(context, goalId, v.day),
        // Teams (ADR 270): the settings, the team board and my team.
        teams: teamQueries(context, goalId, viewerId),
        // Badges (ADR 271): my entries (read once: also my list, streak and chart days).
        badges: badgeQueries(context, goalId, viewerId),
        home: home ? homeQueries(context, viewerId, v) : null,
        // The org's home leads with the challenges it runs (ADR 251).
        challenges: home ? ([homeChallengesQuery(context, viewerId)] as const) : null,
        // Whether this view is a visit to record (ADR 190, 210): read here, written after the response;
        // the home reads its own "seen" time in the same statement (ADR 296).
        visit: home ? null : goalVisit(context, viewerId, goalId, v.day),
        seen: home ? homeVisits(context, viewerId, goalId, v.day) : null,
      };
    },
    template: { key: `main-screen:${shape}`, values },
  });
  const screen = toMainScreen(rows.main, user, day, allSuggested);
  // A goal the viewer may not see answers as one that does not exist: its existence is not told.
  if (selectedId && !seesGoal(screen.selected, user)) throw redirect("/404");
  // An archived challenge (ADR 303): the rows that read entries come from its file instead.
  // The measure row with the leaderboard and the group's latest read back from its JSON (ADR 310).
  const progress = toProgressRows(rows.progress);
  const archived = !!progress[0][0]?.archived;
  if (screen.selected && seesGoal(screen.selected, user) && archived)
    await readFromArchive(context, { progress, badges: rows.badges }, screen.selected, user.id);
  // Past the entries read (a long or open-ended goal), my badges from one row a day (ADR 288); a file has them all.
  const badgeRows =
    screen.selected && seesGoal(screen.selected, user) && !archived
      ? await exactBadgeRows(context, screen.selected.id, user.id, rows.badges[0])
      : rows.badges[0];
  const seen = rows.seen?.[0];
  const visitDue = home ? seen?.filter((r) => r.due) : rows.visit?.[0];
  if (screen.selected) recordGoalVisit(context, visitDue, user.id, screen.selected.id, day);
  if (home) recordHomeVisit(context, seen, user.id, clock);
  return {
    today: day,
    canCreate: canCreateGoals(user),
    active: screen.active.map(toNav),
    suggested: screen.suggested.map(toNav),
    moreSuggested: screen.moreSuggested,
    fromFriends: screen.fromFriends.map(toNav),
    view: viewOf(screen.selected, user, day),
    // Fundraising, members with cheers and the discussion (ADR 063), from the same batch.
    support:
      screen.selected && seesGoal(screen.selected, user)
        ? toGoalSupport(rows.support, user, screen.selected.activeCount + screen.selected.completedCount, day)
        : null,
    progress: progressWithStanding(
      screen.selected && seesGoal(screen.selected, user)
        ? toProgressView(progress, rows.badges[0], screen.selected, user, day, allEntries)
        : null,
      { ...rows, progress },
      screen.selected,
      day,
    ),
    teams:
      screen.selected && seesGoal(screen.selected, user)
        ? toTeamsView(
            rows.teams,
            { ...screen.selected, unit: rows.progress[0][0]?.unit ?? null, member: !!screen.selected.membership },
            user,
          )
        : null,
    badges:
      screen.selected && seesGoal(screen.selected, user)
        ? toBadgesView(
            [badgeRows, ...toBadgeLists(rows.progress[0][0])],
            { unit: rows.progress[0][0]?.unit ?? null, unitTarget: rows.progress[0][0]?.unitTarget ?? null },
            user.id,
          )
        : null,
    challenges: rows.challenges ? toHomeChallenges(rows.challenges[0], day) : null,
    // How sports count in the goal on screen, under its log form's Sport (docs/product.md "Activity files"):
    // a member's goal only, from its goal row (ADR 313).
    sportFactors: screen.selected?.membership && !home ? factorsOfJson(rows.main[3][0]?.sportFactors) : [],
    // The home's cards and feed (SPEC's empty state stays for members with no goal).
    home:
      rows.home && screen.active.length
        ? cardsShown(
            {
              ...toHome(rows.home, screen.active, rows.main[0], day),
              quickLog: quickLogOf(rows.main[0], screen, day),
            },
            allCards,
          )
        : null,
  };
}

/** The home's first HOME_CARDS_SHOWN cards, or all of them when asked (ADR 315), and how many there are. */
function cardsShown<H extends { cards: unknown[] }>(home: H, all: boolean): H & { cardTotal: number } {
  const cards = all ? home.cards : (home.cards.slice(0, HOME_CARDS_SHOWN) as H["cards"]);
  return { ...home, cards, cardTotal: home.cards.length };
}

/** Replaces the rows that read an archived goal's entries (gone from D1) with the same rows from its file. */
async function readFromArchive(
  context: AppLoadContext,
  rows: { progress: Parameters<typeof toProgressView>[0]; badges: readonly [Parameters<typeof toBadgesView>[0][0]] },
  goal: SelectedGoal,
  viewerId: string,
) {
  const archived = await archivedScreenRows(context, goal.id, viewerId, LATEST_SHOWN);
  const put = <T>(target: T[], from: T[]) => target.splice(0, target.length, ...from);
  put(rows.progress[2], archived.latest);
  put(rows.badges[0], archived.myEntries);
}

/** The goal screen's progress with where I stand (ADR 221): chart, pace and best day, mine and the group's. */
function progressWithStanding(
  view: ReturnType<typeof toProgressView>,
  rows: {
    progress: Parameters<typeof toProgressView>[0];
    standing: readonly [Parameters<typeof toStanding>[0][1]] | null;
    badges: readonly [Parameters<typeof toBadgesView>[0][0]];
  },
  goal: { start: IsoDate | null; end: IsoDate | null } | null,
  day: IsoDate,
) {
  if (!view || !goal || !rows.standing) return view;
  const measure = {
    unit: view.unit,
    myTarget: view.me?.target ?? null,
    myTotal: view.me ? view.me.total : null,
    groupTarget: rows.progress[0][0]?.groupTarget ?? null,
    groupTotal: view.group.total,
  };
  const mine = myChartDays(rows.badges[0], goal, day);
  return { ...view, standing: toStanding([mine, rows.standing[0]], goal, measure, day) };
}

/** The home's quick log (ADR 220): my running measured goals, the one the home opens on first. */
function quickLogOf(
  cards: readonly (CardRow & { sportFactors: string | null })[],
  screen: ReturnType<typeof toMainScreen>,
  day: IsoDate,
) {
  const units = new Map(cards.map((t) => [t.goalId, t.unit]));
  const factors = new Map(cards.map((t) => [t.goalId, factorsOfJson(t.sportFactors)]));
  return toQuickLog(
    screen.active.map((g) => ({ ...g, unit: units.get(g.id) ?? null })),
    day,
    screen.selected?.id,
    factors,
  );
}

const seesGoal = (goal: SelectedGoal | null, user: { id: string; type: "admin" | "org" | "user" }) =>
  !!goal && (!!goal.membership || isVisibleTo(goal, user));

function viewOf(
  goal: SelectedGoal | null,
  user: { id: string; type: "admin" | "org" | "user" },
  day: string,
): GoalView {
  if (!goal) return { kind: "none" };
  if (goal.membership) return { kind: "member", goal: panelGoal(goal) };
  // A goal the viewer may not see is not described at all (its cause could be private): the loader
  // answers it as page not found before this (ADR 218), and nothing here may tell it either.
  if (!isVisibleTo(goal, user)) return { kind: "none" };
  const refusal = joinRefusal(goal, user, undefined, day);
  return { kind: "visitor", goal: panelGoal(goal), refusal: refusal && REFUSAL_MESSAGES[refusal] };
}
