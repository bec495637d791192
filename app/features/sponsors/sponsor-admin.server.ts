/**
 * The organiser's sponsor-link tools (ADR 240) on the goal's fundraising page: the whole challenge's
 * link with its QR code, sponsoring on or off, revoke every link, replace one member's or one team's.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import * as z from "zod";
import { goals } from "#drizzle/schema";
import { appUrl } from "#app/platform/http/env.server";
import { formErrors } from "#app/platform/http/form-answer.server";
import { redirectWithFlash } from "#app/platform/session/flash.server";
import {
  goalMembersQuery,
  revokeMemberSponsorLink,
  revokeSponsorLinks,
  revokeTeamSponsorLink,
  setSponsoring,
  sponsorPath,
} from "./sponsor-links.server";
import { teamLabel } from "#app/features/teams/teams";
import { qrCode } from "#app/lib/qr";
import { teamsOf } from "./team-pledge.server";

export const SPONSOR_INTENTS = [
  "sponsoring",
  "revoke-sponsor-links",
  "revoke-member-sponsor-link",
  "revoke-team-sponsor-link",
] as const;

/** Whether a form posted to the fundraising page is one of the sponsor-links panel's (its intent, parsed). */
export const isSponsorForm = (formData: FormData) =>
  parseWithZod(formData, { schema: z.object({ intent: z.enum(SPONSOR_INTENTS) }) }).status === "success";

const sponsorAdminSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("sponsoring"), on: z.enum(["true", "false"], { error: "Choose on or off" }) }),
  z.object({ intent: z.literal("revoke-sponsor-links") }),
  z.object({
    intent: z.literal("revoke-member-sponsor-link"),
    memberId: z
      .string({ error: "Choose a member" })
      .trim()
      .min(1, "Choose a member")
      .max(64, "Choose a member")
      .regex(/^[A-Za-z0-9_-]+$/, "Choose a member"),
  }),
  z.object({
    intent: z.literal("revoke-team-sponsor-link"),
    teamId: z
      .string({ error: "Choose a team" })
      .trim()
      .min(1, "Choose a team")
      .max(64, "Choose a team")
      .regex(/^[A-Za-z0-9_-]+$/, "Choose a team"),
  }),
]);

export const SPONSOR_FLASH = {
  on: "Sponsoring is on: sponsor links take pledges again.",
  off: "Sponsoring is paused: every sponsor link now says so, and only members can pledge.",
  revoked: "Every sponsor link is replaced: the old ones no longer work. Members find their new link on the goal.",
  memberRevoked: (name: string) => `${name}'s sponsor link is replaced: the old one no longer works.`,
  teamRevoked: (name: string) =>
    `The sponsor link of ${name} is replaced: the old one no longer works. The new one is on the team's page.`,
};

export async function sponsorAdminView(request: Request, context: AppLoadContext, goalId: string) {
  const [goalRows, members, teams] = await context.db.batch([
    context.db
      .select({ id: goals.id, sponsorNonce: goals.sponsorNonce, sponsoring: goals.sponsoring })
      .from(goals)
      .where(eq(goals.id, goalId))
      .limit(1),
    goalMembersQuery(context, goalId),
    teamsOf(context, goalId),
  ]);
  const goal = goalRows[0]!;
  const url = `${appUrl(request, context.cloudflare.env)}${await sponsorPath(context.cloudflare.env, goal, null)}`;
  return {
    url,
    qr: qrCode(url),
    sponsoring: goal.sponsoring,
    members: members.map((m) => ({ id: m.id, name: `${m.first} ${m.last}` })),
    // A challenge with teams switched on: each team's link can be replaced here too (ADR 268).
    teams: teams.map((t) => ({ id: t.id, name: teamLabel(t.name) })),
  };
}

/** Handles one of SPONSOR_INTENTS for a goal the caller manages; answers a flash redirect or a 4xx. */
export async function sponsorAdminAction(context: AppLoadContext, goalId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: sponsorAdminSchema });
  if (submission.status !== "success") return formErrors(submission, 400);
  const input = submission.value;
  const back = `/goals/${goalId}/fundraising#sponsor-links`;
  const env = context.cloudflare.env;
  if (input.intent === "sponsoring") {
    await setSponsoring(context, goalId, input.on === "true");
    throw await redirectWithFlash(env, back, input.on === "true" ? SPONSOR_FLASH.on : SPONSOR_FLASH.off);
  }
  if (input.intent === "revoke-sponsor-links") {
    await revokeSponsorLinks(context, goalId);
    throw await redirectWithFlash(env, back, SPONSOR_FLASH.revoked);
  }
  if (input.intent === "revoke-team-sponsor-link") {
    const name = await revokeTeamSponsorLink(context, goalId, input.teamId);
    if (!name) return formErrors(submission, 400, { fieldErrors: { teamId: ["Choose a team of this challenge"] } });
    throw await redirectWithFlash(env, back, SPONSOR_FLASH.teamRevoked(name));
  }
  const members = await goalMembersQuery(context, goalId);
  const member = members.find((m) => m.id === input.memberId);
  if (!member || !(await revokeMemberSponsorLink(context, goalId, member.id)))
    return formErrors(submission, 400, { fieldErrors: { memberId: ["Choose a member of this goal"] } });
  throw await redirectWithFlash(env, back, SPONSOR_FLASH.memberRevoked(`${member.first} ${member.last}`));
}
