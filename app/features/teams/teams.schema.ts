/** The team forms (ADR 270): a team's name, joining one, the organiser's settings. Lengths before patterns. */
import * as z from "zod";
import { REQUIRED } from "#app/lib/fields.schema";
import { containsMarkup } from "#app/lib/text-scan";
import { createMeasuredGoalSchema } from "#app/features/progress/progress.schema";
import { MAX_TEAM_CAP, TEAM_NAME_MAX, TEAM_RANKINGS } from "./teams";

const CONTROL = /[\u0000-\u001F\u007F\u202A-\u202E\u2066-\u2069]/;

export const teamName = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .refine((v) => v.length <= TEAM_NAME_MAX, {
    message: `A team name must be at most ${TEAM_NAME_MAX} characters`,
    abort: true,
  })
  .refine((v) => !CONTROL.test(v), "Remove the unusual characters")
  .refine((v) => !containsMarkup(v), "Plain text only: remove the < > tags");

const idField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(64, { message, abort: true })
    .regex(/^[A-Za-z0-9_-]+$/, message);

export const createTeamSchema = z.object({ intent: z.literal("create"), name: teamName });
export const renameTeamSchema = z.object({ intent: z.literal("rename"), name: teamName });

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** The organiser's team settings, on /create and on the goal's team page. */
export const teamSettingsFields = {
  teams: z.preprocess((v) => v === "on" || v === "true", z.boolean()).default(false),
  teamsMembersCreate: z.preprocess((v) => v === "on" || v === "true", z.boolean()).default(false),
  teamCap: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(4, { message: `Enter a whole number from 2 to ${MAX_TEAM_CAP}`, abort: true })
      .regex(/^\d+$/, `Enter a whole number from 2 to ${MAX_TEAM_CAP}`)
      .transform(Number)
      .refine((n) => n >= 2 && n <= MAX_TEAM_CAP, `Enter a whole number from 2 to ${MAX_TEAM_CAP}`)
      .optional(),
  ),
  teamRanking: z.enum(TEAM_RANKINGS, { error: "Choose how teams are ranked" }).default("total"),
};

export const teamSettingsSchema = z.object({ intent: z.literal("settings"), ...teamSettingsFields });

/** A team picked by a button's form (join, delete): one message for the whole form. */
const chosenTeam = idField("Choose a team.");
/** Where a team form sends the browser back to (checked by teamReturnTo, teams.ts). */
const returnTo = z.unknown().optional();

/** The forms of a goal's team page, by intent (ADR 278). */
export const TEAMS_PAGE_FORMS = {
  settings: teamSettingsSchema,
  create: createTeamSchema,
  leave: z.object({ intent: z.literal("leave"), returnTo }),
  join: z.object({ intent: z.literal("join"), teamId: chosenTeam, returnTo }),
  delete: z.object({
    intent: z.literal("delete"),
    teamId: chosenTeam,
    confirm: z.literal("yes", { error: "Tick the box to confirm the team's deletion." }),
  }),
};

/** The forms of one team's page, by intent (ADR 278). */
export const TEAM_PAGE_FORMS = {
  rename: renameTeamSchema,
  "revoke-sponsor-link": z.object({ intent: z.literal("revoke-sponsor-link") }),
  remove: z.object({ intent: z.literal("remove"), memberId: idField("Choose a member.") }),
  captain: z.object({ intent: z.literal("captain"), memberId: idField("Choose a member.") }),
};

export interface TeamSettingsValue {
  teams: boolean;
  teamsMembersCreate: boolean;
  teamCap?: number;
  teamRanking: (typeof TEAM_RANKINGS)[number];
}

export const teamSettingsColumns = (v: TeamSettingsValue) => ({
  enabled: v.teams,
  membersCreate: v.teamsMembersCreate,
  cap: v.teamCap ?? null,
  ranking: v.teamRanking,
});

/** /create with the team settings beside the goal's own fields. */
export const createGoalWithTeamsSchema = z.intersection(createMeasuredGoalSchema, z.object(teamSettingsFields));
