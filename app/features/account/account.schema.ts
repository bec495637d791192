/** The member's own account: change password, change e-mail, delete the account (routes under /profile/). */
import * as z from "zod";
import { email, newPassword, password, REQUIRED } from "#app/lib/fields.schema";

export const changePasswordSchema = z.object({
  current: password(),
  password: newPassword(),
});

export const changeEmailSchema = z.object({
  email: email(),
  current: password(),
});

const TYPE_YOUR_EMAIL_SHORT = "Type your e-mail address exactly as shown to confirm";

/**
 * Deleting is confirmed by typing one's own e-mail (the server compares it, case and spaces aside) and
 * the current password (a session left open on a shared computer cannot delete the account; ADR 218).
 */
export const deleteAccountSchema = z.object({
  confirm: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(254, { error: TYPE_YOUR_EMAIL_SHORT, abort: true }),
  current: password(),
});

export const TYPE_YOUR_EMAIL = TYPE_YOUR_EMAIL_SHORT;
export const WRONG_PASSWORD = "That is not your current password";
export const SAME_EMAIL = "That is already your e-mail address";

export const inviteFriendSchema = z.object({ intent: z.literal("invite"), email: email() });
export const removeFriendSchema = z.object({
  intent: z.literal("remove"),
  friendId: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(64, { error: "Unknown friend", abort: true }),
});
export const renewFriendLinkSchema = z.object({ intent: z.literal("renew") });
/** Accept or decline a friend request (a member who invited the viewer's address). */
export const answerFriendRequestSchema = z.object({
  intent: z.enum(["accept", "decline"]),
  fromId: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(64, { error: "Unknown request", abort: true }),
});
/**
 * The /friends forms, by intent (ADR 278). A post whose intent is none of them is read as the invite
 * form (readIntentForm's `otherwise`), the only one with a field to type in, so that field still gets
 * its own message.
 */
export const FRIENDS_FORMS = {
  invite: inviteFriendSchema,
  remove: removeFriendSchema,
  renew: renewFriendLinkSchema,
  accept: answerFriendRequestSchema,
  decline: answerFriendRequestSchema,
};
