import { useRouteLoaderData } from "@remix-run/react";
import { toIsoDate, type IsoDate } from "#app/lib/dates";
import type { RootData } from "#app/root";

/** The goal clock's today as the root loader read it (/dev/date included), for dates that show a year. */
export function useToday(): IsoDate {
  return useRouteLoaderData<RootData>("root")?.today ?? toIsoDate(new Date());
}
