/**
 * What the goal screens show besides the goal's card and the log form, in one chunk the browser loads
 * after the page's first scripts (ADR 237): MainScreen.tsx imports this module only through lazySection,
 * so none of it (nor what only it uses) is among the scripts the HTML names. The sections under the
 * goal's card (progress, teams, badges, fundraising and discussion), what reaching the target offers and
 * the reminders' line under the goal screen's log form, the org's challenges at the top of its home, and
 * the welcome of a member with no goal: none is needed before the log form works, and each is whole in
 * the server's HTML.
 */
export { MeasuredProgress, ReachedTarget } from "#app/features/progress/MeasuredProgress";
export { TeamsSection } from "#app/features/teams/TeamsSection";
export { BadgesSection } from "#app/features/badges/BadgesSection";
export { GoalSupport } from "#app/features/fundraising/GoalSupport";
export { ChallengesOverview } from "#app/features/challenges/ChallengesOverview";
export { PushOptIn } from "#app/features/push/PushOptIn";
export { NoGoalPanel } from "./NoGoalPanel";
