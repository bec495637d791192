import type { IsoDate } from "#app/lib/dates";
import { DrawerProvider, DrawerToggle } from "#app/components/Drawer";
import { ToastRegion } from "#app/components/Toast";
import type { NavGoal } from "#app/features/goals/GoalNavCard";
import { CreateGoalButton, SideNav } from "./SideNav";
import { GoalPanel } from "#app/features/goals/GoalPanel";
import { HomeOverview } from "./HomeOverview";
import { goalScreenLog, QuickLog } from "#app/features/progress/QuickLog";
import { OrganiserTools } from "#app/features/goals/OrganiserTools";
import { lazySection, screenSections, type LazySection } from "#app/components/LazySection";
import type * as Sections from "./LaterSections";

// The sections under the goal's card load after the first scripts, their HTML whole from the server (ADR 237).
const sections = () => import("./LaterSections");
const MeasuredProgress = lazySection(() => sections().then((m) => m.MeasuredProgress));
const ReachedTarget = lazySection(() => sections().then((m) => m.ReachedTarget));
const TeamsSection = lazySection(() => sections().then((m) => m.TeamsSection));
const BadgesSection = lazySection(() => sections().then((m) => m.BadgesSection));
const GoalSupport = lazySection(() => sections().then((m) => m.GoalSupport));
const ChallengesOverview = lazySection(() => sections().then((m) => m.ChallengesOverview));
const PushOptIn = lazySection(() => sections().then((m) => m.PushOptIn));
const NoGoalPanel = lazySection(() => sections().then((m) => m.NoGoalPanel));
// In the browser, asked for as soon as a goal screen's module runs, beside hydration rather than after it;
// a goal screen reached by a client-side navigation waits for them (ADR 237).
const laterSections = screenSections([
  MeasuredProgress,
  ReachedTarget,
  TeamsSection,
  BadgesSection,
  GoalSupport,
  ChallengesOverview,
  PushOptIn,
  NoGoalPanel,
] as LazySection<never>[]);

/** The main goals screen shared by /main, /active/{id} and /join/{id}: side navigation + a goal panel. */
export function MainScreen({
  active,
  suggested,
  moreSuggested,
  fromFriends,
  selectedId,
  canCreate,
  children,
}: {
  active: NavGoal[];
  suggested: NavGoal[];
  moreSuggested?: boolean;
  fromFriends?: NavGoal[];
  selectedId?: string;
  canCreate: boolean;
  children: React.ReactNode;
}) {
  laterSections.useWithScreen();
  return (
    <DrawerProvider>
      <div className="goals-layout">
        {/* A landmark of its own: on a phone it holds what opens the goal lists and the plus button. */}
        <nav className="goals-toolbar" aria-label="Goal lists">
          <DrawerToggle target="goals-drawer">
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            Goals
          </DrawerToggle>
          {canCreate ? <CreateGoalButton /> : null}
          <DrawerToggle target="suggested-drawer">Suggested</DrawerToggle>
        </nav>
        <SideNav
          active={active}
          suggested={suggested}
          moreSuggested={moreSuggested}
          fromFriends={fromFriends}
          selectedId={selectedId}
          canCreate={canCreate}
        />
        <main className="goal-panel" id="main">
          {children}
          <ToastRegion />
        </main>
      </div>
    </DrawerProvider>
  );
}

export type { NavGoal };

type View =
  | { kind: "none" }
  | { kind: "member"; goal: React.ComponentProps<typeof GoalPanel>["goal"] }
  | { kind: "visitor"; goal: React.ComponentProps<typeof GoalPanel>["goal"]; refusal: string | null };

/** The whole screen for the three main routes, from their (shared) loader data. */
export function MainScreenView({
  data,
  error,
  progressResult,
  quickLogResult,
}: {
  data: {
    today: string;
    canCreate: boolean;
    active: NavGoal[];
    suggested: NavGoal[];
    moreSuggested?: boolean;
    fromFriends?: NavGoal[];
    view: View;
    support?: React.ComponentProps<typeof Sections.GoalSupport>["support"] | null;
    progress?: React.ComponentProps<typeof Sections.MeasuredProgress>["view"] | null;
    home?: React.ComponentProps<typeof HomeOverview>["home"] | null;
    teams?: React.ComponentProps<typeof Sections.TeamsSection>["view"] | null;
    badges?: React.ComponentProps<typeof Sections.BadgesSection>["view"] | null;
    /** The org's home: the challenges it runs, first (ADR 251). */
    challenges?: React.ComponentProps<typeof Sections.ChallengesOverview> | null;
    /** How sports count in the goal on screen (docs/product.md "Activity files"). */
    sportFactors?: Parameters<typeof goalScreenLog>[3];
    /** The goal screen's Web Push key: the reminders' opt-in with the log form (ADR 281). */
    pushKey?: string | null;
  };
  error?: string;
  /** The entry forms' answer without JavaScript (ADR 140). */
  progressResult?: React.ComponentProps<typeof Sections.MeasuredProgress>["result"];
  /** The home's quick log answer without JavaScript (ADR 220). */
  quickLogResult?: React.ComponentProps<typeof HomeOverview>["quickLogResult"];
}) {
  const { view } = data;
  return (
    <MainScreen
      active={data.active}
      suggested={data.suggested}
      moreSuggested={data.moreSuggested}
      fromFriends={data.fromFriends}
      canCreate={data.canCreate}
      selectedId={"goal" in view ? view.goal.id : undefined}
    >
      {data.challenges ? <ChallengesOverview {...data.challenges} /> : null}
      {data.home ? (
        <HomeOverview
          home={data.home}
          currentId={"goal" in view ? view.goal.id : null}
          quickLogResult={quickLogResult}
        />
      ) : null}
      {view.kind === "none" ? (
        <NoGoalPanel canCreate={data.canCreate} suggested={data.suggested} />
      ) : (
        <GoalPanel
          goal={view.goal}
          today={data.today}
          refusal={view.kind === "visitor" ? view.refusal : null}
          error={error}
          tools={
            data.support?.manager ? (
              <OrganiserTools
                goalId={view.goal.id}
                fundraising={!!data.support.fundraiser}
                measured={!!data.progress}
              />
            ) : undefined
          }
          measured={!!data.progress}
          lead={
            // The goal screen leads with the log form (ADR 224); the home has its own at the top.
            !data.home && data.progress?.canLog && view.kind === "member" ? (
              <>
                <QuickLog
                  data={goalScreenLog(data.progress, view.goal.cause, data.today as IsoDate, data.sportFactors)}
                  action={data.progress.formAction}
                  result={progressResult?.intent === "log-entry" ? progressResult : undefined}
                  onGoalScreen
                />
                <ReachedTarget view={data.progress} />
                {/* The reminders' opt-in sits with the log form, after what reaching the target offers (ADR 281). */}
                {data.pushKey ? <PushOptIn publicKey={data.pushKey} /> : null}
              </>
            ) : undefined
          }
        />
      )}
      {data.progress ? (
        <MeasuredProgress view={data.progress} result={progressResult} sponsorable={!!data.support?.fundraiser} />
      ) : null}
      {data.teams ? <TeamsSection view={data.teams} /> : null}
      {data.badges && view.kind === "member" ? <BadgesSection view={data.badges} /> : null}
      {data.support ? <GoalSupport support={data.support} /> : null}
    </MainScreen>
  );
}
