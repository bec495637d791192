import * as z from "zod";
import { isIsoDate } from "#app/lib/dates";
import { atMost } from "./fields.schema";

export const devDateSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("set"),
    date: z
      .string({ error: "Must have a value" })
      .trim()
      .max(10, atMost("Enter a real date"))
      .refine(isIsoDate, "Enter a real date"),
  }),
  z.object({ intent: z.literal("clear") }),
]);
