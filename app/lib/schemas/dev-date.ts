import * as z from "zod";
import { isIsoDate } from "#app/lib/dates";

export const devDateSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("set"),
    date: z.string({ error: "Must have a value" }).trim().refine(isIsoDate, "Enter a real date"),
  }),
  z.object({ intent: z.literal("clear") }),
]);
