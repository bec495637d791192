/** Input schemas of the admin screens (one per form; conform uses them in the browser too). */
import * as z from "zod";
import { AUDIENCES, EARLY_ACCESS_MODES, USER_SORTS, USER_STATUSES, USER_TYPES } from "./admin";
import { atMost, email, REQUIRED, requiredText, singleLineText } from "#app/lib/fields.schema";

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: "Choose one of the options" });

const id = () => z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(64, atMost("Unknown id"));

/**
 * GET /admin/users?q=&type=&status=&sort=&page= : never fails; a bad value falls back to its default
 * (everyone, newest first, the first page).
 */
export const userSearchSchema = z.object({
  q: z.string().trim().max(100, atMost()).catch("").default(""),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  type: z
    .enum(["all", ...USER_TYPES])
    .catch("all")
    .default("all"),
  status: z
    .enum(["all", ...USER_STATUSES])
    .catch("all")
    .default("all"),
  sort: z.enum(USER_SORTS).catch("newest").default("newest"),
});
export type UserSearch = z.infer<typeof userSearchSchema>;

export const userChangeSchema = z.object({
  intent: z.literal("change-user"),
  userId: id(),
  type: choice(USER_TYPES),
  status: choice(USER_STATUSES),
});

export const addUserSchema = z.object({
  first: singleLineText(50, "First name"),
  last: singleLineText(50, "Last name"),
  email: email(),
  type: choice(USER_TYPES),
});

export const communicationSchema = z.object({
  intent: z.enum(["preview", "send"]),
  audience: choice(AUDIENCES),
  subject: singleLineText(150, "Subject"),
  body: requiredText(5000, "Message"),
  /** What the preview showed (audience, subject, message and head count), as the preview returned it. */
  previewed: z
    .string()
    .max(100, atMost())
    .regex(/^[0-9a-f]*$/)
    .optional(),
});

export const earlyAccessSchema = z.object({
  intent: z.literal("early-access"),
  mode: choice(EARLY_ACCESS_MODES),
});

export const supportEmailSchema = z.object({
  intent: z.literal("support-email"),
  supportEmail: email(),
});

export const inviteSchema = z.object({
  intent: z.literal("invite"),
  requestId: id(),
});

/** The forms of /admin/access, by intent (ADR 278). */
export const ACCESS_FORMS = {
  "early-access": earlyAccessSchema,
  "support-email": supportEmailSchema,
  invite: inviteSchema,
};

/** The goal editor uses /create's own schema (same fields, same rules): one way to validate a goal. */
export { createGoalSchema as goalEditSchema } from "#app/features/goals/goal.schema";
