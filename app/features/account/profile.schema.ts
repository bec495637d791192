import * as z from "zod";
import { atMost, singleLineText } from "#app/lib/fields.schema";

export const profileSchema = z.object({
  first: singleLineText(50, "First name"),
  last: singleLineText(50, "Last name"),
  color: z
    .string({ error: "Choose a colour" })
    .trim()
    .max(7, atMost("Choose a colour"))
    .regex(/^#[0-9a-fA-F]{6}$/, "Choose a colour")
    .transform((v) => v.toLowerCase()),
  // Content, size and type are checked on the server (app/lib/images.ts): names and types lie.
  picture: z.instanceof(File, { error: "Choose an image file" }).optional(),
});
