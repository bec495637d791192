/**
 * The one next thing an organiser should do for a challenge (ADR 251), shown on the org's home: the
 * first that applies of no members yet, no fundraising yet, pledges not yet marked paid. Pure: the
 * home's cards and its unit test share it.
 */
import type { GoalPhase } from "#app/features/goals/goal-state";

export interface NextStep {
  /** What to do, in a few words (the link's text). */
  label: string;
  /** Why, in one short sentence. */
  why: string;
  href: string;
}

export interface ChallengeFacts {
  id: string;
  phase: GoalPhase;
  members: number;
  pledged: number;
  paid: number;
  fundraising: boolean;
  demo: boolean;
}

export function nextStep(c: ChallengeFacts): NextStep | null {
  const tools = `/goals/${c.id}/fundraising`;
  if (c.phase !== "ended" && c.members === 0)
    return {
      label: "Share the invite link",
      why:
        c.phase === "upcoming" ? "Nobody has joined yet: members can join before it starts." : "Nobody has joined yet.",
      href: tools,
    };
  if (c.phase !== "ended" && !c.fundraising && !c.demo)
    return { label: "Set up fundraising", why: "Supporters can pledge once a charity is named.", href: tools };
  if (c.pledged > c.paid)
    return {
      label: "Mark pledges paid",
      why: "Some pledges are not marked as received yet.",
      href: `${tools}#pledges`,
    };
  return null;
}
