/** The goal screen's "where I stand" (ADR 221) from its statements' rows: chart markup and sentences. */
import type { IsoDate } from "#app/lib/dates";
import type { GroupRows } from "#app/platform/db/batch.server";
import type { standingQueries } from "./progress.server";
import { standing, standingHtml, standingLines, type StandingInput } from "./standing";

export interface StandingView {
  /** Server-made markup (every text escaped in standing.ts): the SVG chart, its labels and its table. */
  html: string;
  lines: string[];
}

export function toStanding(
  rows: readonly [mine: readonly { day: string; amount: number }[], ...GroupRows<ReturnType<typeof standingQueries>>],
  goal: { start: IsoDate | null; end: IsoDate | null },
  measure: {
    unit: string;
    myTarget: number | null;
    groupTarget: number | null;
    myTotal: number | null;
    groupTotal: number;
  },
  today: IsoDate,
) {
  const [mine, group] = rows;
  const view = (
    days: readonly { day: string; amount: number }[],
    total: number,
    target: number | null,
    who: "me" | "group",
  ): StandingView => {
    const input: StandingInput = {
      days: days.map((d) => ({ day: d.day, amount: Number(d.amount) })),
      total,
      target,
      start: goal.start,
      end: goal.end,
      today,
    };
    const st = standing(input);
    const label = who === "me" ? "My daily amounts" : "The group's daily amounts";
    return {
      html: standingHtml(st, input, measure.unit, label, `standing-${who}`),
      lines: standingLines(st, input, measure.unit, who),
    };
  };
  return {
    me: measure.myTotal === null ? null : view(mine, measure.myTotal, measure.myTarget, "me"),
    group: view(group, measure.groupTotal, measure.groupTarget, "group"),
  };
}
