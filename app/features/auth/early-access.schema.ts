import * as z from "zod";
import { email, singleLineText } from "#app/lib/fields.schema";

/**
 * SPEC's early-access request: five fields, all required. The spec's own check (first name not blank
 * after trimming; e-mail of the shape text@text.text) is the trimmed `requiredText` and `email()`.
 */
export const earlyAccessSchema = z.object({
  name_first: singleLineText(50, "First name"),
  name_last: singleLineText(50, "Last name"),
  location_city: singleLineText(100, "City"),
  location_state: singleLineText(100, "State"),
  email: email(),
});

export type EarlyAccessRequest = z.infer<typeof earlyAccessSchema>;
