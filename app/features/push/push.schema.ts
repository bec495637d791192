import * as z from "zod";
import { isAuthSecret, isDeviceKey, isPushEndpoint, isTimeZone, MAX_ENDPOINT_LENGTH, REMINDER_HOURS } from "./push";

/** Each check measures the length first, then looks at the characters (docs/security.md, linear checks). */
const endpoint = z
  .string({ error: "The browser sent no push address. Try again." })
  .max(MAX_ENDPOINT_LENGTH, "This push address is too long.")
  .refine(isPushEndpoint, "This is not the address of a browser's push service.");

const timeZone = z
  .string({ error: "The browser sent no time zone. Try again." })
  .max(64, "This is not a time zone.")
  .refine(isTimeZone, "This is not a time zone.");

/**
 * POST /push/subscription (ADR 281): the device's PushSubscription, sent by the page's script once the
 * member allowed notifications, or the endpoint of one to forget.
 */
export const pushSubscriptionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("subscribe"),
      endpoint,
      p256dh: z
        .string({ error: "The browser sent no key. Try again." })
        .max(100, "This is not a device key.")
        .refine(isDeviceKey, "This is not a device key."),
      auth: z
        .string({ error: "The browser sent no secret. Try again." })
        .max(30, "This is not a device secret.")
        .refine(isAuthSecret, "This is not a device secret."),
      timeZone,
    }),
    z.object({ intent: z.literal("unsubscribe"), endpoint }),
  ],
  { error: "Choose to turn notifications on or off." },
);

const HOURS = ["off", ...REMINDER_HOURS.map(String)] as const;

/** /profile's "Notifications on your phone" form (ADR 282): works without JavaScript. */
export const pushSettingsSchema = z.object({
  reminderHour: z.enum(HOURS, { error: "Choose an hour, or no reminder" }),
  cheers: z.enum(["on", "off"], { error: "Choose On or Off" }),
  // Filled in by the page's script from the device; without it the stored time zone stays.
  timeZone: timeZone.optional(),
});
