/** The member's own account: change password, change e-mail, delete the account (routes under /profile/). */
import * as z from "zod";
import { MIN_PASSWORD } from "./auth";
import { email, password, REQUIRED } from "./fields";

export const changePasswordSchema = z.object({
  current: password(),
  password: password().refine((v) => v.length >= MIN_PASSWORD, `Use at least ${MIN_PASSWORD} characters`),
});

export const changeEmailSchema = z.object({
  email: email(),
  current: password(),
});

const TYPE_YOUR_EMAIL_SHORT = "Type your e-mail address exactly as shown to confirm";

/** Deleting is confirmed by typing one's own e-mail; the server compares it (case and spaces aside). */
export const deleteAccountSchema = z.object({
  confirm: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(254, { error: TYPE_YOUR_EMAIL_SHORT, abort: true }),
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
export const friendsActionSchema = z.discriminatedUnion("intent", [
  inviteFriendSchema,
  removeFriendSchema,
  renewFriendLinkSchema,
]);
